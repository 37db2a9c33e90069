// SPDX-License-Identifier: MIT
/*
 * r300_packet0_check (r300.c): what the kernel does with a register whose
 * bit is set in the safe bitmap. A table maps each such register (or run
 * of per-unit registers) to one small handler: address registers take
 * their relocation, tracked registers feed the draw-time checks of
 * r100_cs_track (track.c), and everything else is forbidden. Fields are
 * read through the generated getters of radeon/registers/r300.xml.
 */
#include <errno.h>
#include <stdint.h>
#include <radeon_drm.h>

#include "model/model.h"
#include "radeon/model/radeon_model.h"
#include "util/util.h"

/* One register write under check: its IB index, register, value and unit (per-unit runs). */
struct reg_write {
	uint32_t idx, reg, v, unit;
};

static int no_reloc(int r, uint32_t idx, uint32_t reg)
{
	model_debug("radeon: No reloc for ib[%u]=0x%04X", idx, reg);
	return r;
}

static int forbidden(const struct reg_write *w)
{
	return radeon_reject(-EINVAL, "Forbidden register 0x%04X in cs at %u (val=%08x)", w->reg,
			     w->idx, w->v);
}

static enum r300_chip family(const struct radeon_parser *p)
{
	return p->rdev->info->family;
}

static bool hyperz_owner(const struct radeon_parser *p)
{
	return p->rdev->hyperz_filp == p->filp;
}

/* The reloc NOP after the register's packet, reported as the kernel does when it is missing. */
static int reloc_of(struct radeon_parser *p, const struct reg_write *w, struct radeon_mreloc **reloc)
{
	int r = radeon_next_reloc(p, reloc);

	return r ? no_reloc(r, w->idx, w->reg) : 0;
}

/* An address register: the BO's address is added; @buf (may be NULL) records the buffer. */
static int reloc_offset(struct radeon_parser *p, const struct reg_write *w,
			struct r100_track_buf *buf)
{
	struct radeon_mreloc *reloc;
	int r = reloc_of(p, w, &reloc);

	if (r)
		return r;
	if (buf) {
		buf->robj = reloc;
		buf->offset = w->v;
	}
	radeon_reloc_patch(p, w->idx, reloc);
	return 0;
}

static uint32_t micro_tile(uint32_t tiling_flags)
{
	if (tiling_flags & RADEON_TILING_MICRO)
		return MICROTILE_TILED;
	if (tiling_flags & RADEON_TILING_MICRO_SQUARE)
		return MICROTILE_TILED_SQUARE;
	return MICROTILE_LINEAR;
}

/* r100_reloc_pitch_offset: SRC/DST_PITCH_OFFSET of the 2D engine */
static int check_pitch_offset(struct radeon_parser *p, const struct reg_write *w)
{
	struct radeon_mreloc *reloc;
	uint32_t offset, tile = DST_TILE_LINEAR;
	int r = reloc_of(p, w, &reloc);

	if (r)
		return r;
	/* the offset field (1 KiB units) plus the BO's address; a carry is not cut, as the kernel */
	offset = (w->v & radeon_pitch_offset_OFFSET__MASK) +
		 ((uint32_t)reloc->mbo->gpu_offset >> radeon_pitch_offset_OFFSET__SHR);
	if (p->cs_flags & RADEON_CS_KEEP_TILING_FLAGS) {
		p->ib[w->idx] = (w->v & ~radeon_pitch_offset_OFFSET__MASK) | offset;
		return 0;
	}
	if (reloc->mbo->tiling_flags & RADEON_TILING_MACRO)
		tile |= DST_TILE_MACRO;
	if (reloc->mbo->tiling_flags & RADEON_TILING_MICRO) {
		if (w->reg == REG_R300_SRC_PITCH_OFFSET)
			return radeon_reject(-EINVAL, "Cannot src blit from microtiled surface");
		tile |= DST_TILE_MICRO;
	}
	p->ib[w->idx] = (w->v & radeon_pitch_offset_PITCH__MASK) | offset |
			radeon_pitch_offset_TILE(tile);
	return 0;
}

/*
 * A pitch register (colour buffer, depth buffer) takes its tiling from
 * the BO it follows: unless the CS keeps its own tiling flags, the next
 * relocation's macro and micro tiling replace the register's tile fields.
 */
