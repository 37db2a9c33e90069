// SPDX-License-Identifier: MIT
/*
 * drmsub-decode's radeon backend: r300-r500 CP streams (PACKET0/2/3).
 *
 * PACKET0 writes are named from the R300 domain (byte offsets); PACKET3
 * opcodes from radeon_packet3_opcode, with payloads from the PKT3_<name>
 * domains. A PACKET3 NOP with one dword is libdrm's relocation marker
 * (0xC0001000 + reloc index * 4) and is shown as a relocation. Vertex
 * shader code uploaded through VAP_PVS_UPLOAD_DATA, after
 * VAP_PVS_VECTOR_INDX_REG points into code memory, is disassembled per
 * 4-dword instruction (r300_pvs.xml).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode/decode.h"
#include "radeon/cp_packet.h"
#include "radeon/r300_pvs.xml.h"
#include "rnn/rnn.h"
#include "util/util.h"

/* lower-case names of enum r300_chip, in its order */
static const char *const r300_chip_names[] = {
	"r300", "r350", "rv350", "rv380", "r420", "rv410", "rs400", "rs480", "rs600",
	"rs690", "rs740", "rv515", "r520", "rv530", "rv560", "rv570", "r580",
};
#define R300_FIRST_R500 11	/* rv515 */

static const char *r300_chip_name(size_t i)
{
	return i < ARRAY_SIZE(r300_chip_names) ? r300_chip_names[i] : NULL;
}

#define REG_PVS_VECTOR_INDX REG_R300_VAP_PVS_VECTOR_INDX_REG
#define REG_PVS_UPLOAD_DATA REG_R300_VAP_PVS_UPLOAD_DATA

struct r300_dec {
	struct dec_base base;
	const struct rnn_domain *regs, *pvs, *reloc;
	const struct rnn_enum *opcodes, *ve_ops, *me_ops, *macro_ops;
	bool r500;
	/* PVS upload: vector index and the instruction being assembled */
	uint32_t pvs_index, pvs_words[4];
	unsigned pvs_have;
};

static void *r300_open(const char *regdir, const char *chip, const struct dec_input *in,
		       char *err, size_t errlen)
{
	static const char *const files[] = { "radeon_pm4.xml", "r300_pvs.xml", NULL };
	struct r300_dec *r;
	int idx = -1;
	char variant[16];
	size_t n;

	for (int i = 0; chip && i < (int)ARRAY_SIZE(r300_chip_names); i++)
		if (!strcmp(chip, r300_chip_names[i]))
			idx = i;
	if (idx < 0) {
		snprintf(err, errlen, chip ? "unknown radeon GPU '%s'" : "pass --gpu for radeon",
			 chip);
		return NULL;
	}
	r = calloc(1, sizeof(*r));
	if (!r)
		return NULL;
	/* the r300_chip variant is the chip's name in capitals */
	for (n = 0; chip[n] && n + 1 < sizeof(variant); n++)
		variant[n] = (char)toupper((unsigned char)chip[n]);
	variant[n] = 0;
	if (dec_base_open(&r->base, regdir, files, "r300_chip", variant, err, errlen)) {
		free(r);
		return NULL;
	}
	r->r500 = idx >= R300_FIRST_R500;
	r->regs = rnn_find_domain(r->base.db, "R300");
	r->pvs = rnn_find_domain(r->base.db, "PVS_INST");
	r->reloc = rnn_find_domain(r->base.db, "PKT3_NOP_RELOC");
	r->opcodes = rnn_find_enum(r->base.db, "radeon_packet3_opcode");
	r->ve_ops = rnn_find_enum(r->base.db, "pvs_ve_opcode");
	r->me_ops = rnn_find_enum(r->base.db, "pvs_me_opcode");
	r->macro_ops = rnn_find_enum(r->base.db, "pvs_macro_opcode");
	return r;
}

static void r300_close(void *priv)
{
	struct r300_dec *r = priv;

	dec_base_close(&r->base);
	free(r);
}

/* ---- PVS disassembly ------------------------------------------------------ */

static const char swz_chars[8] = { 'x', 'y', 'z', 'w', '0', '1', '?', '?' };

/* The four per-lane fields of a PVS word: swizzles, negates or write enables, X first. */
static uint32_t pvs_lane(uint32_t w, int c, uint32_t (*const get[4])(uint32_t))
{
	return get[c](w);
}

