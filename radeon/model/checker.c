// SPDX-License-Identifier: MIT
/*
 * The r300 command-stream checker, phase by phase as the kernel runs it:
 *
 *   r300_cs_parse          packet loop over the IB (r300.c)
 *   radeon_packet_parse    header decode and bounds (radeon_cs.c radeon_cs_packet_parse)
 *   parse_packet0          safe-register bitmap walk (r100.c r100_cs_parse_packet0)
 *   r300_packet0_check     tracked and relocated registers (r300.c; checker_regs.c)
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

void radeon_reloc_patch(struct radeon_parser *p, uint32_t idx, const struct radeon_mreloc *reloc)
{
	if (idx < p->ib_len)
		p->ib[idx] += (uint32_t)reloc->mbo->gpu_offset;
}

static int no_reloc(int r, uint32_t idx, uint32_t what)
{
	model_debug("radeon: No reloc for ib[%u]=0x%04X", idx, what);
	return r;
}

/* r100_cs_parse_packet0: registers with their bit set go to r300_packet0_check */
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
			r = r300_packet0_check(p, idx, reg);
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

/* One array of 3D_LOAD_VBPNTR: its reloc, the address dword patched, the element size tracked. */
static int vbpntr_array(struct radeon_parser *p, uint32_t i, uint32_t addr_idx, uint32_t esize)
{
	struct r100_track *track = p->track;
	struct radeon_mreloc *reloc;
	int r = radeon_next_reloc(p, &reloc);

	if (r)
		return no_reloc(r, addr_idx, PACKET3_3D_LOAD_VBPNTR);
	radeon_reloc_patch(p, addr_idx, reloc);
	if (i < R100_TRACK_MAX_ARRAYS) {
		track->arrays[i].robj = reloc;
		track->arrays[i].esize = esize;
	}
	return 0;
}

/* r100_packet3_load_vbpntr: one format dword per pair of arrays, one reloc per array */
static int load_vbpntr(struct radeon_parser *p, uint32_t idx)
{
	uint32_t c = PKT3_3D_LOAD_VBPNTR_VTX_ARRAY_COUNT_COUNT__get(radeon_ib_get(p, idx++)), i, v;
	int r;

	if (c > 16)
		return radeon_reject(-EINVAL, "Only 16 vertex buffers are allowed %u", c);
	p->track->num_arrays = c;
	/* c - 1 is unsigned in the kernel too: c == 0 walks until a reloc fails */
	for (i = 0; i < c - 1; i += 2, idx += 3) {
		v = radeon_ib_get(p, idx);
		r = vbpntr_array(p, i, idx + 1, PKT3_3D_LOAD_VBPNTR_ARRAY_PAIR_FMT_STRIDE0__get(v));
		if (!r)
			r = vbpntr_array(p, i + 1, idx + 2,
					 PKT3_3D_LOAD_VBPNTR_ARRAY_PAIR_FMT_STRIDE1__get(v));
		if (r)
			return r;
	}
	if (c & 1)
		return vbpntr_array(p, i, idx + 1,
				    PKT3_3D_LOAD_VBPNTR_ARRAY_PAIR_FMT_STRIDE0__get(radeon_ib_get(p, idx)));
	return 0;
}

static uint32_t prim_walk(uint32_t vf_cntl)
{
	return r300_vap_vf_cntl_PRIM_WALK__get(vf_cntl);
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
		radeon_reloc_patch(p, idx + 1, reloc);
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