static int pitch_tiling(struct radeon_parser *p, const struct reg_write *w, uint32_t macro_mask,
			uint32_t micro_mask)
{
	struct radeon_mreloc *reloc;
	uint32_t tiling;
	int r;

	if (p->cs_flags & RADEON_CS_KEEP_TILING_FLAGS)
		return 0;
	r = reloc_of(p, w, &reloc);
	if (r)
		return r;
	tiling = (micro_tile(reloc->mbo->tiling_flags) << __builtin_ctz(micro_mask)) & micro_mask;
	if (reloc->mbo->tiling_flags & RADEON_TILING_MACRO)
		tiling |= macro_mask;
	p->ib[w->idx] = (w->v & ~(macro_mask | micro_mask)) | tiling;
	return 0;
}

/* RB3D_COLORPITCHn format -> bytes per pixel; 0 = invalid */
static uint32_t colorformat_cpp(const struct radeon_parser *p, uint32_t fmt)
{
	switch (fmt) {
	case COLOR_FORMAT_I8:
	case COLOR_FORMAT_VYUY:
	case COLOR_FORMAT_YVYU:
		return 1;
	case COLOR_FORMAT_ARGB1555:
	case COLOR_FORMAT_RGB565:
	case COLOR_FORMAT_UV88:
	case COLOR_FORMAT_ARGB4444:
		return 2;
	case COLOR_FORMAT_ARGB2101010:
		return family(p) < RV515 ? 0 : 4;
	case COLOR_FORMAT_ARGB8888:
		return 4;
	case COLOR_FORMAT_ARGB16161616:
		return 8;
	case COLOR_FORMAT_ARGB32323232:
		return 16;
	default:
		return 0;
	}
}

/* TX_FORMAT1n format -> bytes per texel and compression; false = invalid */
static bool tx_format(const struct radeon_parser *p, uint32_t fmt, struct r100_track_tex *t)
{
	t->compress_format = R100_TRACK_COMP_NONE;
	switch (fmt) {
	case TX_FORMAT_X8: case TX_FORMAT_Y4X4: case TX_FORMAT_Z3Y3X2:
		t->cpp = 1;
		return true;
	case TX_FORMAT_X16: case TX_FORMAT_16F: case TX_FORMAT_Y8X8: case TX_FORMAT_Z5Y6X5:
	case TX_FORMAT_Z6Y5X5: case TX_FORMAT_W4Z4Y4X4: case TX_FORMAT_W1Z5Y5X5:
	case TX_FORMAT_CxV8U8: case TX_FORMAT_VYUY422: case TX_FORMAT_YVYU422:
		t->cpp = 2;
		return true;
	case TX_FORMAT_Y16X16: case TX_FORMAT_16F_16F: case TX_FORMAT_Z11Y11X10:
	case TX_FORMAT_Z10Y11X11: case TX_FORMAT_W8Z8Y8X8: case TX_FORMAT_W2Z10Y10X10:
	case TX_FORMAT_16_16_MPEG: case TX_FORMAT_32F: case TX_FORMAT_W24_FP:
		t->cpp = 4;
		return true;
	case TX_FORMAT_W16Z16Y16X16: case TX_FORMAT_16F_16F_16F_16F: case TX_FORMAT_32F_32F:
		t->cpp = 8;
		return true;
	case TX_FORMAT_32F_32F_32F_32F:
		t->cpp = 16;
		return true;
	case TX_FORMAT_DXT1:
		t->cpp = 1;
		t->compress_format = R100_TRACK_COMP_DXT1;
		return true;
	case TX_FORMAT_ATI2N:
		if (family(p) < R420)
			return false;
		/* the rules of DXT3/5 */
		__attribute__((fallthrough));
	case TX_FORMAT_DXT3: case TX_FORMAT_DXT5:
		t->cpp = 1;
		t->compress_format = R100_TRACK_COMP_DXT35;
		return true;
	default:
		return false;
	}
}

/* ---- the handlers, in the order of r300_packet0_check's switch ------------ */

static int check_vline(struct radeon_parser *p, const struct reg_write *w)
{
	/* r100_cs_packet_parse_vline needs a CRTC; the model has none */
	(void)p;
	return no_reloc(radeon_reject(-EINVAL, "vline wait: no CRTC in the model"), w->idx, w->reg);
}

