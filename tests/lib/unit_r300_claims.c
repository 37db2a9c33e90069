// SPDX-License-Identifier: MIT
/*
 * What radeon_probe reads out of a claims database (radeon/r300_claims.c),
 * no GPU needed: the seed's and the verified databases' names map to the
 * same meanings, values and bits are taken as written, variants filter the
 * R5xx-only opcodes, and math-engine opcodes carry the MATH_INST bit. Also
 * the PVS encoders the probe and radeon_pvs rely on (radeon/pvs.c), word
 * by word against r300_pvs.xml.
 */
#include <string.h>

#include "core/test.h"
#include "radeon/r300_claims.h"

#define SEED "radeon/registers/seed/r300_2004.xml"
#define VERIFIED "radeon/registers/r300_pvs.xml"

static struct r300_claim claims[R300_MAX_CLAIMS];
static unsigned int nr, unknown;

static void collect(const char *file, const char *variant)
{
	struct rnn_db *db = rnn_db_new();

	rnn_db_load(db, file);
	rnn_db_prepare(db);
	igt_assert_f(!rnn_db_nerrors(db), "%s does not load\n", file);
	nr = r300_claims_collect(db, variant, claims, R300_MAX_CLAIMS, &unknown);
	rnn_db_free(db);
}

static const struct r300_claim *find(const char *id)
{
	for (unsigned int i = 0; i < nr; i++)
		if (!strcmp(claims[i].id, id))
			return &claims[i];
	igt_assert_f(false, "no claim %s among %u\n", id, nr);
	return NULL;
}

static bool has(const char *id)
{
	for (unsigned int i = 0; i < nr; i++)
		if (!strcmp(claims[i].id, id))
			return true;
	return false;
}

static unsigned int count(enum r300_claim_kind kind)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < nr; i++)
		n += claims[i].kind == kind;
	return n;
}

static void expect(const char *id, enum r300_claim_kind kind, int meaning, uint32_t value,
		   unsigned int high, unsigned int low)
{
	const struct r300_claim *c = find(id);

	igt_assert_eq(c->kind, kind);
	igt_assert_eq(c->meaning, meaning);
	igt_assert_eq_u32(c->value, value);
	igt_assert_eq_u32(c->high, high);
	igt_assert_eq_u32(c->low, low);
}

