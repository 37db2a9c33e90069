// SPDX-License-Identifier: MIT
/*
 * The per-CS state tracker of the r100-r500 checkers (r100.c
 * r100_cs_track_clear, r100_cs_track_check, r100_cs_track_texture_check):
 * its defaults for R300+ and the checks run at every draw packet.
 *
 * The defaults matter: z_enabled starts true, so a draw before ZB_CNTL
 * needs a depth buffer; colour buffers start 8192 pixels of 16 bytes wide
 * with 4096 lines; vtx_size starts 0x7f. Colour buffers are only checked
 * when something can write or read them (a colour channel mask, a blend
 * that reads, or a ZB_CB_CLEAR).
 */
#include <errno.h>
#include <stdint.h>

#include "model/model.h"
#include "radeon/model/radeon_model.h"

void r100_track_clear(struct r100_track *track)
{
	*track = (struct r100_track){ 0 };
	track->cb_dirty = track->zb_dirty = track->tex_dirty = track->aa_dirty = true;
	track->num_cb = 4;
	track->num_texture = 16;
	track->maxy = 4096;
	for (unsigned int i = 0; i < track->num_cb; i++) {
		track->cb[i].pitch = 8192;
		track->cb[i].cpp = 16;
	}
	track->z_enabled = true;
	track->zb.pitch = 8192;
	track->zb.cpp = 4;
	track->vtx_size = 0x7f;
	track->immd_dwords = 0xffffffffu;
	track->num_arrays = 11;
	track->max_indx = 0x00ffffff;
	for (unsigned int i = 0; i < track->num_arrays; i++)
		track->arrays[i].esize = 0x7f;
	for (unsigned int i = 0; i < track->num_texture; i++) {
		struct r100_track_tex *t = &track->textures[i];

		t->pitch = t->width = t->height = 16536;
		t->width_11 = t->height_11 = 1 << 11;
		t->num_levels = 12;
		t->txdepth = 16;
		t->cpp = 64;
		t->roundup_w = t->roundup_h = true;
	}
}

static uint32_t roundup_pow2(uint32_t v)
{
	uint32_t r = 1;

	while (r < v)
		r <<= 1;
	return r;
}

/* r100_track_compress_size: DXT blocks of 4x4 texels */
static uint64_t compress_size(enum r100_track_comp fmt, uint32_t w, uint32_t h)
{
	uint32_t block_bytes = fmt == R100_TRACK_COMP_DXT1 ? 8 : 16;
	uint32_t min_wblocks = fmt == R100_TRACK_COMP_DXT1 ? 4 : 2;
	uint32_t wblocks = (w + 3) / 4, hblocks = (h + 3) / 4;

	if (wblocks < min_wblocks)
		wblocks = min_wblocks;
	return (uint64_t)wblocks * hblocks * block_bytes;
}

static int texture_check(struct radeon_parser *p, struct r100_track *track)
{
	bool r5xx = p->rdev->info->family >= RV515;

	for (unsigned int u = 0; u < track->num_texture; u++) {
		struct r100_track_tex *t = &track->textures[u];
		uint64_t size = 0;

		if (!t->enabled || t->lookup_disable)
			continue;
		if (!t->robj)
			return radeon_reject(-EINVAL, "No texture bound to unit %u", u);
		for (unsigned int i = 0; i <= t->num_levels; i++) {
			uint32_t w, h, d = 1;

			if (t->use_pitch) {
				w = t->pitch >> i;
			} else {
				w = (t->width | (r5xx ? t->width_11 : 0)) >> i;
				if (t->roundup_w)
					w = roundup_pow2(w);
			}
			h = (t->height | (r5xx ? t->height_11 : 0)) >> i;
			if (t->roundup_h)
				h = roundup_pow2(h);
			if (t->tex_coord_type == 1) {
				d = (1u << t->txdepth) >> i;
				if (!d)
					d = 1;
			}
			if (t->compress_format)
				size += compress_size(t->compress_format, w, h) * d;
			else
				size += (uint64_t)w * h * d;
		}
		size *= t->cpp;
		switch (t->tex_coord_type) {
		case 0:
		case 1:
			break;
		case 2:
			size *= 6;	/* cube map, faces not separate on R300+ */
			break;
		default:
			return radeon_reject(-EINVAL, "Invalid texture coordinate type %u for unit %u",
					     t->tex_coord_type, u);
		}
		if (size > model_bo_size(t->robj->bo))
			return radeon_reject(-EINVAL, "Texture of unit %u needs %llu bytes but is %llu",
					     u, (unsigned long long)size,
					     (unsigned long long)model_bo_size(t->robj->bo));
	}
	return 0;
}