static int check_coloroffset(struct radeon_parser *p, const struct reg_write *w)
{
	return reloc_offset(p, w, &p->track->cb[w->unit]);
}

static int check_depthoffset(struct radeon_parser *p, const struct reg_write *w)
{
	return reloc_offset(p, w, &p->track->zb);
}

/* TX_OFFSETn: the BO's address, and its tiling unless the CS keeps its own */
static int check_tx_offset(struct radeon_parser *p, const struct reg_write *w)
{
	struct radeon_mreloc *reloc;
	uint32_t tile_flags = 0;
	int r = reloc_of(p, w, &reloc);

	if (r)
		return r;
	if (p->cs_flags & RADEON_CS_KEEP_TILING_FLAGS) {
		/* the control bits below the offset stay as the CS has them */
		p->ib[w->idx] = (w->v & ~r300_tx_offset_OFFSET__MASK) |
				((w->v & r300_tx_offset_OFFSET__MASK) + (uint32_t)reloc->mbo->gpu_offset);
	} else {
		if (reloc->mbo->tiling_flags & RADEON_TILING_MACRO)
			tile_flags |= r300_tx_offset_MACRO_TILE__MASK;
		tile_flags |= r300_tx_offset_MICRO_TILE(micro_tile(reloc->mbo->tiling_flags));
		p->ib[w->idx] = (w->v + (uint32_t)reloc->mbo->gpu_offset) | tile_flags;
	}
	p->track->textures[w->unit].robj = reloc;
	return 0;
}

static int check_vf_cntl(struct radeon_parser *p, const struct reg_write *w)
{
	p->track->vap_vf_cntl = w->v;
	return 0;
}

static int check_vtx_size(struct radeon_parser *p, const struct reg_write *w)
{
	p->track->vtx_size = R300_VAP_VTX_SIZE_DWORDS__get(w->v);
	return 0;
}

static int check_max_indx(struct radeon_parser *p, const struct reg_write *w)
{
	p->track->max_indx = R300_VAP_VF_MAX_VTX_INDX_MAX_INDX__get(w->v);
	return 0;
}

static int check_alt_num_vertices(struct radeon_parser *p, const struct reg_write *w)
{
	if (family(p) < RV515)	/* R5xx only */
		return forbidden(w);
	p->track->vap_alt_nverts = R300_VAP_ALT_NUM_VERTICES_NUM_VERTICES__get(w->v);
	return 0;
}

static int check_scissor1(struct radeon_parser *p, const struct reg_write *w)
{
	struct r100_track *track = p->track;

	track->maxy = r300_sc_xy_Y__get(w->v) + 1;
	if (family(p) < RV515)
		track->maxy -= SC_ORIGIN_R3XX;
	return 0;
}

static int check_rb3d_cctl(struct radeon_parser *p, const struct reg_write *w)
{
	if (R300_RB3D_CCTL_CMASK_ENABLE__get(w->v) && p->rdev->cmask_filp != p->filp)
		return radeon_reject(-EINVAL, "Invalid RB3D_CCTL: Cannot enable CMASK.");
	p->track->num_cb = R300_RB3D_CCTL_NUM_MULTIWRITES__get(w->v) + 1;
	return 0;
}

static int check_colorpitch(struct radeon_parser *p, const struct reg_write *w)
{
	struct r100_track_buf *cb = &p->track->cb[w->unit];
	uint32_t fmt = r300_colorpitch_COLORFORMAT__get(w->v);
	int r = pitch_tiling(p, w, r300_colorpitch_COLORTILE__MASK,
			     r300_colorpitch_COLORMICROTILE__MASK);

	if (r)
		return r;
	cb->pitch = r300_colorpitch_COLORPITCH__get(w->v);
	cb->cpp = colorformat_cpp(p, fmt);
	if (!cb->cpp)
		return radeon_reject(-EINVAL, "Invalid color buffer format (%u) !", fmt);
	return 0;
}

static int check_zb_cntl(struct radeon_parser *p, const struct reg_write *w)
{
	p->track->z_enabled = R300_ZB_CNTL_Z_ENABLE__get(w->v);
	return 0;
}

