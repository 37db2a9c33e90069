// SPDX-License-Identifier: MIT
/*
 * model_fuzz: radeon requests (libdrm's radeon_drm.h) and the command
 * streams the CS ioctl hands the r300 checker: register writes (safe ones,
 * tracked ones, ones that need a relocation, forbidden ones), relocation
 * NOPs pointing into or past the RELOCS chunk, immediate draws, filler,
 * garbage and counts past the end of the IB.
 */
#include <string.h>
#include <xf86drm.h>
#include <radeon_drm.h>

#include "radeon/cp_packet.h"
#include "radeon/r300.xml.h"
#include "radeon/radeon_pm4.xml.h"
#include "model_fuzz.h"
#include "model_fuzz_fields.h"
#include "util/util.h"

#define IB_MAX 192		/* dwords of one IB */

static const struct fz_ioctl *radeon(const char *name)
{
	return fz_find_ioctl(fz_radeon_ioctls, name);
}

int fz_radeon_bo_new(struct fz_state *st, struct fz_file *f, uint64_t size)
{
	struct drm_radeon_gem_create *req = fz_alloc(&st->arena, sizeof(*req));
	struct drm_radeon_gem_mmap *map = fz_alloc(&st->arena, sizeof(*map));
	int ret;

	req->size = size;
	req->alignment = 4096;
	req->initial_domain = RADEON_GEM_DOMAIN_GTT;
	fz_say(st, " (radeon GEM_CREATE size=%llu to use)", (unsigned long long)size);
	ret = fz_ioctl_exact(st, f->fd, radeon("GEM_CREATE"), req);
	if (ret)
		return ret;
	fz_add_bo(f, req->handle, size, 0);
	map->handle = req->handle;
	map->size = size;
	if (!fz_ioctl_exact(st, f->fd, radeon("GEM_MMAP"), map))
		fz_map_bo(f, &f->bos[f->nbos - 1], map->addr_ptr);
	return 0;
}

/* ---- command streams ------------------------------------------------------------- */

/* Registers of the r300 checker's classes (r300.c r300_packet0_check, reg_srcs/r300). */
static const uint32_t regs[] = {
	REG_R300_GB_ENABLE, REG_R300_US_CONFIG,		/* safe */
	REG_R300_RB3D_CCTL, REG_R300_ZB_CNTL, REG_R300_ZB_FORMAT, REG_R300_VAP_VF_CNTL,
	REG_R300_VAP_VTX_SIZE, REG_R300_TX_ENABLE, REG_R300_RB3D_COLOR_CHANNEL_MASK, /* tracked */
	REG_R300_RB3D_COLOROFFSET0, REG_R300_RB3D_COLORPITCH0,	/* need a relocation */
};

/* One packet at @dw (room for @room dwords); returns the dwords written. */
static uint32_t packet(struct fz_state *st, uint32_t *dw, uint32_t room, uint32_t nrelocs)
{
	uint32_t k;

	if (room < 10)
		return 0;
	switch (fz_below(&st->rng, 9)) {
	case 0 ... 2:
		/* a register write, then a relocation NOP (used by the ones that take one) */
		dw[0] = radeon_cp_packet0(regs[fz_below(&st->rng, ARRAY_SIZE(regs))], 1);
		dw[1] = fz_chance(&st->rng, 50) ? fz_u32(&st->rng) : fz_below(&st->rng, 16);
		dw[2] = radeon_cp_packet3(PACKET3_NOP, 1);
		dw[3] = 4 * (fz_chance(&st->rng, 90) ? fz_below(&st->rng, nrelocs + 1) : fz_u32(&st->rng));
		return 4;
	case 3:
		/* any register, several at once */
		k = 1 + fz_below(&st->rng, 4);
		dw[0] = radeon_cp_packet0(4 * fz_below(&st->rng, 0x2000), k);
		for (uint32_t i = 0; i < k; i++)
			dw[1 + i] = fz_u32(&st->rng);
		return 1 + k;
	case 4:
		/* an immediate draw: VAP_VF_CNTL, then vertices */
		k = 1 + fz_below(&st->rng, 6);
		dw[0] = radeon_cp_packet3(PACKET3_3D_DRAW_IMMD_2, k);
		for (uint32_t i = 0; i < k; i++)
			dw[1 + i] = fz_u32(&st->rng);
		return 1 + k;
	case 5:
		dw[0] = RADEON_CP_PACKET2;
		return 1;
	case 6:
		/* any opcode, any count: past the end of the IB too */
		dw[0] = radeon_cp_packet3(fz_below(&st->rng, 256), 1 + fz_below(&st->rng, RADEON_CP_MAX_COUNT));
		return 1;
	default:
		dw[0] = fz_u32(&st->rng);
		return 1;
	}
}

