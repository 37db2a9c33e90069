// SPDX-License-Identifier: MIT
/*
 * radeon_checker: the r300 command-stream checker — which registers a
 * user CS may write (r100_cs_parse_packet0 and its safe bitmap,
 * r300_packet0_check), the PACKET3 whitelist (r300_packet3_check) and the
 * state checks every draw runs (r100_cs_track_check), each request one
 * step off a valid one, with the kernel's errno and the rule behind it.
 * Streams are built with the harness's PM4 builder and sent as raw
 * requests (r300_cs_expect).
 */
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "core/test.h"
#include "radeon/r300.h"
#include "radeon/r300_3d.h"
#include "radeon/r300_cs.h"
#include "radeon/radeon_pm4.xml.h"
#include "util/util.h"

IGT_TEST_DESCRIPTION("The r300 command-stream checker: forbidden registers, Hyper-Z and CMASK "
		     "ownership, the PACKET3 whitelist and the draw-time buffer checks.");

#define W 64
#define H 64

static struct r300_device *dev;
static struct r300_cs *cs;
static struct r300_bo *fb;	/* W x H ARGB8888 */

static bool is_r500(void)
{
	return r300_chip_is_r500(dev->family);
}

/*
 * Until what was submitted before has run: the ring runs CSs in order
 * (radeon_cs_ioctl -> radeon_ring_commit), so a CS that writes fb's address
 * and a wait for fb (GEM_WAIT_IDLE) cover the streams that name no BO.
 */
static struct r300_cs *marker;

static int wait_for_ring(void)
{
	static struct r300_cs_request req;
	int ret;

	if (!marker)
		marker = r300_cs_new(dev, 64);
	r300_cs_reset(marker);
	r300_cs_reg_reloc(marker, REG_R300_RB3D_COLOROFFSET0, 0, fb, true);
	r300_cs_request_init(&req, marker);
	ret = __r300_cs_request_submit(dev->fd, &req);
	return ret ? ret : __r300_bo_wait(fb);
}

/*
 * Accepted. The checker's verdict is what these subtests test; their
 * streams are its inputs, not complete draws (no vertex program, minimal
 * state). A board runs them; the model may report one as not executable
 * ("CS not executed: <why>" on stderr, radeon_cs_not_executed), from its
 * GPU thread, before or after the process exits. So the CS is waited for
 * with stderr caught, and the report is passed on as information: the
 * same verdict every run, and nothing hidden.
 */
static void ok(void)
{
	static struct r300_cs_request req;
	FILE *log = tmpfile();
	char line[512];
	int saved, ret;

	igt_assert(log);
	r300_cs_request_init(&req, cs);
	fflush(stderr);
	saved = dup(STDERR_FILENO);
	igt_assert(saved >= 0 && dup2(fileno(log), STDERR_FILENO) >= 0);
	ret = __r300_cs_request_submit(dev->fd, &req);
	if (!ret)
		ret = wait_for_ring();
	fflush(stderr);
	igt_assert(dup2(saved, STDERR_FILENO) >= 0);
	close(saved);
	rewind(log);
	while (fgets(line, sizeof(line), log))
		igt_info("%s", line);
	fclose(log);
	igt_assert_eq(ret, 0);
}

static void rejected(const char *rule)
{
	r300_cs_expect(cs, EINVAL, rule);
}

/* The stream is accepted where @accepted, else EINVAL by @rule. */
static void accepted_or_rejected(bool accepted, const char *rule)
{
	if (accepted)
		ok();
	else
		rejected(rule);
}

static uint32_t info(uint32_t request, uint32_t value)
{
	igt_assert_eq(__r300_info(dev->fd, request, &value), 0);
	return value;
}

/* ---- stream pieces -------------------------------------------------------- */

/* Colour buffer 0, @h lines tall by the scissor, written by every channel. */
static void emit_cb_lines(struct r300_bo *bo, uint32_t offset, uint32_t h)
{
	r300_emit_scissor(cs, 0, 0, W, h);
	r300_emit_colorbuffer0(cs, bo, offset, W, COLOR_FORMAT_ARGB8888);
	r300_emit_color_mask(cs, true, true, true, true);
}