igt_main
{
	igt_describe("the seed's claims, recognised under its own names with its values");
	igt_subtest("seed") {
		collect(SEED, "RV350");
		igt_assert_eq_u32(nr, 121);
		/* LEQUAL is 2 in the seed (the hardware's 3): taken as written */
		expect("R300_PP_ALPHA_TEST-R300_ALPHA_TEST_LEQUAL", CLAIM_ALPHA_FUNC, CMP_LEQUAL, 2,
		       10, 8);
		igt_assert_eq_u32(find("R300_PP_ALPHA_TEST-R300_ALPHA_TEST_LEQUAL")->reg, 0x4bd4);
		expect("R300_RB3D_ABLEND-R300_SRC_BLEND_GL_DST_ALPHA", CLAIM_SRC_FACTOR,
		       F_DST_ALPHA, 0x28, 21, 16);
		igt_assert(find("R300_RB3D_ABLEND-R300_SRC_BLEND_GL_DST_ALPHA")->alpha_blend);
		expect("R300_RB3D_CBLEND-R300_BLEND_UNKNOWN", CLAIM_NO_MEANING, 0, 0, 2, 1);
		igt_assert(!has("R300_RB3D_ABLEND-R300_BLEND_UNKNOWN"));	/* CBLEND only */
		expect("R300_VPI_OUT_OP_MAD_2", CLAIM_PVS_OPCODE, OP_MAD_MACRO, 0x80, 7, 0);
		expect("R300_VPI_OUT_OP_RSQ", CLAIM_PVS_OPCODE, OP_RSQ, 0x48, 7, 0);
		expect("R300_VPI_IN_REG_CLASS_NONE", CLAIM_NO_MEANING, R300_PVS_TYPE_NONE, 9, 4, 0);
		expect("r300_seed_vpi_out-R300_VPI_OUT_REG_INDEX_MASK", CLAIM_PVS_DST_INDEX, 0, 0,
		       17, 13);
		igt_assert_eq_u32(count(CLAIM_IMMEDIATE), 10);
		igt_assert_eq_u32(count(CLAIM_COLOR_MASK), 4);
	}

	igt_describe("the verified databases, with R5xx-only opcodes only for R5xx and the "
		     "math engine's bit on ME opcodes");
	igt_subtest("verified") {
		collect(VERIFIED, "RV350");
		expect("FG_ALPHA_FUNC-AF_LE", CLAIM_ALPHA_FUNC, CMP_LEQUAL, 3, 10, 8);
		expect("VE_MULTIPLY_ADD", CLAIM_PVS_OPCODE, OP_MAD, 0x04, 7, 0);
		expect("ME_RECIP_DX", CLAIM_PVS_OPCODE, OP_RCP, 0x46, 7, 0);
		expect("PVS_MACRO_OP_2CLK_MADD", CLAIM_PVS_OPCODE, OP_MAD_MACRO, 0x80, 7, 0);
		expect("pvs_src-MODIFIER_Y", CLAIM_PVS_NEGATE, 1, 0, 26, 26);
		expect("PVS_DST_REG_OUT_REPL_X", CLAIM_PVS_DST_TYPE, T_OUT_REPL_X, 3, 11, 8);
		igt_assert(!has("ME_MULTIPLY"));	/* not the vector engine's MULTIPLY */
		igt_assert(!has("VE_SET_EQUAL"));	/* RV515- */
		igt_assert_eq_u32(count(CLAIM_IMMEDIATE), 10);
		collect(VERIFIED, "RV515");
		expect("VE_SET_EQUAL", CLAIM_PVS_OPCODE, OP_SEQ, 0x1b, 7, 0);
	}

	igt_describe("the encoders put operands where Mesa does: POW's exponent in operand 2, "
		     "CMP's sources as a, c, b, saturation on the instruction's engine");
	igt_subtest("pvs-encoders") {
		struct r300_pvs_inst pow = r300_pvs_pow(R300_PVS_OUT(1), R300_PVS_CONST(0),
							R300_PVS_CONST(1));
		struct r300_pvs_inst cmp = r300_pvs_cmp(R300_PVS_OUT(1), R300_PVS_CONST(0),
							R300_PVS_CONST(1), R300_PVS_CONST(2));
		struct r300_pvs_inst rcp = r300_pvs_math1(ME_RECIP_DX, R300_PVS_OUT(1),
							  R300_PVS_CONST(3));

		igt_assert_eq_u32(pow.dw[0] & 0xff, 0x40 | ME_POWER_FUNC_FF);
		igt_assert_eq_u32((pow.dw[3] & pvs_src_OFFSET__MASK) >> pvs_src_OFFSET__SHIFT, 1);
		igt_assert_eq_u32((cmp.dw[2] & pvs_src_OFFSET__MASK) >> pvs_src_OFFSET__SHIFT, 2);
		igt_assert_eq_u32((cmp.dw[3] & pvs_src_OFFSET__MASK) >> pvs_src_OFFSET__SHIFT, 1);
		igt_assert(r300_pvs_saturate(rcp).dw[0] & pvs_dst_ME_SAT__MASK);
		igt_assert(!(r300_pvs_saturate(rcp).dw[0] & pvs_dst_VE_SAT__MASK));
		igt_assert(r300_pvs_saturate(cmp).dw[0] & pvs_dst_VE_SAT__MASK);
		/* scalar source: X replicated into all four selects */
		igt_assert_eq_u32(rcp.dw[1] & 0x01ffe000, 0);
	}

	igt_describe("with the probe's inputs every two meanings render apart");
	igt_subtest("references-distinct") {
		char why[160];

		igt_assert_f(r300_claim_references_distinct(why, sizeof(why)), "%s\n", why);
	}
}