/* "input[2].x-yzw" style: register type and index, swizzle, negation, |abs| */
static int pvs_src_text(char *s, size_t len, uint32_t w)
{
	static const char *const types[] = { "temp", "input", "const", "alt_temp" };
	static uint32_t (*const swizzle[4])(uint32_t) = {
		pvs_src_SWIZZLE_X__get, pvs_src_SWIZZLE_Y__get, pvs_src_SWIZZLE_Z__get,
		pvs_src_SWIZZLE_W__get,
	};
	static uint32_t (*const negate[4])(uint32_t) = {
		pvs_src_MODIFIER_X__get, pvs_src_MODIFIER_Y__get, pvs_src_MODIFIER_Z__get,
		pvs_src_MODIFIER_W__get,
	};
	bool abs = pvs_src_ABS_XYZW__get(w);
	int n;

	n = snprintf(s, len, "%s%s[%u].", abs ? "|" : "", types[pvs_src_REG_TYPE__get(w)],
		     pvs_src_OFFSET__get(w));
	for (int c = 0; c < 4 && n > 0 && (size_t)n < len; c++)
		n += snprintf(s + n, len - (size_t)n, "%s%c", pvs_lane(w, c, negate) ? "-" : "",
			      swz_chars[pvs_lane(w, c, swizzle)]);
	if (abs && n > 0 && (size_t)n < len)
		n += snprintf(s + n, len - (size_t)n, "|");
	return n;
}

static void pvs_disasm(struct r300_dec *r, const uint32_t w[4], char *out, size_t len)
{
	static const char *const dst_types[] = { "temp", "a0", "out", "out_repl_x", "alt_temp",
						 "input", "dst6?", "dst7?" };
	static uint32_t (*const write[4])(uint32_t) = {
		pvs_dst_WE_X__get, pvs_dst_WE_Y__get, pvs_dst_WE_Z__get, pvs_dst_WE_W__get,
	};
	uint32_t d = w[0], op = pvs_dst_OPCODE__get(d), type = pvs_dst_REG_TYPE__get(d);
	const struct rnn_enum *e = pvs_dst_MACRO_INST__get(d) ? r->macro_ops :
				   pvs_dst_MATH_INST__get(d) ? r->me_ops : r->ve_ops;
	const char *name = rnn_enum_name(r->base.ctx, e, op);
	bool sat = pvs_dst_VE_SAT__get(d) || pvs_dst_ME_SAT__get(d);
	char src[3][48], mask[5] = "";
	unsigned m = 0;

	for (int c = 0; c < 4; c++)
		if (pvs_lane(d, c, write))
			mask[m++] = "xyzw"[c];
	mask[m] = 0;
	for (unsigned i = 0; i < 3; i++)
		pvs_src_text(src[i], sizeof(src[i]), w[1 + i]);
	snprintf(out, len, "%s%s %s[%u].%s = %s, %s, %s", name ? name : "op?", sat ? "_SAT" : "",
		 type < ARRAY_SIZE(dst_types) ? dst_types[type] : "dst?", pvs_dst_OFFSET__get(d),
		 m ? mask : "_", src[0], src[1], src[2]);
	if (!name)
		snprintf(out + strlen(out), len - strlen(out), " (opcode 0x%x)", op);
}

/* A VAP_PVS_UPLOAD_DATA dword: collect 4, then disassemble one instruction. */
static void pvs_data(struct r300_dec *r, uint32_t index, uint32_t value)
{
	/* code memory starts at 0; constants at 512 (r300) or 1024 (r500) */
	bool code = r->pvs_index < (r->r500 ? 1024u : 512u);
	struct dec_item *it;

	r->pvs_words[r->pvs_have++] = value;
	if (r->pvs_have < 4)
		return;
	r->pvs_have = 0;
	if (code) {
		it = dec_builder_item(&r->base.b, index, 0, 0);
		snprintf(it->name, sizeof(it->name), "PVS[%u]", r->pvs_index);
		pvs_disasm(r, r->pvs_words, it->text, sizeof(it->text));
	}
	r->pvs_index++;
}

/* ---- packets ---------------------------------------------------------------- */

