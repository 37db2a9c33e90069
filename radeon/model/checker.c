// SPDX-License-Identifier: MIT
/*
 * The r300 command-stream checker, phase by phase as the kernel runs it:
 *
 *   r300_cs_parse          packet loop over the IB (r300.c)
 *   radeon_packet_parse    header decode and bounds (radeon_cs.c radeon_cs_packet_parse)
 *   parse_packet0          safe-register bitmap walk (r100.c r100_cs_parse_packet0)
 *   packet0_check          tracked and relocated registers (r300.c r300_packet0_check)
 *   packet3_check          the PACKET3 whitelist and draws (r300.c r300_packet3_check)
 *   radeon_next_reloc      reloc NOPs (radeon_cs.c radeon_cs_packet_next_reloc)
 *
 * Every rejection returns the kernel's errno (-EINVAL throughout, as the
 * kernel) with a DRMSUB_MODEL_DEBUG line quoting the kernel's message.
 * Relocated dwords are patched in the model's copy of the IB with the
 * BO's GPU address, as the kernel patches its IB.
 */
#include <errno.h>
#include <stdint.h>
#include <radeon_drm.h>

#include "model/model.h"
#include "radeon/cp_packet.h"
#include "radeon/model/radeon_model.h"
#include "radeon/radeon_pm4.xml.h"

/* A field of a register value, by its generated NAME__MASK / NAME__SHIFT. */
#define FIELD(v, name) (((v) & name##__MASK) >> name##__SHIFT)

/* radeon_cs.c: RADEON_CP_PACKET_GET_TYPE/COUNT, R100_CP_PACKET0_GET_REG, ... */
int radeon_packet_parse(struct radeon_parser *p, struct radeon_mpacket *pkt, uint32_t idx)
{
	struct radeon_cp_packet cp;

	if (idx >= p->ib_len)
		return radeon_reject(-EINVAL, "Can not parse packet at %u after CS end %u !",
				     idx, p->ib_len);
	/* the header's fields through the shared parser (radeon/cp_packet.h) */
	cp = radeon_cp_parse(p->ib[idx]);
	pkt->idx = idx;
	pkt->type = cp.type;
	pkt->reg = cp.reg;
	pkt->one_reg_wr = cp.one_reg_wr;
	pkt->opcode = cp.opcode;
	switch (cp.type) {
	case RADEON_CP_TYPE0:
	case RADEON_CP_TYPE3:
		pkt->count = (int32_t)cp.count - 1;	/* the kernel keeps COUNT (n - 1) */
		break;
	case RADEON_CP_TYPE2:
		pkt->count = -1;
		break;
	default:
		return radeon_reject(-EINVAL, "Unknown packet type %u at %u !", pkt->type, idx);
	}
	if ((uint64_t)(int64_t)pkt->count + 1 + pkt->idx >= p->ib_len)
		return radeon_reject(-EINVAL, "Packet (%u:%u:%d) end after CS buffer (%u) !",
				     pkt->idx, pkt->type, pkt->count, p->ib_len);
	return 0;
}

/* The reloc NOP at p->idx: PACKET3 NOP whose payload is a dword offset into RELOCS. */
int radeon_next_reloc(struct radeon_parser *p, struct radeon_mreloc **reloc)
{
	struct radeon_mpacket p3;
	uint32_t off;
	int r;

	if (!p->has_relocs)
		return radeon_reject(-EINVAL, "No relocation chunk !");
	*reloc = NULL;
	r = radeon_packet_parse(p, &p3, p->idx);
	if (r)
		return r;
	p->idx += p3.count + 2;
	if (p3.type != PACKET_TYPE3 || p3.opcode != PACKET3_NOP)
		return radeon_reject(-EINVAL, "No packet3 for relocation for packet at %u.", p3.idx);
	off = radeon_ib_get(p, p3.idx + 1);
	if (off >= p->relocs_len_dw)
		return radeon_reject(-EINVAL, "Relocs at %u after relocations chunk end %u !",
				     off, p->relocs_len_dw);
	/* a chunk length that is not a multiple of 4 lets the kernel read past its relocs */
	if (off / 4 >= p->nrelocs)
		return radeon_reject(-EINVAL, "Relocs at %u past the last whole reloc (%u)",
				     off, p->nrelocs);
	*reloc = &p->relocs[off / 4];
	return 0;
}