static uint32_t *write_ib(struct fz_state *st, uint32_t nrelocs, uint32_t *len)
{
	uint32_t *dw = fz_alloc(&st->arena, IB_MAX * sizeof(*dw)), n = 0, k;

	while (n < IB_MAX && (k = packet(st, dw + n, IB_MAX - n, nrelocs)))
		n += k;
	*len = n ? n : 1;
	return dw;
}

/* ---- CS --------------------------------------------------------------------------------- */

static void cs(struct fz_state *st, struct fz_file *f)
{
	struct drm_radeon_cs *req = fz_alloc(&st->arena, sizeof(*req));
	struct drm_radeon_cs_chunk *chunks = fz_alloc(&st->arena, 3 * sizeof(*chunks));
	uint64_t *ptrs = fz_alloc(&st->arena, 3 * sizeof(*ptrs));
	uint32_t nrelocs = f->nbos ? fz_submit_nbos(st, f) : 0;
	struct drm_radeon_cs_reloc *relocs = fz_alloc(&st->arena, (nrelocs + 1) * sizeof(*relocs));
	uint32_t *flags = fz_alloc(&st->arena, 3 * sizeof(*flags)), len, n = 2;
	struct fz_bo *bo;

	fz_say(st, "radeon CS:");
	for (uint32_t i = 0; i < nrelocs; i++) {
		relocs[i].handle = fz_chance(&st->rng, 95) ? f->bos[i].handle : fz_pick_bo(st, f, &bo);
		relocs[i].read_domains = RADEON_GEM_DOMAIN_GTT;
		relocs[i].write_domain = fz_chance(&st->rng, 50) ? RADEON_GEM_DOMAIN_GTT : 0;
		if (fz_chance(&st->rng, 3))
			relocs[i].read_domains = RADEON_GEM_DOMAIN_CPU;
	}
	chunks[0] = (struct drm_radeon_cs_chunk){ RADEON_CHUNK_ID_IB, 0, 0 };
	chunks[0].chunk_data = (uintptr_t)write_ib(st, nrelocs, &len);
	chunks[0].length_dw = len;
	chunks[1] = (struct drm_radeon_cs_chunk){ RADEON_CHUNK_ID_RELOCS, 4 * nrelocs,
						  (uintptr_t)relocs };
	if (fz_chance(&st->rng, 20)) {
		/* FLAGS: flags, ring, priority (radeon_cs_parser_init) */
		flags[0] = fz_chance(&st->rng, 70) ? 0 : fz_below(&st->rng, 8);
		flags[1] = fz_chance(&st->rng, 70) ? RADEON_CS_RING_GFX : fz_below(&st->rng, 6);
		chunks[2] = (struct drm_radeon_cs_chunk){ RADEON_CHUNK_ID_FLAGS, 1 + fz_below(&st->rng, 3),
							  (uintptr_t)flags };
		n = 3;
	}
	for (uint32_t i = 0; i < n; i++) {
		ptrs[i] = (uintptr_t)&chunks[i];
		if (fz_chance(&st->rng, 10))
			fz_mutate(st, &chunks[i], &fz_drm_radeon_cs_chunk, 1);
	}
	req->num_chunks = n;
	req->chunks = (uintptr_t)ptrs;
	fz_say(st, " chunks=%u ib=%u dwords relocs=%u", n, len, nrelocs);
	if (fz_chance(&st->rng, 20))
		fz_mutate(st, req, &fz_drm_radeon_cs, 1);
	/* now and then, close a BO the CS uses while it runs */
	if (!fz_ioctl(st, f->fd, radeon("CS"), req) && fz_chance(&st->rng, 10) && nrelocs)
		fz_close_behind(st, f, relocs[0].handle);
}

/* ---- GEM and INFO -------------------------------------------------------------------- */

