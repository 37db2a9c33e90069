// SPDX-License-Identifier: MIT
/*
 * radeon_cs: DRM_RADEON_CS itself — its chunks, packet parsing and
 * relocations, each request one step off a valid one, with the kernel's
 * errno and the rule behind it (radeon_cs.c radeon_cs_parser_init,
 * radeon_cs_ib_fill, radeon_cs_parser_relocs, radeon_cs_packet_parse,
 * radeon_cs_packet_next_reloc), and a BO's busy/idle state around a CS.
 * What the r300 checker does with registers and draws is radeon_checker.
 * Streams are built with the harness's PM4 builder and sent as raw
 * requests (r300_cs_request_init) so that one field can be broken.
 */
#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <xf86drm.h>

#include "core/test.h"
#include "device/device.h"
#include "radeon/r300.h"
#include "radeon/r300_3d.h"
#include "radeon/r300_cs.h"
#include "radeon/radeon_pm4.xml.h"
#include "util/util.h"

IGT_TEST_DESCRIPTION("radeon CS ioctl: chunks, packet headers and relocations with the kernel's "
		     "errno, and BO busy/idle around a CS.");

#define W 64
#define H 64

static struct r300_device *dev;
static struct r300_cs *cs;
static struct r300_cs_request *req;
static struct r300_bo *fb;	/* W x H ARGB8888 */

/* The current stream as a raw request (IB + RELOCS, as libdrm sends it) in req. */
static void build(void)
{
	r300_cs_request_init(req, cs);
}

static int submit_raw(void)
{
	return drmIoctl(dev->fd, DRM_IOCTL_RADEON_CS, &req->cs);
}

/* req with a third chunk: FLAGS of @len dwords from @flags. */
static void add_flags_chunk(const uint32_t *flags, uint32_t len)
{
	req->chunks[2] = (struct drm_radeon_cs_chunk){
		.chunk_id = RADEON_CHUNK_ID_FLAGS, .length_dw = len,
		.chunk_data = (uintptr_t)flags,
	};
	req->cs.num_chunks = 3;
}

/* One relocated register and its NOP: the smallest stream with a RELOCS chunk. */
static void emit_relocated_reg(void)
{
	r300_cs_reset(cs);
	r300_emit_colorbuffer0(cs, fb, 0, W, COLOR_FORMAT_ARGB8888);
}

/*
 * Address register @reg and then another packet where its reloc NOP should
 * be: what the relocation rules of radeon_cs_packet_next_reloc see first.
 */
static void emit_address_then_packet(uint32_t reg)
{
	r300_cs_reset(cs);
	r300_cs_reg(cs, reg, 0);
	r300_cs_reg(cs, REG_R300_GB_SELECT, 0);
}

/* ZB_ZPASS_ADDR with its reloc NOP (of fb): a relocation whose NOP can be broken. */
static void emit_zpass_reloc(void)
{
	r300_cs_reset(cs);
	r300_cs_reg(cs, REG_R300_ZB_ZPASS_ADDR, 0);
	r300_cs_reloc(cs, fb, true);
}

/* The colour and depth pitch registers, which carry tiling bits, without reloc NOPs. */
static void emit_pitches(void)
{
	r300_cs_reset(cs);
	r300_cs_reg(cs, REG_R300_RB3D_COLORPITCH0,
		    r300_colorpitch(.colorpitch = W, .colorformat = COLOR_FORMAT_ARGB8888));
	r300_cs_reg(cs, REG_R300_ZB_DEPTHPITCH, R300_ZB_DEPTHPITCH(.depthpitch = W));
}

static void emit_nops(void)
{
	r300_cs_reset(cs);
	r300_cs_packet3(cs, PACKET3_NOP, 1);
	r300_cs_emit(cs, 0);
}

/* The parts of a request a bad pointer can replace (chunks-efault). */
enum efault_target { EFAULT_CHUNK_ARRAY, EFAULT_CHUNK_HEADER, EFAULT_RELOCS, EFAULT_IB };