static int no_reloc(int r, uint32_t idx, uint32_t reg)
{
	model_debug("radeon: No reloc for ib[%u]=0x%04X", idx, reg);
	return r;
}

/* An address register: its reloc NOP follows; the dword gets the BO's address added. */
static int reloc_offset(struct radeon_parser *p, uint32_t idx, uint32_t reg,
			struct r100_track_buf *buf, bool *dirty)
{
	struct radeon_mreloc *reloc;
	uint32_t v = radeon_ib_get(p, idx);
	int r = radeon_next_reloc(p, &reloc);

	if (r)
		return no_reloc(r, idx, reg);
	if (buf) {
		buf->robj = reloc;
		buf->offset = v;
		*dirty = true;
	}
	p->ib[idx] = v + (uint32_t)reloc->mbo->gpu_offset;
	return 0;
}

static int forbidden(uint32_t reg, uint32_t idx, uint32_t v)
{
	return radeon_reject(-EINVAL, "Forbidden register 0x%04X in cs at %u (val=%08x)", reg, idx, v);
}

/* r100_reloc_pitch_offset: SRC/DST_PITCH_OFFSET of the 2D engine */
static int reloc_pitch_offset(struct radeon_parser *p, uint32_t idx, uint32_t reg)
{
	struct radeon_mreloc *reloc;
	uint32_t value, tmp, tile_flags = 0;
	int r = radeon_next_reloc(p, &reloc);

	if (r)
		return no_reloc(r, idx, reg);
	value = radeon_ib_get(p, idx);
	tmp = (value & 0x003fffff) + ((uint32_t)reloc->mbo->gpu_offset >> 10);
	if (!(p->cs_flags & RADEON_CS_KEEP_TILING_FLAGS)) {
		if (reloc->mbo->tiling_flags & RADEON_TILING_MACRO)
			tile_flags |= 1u << 30;		/* RADEON_DST_TILE_MACRO */
		if (reloc->mbo->tiling_flags & RADEON_TILING_MICRO) {
			if (reg == REG_R300_SRC_PITCH_OFFSET)
				return radeon_reject(-EINVAL, "Cannot src blit from microtiled surface");
			tile_flags |= 2u << 30;		/* RADEON_DST_TILE_MICRO */
		}
		p->ib[idx] = (value & 0x3fc00000) | tmp | tile_flags;
	} else {
		p->ib[idx] = (value & 0xffc00000) | tmp;
	}
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

/*
 * A pitch register (colour buffer, depth buffer) takes its tiling from
 * the BO it follows: unless the CS keeps its own tiling flags, the next
 * relocation's macro and micro tiling replace the @macro/@micro fields.
 */
static int pitch_tiling(struct radeon_parser *p, uint32_t idx, uint32_t reg, uint32_t v,
			uint32_t macro, uint32_t micro)
{
	struct radeon_mreloc *reloc;
	uint32_t tiling;
	int r;

	if (p->cs_flags & RADEON_CS_KEEP_TILING_FLAGS)
		return 0;
	r = radeon_next_reloc(p, &reloc);
	if (r)
		return no_reloc(r, idx, reg);
	tiling = (micro_tile(reloc->mbo->tiling_flags) << __builtin_ctz(micro)) & micro;
	if (reloc->mbo->tiling_flags & RADEON_TILING_MACRO)
		tiling |= macro;
	p->ib[idx] = (v & ~(macro | micro)) | tiling;
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
		return p->rdev->info->family < RV515 ? 0 : 4;
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
		if (p->rdev->info->family < R420)
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

/* r300_packet0_check: a register whose bit is set in the safe bitmap */
static int packet0_check(struct radeon_parser *p, uint32_t idx, uint32_t reg)
{
	struct r100_track *track = p->track;
	enum r300_chip family = p->rdev->info->family;
	uint32_t v = radeon_ib_get(p, idx), tile_flags = 0, i;
	struct radeon_mreloc *reloc;
	bool hyperz = p->rdev->hyperz_filp == p->filp;
	int r;

	switch (reg) {
	case REG_R300_CRTC_GUI_TRIG_VLINE:
	case REG_R300_AVIVO_D1MODE_VLINE_START_END:
		/* r100_cs_packet_parse_vline needs a CRTC; the model has none */
		return no_reloc(radeon_reject(-EINVAL, "vline wait: no CRTC in the model"), idx, reg);
	case REG_R300_SRC_PITCH_OFFSET:
	case REG_R300_DST_PITCH_OFFSET:
		return reloc_pitch_offset(p, idx, reg);
	case REG_R300_RB3D_COLOROFFSET0:
	case REG_R300_RB3D_COLOROFFSET1:
	case REG_R300_RB3D_COLOROFFSET2:
	case REG_R300_RB3D_COLOROFFSET3:
		i = (reg - REG_R300_RB3D_COLOROFFSET0) >> 2;
		return reloc_offset(p, idx, reg, &track->cb[i], &track->cb_dirty);
	case REG_R300_ZB_DEPTHOFFSET:
		return reloc_offset(p, idx, reg, &track->zb, &track->zb_dirty);
	case REG_R300_VAP_VF_CNTL:
		track->vap_vf_cntl = v;
		return 0;
	case REG_R300_VAP_VTX_SIZE:
		track->vtx_size = v & R300_VAP_VTX_SIZE_DWORDS__MASK;
		return 0;
	case REG_R300_VAP_VF_MAX_VTX_INDX:
		track->max_indx = v & R300_VAP_VF_MAX_VTX_INDX_MAX_INDX__MASK;
		return 0;
	case REG_R300_VAP_ALT_NUM_VERTICES:
		if (family < RV515)	/* R5xx only */
			return forbidden(reg, idx, v);
		track->vap_alt_nverts = v & R300_VAP_ALT_NUM_VERTICES_NUM_VERTICES__MASK;
		return 0;
	case REG_R300_SC_SCISSOR1:
		track->maxy = FIELD(v, r300_sc_xy_Y) + 1;
		if (family < RV515)	/* R3xx/R4xx scissors carry a 1440 offset */
			track->maxy -= 1440;
		track->cb_dirty = true;
		track->zb_dirty = true;
		return 0;
	case REG_R300_RB3D_CCTL:
		if ((v & R300_RB3D_CCTL_CMASK_ENABLE__MASK) && p->rdev->cmask_filp != p->filp)
			return radeon_reject(-EINVAL, "Invalid RB3D_CCTL: Cannot enable CMASK.");
		track->num_cb = FIELD(v, R300_RB3D_CCTL_NUM_MULTIWRITES) + 1;
		track->cb_dirty = true;
		return 0;
	case REG_R300_RB3D_COLORPITCH0:
	case REG_R300_RB3D_COLORPITCH1:
	case REG_R300_RB3D_COLORPITCH2:
	case REG_R300_RB3D_COLORPITCH3:
		r = pitch_tiling(p, idx, reg, v, r300_colorpitch_COLORTILE__MASK,
				 r300_colorpitch_COLORMICROTILE__MASK);
		if (r)
			return r;
		i = (reg - REG_R300_RB3D_COLORPITCH0) >> 2;
		track->cb[i].pitch = v & r300_colorpitch_COLORPITCH__MASK;
		track->cb[i].cpp = colorformat_cpp(p, FIELD(v, r300_colorpitch_COLORFORMAT));
		if (!track->cb[i].cpp)
			return radeon_reject(-EINVAL, "Invalid color buffer format (%u) !",
					     FIELD(v, r300_colorpitch_COLORFORMAT));
		track->cb_dirty = true;
		return 0;
	case REG_R300_ZB_CNTL:
		track->z_enabled = v & R300_ZB_CNTL_Z_ENABLE__MASK;
		track->zb_dirty = true;
		return 0;
	case REG_R300_ZB_FORMAT:
		switch (v & R300_ZB_FORMAT_DEPTHFORMAT__MASK) {
		case 0:
		case 1:
			track->zb.cpp = 2;
			break;
		case 2:
			track->zb.cpp = 4;
			break;
		default:
			return radeon_reject(-EINVAL, "Invalid z buffer format (%u) !",
					     v & R300_ZB_FORMAT_DEPTHFORMAT__MASK);
		}
		track->zb_dirty = true;
		return 0;
	case REG_R300_ZB_DEPTHPITCH:
		r = pitch_tiling(p, idx, reg, v, R300_ZB_DEPTHPITCH_DEPTHMACROTILE__MASK,
				 R300_ZB_DEPTHPITCH_DEPTHMICROTILE__MASK);
		if (r)
			return r;
		track->zb.pitch = v & R300_ZB_DEPTHPITCH_DEPTHPITCH__MASK;
		track->zb_dirty = true;
		return 0;
	case REG_R300_TX_ENABLE:
		for (i = 0; i < R100_TRACK_MAX_TEXTURE; i++)
			track->textures[i].enabled = v & (1u << i);
		track->tex_dirty = true;
		return 0;
	case REG_R300_ZB_ZPASS_ADDR:
		return reloc_offset(p, idx, reg, NULL, NULL);
	case REG_R300_RB3D_COLOR_CHANNEL_MASK:
		track->color_channel_mask = v;
		track->cb_dirty = true;
		return 0;
	case REG_R300_SC_HYPERZ_EN:
		/* r300c emits it: HZ_EN is silently cleared for a file without Hyper-Z */
		if (!hyperz && (v & R300_SC_HYPERZ_EN_HZ_EN__MASK))
			p->ib[idx] = v & ~R300_SC_HYPERZ_EN_HZ_EN__MASK;
		return 0;
	case REG_R300_ZB_BW_CNTL:
		track->zb_cb_clear = v & R300_ZB_BW_CNTL_ZB_CB_CLEAR__MASK;
		track->cb_dirty = true;
		track->zb_dirty = true;
		if (!hyperz && (v & (R300_ZB_BW_CNTL_HIZ_ENABLE__MASK | R300_ZB_BW_CNTL_RD_COMP_ENABLE__MASK |
				     R300_ZB_BW_CNTL_WR_COMP_ENABLE__MASK | R300_ZB_BW_CNTL_FAST_FILL__MASK)))
			return forbidden(reg, idx, v);
		return 0;
	case REG_R300_RB3D_BLENDCNTL:
		track->blend_read_enable = v & R300_RB3D_BLENDCNTL_READ_ENABLE__MASK;
		track->cb_dirty = true;
		return 0;
	case REG_R300_RB3D_AARESOLVE_OFFSET:
		return reloc_offset(p, idx, reg, &track->aa, &track->aa_dirty);
	case REG_R300_RB3D_AARESOLVE_PITCH:
		track->aa.pitch = v & R300_RB3D_AARESOLVE_PITCH_PITCH__MASK;
		track->aa_dirty = true;
		return 0;
	case REG_R300_RB3D_AARESOLVE_CTL:
		track->aaresolve = v & R300_RB3D_AARESOLVE_CTL_RESOLVE__MASK;
		track->aa_dirty = true;
		return 0;
	case REG_R300_ZB_ZMASK_OFFSET:
	case REG_R300_ZB_ZMASK_PITCH:
	case REG_R300_ZB_HIZ_OFFSET:
	case REG_R300_ZB_HIZ_PITCH:
		if (v && !hyperz)
			return forbidden(reg, idx, v);
		return 0;
	case REG_R300_GB_Z_PEQ_CONFIG:
		if (v && !hyperz)
			return forbidden(reg, idx, v);
		return family >= RV350 ? 0 : forbidden(reg, idx, v);
	case REG_R300_FG_ZBREG_DEST:
		/* valid on RV530 only */
		return family == RV530 ? 0 : forbidden(reg, idx, v);
	}

	/* the per-unit texture registers */
	if (reg >= REG_R300_TX_OFFSET(0) && reg <= REG_R300_TX_OFFSET(15)) {
		i = (reg - REG_R300_TX_OFFSET(0)) >> 2;
		r = radeon_next_reloc(p, &reloc);
		if (r)
			return no_reloc(r, idx, reg);
		if (p->cs_flags & RADEON_CS_KEEP_TILING_FLAGS) {
			p->ib[idx] = (v & 31) | ((v & ~31u) + (uint32_t)reloc->mbo->gpu_offset);
		} else {
			if (reloc->mbo->tiling_flags & RADEON_TILING_MACRO)
				tile_flags |= r300_tx_offset_MACRO_TILE__MASK;
			tile_flags |= r300_tx_offset_MICRO_TILE(micro_tile(reloc->mbo->tiling_flags));
			p->ib[idx] = (v + (uint32_t)reloc->mbo->gpu_offset) | tile_flags;
		}
		track->textures[i].robj = reloc;
		track->tex_dirty = true;
		return 0;
	}
	if (reg >= REG_R300_TX_FORMAT1(0) && reg <= REG_R300_TX_FORMAT1(15)) {
		struct r100_track_tex *t = &track->textures[(reg - REG_R300_TX_FORMAT1(0)) >> 2];

		t->tex_coord_type = FIELD(v, R300_TX_FORMAT1_TEX_COORD_TYPE);
		if (!tx_format(p, v & R300_TX_FORMAT1_TXFORMAT__MASK, t))
			return radeon_reject(-EINVAL, "Invalid texture format %u",
					     v & R300_TX_FORMAT1_TXFORMAT__MASK);
		track->tex_dirty = true;
		return 0;
	}
	if (reg >= REG_R300_TX_FILTER0(0) && reg <= REG_R300_TX_FILTER0(15)) {
		struct r100_track_tex *t = &track->textures[(reg - REG_R300_TX_FILTER0(0)) >> 2];
		uint32_t wrap_s = FIELD(v, R300_TX_FILTER0_WRAP_S);
		uint32_t wrap_t = FIELD(v, R300_TX_FILTER0_WRAP_T);

		/* clamp modes size the texture without rounding up */
		if (wrap_s == TX_CLAMP_TO_EDGE || wrap_s == TX_CLAMP || wrap_s == TX_CLAMP_TO_BORDER)
			t->roundup_w = false;
		if (wrap_t == TX_CLAMP_TO_EDGE || wrap_t == TX_CLAMP || wrap_t == TX_CLAMP_TO_BORDER)
			t->roundup_h = false;
		track->tex_dirty = true;
		return 0;
	}
	if (reg >= REG_R300_TX_FORMAT2(0) && reg <= REG_R300_TX_FORMAT2(15)) {
		struct r100_track_tex *t = &track->textures[(reg - REG_R300_TX_FORMAT2(0)) >> 2];

		t->pitch = FIELD(v, R300_TX_FORMAT2_PITCHMASK) + 1;
		if (family >= RV515) {
			t->width_11 = FIELD(v, R300_TX_FORMAT2_TXWIDTH_11) << 11;
			t->height_11 = FIELD(v, R300_TX_FORMAT2_TXHEIGHT_11) << 11;
			if (v & R300_TX_FORMAT2_TXFORMAT_MSB__MASK)	/* ATI1N: the rules of DXT1 */
				t->compress_format = R100_TRACK_COMP_DXT1;
		} else if (v & R300_TX_FORMAT2_TXFORMAT_MSB__MASK) {
			return radeon_reject(-EINVAL, "Forbidden bit TXFORMAT_MSB");
		}
		track->tex_dirty = true;
		return 0;
	}
	if (reg >= REG_R300_TX_FORMAT0(0) && reg <= REG_R300_TX_FORMAT0(15)) {
		struct r100_track_tex *t = &track->textures[(reg - REG_R300_TX_FORMAT0(0)) >> 2];

		t->width = FIELD(v, R300_TX_FORMAT0_WIDTHMASK) + 1;
		t->height = FIELD(v, R300_TX_FORMAT0_HEIGHTMASK) + 1;
		t->num_levels = FIELD(v, R300_TX_FORMAT0_NUM_LEVELS);
		t->use_pitch = v & R300_TX_FORMAT0_PITCH_EN__MASK;
		t->txdepth = FIELD(v, R300_TX_FORMAT0_DEPTHMASK);
		track->tex_dirty = true;
		return 0;
	}
	return forbidden(reg, idx, v);
}

/* r100_cs_parse_packet0: registers with their bit set go to packet0_check */
static int parse_packet0(struct radeon_parser *p, const struct radeon_mpacket *pkt)
{
	unsigned int words;
	const uint32_t *bm = radeon_reg_safe_bm(p->rdev->info->family, &words);
	uint32_t idx = pkt->idx + 1, reg = pkt->reg;
	int r;

	/* the kernel compares with '>' and would read one word past its table */
	if (pkt->one_reg_wr) {
		if ((reg >> 7) > words)
			return radeon_reject(-EINVAL, "packet0 register 0x%04X outside the safe table", reg);
	} else if (((reg + ((uint32_t)pkt->count << 2)) >> 7) > words) {
		return radeon_reject(-EINVAL, "packet0 registers 0x%04X+%d outside the safe table",
				     reg, pkt->count + 1);
	}
	for (int32_t i = 0; i <= pkt->count; i++, idx++) {
		uint32_t j = reg >> 7, m = 1u << ((reg >> 2) & 31);
		/* the word just past the table counts as all-checked in the model */
		bool check = j >= words || (bm[j] & m);

		if (check) {
			r = packet0_check(p, idx, reg);
			if (r)
				return r;
		}
		if (pkt->one_reg_wr) {
			if (!check)
				break;
		} else {
			reg += 4;
		}
	}
	return 0;
}

/* r100_packet3_load_vbpntr: one reloc per vertex array */
static int load_vbpntr(struct radeon_parser *p, uint32_t idx)
{
	struct r100_track *track = p->track;
	struct radeon_mreloc *reloc;
	uint32_t c = radeon_ib_get(p, idx++) & 0x1f, i, v;
	int r;

	if (c > 16)
		return radeon_reject(-EINVAL, "Only 16 vertex buffers are allowed %u", c);
	track->num_arrays = c;
	/* c - 1 is unsigned in the kernel too: c == 0 walks until a reloc fails */
	for (i = 0; i < c - 1; i += 2, idx += 3) {
		r = radeon_next_reloc(p, &reloc);
		if (r)
			return no_reloc(r, idx, PACKET3_3D_LOAD_VBPNTR);
		v = radeon_ib_get(p, idx);
		if (idx + 1 < p->ib_len)
			p->ib[idx + 1] = radeon_ib_get(p, idx + 1) + (uint32_t)reloc->mbo->gpu_offset;
		if (i < R100_TRACK_MAX_ARRAYS) {
			track->arrays[i].esize = (v >> 8) & 0x7f;
			track->arrays[i].robj = reloc;
		}
		r = radeon_next_reloc(p, &reloc);
		if (r)
			return no_reloc(r, idx, PACKET3_3D_LOAD_VBPNTR);
		if (idx + 2 < p->ib_len)
			p->ib[idx + 2] = radeon_ib_get(p, idx + 2) + (uint32_t)reloc->mbo->gpu_offset;
		if (i + 1 < R100_TRACK_MAX_ARRAYS) {
			track->arrays[i + 1].robj = reloc;
			track->arrays[i + 1].esize = (v >> 24) & 0x7f;
		}
	}
	if (c & 1) {
		r = radeon_next_reloc(p, &reloc);
		if (r)
			return no_reloc(r, idx, PACKET3_3D_LOAD_VBPNTR);
		v = radeon_ib_get(p, idx);
		if (idx + 1 < p->ib_len)
			p->ib[idx + 1] = radeon_ib_get(p, idx + 1) + (uint32_t)reloc->mbo->gpu_offset;
		track->arrays[i].robj = reloc;
		track->arrays[i].esize = (v >> 8) & 0x7f;
	}
	return 0;
}

static int prim_walk(uint32_t vf_cntl)
{
	return (vf_cntl & r300_vap_vf_cntl_PRIM_WALK__MASK) >> r300_vap_vf_cntl_PRIM_WALK__SHIFT;
}

/* r300_packet3_check: the whitelist; every draw runs r100_cs_track_check */
static int packet3_check(struct radeon_parser *p, const struct radeon_mpacket *pkt)
{
	struct r100_track *track = p->track;
	struct radeon_mreloc *reloc;
	uint32_t idx = pkt->idx + 1;
	int r;

	switch (pkt->opcode) {
	case PACKET3_3D_LOAD_VBPNTR:
		return load_vbpntr(p, idx);
	case PACKET3_INDX_BUFFER:
		r = radeon_next_reloc(p, &reloc);
		if (r) {
			model_debug("radeon: No reloc for packet3 %u", pkt->opcode);
			return r;
		}
		if (idx + 1 < p->ib_len)
			p->ib[idx + 1] = radeon_ib_get(p, idx + 1) + (uint32_t)reloc->mbo->gpu_offset;
		/* r100_cs_track_check_pkt3_indx_buffer */
		if ((uint64_t)radeon_ib_get(p, idx + 2) + 1 > model_bo_size(reloc->bo))
			return radeon_reject(-EINVAL, "Buffer too small for PACKET3 INDX_BUFFER");
		return 0;
	case PACKET3_3D_DRAW_IMMD:
		/* the vertices are in the stream: PRIM_WALK must be 3 */
		if (prim_walk(radeon_ib_get(p, idx + 1)) != PRIM_WALK_VERTEX_EMBEDDED)
			return radeon_reject(-EINVAL, "PRIM_WALK must be 3 for IMMD draw");
		track->vap_vf_cntl = radeon_ib_get(p, idx + 1);
		track->immd_dwords = pkt->count - 1;
		return r100_track_check(p, track);
	case PACKET3_3D_DRAW_IMMD_2:
		if (prim_walk(radeon_ib_get(p, idx)) != PRIM_WALK_VERTEX_EMBEDDED)
			return radeon_reject(-EINVAL, "PRIM_WALK must be 3 for IMMD draw");
		track->vap_vf_cntl = radeon_ib_get(p, idx);
		track->immd_dwords = pkt->count;
		return r100_track_check(p, track);
	case PACKET3_3D_DRAW_VBUF:
	case PACKET3_3D_DRAW_INDX:
		/* the forms without _2 carry a leading dword */
		track->vap_vf_cntl = radeon_ib_get(p, idx + 1);
		return r100_track_check(p, track);
	case PACKET3_3D_DRAW_VBUF_2:
	case PACKET3_3D_DRAW_INDX_2:
		track->vap_vf_cntl = radeon_ib_get(p, idx);
		return r100_track_check(p, track);
	case PACKET3_3D_CLEAR_HIZ:
	case PACKET3_3D_CLEAR_ZMASK:
		if (p->rdev->hyperz_filp != p->filp)
			return radeon_reject(-EINVAL, "3D_CLEAR_HIZ/ZMASK without Hyper-Z ownership");
		return 0;
	case PACKET3_3D_CLEAR_CMASK:
		if (p->rdev->cmask_filp != p->filp)
			return radeon_reject(-EINVAL, "3D_CLEAR_CMASK without CMASK ownership");
		return 0;
	case PACKET3_NOP:
		return 0;
	default:
		return radeon_reject(-EINVAL, "Packet3 opcode %x not supported", pkt->opcode);
	}
}

int r300_cs_parse(struct radeon_parser *p)
{
	struct radeon_mpacket pkt;
	int r;

	r100_track_clear(p->track);
	do {
		r = radeon_packet_parse(p, &pkt, p->idx);
		if (r)
			return r;
		p->idx += pkt.count + 2;
		switch (pkt.type) {
		case PACKET_TYPE0:
			r = parse_packet0(p, &pkt);
			break;
		case PACKET_TYPE2:
			break;
		case PACKET_TYPE3:
			r = packet3_check(p, &pkt);
			break;
		default:
			return radeon_reject(-EINVAL, "Unknown packet type %u !", pkt.type);
		}
		if (r)
			return r;
	} while (p->idx < p->ib_len);
	return 0;
}