static int check_zb_format(struct radeon_parser *p, const struct reg_write *w)
{
	uint32_t fmt = R300_ZB_FORMAT_DEPTHFORMAT__get(w->v);

	switch (fmt) {
	case DEPTHFORMAT_16BIT_INT_Z:
	case DEPTHFORMAT_16BIT_13E3:
		p->track->zb.cpp = 2;
		break;
	case DEPTHFORMAT_24BIT_INT_Z_8BIT_STENCIL:
		p->track->zb.cpp = 4;
		break;
	default:
		return radeon_reject(-EINVAL, "Invalid z buffer format (%u) !", fmt);
	}
	return 0;
}

static int check_depthpitch(struct radeon_parser *p, const struct reg_write *w)
{
	int r = pitch_tiling(p, w, R300_ZB_DEPTHPITCH_DEPTHMACROTILE__MASK,
			     R300_ZB_DEPTHPITCH_DEPTHMICROTILE__MASK);

	if (r)
		return r;
	p->track->zb.pitch = R300_ZB_DEPTHPITCH_DEPTHPITCH__get(w->v);
	return 0;
}

static int check_tx_enable(struct radeon_parser *p, const struct reg_write *w)
{
	/* all 16 bits, one per unit (the database names the first seven) */
	for (unsigned int i = 0; i < R100_TRACK_MAX_TEXTURE; i++)
		p->track->textures[i].enabled = w->v & (R300_TX_ENABLE_TEX_0__MASK << i);
	return 0;
}

static int check_tx_format1(struct radeon_parser *p, const struct reg_write *w)
{
	struct r100_track_tex *t = &p->track->textures[w->unit];
	uint32_t fmt = R300_TX_FORMAT1_TXFORMAT__get(w->v);

	t->tex_coord_type = R300_TX_FORMAT1_TEX_COORD_TYPE__get(w->v);
	if (!tx_format(p, fmt, t))
		return radeon_reject(-EINVAL, "Invalid texture format %u", fmt);
	return 0;
}

static bool clamps(uint32_t wrap)
{
	return wrap == TX_CLAMP_TO_EDGE || wrap == TX_CLAMP || wrap == TX_CLAMP_TO_BORDER;
}

/* clamp modes size the texture without rounding up to a power of two */
static int check_tx_filter0(struct radeon_parser *p, const struct reg_write *w)
{
	struct r100_track_tex *t = &p->track->textures[w->unit];

	if (clamps(R300_TX_FILTER0_WRAP_S__get(w->v)))
		t->roundup_w = false;
	if (clamps(R300_TX_FILTER0_WRAP_T__get(w->v)))
		t->roundup_h = false;
	return 0;
}

static int check_tx_format2(struct radeon_parser *p, const struct reg_write *w)
{
	struct r100_track_tex *t = &p->track->textures[w->unit];
	bool msb = R300_TX_FORMAT2_TXFORMAT_MSB__get(w->v);

	t->pitch = R300_TX_FORMAT2_PITCHMASK__get(w->v) + 1;
	if (family(p) >= RV515) {
		t->width_11 = R300_TX_FORMAT2_TXWIDTH_11__get(w->v) << 11;
		t->height_11 = R300_TX_FORMAT2_TXHEIGHT_11__get(w->v) << 11;
		if (msb)	/* ATI1N: the rules of DXT1 */
			t->compress_format = R100_TRACK_COMP_DXT1;
	} else if (msb) {
		return radeon_reject(-EINVAL, "Forbidden bit TXFORMAT_MSB");
	}
	return 0;
}

static int check_tx_format0(struct radeon_parser *p, const struct reg_write *w)
{
	struct r100_track_tex *t = &p->track->textures[w->unit];

	t->width = R300_TX_FORMAT0_WIDTHMASK__get(w->v) + 1;
	t->height = R300_TX_FORMAT0_HEIGHTMASK__get(w->v) + 1;
	t->num_levels = R300_TX_FORMAT0_NUM_LEVELS__get(w->v);
	t->use_pitch = R300_TX_FORMAT0_PITCH_EN__get(w->v);
	t->txdepth = R300_TX_FORMAT0_DEPTHMASK__get(w->v);
	return 0;
}

static int check_zpass_addr(struct radeon_parser *p, const struct reg_write *w)
{
	return reloc_offset(p, w, NULL);
}