/* 3D_DRAW_IMMD_2 of @nverts triangle-list vertices and @dwords data dwords. */
static void emit_draw(uint32_t vtx_size, uint32_t nverts, uint32_t walk, uint32_t dwords)
{
	r300_cs_reg(cs, REG_R300_VAP_VTX_SIZE, R300_VAP_VTX_SIZE(.dwords = vtx_size));
	r300_cs_packet3(cs, PACKET3_3D_DRAW_IMMD_2, dwords + 1);
	r300_cs_emit(cs, r300_vap_vf_cntl(.prim_type = PRIM_TRIANGLES, .prim_walk = walk,
					  .num_vertices = nverts));
	for (uint32_t i = 0; i < dwords; i++)
		r300_cs_emitf(cs, 0.0f);
}

/* A 3-vertex triangle list of 4-dword vertices in the stream. */
static void emit_good_draw(void)
{
	emit_draw(4, 3, PRIM_WALK_VERTEX_EMBEDDED, 12);
}

/* The minimum a draw needs: Z off (z_enabled starts true), a colour buffer that fits. */
static void begin_draw(void)
{
	r300_cs_reset(cs);
	r300_emit_zb_disable(cs);
	emit_cb_lines(fb, 0, H);
}

/* A draw with a W x H Z buffer in @format at @offset in @zb. */
static void emit_zbuffer_draw(struct r300_bo *zb, uint32_t offset, enum r300_depthformat format)
{
	r300_cs_reset(cs);
	emit_cb_lines(fb, 0, H);
	r300_cs_reg(cs, REG_R300_ZB_CNTL, R300_ZB_CNTL(.z_enable = 1));
	r300_emit_zbuffer_format(cs, zb, offset, W, format);
	emit_good_draw();
}

/* A draw with texture unit 0 enabled: W x H W8Z8Y8X8 in fb, @levels mip levels. */
static void emit_texture_draw(uint32_t levels)
{
	begin_draw();
	r300_cs_reg(cs, REG_R300_TX_FORMAT0(0),
		    R300_TX_FORMAT0(.widthmask = W - 1, .heightmask = H - 1, .num_levels = levels - 1));
	r300_cs_reg(cs, REG_R300_TX_FORMAT1(0), R300_TX_FORMAT1(.txformat = TX_FORMAT_W8Z8Y8X8));
	/* R5xx: width/height bit 11 start set until TX_FORMAT2 clears them */
	r300_cs_reg(cs, REG_R300_TX_FORMAT2(0), 0);
	r300_cs_reg_reloc(cs, REG_R300_TX_OFFSET(0), 0, fb, false);
	r300_cs_reg(cs, REG_R300_TX_ENABLE, R300_TX_ENABLE(.tex_0 = 1));
	emit_good_draw();
}

/* One register write as the whole stream. */
static void emit_one(uint32_t reg, uint32_t value)
{
	r300_cs_reset(cs);
	r300_cs_reg(cs, reg, value);
}

/* A PACKET3 of one zero payload dword as the whole stream. */
static void emit_packet3(uint32_t opcode)
{
	r300_cs_reset(cs);
	r300_cs_packet3(cs, opcode, 1);
	r300_cs_emit(cs, 0);
}

/* INDX_BUFFER of @size dwords from @ib, in Mesa's r300_emit_draw_elements form. */
static void emit_indx_buffer(struct r300_bo *ib, uint32_t size)
{
	r300_cs_reset(cs);
	r300_cs_packet3(cs, PACKET3_INDX_BUFFER, 3);
	r300_cs_emit(cs, PKT3_INDX_BUFFER_CNTL(.dst = REG_R300_VAP_PORT_IDX0, .one_reg_wr = 1));
	r300_cs_emit(cs, 0);
	r300_cs_emit(cs, size);
	r300_cs_reloc(cs, ib, false);
}

