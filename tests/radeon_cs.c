// SPDX-License-Identifier: MIT
/*
 * radeon_cs: DRM_RADEON_CS and the GEM/INFO ioctls around it, and the r300
 * command-stream checker — every class of rejection with the kernel's
 * errno, each request one step off a valid one, and what the checker must
 * accept. The rule behind each errno is named after the kernel function
 * that applies it (radeon_cs.c, radeon_gem.c, radeon_kms.c, r100.c,
 * r300.c); streams are built with the harness's PM4 builder and sent as
 * raw requests (r300_cs_request_init) so one field can be broken.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <xf86drm.h>

#include "core/test.h"
#include "device/device.h"
#include "radeon/r300.h"
#include "radeon/r300_3d.h"
#include "radeon/r300_cs.h"
#include "radeon/radeon_pm4.xml.h"
#include "util/util.h"

IGT_TEST_DESCRIPTION("radeon CS ioctl chunks and errno, GEM busy/idle, INFO, and the r300 "
		     "command-stream checker: forbidden registers, relocations, PACKET3 "
		     "whitelist, draw-time state checks.");

#define W 64
#define H 64

static struct r300_device *dev;
static struct r300_cs *cs;
static struct r300_cs_request *req;
static struct r300_bo *fb;	/* W x H ARGB8888 */

static bool is_r500(void)
{
	return r300_chip_is_r500(dev->family);
}

/* ---- requests ----------------------------------------------------------- */

static int submit_raw(void)
{
	return drmIoctl(dev->fd, DRM_IOCTL_RADEON_CS, &req->cs);
}

/* The current stream as a raw request (IB + RELOCS, as libdrm sends it). */
static void build(void)
{
	r300_cs_request_init(req, cs);
}

static void expect_ok(void)
{
	build();
	igt_assert_eq(submit_raw(), 0);
}

static void expect_err(int err, const char *rule)
{
	build();
	igt_assert_errno(submit_raw(), err, rule);
}

/* ---- stream pieces ------------------------------------------------------ */

/* SC_SCISSOR1 bottom-right for @h lines: R3xx/R4xx coordinates start at 1440. */
static void emit_maxy(uint32_t h)
{
	uint32_t y = (h - 1) + (is_r500() ? 0 : 1440), x = (W - 1) + (is_r500() ? 0 : 1440);

	r300_cs_reg(cs, REG_R300_SC_SCISSOR1, x | y << 13);
}

/* Colour buffer 0 only: RB3D_CCTL (num_cb starts at 4), offset and pitch/format (relocs), mask. */
static void emit_cb(struct r300_bo *bo, uint32_t offset, uint32_t pitch_px, uint32_t format)
{
	r300_cs_reg(cs, REG_R300_RB3D_CCTL, 0);
	r300_cs_reg_reloc(cs, REG_R300_RB3D_COLOROFFSET0, offset, bo, true);
	r300_cs_reg_reloc(cs, REG_R300_RB3D_COLORPITCH0,
			  r300_colorpitch(.colorpitch = pitch_px >> 1, .colorformat = format), bo, true);
	r300_cs_reg(cs, REG_R300_RB3D_COLOR_CHANNEL_MASK, 0xf);
}

/* A 3-vertex triangle list of 4-dword vertices in the stream (3D_DRAW_IMMD_2). */
static void emit_draw(uint32_t vtx_size, uint32_t nverts, uint32_t walk, uint32_t dwords)
{
	r300_cs_reg(cs, REG_R300_VAP_VTX_SIZE, vtx_size);
	r300_cs_packet3(cs, PACKET3_3D_DRAW_IMMD_2, dwords + 1);
	r300_cs_emit(cs, r300_vap_vf_cntl(.prim_type = PRIM_TRIANGLES, .prim_walk = walk,
					  .num_vertices = nverts));
	for (uint32_t i = 0; i < dwords; i++)
		r300_cs_emitf(cs, 0.0f);
}

static void emit_good_draw(void)
{
	emit_draw(4, 3, PRIM_WALK_VERTEX_EMBEDDED, 12);
}

/* The minimum a draw needs: Z off (z_enabled starts true), a colour buffer that fits. */
static void emit_draw_state(void)
{
	r300_cs_reg(cs, REG_R300_ZB_CNTL, 0);
	emit_maxy(H);
	emit_cb(fb, 0, W, COLOR_FORMAT_ARGB8888);
}

/* A draw with a Z buffer of W x H in @format at @offset in @zb. */
static void emit_zbuffer_draw_in(struct r300_bo *zb, uint32_t offset, enum r300_depthformat format)
{
	r300_cs_reset(cs);
	emit_maxy(H);
	emit_cb(fb, 0, W, COLOR_FORMAT_ARGB8888);
	r300_cs_reg(cs, REG_R300_ZB_CNTL, R300_ZB_CNTL_Z_ENABLE__MASK);
	r300_cs_reg(cs, REG_R300_ZB_FORMAT, R300_ZB_FORMAT(.depthformat = format));
	r300_cs_reg_reloc(cs, REG_R300_ZB_DEPTHOFFSET, offset, zb, true);
	r300_cs_reg_reloc(cs, REG_R300_ZB_DEPTHPITCH, W, zb, true);
	emit_good_draw();
}

/* A draw with a 32-bit Z buffer of W x H at @offset in fb. */
static void emit_zbuffer_draw(uint32_t offset)
{
	emit_zbuffer_draw_in(fb, offset, DEPTHFORMAT_24BIT_INT_Z_8BIT_STENCIL);
}

