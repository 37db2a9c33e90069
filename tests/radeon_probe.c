// SPDX-License-Identifier: MIT
/*
 * radeon_probe: verify R300 register discoveries by their rendered effect.
 *
 * A claims file (rules-ng XML) says which value means what: alpha
 * test functions, blend functions and factors, colour-mask bits, PVS
 * opcodes and operand encodings, stencil functions and operations,
 * culling bits, the texture magnification filter, colour-buffer formats
 * and the polygon offset enable. Each claim is one dynamic subtest: the
 * probe programs the claimed value at the claimed register offset and bit
 * position, takes everything else from the verified database (the
 * generated headers), renders, and compares the result with what the
 * claimed meaning must render:
 *
 *	confirmed CLAIM
 *	refuted CLAIM (DETAIL)
 *	untestable CLAIM (reason: REASON)
 *
 * Meanings come from names: a claim is recognised by its register, field
 * or enum name in the seed's spelling or the verified database's
 * (radeon/registers/r300.xml, r300_pvs.xml), see the vocabulary tables
 * (radeon/r300_claims.c). Elements without a known meaning are not claims
 * the probe can check and are only counted; fields the seed names without
 * a meaning (BLEND_UNKNOWN) and registers whose writes cannot show an
 * effect (the immediate-vertex registers) are untestable with a reason.
 *
 * The kernel's CS checker decides which registers userspace may write. A
 * claim whose register write the checker rejects (EINVAL) cannot be tried
 * on this kernel: it is untestable, with the errno in the reason. A
 * register that is accepted but has no effect (a wrong offset) refutes the
 * claim.
 *
 * Claims: --claims FILE, or --seed for the 2004 seed transcription
 * (radeon/registers/seed/r300_2004.xml); by default the verified
 * databases (r300_pvs.xml, which imports r300.xml), so that a plain run,
 * as in the test suite, passes on a correct device and shows the probe
 * works: every claim it can test is confirmed. The seed is refuted where
 * it is wrong, so a --seed run fails.
 *
 * Controls: before the first alpha-test or blend claim, the same
 * experiment runs with the verified encoding; if that does not render the
 * verified result (a device or model without the feature), those claims
 * are untestable rather than refuted.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "core/test.h"
#include "probe/verdict.h"
#include "radeon/r300.h"
#include "radeon/r300_claims.h"

IGT_TEST_DESCRIPTION("Register-discovery probes for R300: each claim of a claims database "
		     "(--seed: the 2004 seed; default: the verified databases) is programmed "
		     "and rendered, then reported confirmed, refuted or untestable.");

static const char *claims_opt;
static bool seed_opt;
static struct r300_device *dev;
static struct r300_probe *probe;
static struct r300_claim *claims;
static unsigned int nr_claims, nr_unknown;
static char claims_file[PATH_MAX];

/* ---- options --------------------------------------------------------------- */

enum { OPT_CLAIMS = 0x1000, OPT_SEED };

static const struct option probe_options[] = {
	{ "claims", required_argument, NULL, OPT_CLAIMS },
	{ "seed", no_argument, NULL, OPT_SEED },
	{ NULL, 0, NULL, 0 },
};

static const char probe_help[] =
	"  --claims FILE    rules-ng XML whose claims to verify (default: the verified\n"
	"                   radeon/registers/r300_pvs.xml with r300.xml, from\n"
	"                   $DRMSUB_REGISTERS, the source tree or $PREFIX/share/drmsub)\n"
	"  --seed           the 2004 seed's claims, radeon/registers/seed/r300_2004.xml";

static int probe_opt(int opt, int opt_index, void *data)
{
	switch (opt) {
	case OPT_CLAIMS:
		claims_opt = optarg;
		return IGT_OPT_HANDLER_SUCCESS;
	case OPT_SEED:
		seed_opt = true;
		return IGT_OPT_HANDLER_SUCCESS;
	}
	return IGT_OPT_HANDLER_ERROR;
}

static void check(const struct r300_claim *c)
{
	struct r300_verdict v = r300_claim_check(probe, c);

	if (v.kind == VERDICT_REFUTED) {
		probe_claim_refuted(c->name, "%s", v.detail);
		igt_critical("refuted %s\n", c->name);	/* again where failures are looked for */
		igt_fail(IGT_EXIT_FAILURE);
	}
	if (v.kind == VERDICT_UNTESTABLE)
		probe_claim_untestable(c->name, "%s", v.detail);
	probe_claim_confirmed(c->name);
}

static void load(void)
{
	struct rnn_db *db;

	const char *file = seed_opt ? "seed/r300_2004.xml" : "r300_pvs.xml";

	if (claims_opt)
		snprintf(claims_file, sizeof(claims_file), "%s", claims_opt);
	else
		igt_assert_f(rnn_find_database(NULL, "radeon", file, claims_file, sizeof(claims_file)),
			     "radeon/registers/%s is not found (set DRMSUB_REGISTERS)\n", file);
	db = probe_db_load(claims_file);
	claims = calloc(R300_MAX_CLAIMS, sizeof(*claims));
	igt_assert(claims);
	nr_claims = r300_claims_collect(db, r300_chip_name(dev->family), claims, R300_MAX_CLAIMS,
					&nr_unknown);
	rnn_db_free(db);
	igt_info("claims: %s, variant %s: %u claims, %u elements without a known meaning\n",
		 claims_file, r300_chip_name(dev->family), nr_claims, nr_unknown);
}

igt_main_args("", probe_options, probe_help, probe_opt, NULL)
{
	igt_fixture {
		dev = r300_device_open();
		probe = r300_probe_new(dev);
		load();
	}

	igt_describe("every recognised claim rendered with the claimed encoding (one dynamic "
		     "subtest per claim: confirmed passes, refuted fails, untestable skips)");
	igt_subtest_with_dynamic("claims") {
		igt_require_f(nr_claims, "%s: no claim the probe recognises\n", claims_file);
		for (unsigned int i = 0; i < nr_claims; i++) {
			char name[96];

			probe_subtest_name(claims[i].id, name, sizeof(name));
			igt_dynamic(name)
				check(&claims[i]);
		}
	}

	igt_describe("the reference results the probe compares with tell the claimed meanings "
		     "apart, so a value that means something else is refuted");
	igt_subtest("references-distinct") {
		char why[160];

		igt_assert_f(r300_claim_references_distinct(why, sizeof(why)), "%s\n", why);
	}

	igt_fixture {
		r300_probe_free(probe);
		free(claims);
		r300_device_close(dev);
	}
}