static int check_channel_mask(struct radeon_parser *p, const struct reg_write *w)
{
	p->track->color_channel_mask = w->v;
	return 0;
}

static int check_hyperz_en(struct radeon_parser *p, const struct reg_write *w)
{
	/* r300c emits it: HZ_EN is silently cleared for a file without Hyper-Z */
	if (!hyperz_owner(p) && R300_SC_HYPERZ_EN_HZ_EN__get(w->v))
		p->ib[w->idx] = w->v & ~R300_SC_HYPERZ_EN_HZ_EN__MASK;
	return 0;
}

static int check_zb_bw_cntl(struct radeon_parser *p, const struct reg_write *w)
{
	const uint32_t hyperz = R300_ZB_BW_CNTL_HIZ_ENABLE__MASK |
				R300_ZB_BW_CNTL_RD_COMP_ENABLE__MASK |
				R300_ZB_BW_CNTL_WR_COMP_ENABLE__MASK | R300_ZB_BW_CNTL_FAST_FILL__MASK;

	p->track->zb_cb_clear = R300_ZB_BW_CNTL_ZB_CB_CLEAR__get(w->v);
	if (!hyperz_owner(p) && (w->v & hyperz))
		return forbidden(w);
	return 0;
}

static int check_blendcntl(struct radeon_parser *p, const struct reg_write *w)
{
	p->track->blend_read_enable = R300_RB3D_BLENDCNTL_READ_ENABLE__get(w->v);
	return 0;
}

static int check_aaresolve_offset(struct radeon_parser *p, const struct reg_write *w)
{
	return reloc_offset(p, w, &p->track->aa);
}

static int check_aaresolve_pitch(struct radeon_parser *p, const struct reg_write *w)
{
	p->track->aa.pitch = R300_RB3D_AARESOLVE_PITCH_PITCH__get(w->v);
	return 0;
}

static int check_aaresolve_ctl(struct radeon_parser *p, const struct reg_write *w)
{
	p->track->aaresolve = R300_RB3D_AARESOLVE_CTL_RESOLVE__get(w->v);
	return 0;
}

/* ZMASK/HIZ offsets and pitches: zero always, anything else for the Hyper-Z owner */
static int check_hyperz_reg(struct radeon_parser *p, const struct reg_write *w)
{
	return w->v && !hyperz_owner(p) ? forbidden(w) : 0;
}

static int check_z_peq_config(struct radeon_parser *p, const struct reg_write *w)
{
	if (w->v && !hyperz_owner(p))
		return forbidden(w);
	return family(p) >= RV350 ? 0 : forbidden(w);
}

static int check_zbreg_dest(struct radeon_parser *p, const struct reg_write *w)
{
	/* valid on RV530 only */
	return family(p) == RV530 ? 0 : forbidden(w);
}

typedef int (*reg_check_fn)(struct radeon_parser *p, const struct reg_write *w);

/* The draw-time checks a register feeds: r100_cs_track's cb/zb/tex/aa_dirty. */
enum { CB = 1, ZB = 2, TEX = 4, AA = 8 };

/*
 * @count registers from @reg, 4 bytes apart (unit = index), each checked
 * by @fn; a per-unit array of the database gives its offset function @at
 * instead of @reg (generated as a function, not a constant). A write that
 * passes marks the state in @dirty for the next draw's check (only what
 * passed matters: the first rejection ends the CS).
 */