static void packet0(struct r300_dec *r, const struct radeon_cp_packet *pk)
{
	struct dec_builder *b = &r->base.b;

	for (uint32_t i = 1; i < b->p.nraw; i++) {
		uint32_t reg = pk->one_reg_wr ? pk->reg : pk->reg + 4 * (i - 1);
		struct dec_item *it = dec_builder_item(b, i, b->p.raw[i], 32);

		if (!dec_rnn_reg(b, it, r->base.ctx, r->regs, reg))
			snprintf(it->name, sizeof(it->name), "R300+0x%04x", reg);
		if (reg == REG_PVS_VECTOR_INDX) {
			r->pvs_index = R300_VAP_PVS_VECTOR_INDX_REG_OCTWORD_OFFSET__get(b->p.raw[i]);
			r->pvs_have = 0;
		} else if (reg == REG_PVS_UPLOAD_DATA) {
			pvs_data(r, i, b->p.raw[i]);
		}
	}
	if (b->nitems)
		snprintf(b->p.name, sizeof(b->p.name), "%s%s", b->items[0].name,
			 pk->one_reg_wr ? " ONE_REG_WR" : "");
	else	/* cut off before its first dword */
		snprintf(b->p.name, sizeof(b->p.name), "R300+0x%04x", pk->reg);
}

static void packet3(struct r300_dec *r, const struct radeon_cp_packet *pk)
{
	struct dec_builder *b = &r->base.b;
	const char *name = rnn_enum_name(r->base.ctx, r->opcodes, pk->opcode);
	const struct rnn_domain *d = NULL;
	char dname[64];

	if (!name) {
		b->p.status = DEC_UNKNOWN;
		snprintf(b->p.name, sizeof(b->p.name), "opcode 0x%02x", pk->opcode);
		dec_rnn_payload(b, r->base.ctx, NULL, 1, 4);
		return;
	}
	if (pk->opcode == 0x10 && pk->count == 1 && b->p.nraw == 2) {
		struct dec_item *it;

		snprintf(b->p.name, sizeof(b->p.name), "RELOC");
		dec_rnn_payload(b, r->base.ctx, r->reloc, 1, 4);
		it = &b->items[0];
		snprintf(it->text, sizeof(it->text), "relocation %u of the RELOCS chunk",
			 b->p.raw[1] / 4);
		return;
	}
	snprintf(b->p.name, sizeof(b->p.name), "%s", name);
	if (!strncmp(name, "PACKET3_", 8)) {
		snprintf(dname, sizeof(dname), "PKT3_%s", name + 8);
		d = rnn_find_domain(r->base.db, dname);
	}
	dec_rnn_payload(b, r->base.ctx, d, 1, 4);
}

static unsigned walk_cmd(void *priv, const struct dec_input *in, const struct dec_cmd *cmd,
			 const uint32_t *dw, uint32_t n, struct dec_sink *sink)
{
	struct r300_dec *r = priv;
	struct dec_builder *b = &r->base.b;

	for (uint32_t pos = 0; pos < n;) {
		struct radeon_cp_packet pk = radeon_cp_parse(dw[pos]);
		static const char *const kinds[] = { "PACKET0", "PACKET1", "PACKET2", "PACKET3" };
		uint32_t expected = pk.type == RADEON_CP_TYPE1 ? 1 : 1 + pk.count;

		dec_builder_start(b, cmd->gpuaddr + 4ull * pos, 0, dw + pos, n - pos, expected,
				  kinds[pk.type]);
		switch (pk.type) {
		case RADEON_CP_TYPE0:
			packet0(r, &pk);
			break;
		case RADEON_CP_TYPE3:
			packet3(r, &pk);
			break;
		case RADEON_CP_TYPE2:
			if (dw[pos] != RADEON_CP_PACKET2) {
				b->p.status = DEC_INVALID;
				snprintf(b->p.note, sizeof(b->p.note), "type 2 with bits set");
			}
			break;
		case RADEON_CP_TYPE1:
			/* its length rules are r100's; the r300 CS parser rejects it */
			b->p.status = DEC_INVALID;
			snprintf(b->p.note, sizeof(b->p.note), "type 1 is not accepted by the CS");
			break;
		}
		dec_builder_emit(b, sink);
		pos += b->p.nraw;
	}
	return 0;
}

static unsigned r300_decode(void *priv, const struct dec_input *in,
			    const struct dec_options *opt, struct dec_sink *sink)
{
	struct r300_dec *r = priv;

	r->pvs_index = 0;
	r->pvs_have = 0;
	return dec_walk_cmds(&r->base, in, opt, sink, walk_cmd, r);
}

static const struct dec_driver dec_driver_radeon = {
	.name = "radeon",
	.database = "r300.xml",
	.chip_name = r300_chip_name,
	.open = r300_open,
	.decode = r300_decode,
	.close = r300_close,
};
DEC_DRIVER(dec_driver_radeon);
