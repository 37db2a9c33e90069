/* SPDX-License-Identifier: MIT */
/*
 * R300 register claims: what a claims database (the 2004 seed, or the
 * verified r300.xml / r300_pvs.xml) says about alpha-test functions, blend
 * functions and factors, colour-mask bits, immediate-vertex registers,
 * the PVS instruction encoding (r300_claims.c), stencil functions and
 * operations, culling bits, the texture magnification filter, colour
 * buffer formats and the polygon offset enable (r300_claims_pipe.c),
 * recognised by name, and their check by rendering (r300_claim_check.c,
 * r300_claims_pipe.c).
 */
#ifndef DRMSUB_RADEON_R300_CLAIMS_H
#define DRMSUB_RADEON_R300_CLAIMS_H

#include <stdbool.h>
#include <stdint.h>

#include "radeon/r300_probe.h"
#include "rnn/rnn.h"

enum r300_claim_kind {
	CLAIM_ALPHA_FUNC,	/* a value of the alpha-test function field */
	CLAIM_ALPHA_REF,	/* the alpha-test reference field */
	CLAIM_ALPHA_ENABLE,	/* the alpha-test enable bit */
	CLAIM_BLEND_ENABLE,	/* the colour blend enable bit */
	CLAIM_COMB_FCN,		/* a value of a blend combine-function field */
	CLAIM_SRC_FACTOR,	/* a value of a source blend factor field */
	CLAIM_DST_FACTOR,	/* a value of a destination blend factor field */
	CLAIM_COLOR_MASK,	/* a channel bit of colour buffer 0's write mask */
	CLAIM_STENCIL_FUNC,	/* a value of the front stencil function field */
	CLAIM_STENCIL_OP,	/* a value of a front stencil operation field (path) */
	CLAIM_CULL,		/* a culling bit: r300_cull_bit */
	CLAIM_TX_MAG,		/* a value of TX_FILTER0's magnification filter: 0 nearest, 1 linear */
	CLAIM_COLORFORMAT,	/* a value of colour buffer 0's COLORFORMAT: r300_cb_format */
	CLAIM_POLY_OFFSET,	/* the front-face polygon offset enable bit */
	CLAIM_IMMEDIATE,	/* an immediate-mode vertex register */
	CLAIM_PVS_OPCODE,	/* an opcode: 8 bits at dword 0 bits 7:0 */
	CLAIM_PVS_DST_TYPE,	/* a destination register type value */
	CLAIM_PVS_DST_INDEX,	/* the destination index field */
	CLAIM_PVS_WRITE,	/* a destination write-enable bit */
	CLAIM_PVS_SRC_TYPE,	/* a source register type value */
	CLAIM_PVS_SRC_INDEX,	/* the source index field */
	CLAIM_PVS_SELECT,	/* a component-select value */
	CLAIM_PVS_SELECT_FIELD,	/* the select field of one lane */
	CLAIM_PVS_NEGATE,	/* the negate bit of one lane */
	CLAIM_NO_MEANING,	/* named, but with nothing to render: untestable */
};

/* GL comparison order; the meaning of an alpha function claim. */
enum r300_cmp { CMP_NEVER, CMP_LESS, CMP_EQUAL, CMP_LEQUAL, CMP_GREATER, CMP_NOTEQUAL,
		CMP_GEQUAL, CMP_ALWAYS, CMP_COUNT };

enum r300_fcn { FCN_ADD_CLAMP, FCN_ADD_NOCLAMP, FCN_SUB_CLAMP, FCN_SUB_NOCLAMP, FCN_MIN,
		FCN_MAX, FCN_RSUB_CLAMP, FCN_RSUB_NOCLAMP, FCN_COUNT };

enum r300_factor { F_ZERO, F_ONE, F_SRC_COLOR, F_ONE_MINUS_SRC_COLOR, F_DST_COLOR,
		   F_ONE_MINUS_DST_COLOR, F_SRC_ALPHA, F_ONE_MINUS_SRC_ALPHA, F_DST_ALPHA,
		   F_ONE_MINUS_DST_ALPHA, F_SRC_ALPHA_SATURATE, F_CONST_COLOR,
		   F_ONE_MINUS_CONST_COLOR, F_CONST_ALPHA, F_ONE_MINUS_CONST_ALPHA, F_COUNT };