static const struct reg_check {
	uint32_t reg, count;
	reg_check_fn fn;
	unsigned int dirty;
	uint32_t (*at)(uint32_t unit);
} reg_checks[] = {
#define ONE(r, f, d) { .reg = (r), .count = 1, .fn = (f), .dirty = (d) }
#define RUN(r, n, f, d) { .reg = (r), .count = (n), .fn = (f), .dirty = (d) }
#define UNITS(a, f, d) { .at = (a), .count = R100_TRACK_MAX_TEXTURE, .fn = (f), .dirty = (d) }
	ONE(REG_R300_CRTC_GUI_TRIG_VLINE, check_vline, 0),
	ONE(REG_R300_AVIVO_D1MODE_VLINE_START_END, check_vline, 0),
	ONE(REG_R300_SRC_PITCH_OFFSET, check_pitch_offset, 0),
	ONE(REG_R300_DST_PITCH_OFFSET, check_pitch_offset, 0),
	RUN(REG_R300_RB3D_COLOROFFSET0, R100_TRACK_NUM_CB, check_coloroffset, CB),
	ONE(REG_R300_ZB_DEPTHOFFSET, check_depthoffset, ZB),
	UNITS(REG_R300_TX_OFFSET, check_tx_offset, TEX),
	ONE(REG_R300_VAP_VF_CNTL, check_vf_cntl, 0),
	ONE(REG_R300_VAP_VTX_SIZE, check_vtx_size, 0),
	ONE(REG_R300_VAP_VF_MAX_VTX_INDX, check_max_indx, 0),
	ONE(REG_R300_VAP_ALT_NUM_VERTICES, check_alt_num_vertices, 0),
	ONE(REG_R300_SC_SCISSOR1, check_scissor1, CB | ZB),
	ONE(REG_R300_RB3D_CCTL, check_rb3d_cctl, CB),
	RUN(REG_R300_RB3D_COLORPITCH0, R100_TRACK_NUM_CB, check_colorpitch, CB),
	ONE(REG_R300_ZB_CNTL, check_zb_cntl, ZB),
	ONE(REG_R300_ZB_FORMAT, check_zb_format, ZB),
	ONE(REG_R300_ZB_DEPTHPITCH, check_depthpitch, ZB),
	ONE(REG_R300_TX_ENABLE, check_tx_enable, TEX),
	UNITS(REG_R300_TX_FORMAT1, check_tx_format1, TEX),
	UNITS(REG_R300_TX_FILTER0, check_tx_filter0, TEX),
	UNITS(REG_R300_TX_FORMAT2, check_tx_format2, TEX),
	UNITS(REG_R300_TX_FORMAT0, check_tx_format0, TEX),
	ONE(REG_R300_ZB_ZPASS_ADDR, check_zpass_addr, 0),
	ONE(REG_R300_RB3D_COLOR_CHANNEL_MASK, check_channel_mask, CB),
	ONE(REG_R300_SC_HYPERZ_EN, check_hyperz_en, 0),
	ONE(REG_R300_ZB_BW_CNTL, check_zb_bw_cntl, CB | ZB),
	ONE(REG_R300_RB3D_BLENDCNTL, check_blendcntl, CB),
	ONE(REG_R300_RB3D_AARESOLVE_OFFSET, check_aaresolve_offset, AA),
	ONE(REG_R300_RB3D_AARESOLVE_PITCH, check_aaresolve_pitch, AA),
	ONE(REG_R300_RB3D_AARESOLVE_CTL, check_aaresolve_ctl, AA),
	ONE(REG_R300_ZB_ZMASK_OFFSET, check_hyperz_reg, 0),
	ONE(REG_R300_ZB_ZMASK_PITCH, check_hyperz_reg, 0),
	ONE(REG_R300_ZB_HIZ_OFFSET, check_hyperz_reg, 0),
	ONE(REG_R300_ZB_HIZ_PITCH, check_hyperz_reg, 0),
	ONE(REG_R300_GB_Z_PEQ_CONFIG, check_z_peq_config, 0),
	ONE(REG_R300_FG_ZBREG_DEST, check_zbreg_dest, 0),
#undef ONE
#undef RUN
#undef UNITS
};

static void mark_dirty(struct r100_track *track, unsigned int dirty)
{
	track->cb_dirty |= dirty & CB;
	track->zb_dirty |= dirty & ZB;
	track->tex_dirty |= dirty & TEX;
	track->aa_dirty |= dirty & AA;
}

int r300_packet0_check(struct radeon_parser *p, uint32_t idx, uint32_t reg)
{
	struct reg_write w = { .idx = idx, .reg = reg, .v = radeon_ib_get(p, idx) };
	int r;

	for (size_t i = 0; i < ARRAY_SIZE(reg_checks); i++) {
		const struct reg_check *c = &reg_checks[i];
		uint32_t first = c->at ? c->at(0) : c->reg;

		if (reg < first || reg >= first + 4 * c->count)
			continue;
		w.unit = (reg - first) / 4;
		r = c->fn(p, &w);
		if (!r)
			mark_dirty(p->track, c->dirty);
		return r;
	}
	return forbidden(&w);
}