static void break_pointer(enum efault_target t, void *bad)
{
	switch (t) {
	case EFAULT_CHUNK_ARRAY:
		req->cs.chunks = (uintptr_t)bad;
		break;
	case EFAULT_CHUNK_HEADER:
		req->chunk_ptrs[1] = (uintptr_t)bad;
		break;
	case EFAULT_RELOCS:
		req->chunks[1].chunk_data = (uintptr_t)bad;
		break;
	case EFAULT_IB:
		req->chunks[0].chunk_data = (uintptr_t)bad;
		break;
	}
}

static const struct flags_case {
	const char *name;
	uint32_t flags, ring;
	int err;
	const char *rule;
} flags_cases[] = {
	{ "gfx", 0, RADEON_CS_RING_GFX, 0, NULL },
	{ "compute", 0, RADEON_CS_RING_COMPUTE, 0, NULL },
	{ "dma", 0, RADEON_CS_RING_DMA, EINVAL, "radeon_cs_get_ring: DMA needs RV770+" },
	{ "unknown-ring", 0, 7, EINVAL, "radeon_cs_get_ring: unknown ring id" },
	{ "use-vm", RADEON_CS_USE_VM, 0, EINVAL, "radeon_cs_parser_init: VM not active" },
};

static const struct efault_case {
	const char *name;
	enum efault_target target;
	const char *rule;
} efault_cases[] = {
	{ "chunk-array", EFAULT_CHUNK_ARRAY, "radeon_cs_parser_init: chunk array copy" },
	{ "chunk-header", EFAULT_CHUNK_HEADER, "radeon_cs_parser_init: chunk header copy" },
	{ "relocs", EFAULT_RELOCS, "radeon_cs_parser_init: relocs copy" },
	{ "ib", EFAULT_IB, "radeon_cs_ib_fill: IB copy" },
};