static void gem_create(struct fz_state *st, struct fz_file *f)
{
	struct drm_radeon_gem_create *req;

	if (fz_new_bo_to_use(st, f, 50, 4))
		return;
	req = fz_alloc(&st->arena, sizeof(*req));
	req->size = 4096u << fz_below(&st->rng, 6);
	req->alignment = 4096;
	req->initial_domain = RADEON_GEM_DOMAIN_GTT << fz_below(&st->rng, 2);
	fz_say(st, "radeon GEM_CREATE size=%llu domain=%#x", (unsigned long long)req->size,
	       req->initial_domain);
	fz_mutate(st, req, &fz_drm_radeon_gem_create, 2);
	if (!fz_ioctl(st, f->fd, radeon("GEM_CREATE"), req))
		fz_add_bo(f, req->handle, req->size, 0);
}

static void gem_per_bo(struct fz_state *st, struct fz_file *f)
{
	static const char *const names[] = { "GEM_MMAP", "GEM_SET_DOMAIN", "GEM_WAIT_IDLE",
					     "GEM_SET_TILING", "GEM_GET_TILING", "GEM_BUSY" };
	unsigned which = fz_below(&st->rng, ARRAY_SIZE(names));
	uint32_t *arg = fz_alloc(&st->arena, 64);
	struct fz_bo *bo;

	/* every struct starts with the handle; then flags/domains, or offset and size */
	arg[0] = fz_pick_bo(st, f, &bo);
	switch (which) {
	case 0:
		((struct drm_radeon_gem_mmap *)arg)->size = bo ? bo->size : 4096;
		((struct drm_radeon_gem_mmap *)arg)->offset = fz_chance(&st->rng, 80) ? 0 : fz_u64(&st->rng);
		break;
	case 1:
		arg[1] = fz_chance(&st->rng, 80) ? RADEON_GEM_DOMAIN_GTT : fz_below(&st->rng, 8);
		arg[2] = fz_chance(&st->rng, 50) ? 0 : fz_below(&st->rng, 8);
		break;
	case 3:
		arg[1] = fz_below(&st->rng, 0x40);
		arg[2] = fz_chance(&st->rng, 80) ? 256 * fz_below(&st->rng, 16) : fz_u32(&st->rng);
		break;
	default:
		if (fz_chance(&st->rng, 5))
			arg[1] = 1;	/* pad */
		break;
	}
	fz_say(st, "radeon %s handle=%u %#x %#x", names[which], arg[0], arg[1], arg[2]);
	fz_ioctl(st, f->fd, radeon(names[which]), arg);
}

static void info(struct fz_state *st, struct fz_file *f)
{
	struct drm_radeon_info *req = fz_alloc(&st->arena, sizeof(*req));
	uint64_t *value = fz_alloc(&st->arena, sizeof(*value));

	/* the value is a user pointer; some requests read an input through it */
	req->request = fz_chance(&st->rng, 90) ? fz_below(&st->rng, 0x28) : fz_u32(&st->rng);
	*value = fz_below(&st->rng, 3);
	req->value = fz_chance(&st->rng, 85) ? (uintptr_t)value :
		fz_bad_ptr(&st->arena, (enum fz_bad_ptr)fz_below(&st->rng, FZ_NR_BAD_PTRS), 8);
	fz_say(st, "radeon INFO request=%#x", req->request);
	fz_ioctl(st, f->fd, radeon("INFO"), req);
}

/* A CS, with the two BOs its relocations want made first. */
static void cs_with_bos(struct fz_state *st, struct fz_file *f)
{
	if (f->nbos < 2)
		fz_radeon_bo_new(st, f, 4096);
	cs(st, f);
}

static void gem_info(struct fz_state *st, struct fz_file *f)
{
	struct drm_radeon_gem_info *gi = fz_alloc(&st->arena, sizeof(*gi));

	fz_say(st, "radeon GEM_INFO");
	fz_ioctl(st, f->fd, radeon("GEM_INFO"), gi);
}

static const struct fz_choice radeon_choices[] = {
	{ 4, cs_with_bos },
	{ 1, gem_create },
	{ 3, gem_per_bo },
	{ 1, info },
	{ 1, gem_info },
};

const struct fz_family fz_radeon_requests = { radeon_choices, ARRAY_SIZE(radeon_choices) };
