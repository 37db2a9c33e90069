/* SPDX-License-Identifier: MIT */
/*
 * Claims for the discovery probes (tests/msm_probe.c, tests/nouveau_probe.c):
 * a rules-ng XML file says "register or method NAME lives at offset X";
 * a probe writes values there through the GPU, reads them back, and
 * reports every claim on one line, as a dynamic subtest of its own:
 *
 *	confirmed NAME @0xOFFSET
 *	refuted NAME @0xOFFSET (what was seen)
 *	untestable NAME @0xOFFSET (reason: why not)
 *
 * This module finds a default database, loads a claims file (stopping
 * the test with file:line on errors), lists the register instances of a
 * domain (arrays expanded, names like CP_SCRATCH[3]) and prints the
 * verdicts. What a claim means and how it is probed is the driver's.
 */
#ifndef DRMSUB_PROBE_CLAIMS_H
#define DRMSUB_PROBE_CLAIMS_H

#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include "probe/verdict.h"
#include "rnn/rnn.h"

/*
 * The options every probe takes: --claims FILE, --domain NAME, and one
 * flag of its own (msm_probe --all, nouveau_probe --strict):
 *
 *	static const struct option opts[] = PROBE_OPTIONS("all");
 *	igt_main_args("", opts, help, probe_opt, NULL)
 */
struct probe_opts {
	const char *claims, *domain;
	bool flag;
};
extern struct probe_opts probe_opts;

enum { PROBE_OPT_CLAIMS = 0x1000, PROBE_OPT_DOMAIN, PROBE_OPT_FLAG };

#define PROBE_OPTIONS(flag)                                                     \
	{                                                                       \
		{ "claims", required_argument, NULL, PROBE_OPT_CLAIMS },        \
		{ "domain", required_argument, NULL, PROBE_OPT_DOMAIN },        \
		{ flag, no_argument, NULL, PROBE_OPT_FLAG },                    \
		{ NULL, 0, NULL, 0 },                                           \
	}

/* The igt_main_args handler that fills probe_opts. */
int probe_opt(int opt, int opt_index, void *data);

struct probe_claim {
	char name[128];		/* CP_SCRATCH[3], SetNotify[1] */
	char dyn[128];		/* its dynamic subtest: CP_SCRATCH-3 */
	uint64_t offset;	/* in the domain's units, from the claims file */
	unsigned int width;	/* 32 or 64 */
	const struct rnn_elem *reg;	/* valid while the claims are loaded */
	bool target;		/* the probe's choice: probed by default */
};

struct probe_claims {
	char file[PATH_MAX];
	struct rnn_db *db;
	struct rnn_ctx *ctx;	/* select variants on it before collecting */
	const struct rnn_domain *domain;
	struct probe_claim *v;
	unsigned int n, cap;
};

/* Load @file into @c (fails the test, printing file:line, if it has errors). */
void probe_claims_load(struct probe_claims *c, const char *file);

/*
 * Every register instance of @d that exists for c->ctx's variants, in
 * file order. A register named REG, or named like the array that holds
 * it, is the array's element itself: CP_SCRATCH[3], CALL_MME_MACRO[5].
 * Two claims of one name (per-variant copies) get the offset added to
 * their dynamic subtest name.
 */
void probe_claims_collect(struct probe_claims *c, const struct rnn_domain *d);

void probe_claims_free(struct probe_claims *c);

/* How many claims are targets (or all of them, with @all). */
unsigned int probe_claims_targets(const struct probe_claims *c, bool all);

/*
 * Print a claim's line; the untestable one then skips the dynamic
 * subtest with the same reason. (refuted: the caller decides whether it
 * fails.)
 */
#define probe_confirmed(c) probe_claim_confirmed(PROBE_CLAIM_TEXT(c))
#define probe_refuted(c, ...) probe_claim_refuted(PROBE_CLAIM_TEXT(c), __VA_ARGS__)
#define probe_untestable(c, ...) probe_claim_untestable(PROBE_CLAIM_TEXT(c), __VA_ARGS__)

/* "NAME @0xOFFSET": a claims-file claim as its verdict line names it, in @out. */
const char *probe_claim_text(const struct probe_claim *c, char *out, size_t size);
#define PROBE_CLAIM_TEXT_MAX 160
#define PROBE_CLAIM_TEXT(c) \
	probe_claim_text((c), (char[PROBE_CLAIM_TEXT_MAX]){ 0 }, PROBE_CLAIM_TEXT_MAX)

#endif