igt_main
{
	igt_fixture {
		dev = r300_device_open();
		req = calloc(1, sizeof(*req));
		igt_assert(req);
		fb = r300_bo_new(dev, W * H * 4, RADEON_GEM_DOMAIN_VRAM);
		cs = r300_cs_new(dev, 4096);
	}

	/* ---- chunks (radeon_cs_parser_init, radeon_cs_ib_fill) ---------------- */

	igt_describe("a CS with no chunks is a successful no-op (radeon_cs_parser_init)");
	igt_subtest("no-chunks") {
		struct drm_radeon_cs empty = { 0 };

		igt_assert_eq(drmIoctl(dev->fd, DRM_IOCTL_RADEON_CS, &empty), 0);
	}

	igt_describe("an IB chunk of length 0 is EINVAL (radeon_cs_parser_init: zero length IB)");
	igt_subtest("ib-empty") {
		r300_cs_reset(cs);
		r300_cs_expect(cs, EINVAL, "radeon_cs_parser_init: IB chunk length_dw 0");
	}

	igt_describe("an IB of PACKET3 NOPs is accepted as a raw request");
	igt_subtest("nop-only") {
		emit_nops();
		r300_cs_expect(cs, 0, NULL);
	}

	igt_describe("an IB of PACKET3 NOPs is accepted through libdrm_radeon");
	igt_subtest("nop-only-libdrm") {
		emit_nops();
		igt_assert_eq(__r300_cs_submit(cs), 0);
	}

	igt_describe("an IB of PACKET2 fillers is accepted (r300_cs_parse skips type 2)");
	igt_subtest("packet2-only") {
		r300_cs_reset(cs);
		for (int i = 0; i < 8; i++)
			r300_cs_packet2(cs);
		r300_cs_expect(cs, 0, NULL);
	}

	igt_describe("a FLAGS chunk for the GFX or COMPUTE ring is accepted; DMA (pre-RV770), "
		     "an unknown ring and USE_VM (no VM on r300) are EINVAL");
	igt_subtest_with_dynamic("flags-chunk") {
		array_for_each(c, flags_cases) {
			igt_dynamic(c->name) {
				const uint32_t flags[3] = { c->flags, c->ring, 0 };

				emit_nops();
				build();
				add_flags_chunk(flags, 3);
				if (c->err)
					igt_assert_errno(submit_raw(), c->err, c->rule);
				else
					igt_assert_eq(submit_raw(), 0);
			}
		}
	}

	igt_describe("a FLAGS chunk of length 0 is EINVAL (radeon_cs_parser_init)");
	igt_subtest("flags-empty") {
		const uint32_t flags[1] = { 0 };

		r300_cs_reset(cs);
		r300_cs_packet2(cs);
		build();
		add_flags_chunk(flags, 0);
		igt_assert_errno(submit_raw(), EINVAL, "radeon_cs_parser_init: FLAGS length_dw 0");
	}

	igt_describe("an unreadable chunk array, chunk header, IB or relocs is EFAULT");
	igt_subtest_with_dynamic("chunks-efault") {
		array_for_each(c, efault_cases) {
			igt_dynamic(c->name) {
				void *bad = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
						 -1, 0);

				igt_assert(bad != MAP_FAILED);
				emit_relocated_reg();
				build();
				break_pointer(c->target, bad);
				igt_assert_errno(submit_raw(), EFAULT, c->rule);
				munmap(bad, 4096);
			}
		}
	}

	igt_describe("an IB over 64Ki dwords is EINVAL (radeon_cs_ib_fill: cs IB too big)");
	igt_subtest("ib-too-big") {
		r300_cs_reset(cs);
		r300_cs_packet2(cs);
		build();
		req->chunks[0].length_dw = (64u << 10) + 8;
		igt_assert_errno(submit_raw(), EINVAL,
				 "radeon_cs_ib_fill: length_dw > RADEON_IB_VM_MAX_SIZE");
	}

	igt_describe("a reloc naming no GEM handle is ENOENT (radeon_cs_parser_relocs)");
	igt_subtest("reloc-bad-handle") {
		emit_relocated_reg();
		build();
		req->relocs[0].handle = 0x7ffffff0;
		igt_assert_errno(submit_raw(), ENOENT,
				 "radeon_cs_parser_relocs: gem object lookup failed");
	}

	igt_describe("a reloc in the CPU domain is EINVAL (radeon_cs_parser_relocs)");
	igt_subtest("reloc-cpu-domain") {
		emit_relocated_reg();
		build();
		req->relocs[0].write_domain = RADEON_GEM_DOMAIN_CPU;
		igt_assert_errno(submit_raw(), EINVAL,
				 "radeon_cs_parser_relocs: DOMAIN_CPU not valid for CS");
	}

	/* ---- packet parsing (radeon_cs_packet_parse) ---------------------------- */

	igt_describe("a type-1 packet is EINVAL (radeon_cs_packet_parse: unknown packet type)");
	igt_subtest("packet-type1") {
		r300_cs_reset(cs);
		r300_cs_emit(cs, radeon_packet1(.type = PACKET_TYPE1));
		r300_cs_expect(cs, EINVAL, "radeon_cs_packet_parse: type 1");
	}

	igt_describe("a packet whose payload runs past the IB is EINVAL (radeon_cs_packet_parse)");
	igt_subtest("packet-past-end") {
		r300_cs_reset(cs);
		r300_cs_packet0(cs, REG_R300_GB_SELECT, 16);	/* 16 dwords announced, 1 given */
		r300_cs_emit(cs, 0);
		r300_cs_expect(cs, EINVAL, "radeon_cs_packet_parse: end after CS buffer");
	}

	/* ---- relocations (radeon_cs_packet_next_reloc) -------------------------- */

	igt_describe("an address register without its reloc NOP is EINVAL (No packet3 for "
		     "relocation)");
	igt_subtest("reloc-missing") {
		emit_address_then_packet(REG_R300_RB3D_COLOROFFSET0);
		r300_cs_add_bo(cs, fb, true);
		r300_cs_expect(cs, EINVAL, "radeon_cs_packet_next_reloc: No packet3 for relocation");
	}

	igt_describe("a reloc NOP not right after its packet is EINVAL");
	igt_subtest("reloc-misplaced") {
		emit_address_then_packet(REG_R300_ZB_DEPTHOFFSET);
		r300_cs_reloc(cs, fb, true);
		r300_cs_expect(cs, EINVAL, "radeon_cs_packet_next_reloc: the NOP must follow the packet");
	}

	igt_describe("an address register as the IB's last packet is EINVAL (no room for the NOP)");
	igt_subtest("reloc-at-end") {
		r300_cs_reset(cs);
		/* 7 + 1 dwords: no PACKET2 padding follows */
		for (int i = 0; i < 3; i++)
			r300_cs_reg(cs, REG_R300_GB_SELECT, 0);
		r300_cs_reg(cs, REG_R300_ZB_ZPASS_ADDR, 0);
		r300_cs_add_bo(cs, fb, true);
		r300_cs_expect(cs, EINVAL, "radeon_cs_packet_parse: Can not parse packet after CS end");
	}

	igt_describe("a reloc NOP pointing past the RELOCS chunk is EINVAL");
	igt_subtest("reloc-bad-index") {
		emit_zpass_reloc();
		cs->dw[cs->len - 1] = 4;	/* reloc 1 of a 1-entry chunk */
		r300_cs_expect(cs, EINVAL,
			       "radeon_cs_packet_next_reloc: Relocs after relocations chunk end");
	}

	igt_describe("a reloc NOP without a RELOCS chunk is EINVAL (No relocation chunk)");
	igt_subtest("reloc-no-chunk") {
		emit_zpass_reloc();
		build();
		req->cs.num_chunks = 1;
		igt_assert_errno(submit_raw(), EINVAL, "radeon_cs_packet_next_reloc: No relocation chunk");
	}

	igt_describe("without KEEP_TILING_FLAGS a pitch register without its reloc NOP is EINVAL "
		     "(r300_packet0_check: the reloc carries its tiling)");
	igt_subtest("pitch-without-reloc") {
		emit_pitches();
		r300_cs_expect(cs, EINVAL, "r300_packet0_check: COLORPITCH needs a reloc for its tiling bits");
	}

	igt_describe("with KEEP_TILING_FLAGS (FLAGS chunk) the pitch registers take no reloc");
	igt_subtest("keep-tiling-flags") {
		const uint32_t flags[1] = { RADEON_CS_KEEP_TILING_FLAGS };

		emit_pitches();
		build();
		add_flags_chunk(flags, 1);
		igt_assert_eq(submit_raw(), 0);
	}

	igt_describe("every relocated register with its NOP is accepted (COLOROFFSET/PITCH, "
		     "DEPTHOFFSET/PITCH, ZPASS_ADDR, TX_OFFSET, AARESOLVE_OFFSET)");
	igt_subtest("relocs-accepted") {
		emit_relocated_reg();
		r300_cs_reg_reloc(cs, REG_R300_ZB_DEPTHOFFSET, 0, fb, true);
		r300_cs_reg_reloc(cs, REG_R300_ZB_DEPTHPITCH, R300_ZB_DEPTHPITCH(.depthpitch = W), fb,
				  true);
		r300_cs_reg_reloc(cs, REG_R300_ZB_ZPASS_ADDR, 0, fb, true);
		r300_cs_reg_reloc(cs, REG_R300_TX_OFFSET(3), 0, fb, false);
		r300_cs_reg_reloc(cs, REG_R300_RB3D_AARESOLVE_OFFSET, 0, fb, true);
		r300_cs_expect(cs, 0, NULL);
	}

	/* ---- BO busy / idle -------------------------------------------------------- */

	igt_describe("a BO used by a CS is idle after GEM_WAIT_IDLE; GEM_BUSY reports its domain");
	igt_subtest("bo-busy-idle") {
		struct drm_radeon_gem_busy busy = { .handle = fb->handle };
		struct drm_radeon_gem_wait_idle wait = { .handle = fb->handle };

		emit_relocated_reg();
		r300_cs_submit(cs);
		do_ioctl(dev->fd, DRM_IOCTL_RADEON_GEM_WAIT_IDLE, &wait);
		do_ioctl(dev->fd, DRM_IOCTL_RADEON_GEM_BUSY, &busy);
		igt_assert(busy.domain == RADEON_GEM_DOMAIN_VRAM ||
			   busy.domain == RADEON_GEM_DOMAIN_GTT);
		igt_assert_eq(__r300_bo_busy(fb, NULL), 0);
	}

	igt_fixture {
		r300_cs_free(cs);
		r300_bo_free(fb);
		free(req);
		r300_device_close(dev);
	}
}