/* Streams that need Hyper-Z or CMASK ownership, and the rule without it. */
static const struct owned_case {
	const char *name;
	uint32_t reg, value;	/* reg 0: a PACKET3 @value */
	const char *rule;
} hyperz_cases[] = {
	{ "zb-bw-cntl-hiz", REG_R300_ZB_BW_CNTL, R300_ZB_BW_CNTL_HIZ_ENABLE__MASK,
	  "r300_packet0_check: ZB_BW_CNTL HiZ without hyperz_filp" },
	{ "hiz-offset", REG_R300_ZB_HIZ_OFFSET, 0x100,
	  "r300_packet0_check: ZB_HIZ_OFFSET without hyperz_filp" },
	{ "clear-hiz", 0, PACKET3_3D_CLEAR_HIZ, "r300_packet3_check: CLEAR_HIZ without hyperz_filp" },
}, cmask_cases[] = {
	{ "cctl-cmask-enable", REG_R300_RB3D_CCTL, R300_RB3D_CCTL_CMASK_ENABLE__MASK,
	  "r300_packet0_check: Cannot enable CMASK" },
	{ "clear-cmask", 0, PACKET3_3D_CLEAR_CMASK,
	  "r300_packet3_check: CLEAR_CMASK without cmask_filp" },
};

static void emit_owned(const struct owned_case *c)
{
	if (c->reg)
		emit_one(c->reg, c->value);
	else
		emit_packet3(c->value);
}

/*
 * An exclusive right (INFO @request): its streams, and the descriptions of
 * the subtests <name>-unowned (each rejected without the right) and
 * <name>-owned (each accepted with it).
 */
static const struct right {
	const char *name;
	uint32_t request;
	const struct owned_case *cases;
	size_t n;
	const char *unowned, *owned;
} cmask_right = {
	"cmask", RADEON_INFO_WANT_CMASK, cmask_cases, ARRAY_SIZE(cmask_cases),
	"without INFO WANT_CMASK, CMASK state is EINVAL (RB3D_CCTL, 3D_CLEAR_CMASK)",
	"the CMASK owner (INFO WANT_CMASK) may enable and clear CMASK",
}, hyperz_right = {
	"hyperz", RADEON_INFO_WANT_HYPERZ, hyperz_cases, ARRAY_SIZE(hyperz_cases),
	"without INFO WANT_HYPERZ, Hyper-Z state is EINVAL (ZB_BW_CNTL, ZB_HIZ_OFFSET, "
	"3D_CLEAR_HIZ)",
	"the Hyper-Z owner (INFO WANT_HYPERZ) may use Hyper-Z state",
};

/* Each case of @r rejected without ownership (@owned false), accepted with it. */
static void each_owned(const struct right *r, bool owned)
{
	for (size_t i = 0; i < r->n; i++) {
		igt_dynamic(r->cases[i].name) {
			if (owned)
				igt_require_f(info(r->request, 1) == 1,
					      "owned by another client\n");
			emit_owned(&r->cases[i]);
			if (owned) {
				ok();
				/* and the right is given back (radeon_set_filp_rights with 0) */
				igt_assert_eq_u32(info(r->request, 0), 0);
			} else {
				rejected(r->cases[i].rule);
			}
		}
	}
}

static void right_subtests(const struct right *r)
{
	igt_describe(r->unowned);
	igt_subtest_with_dynamic_f("%s-unowned", r->name)
		each_owned(r, false);

	igt_describe(r->owned);
	igt_subtest_with_dynamic_f("%s-owned", r->name)
		each_owned(r, true);
}

static const struct zb_format_case {
	const char *name;
	uint32_t format;
	bool valid;
} zb_formats[] = {
	{ "16bit-int", DEPTHFORMAT_16BIT_INT_Z, true },
	{ "16bit-13e3", DEPTHFORMAT_16BIT_13E3, true },
	{ "24bit-int", DEPTHFORMAT_24BIT_INT_Z_8BIT_STENCIL, true },
	{ "invalid-3", 3, false },
};