/* pitch * cpp * maxy + offset must fit the buffer's BO */
static int buffer_check(const struct r100_track_buf *b, uint32_t cpp, uint32_t maxy, const char *what,
			unsigned int n)
{
	uint64_t size;

	if (!b->robj)
		return radeon_reject(-EINVAL, "No buffer for %s %u !", what, n);
	/* the product is unsigned int arithmetic in the kernel (it can wrap) */
	size = (uint64_t)(uint32_t)(b->pitch * cpp * maxy) + b->offset;
	if (size > model_bo_size(b->robj->bo))
		return radeon_reject(-EINVAL, "Buffer too small for %s %u (need %llu have %llu) !",
				     what, n, (unsigned long long)size,
				     (unsigned long long)model_bo_size(b->robj->bo));
	return 0;
}

int r100_track_check(struct radeon_parser *p, struct r100_track *track)
{
	uint32_t num_cb = track->cb_dirty ? track->num_cb : 0;
	uint32_t walk, nverts;
	uint64_t size;
	int r;

	/* nothing writes or reads the colour buffers */
	if (num_cb && !track->zb_cb_clear && !track->color_channel_mask && !track->blend_read_enable)
		num_cb = 0;
	for (uint32_t i = 0; i < num_cb; i++) {
		r = buffer_check(&track->cb[i], track->cb[i].cpp, track->maxy, "color buffer", i);
		if (r)
			return r;
	}
	track->cb_dirty = false;

	if (track->zb_dirty && track->z_enabled) {
		r = buffer_check(&track->zb, track->zb.cpp, track->maxy, "z buffer", 0);
		if (r)
			return r;
	}
	track->zb_dirty = false;

	if (track->aa_dirty && track->aaresolve) {
		/* the format comes from colour buffer 0 */
		r = buffer_check(&track->aa, track->cb[0].cpp, track->maxy, "AA resolve buffer", 0);
		if (r)
			return r;
	}
	track->aa_dirty = false;

	walk = (track->vap_vf_cntl & r300_vap_vf_cntl_PRIM_WALK__MASK) >> r300_vap_vf_cntl_PRIM_WALK__SHIFT;
	if (track->vap_vf_cntl & r300_vap_vf_cntl_USE_ALT_NUM_VERTS__MASK)
		nverts = track->vap_alt_nverts;
	else
		nverts = (track->vap_vf_cntl & r300_vap_vf_cntl_NUM_VERTICES__MASK) >>
			 r300_vap_vf_cntl_NUM_VERTICES__SHIFT;
	switch (walk) {
	case PRIM_WALK_INDICES:
	case PRIM_WALK_VERTEX_LIST:
		for (uint32_t i = 0; i < track->num_arrays; i++) {
			/* indexed: max_indx elements; a vertex list: nverts - 1 (sic) */
			uint32_t n = walk == PRIM_WALK_INDICES ? track->max_indx : nverts - 1;

			size = (uint64_t)(track->arrays[i].esize * n) * 4;
			if (!track->arrays[i].robj)
				return radeon_reject(-EINVAL, "(PW %u) Vertex array %u no buffer bound", walk, i);
			if (size > model_bo_size(track->arrays[i].robj->bo))
				return radeon_reject(-EINVAL, "(PW %u) Vertex array %u need %llu dwords",
						     walk, i, (unsigned long long)size / 4);
		}
		break;
	case PRIM_WALK_VERTEX_EMBEDDED:
		size = (uint32_t)(track->vtx_size * nverts);
		if (size != track->immd_dwords)
			return radeon_reject(-EINVAL, "IMMD draw %u dwors but needs %llu dwords "
					     "(NUM_VERTICES %u, VTX_SIZE %u)", track->immd_dwords,
					     (unsigned long long)size, nverts, track->vtx_size);
		break;
	default:
		return radeon_reject(-EINVAL, "Invalid primitive walk %u for VAP_VF_CNTL", walk);
	}

	if (track->tex_dirty) {
		track->tex_dirty = false;
		return texture_check(p, track);
	}
	return 0;
}