/*
 * GL 2.1 section 4.1.8: the value of blend factor @f for channel @ch (3 is
 * alpha) with source @s, destination @d and constant colour @k (RGBA). One
 * oracle for the blend claims' check and radeon_render's expectations.
 */
float r300_blend_factor_value(enum r300_factor f, int ch, const float s[4], const float d[4],
			      const float k[4]);

enum r300_pvs_op { OP_DP4, OP_MUL, OP_ADD, OP_MAD, OP_FRC, OP_MAX, OP_MIN, OP_SGE, OP_SLT,
		   OP_DST, OP_SEQ, OP_SNE, OP_SGT, OP_CMP, OP_MAD_MACRO, OP_EX2, OP_LG2, OP_EXP, OP_LOG, OP_RCP, OP_RSQ, OP_POW,
		   OP_LIT, OP_COUNT };

/* GL's stencil operations; the path of a stencil-op claim. */
enum r300_sop { SOP_KEEP, SOP_ZERO, SOP_REPLACE, SOP_INCR, SOP_DECR, SOP_INVERT, SOP_INCR_WRAP,
		SOP_DECR_WRAP, SOP_COUNT };
enum r300_stencil_path { PATH_SFAIL, PATH_ZFAIL, PATH_ZPASS };
/*
 * GL 2.1 section 4.1.5: what stencil operation @op makes of the 8-bit
 * stencil value @s with reference @ref (before the write mask). One oracle
 * for the stencil claims' check and radeon_stencil's expectations.
 */
uint32_t r300_stencil_op_result(enum r300_sop op, uint32_t ref, uint32_t s);
enum r300_cull_bit { CULL_BIT_FRONT, CULL_BIT_BACK, CULL_BIT_FACE_CW };
enum r300_cb_format { CB_ARGB8888, CB_RGB565, CB_ARGB4444, CB_ARGB1555, CB_COUNT };

enum r300_pvs_type { T_TEMP, T_OUT, T_OUT_REPL_X, T_INPUT, T_CONST };
/* The meaning of the seed's NONE source type: an unused operand, nothing to render. */
#define R300_PVS_TYPE_NONE (-2)

#define R300_MAX_CLAIMS 512

struct r300_claim {
	char name[192];		/* as reported */
	char id[96];		/* short, unique: the dynamic subtest name */
	enum r300_claim_kind kind;
	int meaning;		/* r300_cmp, r300_fcn, r300_factor, r300_pvs_op, r300_pvs_type,
				 * a channel or lane (0 = R/X ... 3 = A/W), a select (0-5) */
	uint32_t reg;		/* register byte offset (register claims) */
	bool alpha_blend;	/* a blend claim in the alpha blend register */
	unsigned int path;	/* a stencil-op claim's r300_stencil_path */
	unsigned int low, high;	/* the claimed field (for opcodes: 7:0) */
	uint32_t value;		/* the claimed value of value claims */
	const char *reason;	/* CLAIM_NO_MEANING */
};

/*
 * r300_claims_collect - the claims of @db that exist for @variant (an
 * r300_chip name; a file without that varset claims for every chip), in
 * file order, at most @max. *@unknown counts the elements of the
 * recognised registers and bitsets whose names have no known meaning.
 */
unsigned int r300_claims_collect(const struct rnn_db *db, const char *variant,
				 struct r300_claim *out, unsigned int max, unsigned int *unknown);

enum r300_verdict_kind { VERDICT_CONFIRMED, VERDICT_REFUTED, VERDICT_UNTESTABLE };

struct r300_verdict {
	enum r300_verdict_kind kind;
	char detail[256];	/* refuted: what rendered; untestable: the reason */
};

/* Render @c and compare with its claimed meaning. */
struct r300_verdict r300_claim_check(struct r300_probe *p, const struct r300_claim *c);

/* r300_claims_pipe.c: the check of the stencil, cull, TX_MAG, COLORFORMAT and POLY_OFFSET kinds. */
struct r300_verdict r300_pipe_claim_check(struct r300_probe *p, const struct r300_claim *c);
/* The same distinctness for the stencil functions and operations (r300_claims_pipe.c). */
bool r300_pipe_references_distinct(char *why, unsigned int size);

/*
 * Whether every two meanings of one kind render results at least 3 LSB
 * apart in some channel with the probe's inputs (so a value that means
 * something else cannot pass); on false, @why names the pair.
 */
bool r300_claim_references_distinct(char *why, unsigned int size);

#endif