static const struct {
	const char *name;
	uint32_t opcode;
} unsupported_packet3[] = {
	{ "wait-for-idle", PACKET3_WAIT_FOR_IDLE },
	{ "load-microcode", PACKET3_LOAD_MICROCODE },
	{ "cntl-bitblt", PACKET3_CNTL_BITBLT },
	{ "3d-draw-128", PACKET3_3D_DRAW_128 },
};

igt_main
{
	igt_fixture {
		dev = r300_device_open();
		fb = r300_bo_new(dev, W * H * 4, RADEON_GEM_DOMAIN_VRAM);
		cs = r300_cs_new(dev, 4096);
	}

	/* ---- registers (r100_cs_parse_packet0, r300_packet0_check) ------------ */

	igt_describe("safe registers (reg_srcs lists) and ONE_REG_WR uploads are accepted");
	igt_subtest("safe-registers") {
		uint32_t data[64] = { 0 };

		r300_cs_reset(cs);
		r300_cs_reg(cs, REG_R300_GB_SELECT, 0);
		r300_cs_reg(cs, REG_R300_SC_SCISSOR0, 0);
		r300_cs_regf(cs, REG_R300_SE_VPORT_XSCALE, 1.0f);
		r300_cs_regs(cs, REG_R300_US_ALU_CONST_R(0), data, 16);
		r300_cs_reg(cs, REG_R300_VAP_PVS_VECTOR_INDX_REG, 0);
		r300_cs_reg_one(cs, REG_R300_VAP_PVS_VECTOR_DATA_REG, data, 64);
		r300_cs_reg(cs, REG_R300_ZB_ZSTENCILCNTL, 0);
		ok();
	}

	igt_describe("a register neither safe nor tracked is EINVAL (r300_packet0_check: "
		     "Forbidden register)");
	igt_subtest("forbidden-register") {
		emit_one(REG_R300_GB_TILE_CONFIG, 0);
		rejected("r300_packet0_check: Forbidden register (GB_TILE_CONFIG)");
	}

	igt_describe("a forbidden register in the middle of a run of safe ones is EINVAL");
	igt_subtest("forbidden-register-in-run") {
		uint32_t v[4] = { 0 };

		r300_cs_reset(cs);
		/* GB_MSPOS0, GB_MSPOS1, GB_TILE_CONFIG, GB_SELECT */
		r300_cs_regs(cs, REG_R300_GB_MSPOS0, v, 4);
		rejected("r100_cs_parse_packet0: each register of the run is checked");
	}

	igt_describe("a register past the safe bitmap is EINVAL (r100_cs_parse_packet0 range)");
	igt_subtest("register-past-table") {
		emit_one(0x7ffc, 0);	/* the last dword a PACKET0 reaches: no register */
		rejected("r100_cs_parse_packet0: register beyond reg_safe_bm");
	}

	igt_describe("VAP_ALT_NUM_VERTICES is R5xx-only (r300_packet0_check)");
	igt_subtest("alt-num-vertices") {
		emit_one(REG_R300_VAP_ALT_NUM_VERTICES, 3);
		accepted_or_rejected(is_r500(), "r300_packet0_check: 0x2088 only valid on r500");
	}

	igt_describe("a colour format the checker does not know is EINVAL");
	igt_subtest("colorpitch-format-invalid") {
		r300_cs_reset(cs);
		r300_emit_colorbuffer0(cs, fb, 0, W, 8);	/* no such format */
		rejected("r300_packet0_check: Invalid color buffer format");
	}

	igt_describe("ARGB2101010 colour buffers are R5xx-only (r300_packet0_check, format 5)");
	igt_subtest("colorpitch-argb2101010") {
		r300_cs_reset(cs);
		r300_emit_colorbuffer0(cs, fb, 0, W, COLOR_FORMAT_ARGB2101010);
		accepted_or_rejected(is_r500(), "r300_packet0_check: format 5 needs RV515+");
	}

	igt_describe("ZB_FORMAT takes the 16-bit and 24-bit formats; others are EINVAL");
	igt_subtest_with_dynamic("zb-format") {
		array_for_each(c, zb_formats) {
			igt_dynamic(c->name) {
				emit_one(REG_R300_ZB_FORMAT,
					 R300_ZB_FORMAT(.depthformat = c->format));
				accepted_or_rejected(c->valid,
						     "r300_packet0_check: Invalid z buffer format");
			}
		}
	}

	right_subtests(&cmask_right);

	igt_describe("SC_HYPERZ_EN is accepted without Hyper-Z ownership (the kernel clears HZ_EN)");
	igt_subtest("hyperz-en-accepted") {
		emit_one(REG_R300_SC_HYPERZ_EN, R300_SC_HYPERZ_EN(.hz_en = 1));
		ok();
	}

	igt_describe("a zero ZB_HIZ_OFFSET is accepted without Hyper-Z ownership");
	igt_subtest("hiz-offset-zero") {
		emit_one(REG_R300_ZB_HIZ_OFFSET, 0);
		ok();
	}

	right_subtests(&hyperz_right);

	/* ---- PACKET3 (r300_packet3_check) ----------------------------------------- */

	igt_describe("PACKET3 opcodes outside the r300 whitelist are EINVAL");
	igt_subtest_with_dynamic("packet3-unsupported") {
		array_for_each(c, unsupported_packet3) {
			igt_dynamic(c->name) {
				emit_packet3(c->opcode);
				rejected("r300_packet3_check: Packet3 opcode not supported");
			}
		}
	}

	igt_describe("3D_LOAD_VBPNTR with more than 16 arrays is EINVAL");
	igt_subtest("vbpntr-too-many") {
		r300_cs_reset(cs);
		r300_cs_packet3(cs, PACKET3_3D_LOAD_VBPNTR, 1);
		r300_cs_emit(cs, PKT3_3D_LOAD_VBPNTR_VTX_ARRAY_COUNT(.count = 17));
		rejected("r100_packet3_load_vbpntr: Only 16 vertex buffers");
	}

	igt_describe("INDX_BUFFER that fits its BO is accepted (size + 1 <= BO size)");
	igt_subtest("indx-buffer-fits") {
		struct r300_bo *ib = r300_bo_new(dev, 4096, RADEON_GEM_DOMAIN_GTT);

		emit_indx_buffer(ib, 4095);
		ok();
		r300_bo_free(ib);
	}

	igt_describe("INDX_BUFFER past its BO is EINVAL (r100_cs_track_check_pkt3_indx_buffer)");
	igt_subtest("indx-buffer-too-small") {
		struct r300_bo *ib = r300_bo_new(dev, 4096, RADEON_GEM_DOMAIN_GTT);

		emit_indx_buffer(ib, 4096);
		rejected("r100_cs_track_check_pkt3_indx_buffer: Buffer too small");
		r300_bo_free(ib);
	}

	/* ---- draws (r100_cs_track_check) ------------------------------------------- */

	igt_describe("a draw with complete state is accepted");
	igt_subtest("draw-accepted") {
		begin_draw();
		emit_good_draw();
		ok();
	}

	igt_describe("a draw before ZB_CNTL needs a Z buffer: z_enabled starts true "
		     "(r100_cs_track_clear, No buffer for z buffer)");
	igt_subtest("draw-z-default") {
		r300_cs_reset(cs);
		emit_cb_lines(fb, 0, H);
		emit_good_draw();
		rejected("r100_cs_track_check: z_enabled default, no z buffer");
	}

	igt_describe("a Z buffer of exactly pitch * cpp * maxy bytes is accepted");
	igt_subtest("draw-zbuffer-fits") {
		emit_zbuffer_draw(fb, 0, DEPTHFORMAT_24BIT_INT_Z_8BIT_STENCIL);	/* 64 * 4 * 64 */
		ok();
	}

	igt_describe("a Z buffer too small for pitch * cpp * maxy is EINVAL");
	igt_subtest("draw-zbuffer-oob") {
		/* the smallest offset the register holds (32-byte aligned) */
		emit_zbuffer_draw(fb, 32, DEPTHFORMAT_24BIT_INT_Z_8BIT_STENCIL);
		rejected("r100_cs_track_check: Buffer too small for z buffer");
	}

	igt_describe("ZB_FORMAT sets the Z buffer's bytes per pixel: W x H x 2 bytes hold a "
		     "16-bit Z buffer but are too small for a 24-bit one");
	igt_subtest_with_dynamic("draw-zbuffer-format-size") {
		struct r300_bo *zb16 = r300_bo_new(dev, W * H * 2, RADEON_GEM_DOMAIN_VRAM);

		igt_dynamic("16bit-fits") {
			emit_zbuffer_draw(zb16, 0, DEPTHFORMAT_16BIT_INT_Z);
			ok();
		}
		igt_dynamic("24bit-too-small") {
			emit_zbuffer_draw(zb16, 0, DEPTHFORMAT_24BIT_INT_Z_8BIT_STENCIL);
			rejected("r100_cs_track_check: Buffer too small for z buffer (cpp 4)");
		}
		r300_bo_free(zb16);
	}

	igt_describe("ZB_DEPTHOFFSET and ZB_ZPASS_ADDR without their reloc NOP are EINVAL "
		     "(r300_packet0_check: No reloc for ib[]=0x4F20 / 0x4F5C)");
	igt_subtest_with_dynamic("zbuffer-reloc-missing") {
		static const struct {
			const char *name;
			uint32_t reg;
		} regs[] = {
			{ "depthoffset", REG_R300_ZB_DEPTHOFFSET },
			{ "zpass-addr", REG_R300_ZB_ZPASS_ADDR },
		};

		array_for_each(c, regs) {
			igt_dynamic(c->name) {
				emit_one(c->reg, 0);
				r300_cs_reg(cs, REG_R300_GB_SELECT, 0);
				r300_cs_add_bo(cs, fb, true);
				rejected("radeon_cs_packet_next_reloc: No packet3 for relocation");
			}
		}
	}

	igt_describe("a colour buffer of exactly pitch * cpp * maxy bytes is accepted");
	igt_subtest("draw-colorbuffer-fits") {
		begin_draw();
		emit_good_draw();
		ok();
	}

	igt_describe("a colour buffer that ends past its BO is EINVAL: one line too many "
		     "(maxy) or at an offset");
	igt_subtest_with_dynamic("draw-colorbuffer-oob") {
		igt_dynamic("maxy") {
			r300_cs_reset(cs);
			r300_emit_zb_disable(cs);
			emit_cb_lines(fb, 0, H + 1);
			emit_good_draw();
			rejected("r100_cs_track_check: Buffer too small for color buffer (maxy)");
		}
		igt_dynamic("offset") {
			r300_cs_reset(cs);
			r300_emit_zb_disable(cs);
			emit_cb_lines(fb, 32, H);	/* the smallest offset the register holds */
			emit_good_draw();
			rejected("r100_cs_track_check: Buffer too small for color buffer (offset)");
		}
	}

	igt_describe("without RB3D_CCTL four colour buffers are checked: num_cb starts at 4 "
		     "(r100_cs_track_clear, No buffer for color buffer 1)");
	igt_subtest("draw-num-cb-default") {
		r300_cs_reset(cs);
		r300_emit_zb_disable(cs);
		r300_emit_scissor(cs, 0, 0, W, H);
		r300_cs_reg_reloc(cs, REG_R300_RB3D_COLOROFFSET0, 0, fb, true);
		r300_cs_reg_reloc(cs, REG_R300_RB3D_COLORPITCH0,
				  r300_colorpitch(.colorpitch = W, .colorformat = COLOR_FORMAT_ARGB8888),
				  fb, true);
		r300_emit_color_mask(cs, true, true, true, true);
		emit_good_draw();
		rejected("r100_cs_track_clear: num_cb 4");
	}

	igt_describe("with the default 4096-line scissor a small colour buffer is too small");
	igt_subtest("draw-colorbuffer-default-maxy") {
		r300_cs_reset(cs);
		r300_emit_zb_disable(cs);
		r300_emit_colorbuffer0(cs, fb, 0, W, COLOR_FORMAT_ARGB8888);
		r300_emit_color_mask(cs, true, true, true, true);
		emit_good_draw();
		rejected("r100_cs_track_clear: maxy 4096");
	}

	igt_describe("a colour write mask with no colour buffer is EINVAL");
	igt_subtest("draw-colorbuffer-missing") {
		r300_cs_reset(cs);
		r300_emit_zb_disable(cs);
		r300_emit_color_mask(cs, true, true, true, true);
		emit_good_draw();
		rejected("r100_cs_track_check: No buffer for color buffer");
	}

	igt_describe("with no colour mask, blend read or ZB_CB_CLEAR the colour buffers are not "
		     "checked");
	igt_subtest("draw-colorbuffer-unused") {
		r300_cs_reset(cs);
		r300_emit_zb_disable(cs);
		emit_good_draw();
		ok();
	}

	igt_describe("immediate-mode vertex data of other than VTX_SIZE * NUM_VERTICES dwords is "
		     "EINVAL");
	igt_subtest("draw-immd-size-mismatch") {
		begin_draw();
		emit_draw(4, 3, PRIM_WALK_VERTEX_EMBEDDED, 11);
		rejected("r100_cs_track_check: IMMD draw dwords != vtx_size * nverts");
	}

	igt_describe("immediate-mode vertex data of VTX_SIZE * NUM_VERTICES dwords is accepted");
	igt_subtest("draw-immd-size-match") {
		begin_draw();
		emit_draw(3, 3, PRIM_WALK_VERTEX_EMBEDDED, 9);
		ok();
	}

	igt_describe("3D_DRAW_IMMD_2 with PRIM_WALK other than 3 (embedded) is EINVAL");
	igt_subtest("draw-immd-prim-walk") {
		begin_draw();
		emit_draw(4, 3, PRIM_WALK_VERTEX_LIST, 12);
		rejected("r300_packet3_check: PRIM_WALK must be 3 for IMMD draw");
	}

	igt_describe("a vertex-list draw without vertex arrays is EINVAL");
	igt_subtest("draw-vbuf-no-arrays") {
		begin_draw();
		r300_cs_packet3(cs, PACKET3_3D_DRAW_VBUF_2, 1);
		r300_cs_emit(cs, r300_vap_vf_cntl(.prim_type = PRIM_TRIANGLES,
						  .prim_walk = PRIM_WALK_VERTEX_LIST,
						  .num_vertices = 3));
		rejected("r100_cs_track_check: Vertex array no buffer bound");
	}

	igt_describe("an enabled texture unit without a texture BO is EINVAL at the draw");
	igt_subtest("draw-texture-missing") {
		begin_draw();
		r300_cs_reg(cs, REG_R300_TX_ENABLE, R300_TX_ENABLE(.tex_0 = 1));
		emit_good_draw();
		rejected("r100_cs_track_texture_check: No texture bound to unit 0");
	}

	igt_describe("a texture that fits its BO is accepted at the draw");
	igt_subtest("draw-texture-fits") {
		emit_texture_draw(1);
		ok();
	}

	igt_describe("a texture larger than its BO is EINVAL at the draw");
	igt_subtest("draw-texture-too-big") {
		emit_texture_draw(2);
		rejected("r100_cs_track_texture_check: texture needs more than the BO");
	}

	igt_describe("the harness's own 3D setup and quad pass the checker");
	igt_subtest("harness-stream-accepted") {
		igt_require_f(r300_chip_vert_fpus(dev->family),
			      "the harness draws with hardware TCL only\n");
		r300_cs_reset(cs);
		r300_emit_3d_setup(cs, fb, 0, W, W, H);
		r300_draw_quad(cs, -1, -1, 1, 1, 0, (const float[4]){ 1, 0, 0, 1 });
		r300_emit_flush(cs);
		ok();
	}

	igt_fixture {
		if (marker)
			r300_cs_free(marker);
		r300_cs_free(cs);
		r300_bo_free(fb);
		r300_device_close(dev);
	}
}