/* A draw with texture unit 0 enabled: W x H W8Z8Y8X8 in fb, @levels mip levels. */
static void emit_texture_draw(uint32_t levels)
{
	r300_cs_reset(cs);
	emit_draw_state();
	r300_cs_reg(cs, REG_R300_TX_FORMAT0(0),
		    R300_TX_FORMAT0(.widthmask = W - 1, .heightmask = H - 1, .num_levels = levels - 1));
	r300_cs_reg(cs, REG_R300_TX_FORMAT1(0), TX_FORMAT_W8Z8Y8X8);
	/* R5xx: width/height bit 11 start set until TX_FORMAT2 clears them */
	r300_cs_reg(cs, REG_R300_TX_FORMAT2(0), 0);
	r300_cs_reg_reloc(cs, REG_R300_TX_OFFSET(0), 0, fb, false);
	r300_cs_reg(cs, REG_R300_TX_ENABLE, 1);
	emit_good_draw();
}

static uint32_t want(uint32_t request, uint32_t value)
{
	igt_assert_eq(__r300_info(dev->fd, request, &value), 0);
	return value;
}

igt_main
{
	igt_fixture {
		dev = r300_device_open();
		req = calloc(1, sizeof(*req));
		igt_assert(req);
		fb = r300_bo_new(dev, W * H * 4, RADEON_GEM_DOMAIN_VRAM);
	}

	igt_subtest_group {
		igt_fixture
			cs = r300_cs_new(dev, 4096);

		/* ---- the CS ioctl: chunks (radeon_cs_parser_init) ------------------ */

		igt_describe("a CS with no chunks is a successful no-op (radeon_cs_parser_init)");
		igt_subtest("no-chunks") {
			struct drm_radeon_cs empty = { 0 };

			igt_assert_eq(drmIoctl(dev->fd, DRM_IOCTL_RADEON_CS, &empty), 0);
		}

		igt_describe("an IB chunk of length 0 is EINVAL (radeon_cs_parser_init: zero length IB)");
		igt_subtest("ib-empty") {
			r300_cs_reset(cs);
			expect_err(EINVAL, "radeon_cs_parser_init: IB chunk length_dw 0");
		}

		igt_describe("an IB of PACKET3 NOPs is accepted, raw and through libdrm_radeon");
		igt_subtest("nop-only") {
			r300_cs_reset(cs);
			for (int i = 0; i < 4; i++) {
				r300_cs_packet3(cs, PACKET3_NOP, 1);
				r300_cs_emit(cs, 0);
			}
			expect_ok();
			r300_cs_submit(cs);
		}

		igt_describe("an IB of PACKET2 fillers is accepted (r300_cs_parse skips type 2)");
		igt_subtest("packet2-only") {
			r300_cs_reset(cs);
			for (int i = 0; i < 8; i++)
				r300_cs_packet2(cs);
			expect_ok();
		}

		igt_describe("a FLAGS chunk for the GFX or COMPUTE ring is accepted; DMA (pre-RV770), "
			     "an unknown ring and USE_VM (no VM on r300) are EINVAL");
		igt_subtest("flags-chunk") {
			static const struct {
				uint32_t flags, ring;
				int err;
				const char *rule;
			} cases[] = {
				{ 0, RADEON_CS_RING_GFX, 0, NULL },
				{ 0, RADEON_CS_RING_COMPUTE, 0, NULL },
				{ 0, RADEON_CS_RING_DMA, EINVAL, "radeon_cs_get_ring: DMA needs RV770+" },
				{ 0, 7, EINVAL, "radeon_cs_get_ring: unknown ring id" },
				{ RADEON_CS_USE_VM, 0, EINVAL, "radeon_cs_parser_init: VM not active" },
			};
			uint32_t flags[3];

			r300_cs_reset(cs);
			r300_cs_packet3(cs, PACKET3_NOP, 1);
			r300_cs_emit(cs, 0);
			for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
				build();
				flags[0] = cases[i].flags;
				flags[1] = cases[i].ring;
				flags[2] = 0;
				req->chunks[2] = (struct drm_radeon_cs_chunk){
					.chunk_id = RADEON_CHUNK_ID_FLAGS, .length_dw = 3,
					.chunk_data = (uintptr_t)flags,
				};
				req->cs.num_chunks = 3;
				if (cases[i].err)
					igt_assert_errno(submit_raw(), cases[i].err, cases[i].rule);
				else
					igt_assert_eq(submit_raw(), 0);
			}
		}

		igt_describe("a FLAGS chunk of length 0 is EINVAL (radeon_cs_parser_init)");
		igt_subtest("flags-empty") {
			uint32_t flags[1] = { 0 };

			r300_cs_reset(cs);
			r300_cs_packet2(cs);
			build();
			req->chunks[2] = (struct drm_radeon_cs_chunk){
				.chunk_id = RADEON_CHUNK_ID_FLAGS, .length_dw = 0,
				.chunk_data = (uintptr_t)flags,
			};
			req->cs.num_chunks = 3;
			igt_assert_errno(submit_raw(), EINVAL, "radeon_cs_parser_init: FLAGS length_dw 0");
		}

		igt_describe("unreadable chunk array, chunk header, IB or relocs are EFAULT");
		igt_subtest("chunks-efault") {
			void *bad = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

			igt_assert(bad != MAP_FAILED);
			r300_cs_reset(cs);
			emit_cb(fb, 0, W, COLOR_FORMAT_ARGB8888);
			build();
			req->cs.chunks = (uintptr_t)bad;
			igt_assert_errno(submit_raw(), EFAULT, "radeon_cs_parser_init: chunk array copy");
			build();
			req->chunk_ptrs[1] = (uintptr_t)bad;
			igt_assert_errno(submit_raw(), EFAULT, "radeon_cs_parser_init: chunk header copy");
			build();
			req->chunks[1].chunk_data = (uintptr_t)bad;
			igt_assert_errno(submit_raw(), EFAULT, "radeon_cs_parser_init: relocs copy");
			build();
			req->chunks[0].chunk_data = (uintptr_t)bad;
			igt_assert_errno(submit_raw(), EFAULT, "radeon_cs_ib_fill: IB copy");
			munmap(bad, 4096);
		}

		igt_describe("an IB over 64Ki dwords is EINVAL (radeon_cs_ib_fill: cs IB too big)");
		igt_subtest("ib-too-big") {
			r300_cs_reset(cs);
			r300_cs_packet2(cs);
			build();
			req->chunks[0].length_dw = (64u << 10) + 8;
			igt_assert_errno(submit_raw(), EINVAL, "radeon_cs_ib_fill: length_dw > RADEON_IB_VM_MAX_SIZE");
		}

		igt_describe("a reloc naming no GEM handle is ENOENT (radeon_cs_parser_relocs)");
		igt_subtest("reloc-bad-handle") {
			r300_cs_reset(cs);
			emit_cb(fb, 0, W, COLOR_FORMAT_ARGB8888);
			build();
			req->relocs[0].handle = 0x7ffffff0;
			igt_assert_errno(submit_raw(), ENOENT, "radeon_cs_parser_relocs: gem object lookup failed");
		}

		igt_describe("a reloc in the CPU domain is EINVAL (radeon_cs_parser_relocs)");
		igt_subtest("reloc-cpu-domain") {
			r300_cs_reset(cs);
			emit_cb(fb, 0, W, COLOR_FORMAT_ARGB8888);
			build();
			req->relocs[0].write_domain = RADEON_GEM_DOMAIN_CPU;
			igt_assert_errno(submit_raw(), EINVAL, "radeon_cs_parser_relocs: DOMAIN_CPU not valid for CS");
		}

		/* ---- packet parsing (radeon_cs_packet_parse) ---------------------- */

		igt_describe("a type-1 packet is EINVAL (radeon_cs_packet_parse: unknown packet type)");
		igt_subtest("packet-type1") {
			r300_cs_reset(cs);
			r300_cs_emit(cs, 0x40000000u);
			expect_err(EINVAL, "radeon_cs_packet_parse: type 1");
		}

		igt_describe("a packet whose payload runs past the IB is EINVAL (radeon_cs_packet_parse)");
		igt_subtest("packet-past-end") {
			r300_cs_reset(cs);
			r300_cs_packet0(cs, REG_R300_GB_SELECT, 16);	/* 16 dwords announced, 1 given */
			r300_cs_emit(cs, 0);
			expect_err(EINVAL, "radeon_cs_packet_parse: end after CS buffer");
		}

		/* ---- registers (r100_cs_parse_packet0, r300_packet0_check) -------- */

		igt_describe("safe registers (reg_srcs lists) and ONE_REG_WR uploads are accepted");
		igt_subtest("safe-registers") {
			uint32_t data[64] = { 0 };

			r300_cs_reset(cs);
			r300_cs_reg(cs, REG_R300_GB_SELECT, 0);
			r300_cs_reg(cs, REG_R300_SC_SCISSOR0, 0);
			r300_cs_reg(cs, REG_R300_SE_VPORT_XSCALE, 0x3f800000);
			r300_cs_regs(cs, REG_R300_US_ALU_CONST_R(0), data, 16);
			r300_cs_reg(cs, REG_R300_VAP_PVS_VECTOR_INDX_REG, 0);
			r300_cs_reg_one(cs, REG_R300_VAP_PVS_VECTOR_DATA_REG, data, 64);
			r300_cs_reg(cs, REG_R300_ZB_ZSTENCILCNTL, 0);
			expect_ok();
		}

		igt_describe("a register neither safe nor tracked is EINVAL (r300_packet0_check: "
			     "Forbidden register)");
		igt_subtest("forbidden-register") {
			r300_cs_reset(cs);
			r300_cs_reg(cs, REG_R300_GB_TILE_CONFIG, 0);
			expect_err(EINVAL, "r300_packet0_check: Forbidden register (GB_TILE_CONFIG)");
		}

		igt_describe("a forbidden register in the middle of a run of safe ones is EINVAL");
		igt_subtest("forbidden-register-in-run") {
			uint32_t v[4] = { 0 };

			r300_cs_reset(cs);
			/* GB_MSPOS0, GB_MSPOS1, GB_TILE_CONFIG, GB_SELECT */
			r300_cs_regs(cs, REG_R300_GB_MSPOS0, v, 4);
			expect_err(EINVAL, "r100_cs_parse_packet0: each register of the run is checked");
		}

		igt_describe("a register past the safe bitmap is EINVAL (r100_cs_parse_packet0 range)");
		igt_subtest("register-past-table") {
			r300_cs_reset(cs);
			r300_cs_reg(cs, 0x7ffc, 0);
			expect_err(EINVAL, "r100_cs_parse_packet0: register beyond reg_safe_bm");
		}

		igt_describe("VAP_ALT_NUM_VERTICES is R5xx-only (r300_packet0_check)");
		igt_subtest("alt-num-vertices") {
			r300_cs_reset(cs);
			r300_cs_reg(cs, REG_R300_VAP_ALT_NUM_VERTICES, 3);
			if (is_r500())
				expect_ok();
			else
				expect_err(EINVAL, "r300_packet0_check: 0x2088 only valid on r500");
		}

		igt_describe("an invalid colour format is EINVAL, ARGB2101010 before RV515 too");
		igt_subtest("colorpitch-format") {
			r300_cs_reset(cs);
			emit_cb(fb, 0, W, 8);	/* no such format */
			expect_err(EINVAL, "r300_packet0_check: Invalid color buffer format");
			r300_cs_reset(cs);
			emit_cb(fb, 0, W, COLOR_FORMAT_ARGB2101010);
			if (is_r500())
				expect_ok();
			else
				expect_err(EINVAL, "r300_packet0_check: format 5 needs RV515+");
		}

		igt_describe("ZB_FORMAT other than 16/24-bit is EINVAL (r300_packet0_check)");
		igt_subtest("zb-format") {
			r300_cs_reset(cs);
			r300_cs_reg(cs, REG_R300_ZB_FORMAT, R300_ZB_FORMAT(.depthformat = 2));
			expect_ok();
			r300_cs_reset(cs);
			r300_cs_reg(cs, REG_R300_ZB_FORMAT, R300_ZB_FORMAT(.depthformat = 3));
			expect_err(EINVAL, "r300_packet0_check: Invalid z buffer format");
		}

		igt_describe("CMASK needs INFO WANT_CMASK ownership (r300_packet0_check RB3D_CCTL, "
			     "r300_packet3_check 3D_CLEAR_CMASK)");
		igt_subtest("cmask-ownership") {
			r300_cs_reset(cs);
			r300_cs_reg(cs, REG_R300_RB3D_CCTL, R300_RB3D_CCTL_CMASK_ENABLE(1));
			expect_err(EINVAL, "r300_packet0_check: Cannot enable CMASK");
			r300_cs_reset(cs);
			r300_cs_packet3(cs, PACKET3_3D_CLEAR_CMASK, 1);
			r300_cs_emit(cs, 0);
			expect_err(EINVAL, "r300_packet3_check: CLEAR_CMASK without cmask_filp");
			igt_require_f(want(RADEON_INFO_WANT_CMASK, 1) == 1, "CMASK owned by another client\n");
			expect_ok();
			r300_cs_reset(cs);
			r300_cs_reg(cs, REG_R300_RB3D_CCTL, R300_RB3D_CCTL_CMASK_ENABLE(1));
			expect_ok();
			igt_assert_eq_u32(want(RADEON_INFO_WANT_CMASK, 0), 0);
		}

		igt_describe("Hyper-Z state needs INFO WANT_HYPERZ ownership (ZB_BW_CNTL, ZMASK/HIZ "
			     "registers, 3D_CLEAR_HIZ); SC_HYPERZ_EN is accepted (the kernel clears it)");
		igt_subtest("hyperz-ownership") {
			r300_cs_reset(cs);
			r300_cs_reg(cs, REG_R300_SC_HYPERZ_EN, R300_SC_HYPERZ_EN_HZ_EN__MASK);
			expect_ok();
			r300_cs_reset(cs);
			r300_cs_reg(cs, REG_R300_ZB_BW_CNTL, R300_ZB_BW_CNTL_HIZ_ENABLE__MASK);
			expect_err(EINVAL, "r300_packet0_check: ZB_BW_CNTL HiZ without hyperz_filp");
			r300_cs_reset(cs);
			r300_cs_reg(cs, REG_R300_ZB_HIZ_OFFSET, 0x100);
			expect_err(EINVAL, "r300_packet0_check: ZB_HIZ_OFFSET without hyperz_filp");
			r300_cs_reset(cs);
			r300_cs_reg(cs, REG_R300_ZB_HIZ_OFFSET, 0);
			expect_ok();
			r300_cs_reset(cs);
			r300_cs_packet3(cs, PACKET3_3D_CLEAR_HIZ, 1);
			r300_cs_emit(cs, 0);
			expect_err(EINVAL, "r300_packet3_check: CLEAR_HIZ without hyperz_filp");
			igt_require_f(want(RADEON_INFO_WANT_HYPERZ, 1) == 1, "Hyper-Z owned by another client\n");
			expect_ok();
			r300_cs_reset(cs);
			r300_cs_reg(cs, REG_R300_ZB_BW_CNTL, R300_ZB_BW_CNTL_HIZ_ENABLE__MASK);
			expect_ok();
			igt_assert_eq_u32(want(RADEON_INFO_WANT_HYPERZ, 0), 0);
		}

		/* ---- relocations (radeon_cs_packet_next_reloc) -------------------- */

		igt_describe("an address register without its reloc NOP is EINVAL (No packet3 for relocation)");
		igt_subtest("reloc-missing") {
			r300_cs_reset(cs);
			r300_cs_reg(cs, REG_R300_RB3D_COLOROFFSET0, 0);
			r300_cs_reg(cs, REG_R300_GB_SELECT, 0);
			r300_cs_add_bo(cs, fb, true);
			expect_err(EINVAL, "radeon_cs_packet_next_reloc: No packet3 for relocation");
		}

		igt_describe("a reloc NOP not right after its packet is EINVAL");
		igt_subtest("reloc-misplaced") {
			r300_cs_reset(cs);
			r300_cs_reg(cs, REG_R300_ZB_DEPTHOFFSET, 0);
			r300_cs_reg(cs, REG_R300_GB_SELECT, 0);
			r300_cs_reloc(cs, fb, true);
			expect_err(EINVAL, "radeon_cs_packet_next_reloc: the NOP must follow the packet");
		}

		igt_describe("an address register as the IB's last packet is EINVAL (no room for the NOP)");
		igt_subtest("reloc-at-end") {
			r300_cs_reset(cs);
			/* 7 + 1 dwords: no PACKET2 padding follows */
			for (int i = 0; i < 3; i++)
				r300_cs_reg(cs, REG_R300_GB_SELECT, 0);
			r300_cs_reg(cs, REG_R300_ZB_ZPASS_ADDR, 0);
			r300_cs_add_bo(cs, fb, true);
			expect_err(EINVAL, "radeon_cs_packet_parse: Can not parse packet after CS end");
		}

		igt_describe("a reloc NOP pointing past the RELOCS chunk is EINVAL");
		igt_subtest("reloc-bad-index") {
			r300_cs_reset(cs);
			r300_cs_reg(cs, REG_R300_ZB_ZPASS_ADDR, 0);
			r300_cs_reloc(cs, fb, true);
			cs->dw[cs->len - 1] = 4;	/* reloc 1 of a 1-entry chunk */
			expect_err(EINVAL, "radeon_cs_packet_next_reloc: Relocs after relocations chunk end");
		}

		igt_describe("a reloc NOP without a RELOCS chunk is EINVAL (No relocation chunk)");
		igt_subtest("reloc-no-chunk") {
			r300_cs_reset(cs);
			r300_cs_reg(cs, REG_R300_ZB_ZPASS_ADDR, 0);
			r300_cs_reloc(cs, fb, true);
			build();
			req->cs.num_chunks = 1;
			igt_assert_errno(submit_raw(), EINVAL, "radeon_cs_packet_next_reloc: No relocation chunk");
		}

		igt_describe("with KEEP_TILING_FLAGS (FLAGS chunk) the pitch registers take no reloc; "
			     "without it a pitch register without its NOP is EINVAL");
		igt_subtest("keep-tiling-flags") {
			uint32_t flags[1] = { RADEON_CS_KEEP_TILING_FLAGS };

			r300_cs_reset(cs);
			r300_cs_reg(cs, REG_R300_RB3D_COLORPITCH0,
				    r300_colorpitch(.colorpitch = W >> 1, .colorformat = COLOR_FORMAT_ARGB8888));
			r300_cs_reg(cs, REG_R300_ZB_DEPTHPITCH, W);
			expect_err(EINVAL, "r300_packet0_check: COLORPITCH needs a reloc for its tiling bits");
			build();
			req->chunks[2] = (struct drm_radeon_cs_chunk){
				.chunk_id = RADEON_CHUNK_ID_FLAGS, .length_dw = 1,
				.chunk_data = (uintptr_t)flags,
			};
			req->cs.num_chunks = 3;
			igt_assert_eq(submit_raw(), 0);
		}

		igt_describe("every relocated register with its NOP is accepted (COLOROFFSET/PITCH, "
			     "DEPTHOFFSET/PITCH, ZPASS_ADDR, TX_OFFSET, AARESOLVE_OFFSET)");
		igt_subtest("relocs-accepted") {
			r300_cs_reset(cs);
			emit_cb(fb, 0, W, COLOR_FORMAT_ARGB8888);
			r300_cs_reg_reloc(cs, REG_R300_ZB_DEPTHOFFSET, 0, fb, true);
			r300_cs_reg_reloc(cs, REG_R300_ZB_DEPTHPITCH, W, fb, true);
			r300_cs_reg_reloc(cs, REG_R300_ZB_ZPASS_ADDR, 0, fb, true);
			r300_cs_reg_reloc(cs, REG_R300_TX_OFFSET(3), 0, fb, false);
			r300_cs_reg_reloc(cs, REG_R300_RB3D_AARESOLVE_OFFSET, 0, fb, true);
			expect_ok();
		}

		/* ---- PACKET3 (r300_packet3_check) --------------------------------- */

		igt_describe("PACKET3 opcodes outside the r300 whitelist are EINVAL");
		igt_subtest("packet3-unsupported") {
			static const uint32_t ops[] = {
				PACKET3_WAIT_FOR_IDLE, PACKET3_LOAD_MICROCODE, PACKET3_CNTL_BITBLT,
				PACKET3_3D_DRAW_128,
			};

			for (size_t i = 0; i < ARRAY_SIZE(ops); i++) {
				r300_cs_reset(cs);
				r300_cs_packet3(cs, ops[i], 1);
				r300_cs_emit(cs, 0);
				expect_err(EINVAL, "r300_packet3_check: Packet3 opcode not supported");
			}
		}

		igt_describe("3D_LOAD_VBPNTR with more than 16 arrays is EINVAL");
		igt_subtest("vbpntr-too-many") {
			r300_cs_reset(cs);
			r300_cs_packet3(cs, PACKET3_3D_LOAD_VBPNTR, 1);
			r300_cs_emit(cs, 17);
			expect_err(EINVAL, "r100_packet3_load_vbpntr: Only 16 vertex buffers");
		}

		igt_describe("INDX_BUFFER past its BO is EINVAL (r100_cs_track_check_pkt3_indx_buffer)");
		igt_subtest("indx-buffer-size") {
			struct r300_bo *ib = r300_bo_new(dev, 4096, RADEON_GEM_DOMAIN_GTT);

			r300_cs_reset(cs);
			r300_cs_packet3(cs, PACKET3_INDX_BUFFER, 3);
			/* Mesa's r300_emit_draw_elements form: ONE_REG_WR to VAP_PORT_IDX0 */
			r300_cs_emit(cs, PKT3_INDX_BUFFER_CNTL(.dst = REG_R300_VAP_PORT_IDX0,
							       .one_reg_wr = 1));
			r300_cs_emit(cs, 0);
			r300_cs_emit(cs, 4095);	/* 4095 + 1 <= 4096 */
			r300_cs_reloc(cs, ib, false);
			expect_ok();
			cs->dw[cs->len - 3] = 4096;
			expect_err(EINVAL, "r100_cs_track_check_pkt3_indx_buffer: Buffer too small");
			r300_bo_free(ib);
		}

		/* ---- draws (r100_cs_track_check) ----------------------------------- */

		igt_describe("a draw with complete state is accepted");
		igt_subtest("draw-accepted") {
			r300_cs_reset(cs);
			emit_draw_state();
			emit_good_draw();
			expect_ok();
		}

		igt_describe("a draw before ZB_CNTL needs a Z buffer: z_enabled starts true "
			     "(r100_cs_track_clear, No buffer for z buffer)");
		igt_subtest("draw-z-default") {
			r300_cs_reset(cs);
			emit_maxy(H);
			emit_cb(fb, 0, W, COLOR_FORMAT_ARGB8888);
			emit_good_draw();
			expect_err(EINVAL, "r100_cs_track_check: z_enabled default, no z buffer");
		}

		igt_describe("a Z buffer too small for pitch * cpp * maxy is EINVAL");
		igt_subtest("draw-zbuffer-oob") {
			emit_zbuffer_draw(0);
			expect_ok();	/* 64 * 4 * 64 fits exactly */
			emit_zbuffer_draw(4);
			expect_err(EINVAL, "r100_cs_track_check: Buffer too small for z buffer");
		}

		igt_describe("ZB_FORMAT sets the Z buffer's bytes per pixel: W x H x 2 bytes hold a "
			     "16-bit Z buffer but are too small for a 24-bit one");
		igt_subtest("draw-zbuffer-format-size") {
			struct r300_bo *zb16 = r300_bo_new(dev, W * H * 2, RADEON_GEM_DOMAIN_VRAM);

			emit_zbuffer_draw_in(zb16, 0, DEPTHFORMAT_16BIT_INT_Z);
			expect_ok();
			emit_zbuffer_draw_in(zb16, 0, DEPTHFORMAT_24BIT_INT_Z_8BIT_STENCIL);
			expect_err(EINVAL, "r100_cs_track_check: Buffer too small for z buffer (cpp 4)");
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

			for (size_t i = 0; i < ARRAY_SIZE(regs); i++) {
				igt_dynamic(regs[i].name) {
					r300_cs_reset(cs);
					r300_cs_reg(cs, regs[i].reg, 0);
					r300_cs_reg(cs, REG_R300_GB_SELECT, 0);
					r300_cs_add_bo(cs, fb, true);
					expect_err(EINVAL, "radeon_cs_packet_next_reloc: No packet3 for relocation");
				}
			}
		}

		igt_describe("a colour buffer that ends past its BO is EINVAL; exactly fitting is accepted");
		igt_subtest("draw-colorbuffer-oob") {
			r300_cs_reset(cs);
			r300_cs_reg(cs, REG_R300_ZB_CNTL, 0);
			emit_maxy(H);
			emit_cb(fb, 0, W, COLOR_FORMAT_ARGB8888);
			emit_good_draw();
			expect_ok();
			r300_cs_reset(cs);
			r300_cs_reg(cs, REG_R300_ZB_CNTL, 0);
			emit_maxy(H + 1);
			emit_cb(fb, 0, W, COLOR_FORMAT_ARGB8888);
			emit_good_draw();
			expect_err(EINVAL, "r100_cs_track_check: Buffer too small for color buffer (maxy)");
			r300_cs_reset(cs);
			r300_cs_reg(cs, REG_R300_ZB_CNTL, 0);
			emit_maxy(H);
			emit_cb(fb, 4, W, COLOR_FORMAT_ARGB8888);
			emit_good_draw();
			expect_err(EINVAL, "r100_cs_track_check: Buffer too small for color buffer (offset)");
		}

		igt_describe("without RB3D_CCTL four colour buffers are checked: num_cb starts at 4 "
			     "(r100_cs_track_clear, No buffer for color buffer 1)");
		igt_subtest("draw-num-cb-default") {
			r300_cs_reset(cs);
			r300_cs_reg(cs, REG_R300_ZB_CNTL, 0);
			emit_maxy(H);
			r300_cs_reg_reloc(cs, REG_R300_RB3D_COLOROFFSET0, 0, fb, true);
			r300_cs_reg_reloc(cs, REG_R300_RB3D_COLORPITCH0,
					  r300_colorpitch(.colorpitch = W >> 1,
							  .colorformat = COLOR_FORMAT_ARGB8888), fb, true);
			r300_cs_reg(cs, REG_R300_RB3D_COLOR_CHANNEL_MASK, 0xf);
			emit_good_draw();
			expect_err(EINVAL, "r100_cs_track_clear: num_cb 4");
		}

		igt_describe("with the default 4096-line scissor a small colour buffer is too small");
		igt_subtest("draw-colorbuffer-default-maxy") {
			r300_cs_reset(cs);
			r300_cs_reg(cs, REG_R300_ZB_CNTL, 0);
			emit_cb(fb, 0, W, COLOR_FORMAT_ARGB8888);
			emit_good_draw();
			expect_err(EINVAL, "r100_cs_track_clear: maxy 4096");
		}

		igt_describe("a colour write mask with no colour buffer is EINVAL; with no mask, "
			     "blend read or ZB_CB_CLEAR the colour buffers are not checked");
		igt_subtest("draw-colorbuffer-missing") {
			r300_cs_reset(cs);
			r300_cs_reg(cs, REG_R300_ZB_CNTL, 0);
			r300_cs_reg(cs, REG_R300_RB3D_COLOR_CHANNEL_MASK, 0xf);
			emit_good_draw();
			expect_err(EINVAL, "r100_cs_track_check: No buffer for color buffer");
			r300_cs_reset(cs);
			r300_cs_reg(cs, REG_R300_ZB_CNTL, 0);
			emit_good_draw();
			expect_ok();
		}

		igt_describe("immediate-mode vertex data must be VTX_SIZE * NUM_VERTICES dwords");
		igt_subtest("draw-immd-size") {
			r300_cs_reset(cs);
			emit_draw_state();
			emit_draw(4, 3, PRIM_WALK_VERTEX_EMBEDDED, 11);
			expect_err(EINVAL, "r100_cs_track_check: IMMD draw dwords != vtx_size * nverts");
			r300_cs_reset(cs);
			emit_draw_state();
			emit_draw(3, 3, PRIM_WALK_VERTEX_EMBEDDED, 9);
			expect_ok();
		}

		igt_describe("3D_DRAW_IMMD_2 with PRIM_WALK other than 3 (embedded) is EINVAL");
		igt_subtest("draw-immd-prim-walk") {
			r300_cs_reset(cs);
			emit_draw_state();
			emit_draw(4, 3, PRIM_WALK_VERTEX_LIST, 12);
			expect_err(EINVAL, "r300_packet3_check: PRIM_WALK must be 3 for IMMD draw");
		}

		igt_describe("a vertex-list draw without vertex arrays is EINVAL");
		igt_subtest("draw-vbuf-no-arrays") {
			r300_cs_reset(cs);
			emit_draw_state();
			r300_cs_packet3(cs, PACKET3_3D_DRAW_VBUF_2, 1);
			r300_cs_emit(cs, r300_vap_vf_cntl(.prim_type = PRIM_TRIANGLES,
							  .prim_walk = PRIM_WALK_VERTEX_LIST,
							  .num_vertices = 3));
			expect_err(EINVAL, "r100_cs_track_check: Vertex array no buffer bound");
		}

		igt_describe("an enabled texture unit without a texture BO is EINVAL at the draw");
		igt_subtest("draw-texture-missing") {
			r300_cs_reset(cs);
			emit_draw_state();
			r300_cs_reg(cs, REG_R300_TX_ENABLE, 1);
			emit_good_draw();
			expect_err(EINVAL, "r100_cs_track_texture_check: No texture bound to unit 0");
		}

		igt_describe("a texture larger than its BO is EINVAL at the draw; one that fits is accepted");
		igt_subtest("draw-texture-size") {
			emit_texture_draw(1);
			expect_ok();
			emit_texture_draw(2);
			expect_err(EINVAL, "r100_cs_track_texture_check: texture needs more than the BO");
		}

		igt_describe("the harness's own 3D setup and quad pass the checker");
		igt_subtest("harness-stream-accepted") {
			igt_require_f(!is_r500() && r300_chip_vert_fpus(dev->family),
				      "the harness draws on R3xx/R4xx with hardware TCL only\n");
			r300_cs_reset(cs);
			r300_emit_3d_setup(cs, fb, 0, W, W, H);
			r300_draw_quad(cs, -1, -1, 1, 1, 0, (const float[4]){ 1, 0, 0, 1 });
			r300_emit_flush(cs);
			expect_ok();
		}

		/* ---- BO busy / idle ------------------------------------------------ */

		igt_describe("a BO used by a CS is idle after GEM_WAIT_IDLE; GEM_BUSY reports its domain");
		igt_subtest("bo-busy-idle") {
			struct drm_radeon_gem_busy busy = { .handle = fb->handle };
			struct drm_radeon_gem_wait_idle wait = { .handle = fb->handle };

			r300_cs_reset(cs);
			emit_draw_state();
			emit_good_draw();
			r300_cs_submit(cs);
			do_ioctl(dev->fd, DRM_IOCTL_RADEON_GEM_WAIT_IDLE, &wait);
			do_ioctl(dev->fd, DRM_IOCTL_RADEON_GEM_BUSY, &busy);
			igt_assert(busy.domain == RADEON_GEM_DOMAIN_VRAM ||
				   busy.domain == RADEON_GEM_DOMAIN_GTT);
			igt_assert_eq(__r300_bo_busy(fb, NULL), 0);
		}

		igt_fixture
			r300_cs_free(cs);
	}

	/* ---- GEM --------------------------------------------------------------- */

	igt_describe("GEM_BUSY, GEM_WAIT_IDLE, GEM_MMAP, GEM_SET_DOMAIN and tiling on a bad "
		     "handle are ENOENT");
	igt_subtest("gem-bad-handle") {
		struct drm_radeon_gem_busy busy = { .handle = 0x7ffffff0 };
		struct drm_radeon_gem_wait_idle wait = { .handle = 0x7ffffff0 };
		struct drm_radeon_gem_mmap mm = { .handle = 0x7ffffff0, .size = 4096 };
		struct drm_radeon_gem_set_domain sd = { .handle = 0x7ffffff0,
							.read_domains = RADEON_GEM_DOMAIN_CPU };
		struct drm_radeon_gem_get_tiling gt = { .handle = 0x7ffffff0 };

		do_ioctl_err(dev->fd, DRM_IOCTL_RADEON_GEM_BUSY, &busy, ENOENT, "radeon_gem_busy_ioctl");
		do_ioctl_err(dev->fd, DRM_IOCTL_RADEON_GEM_WAIT_IDLE, &wait, ENOENT,
			     "radeon_gem_wait_idle_ioctl");
		do_ioctl_err(dev->fd, DRM_IOCTL_RADEON_GEM_MMAP, &mm, ENOENT, "radeon_mode_dumb_mmap");
		do_ioctl_err(dev->fd, DRM_IOCTL_RADEON_GEM_SET_DOMAIN, &sd, ENOENT,
			     "radeon_gem_set_domain_ioctl");
		do_ioctl_err(dev->fd, DRM_IOCTL_RADEON_GEM_GET_TILING, &gt, ENOENT,
			     "radeon_gem_get_tiling_ioctl");
	}

	igt_describe("GEM_CREATE rounds the size up to pages and refuses more than the GTT (ENOMEM)");
	igt_subtest("gem-create-size") {
		struct drm_radeon_gem_create c = { .size = 1, .initial_domain = RADEON_GEM_DOMAIN_GTT };
		struct drm_gem_close cl = { 0 };

		do_ioctl(dev->fd, DRM_IOCTL_RADEON_GEM_CREATE, &c);
		igt_assert_eq_u64(c.size, 4096);
		cl.handle = c.handle;
		do_ioctl(dev->fd, DRM_IOCTL_GEM_CLOSE, &cl);
		c = (struct drm_radeon_gem_create){ .size = dev->gart_size + (1ull << 30),
						    .initial_domain = RADEON_GEM_DOMAIN_GTT };
		do_ioctl_err(dev->fd, DRM_IOCTL_RADEON_GEM_CREATE, &c, ENOMEM,
			     "radeon_gem_object_create: size over the unpinned GTT");
	}

	igt_describe("GEM_BUSY reports the placement asked for at creation");
	igt_subtest("gem-busy-domain") {
		struct r300_bo *gtt = r300_bo_new(dev, 4096, RADEON_GEM_DOMAIN_GTT);
		uint32_t domain = 0;

		igt_assert_eq(__r300_bo_busy(gtt, &domain), 0);
		igt_assert_eq_u32(domain, RADEON_GEM_DOMAIN_GTT);
		r300_bo_free(gtt);
	}

	igt_describe("GEM_SET_TILING flags and pitch read back through GEM_GET_TILING");
	igt_subtest("gem-tiling") {
		struct r300_bo *bo = r300_bo_new(dev, 4096, RADEON_GEM_DOMAIN_VRAM);
		struct drm_radeon_gem_set_tiling st = { .handle = bo->handle,
							.tiling_flags = RADEON_TILING_MACRO,
							.pitch = 256 };
		struct drm_radeon_gem_get_tiling gt = { .handle = bo->handle };

		do_ioctl(dev->fd, DRM_IOCTL_RADEON_GEM_SET_TILING, &st);
		do_ioctl(dev->fd, DRM_IOCTL_RADEON_GEM_GET_TILING, &gt);
		igt_assert_eq_u32(gt.tiling_flags, RADEON_TILING_MACRO);
		igt_assert_eq_u32(gt.pitch, 256);
		r300_bo_free(bo);
	}

	igt_describe("GEM_SET_DOMAIN to CPU waits and succeeds; mapped memory keeps CPU writes");
	igt_subtest("gem-set-domain") {
		struct r300_bo *bo = r300_bo_new(dev, 4096, RADEON_GEM_DOMAIN_GTT);
		struct drm_radeon_gem_set_domain sd = { .handle = bo->handle,
							.read_domains = RADEON_GEM_DOMAIN_CPU,
							.write_domain = RADEON_GEM_DOMAIN_CPU };

		r300_bo_write32(bo, 0, 0x12345678);
		do_ioctl(dev->fd, DRM_IOCTL_RADEON_GEM_SET_DOMAIN, &sd);
		igt_assert_eq_u32(r300_bo_read32(bo, 0), 0x12345678);
		r300_bo_free(bo);
	}

	/* ---- INFO ---------------------------------------------------------------- */

	igt_describe("INFO writes 4 bytes through value for 32-bit requests, 8 for 64-bit ones");
	igt_subtest("info-value-size") {
		uint64_t v = ~0ull;

		igt_assert_eq(__r300_info64(dev->fd, RADEON_INFO_DEVICE_ID, &v), 0);
		igt_assert_eq_u32(v >> 32, 0xffffffffu);
		igt_assert_eq_u32((uint32_t)v, dev->device_id);
		v = ~0ull;
		igt_assert_eq(__r300_info64(dev->fd, RADEON_INFO_VRAM_USAGE, &v), 0);
		igt_assert(v != ~0ull && v <= dev->vram_size);
	}

	igt_describe("INFO with an unreadable value pointer is EFAULT");
	igt_subtest("info-efault") {
		igt_assert_eq(__r300_info(dev->fd, RADEON_INFO_DEVICE_ID, (uint32_t *)8), -EFAULT);
		igt_assert_eq(__r300_info(dev->fd, RADEON_INFO_WANT_HYPERZ, (uint32_t *)8), -EFAULT);
	}

	igt_describe("unknown INFO requests and R600+ ones are EINVAL");
	igt_subtest("info-invalid") {
		uint32_t v;

		igt_assert_eq(__r300_info(dev->fd, 0x1000, &v), -EINVAL);
		igt_assert_eq(__r300_info(dev->fd, RADEON_INFO_TILING_CONFIG, &v), -EINVAL);
		igt_assert_eq(__r300_info(dev->fd, RADEON_INFO_NUM_BACKENDS, &v), -EINVAL);
		igt_assert_eq(__r300_info(dev->fd, RADEON_INFO_VA_START, &v), -EINVAL);
		v = 2;
		igt_assert_eq(__r300_info(dev->fd, RADEON_INFO_WANT_HYPERZ, &v), -EINVAL);
	}

	igt_describe("INFO identity: GB and Z pipes, accel, MAX_SE 1, GPU reset counter readable");
	igt_subtest("info-identity") {
		igt_assert(want(RADEON_INFO_NUM_GB_PIPES, 0) >= 1);
		igt_assert(want(RADEON_INFO_NUM_Z_PIPES, 0) >= 1);
		igt_assert_eq_u32(want(RADEON_INFO_ACCEL_WORKING2, 0), dev->accel_working);
		igt_assert_eq_u32(want(RADEON_INFO_MAX_SE, 0), 1);
		igt_assert_eq_u32(want(RADEON_INFO_RING_WORKING, RADEON_CS_RING_GFX), 1);
		(void)want(RADEON_INFO_GPU_RESET_COUNTER, 0);
	}

	igt_describe("Hyper-Z ownership is one file at a time (radeon_set_filp_rights)");
	igt_subtest("info-hyperz-exclusive") {
		int fd2 = drmsub_open_driver("radeon");
		uint32_t v = 1;

		igt_require_f(want(RADEON_INFO_WANT_HYPERZ, 1) == 1, "Hyper-Z owned by another client\n");
		igt_assert_eq(__r300_info(fd2, RADEON_INFO_WANT_HYPERZ, &v), 0);
		igt_assert_eq_u32(v, 0);
		igt_assert_eq_u32(want(RADEON_INFO_WANT_HYPERZ, 0), 0);
		v = 1;
		igt_assert_eq(__r300_info(fd2, RADEON_INFO_WANT_HYPERZ, &v), 0);
		igt_assert_eq_u32(v, 1);
		close(fd2);	/* closing the owner releases it */
		igt_assert_eq_u32(want(RADEON_INFO_WANT_HYPERZ, 1), 1);
		igt_assert_eq_u32(want(RADEON_INFO_WANT_HYPERZ, 0), 0);
	}

	igt_fixture {
		r300_bo_free(fb);
		free(req);
		r300_device_close(dev);
	}
}
