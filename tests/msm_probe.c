// SPDX-License-Identifier: MIT
/*
 * msm_probe: verify register discoveries. A register database in
 * rules-ng XML makes claims ("register NAME lives at dword offset X");
 * for each claim the probe writes two patterns with pkt4, reads each back
 * with CP_REG_TO_MEM into a BO, and reports one line per register:
 *
 *	confirmed NAME @0xOFFSET
 *	refuted NAME @0xOFFSET (wrote X, read Y)
 *	untestable NAME @0xOFFSET (reason: ...)
 *
 * as one dynamic subtest per claim (pass, fail, skip). An offset that is
 * no register reads back 0 on hardware (and on the model, whose register
 * file holds only the registers of the chip's database), so a wrong
 * offset is refuted. Each claim is submitted on its own queue: a write the
 * kernel's CP_PROTECT list forbids faults the CP, which makes that claim
 * untestable and leaves the others alone.
 *
 * Claims (--claims FILE, default: the chip generation's database,
 * a5xx.xml or a6xx.xml, found as drmsub-decode finds databases): every
 * register instance (arrays expanded) of one domain that exists for the
 * chip's variant ("chip" varset: A5XX, A6XX, A7XX). The domain is
 * --domain NAME, else the one named A<gen>XX, else the first whose name
 * starts with A<gen>XX_ (a7xx: A7XX first, then A6XX, where upstream
 * describes a7xx).
 *
 * Targets, the claims probed by default: the reg32 claims that are plain
 * read/write state. The command processor's and RBBM's registers (names
 * starting CP_ or RBBM_: ring and IB pointers, CP_PROTECT, interrupt and
 * status registers, counters, owned by the kernel or the hardware) are
 * known special registers and left alone, except CP_SCRATCH[3..7] (the
 * kernel writes the fence seqno to CP_SCRATCH[2]). In msm/registers that
 * leaves CP_SCRATCH[3..7] and the "register-probe targets" the databases
 * list. --all probes every claim (a reg64 is then untestable: the probe
 * writes 32 bits). Offsets always come from the claims file.
 */
#include <stdio.h>
#include <string.h>

#include "msm_common.h"
#include "probe/claims.h"

IGT_TEST_DESCRIPTION("Register probes: each register a rules-ng XML database claims is "
		     "written with two patterns (pkt4) and read back (CP_REG_TO_MEM), then "
		     "reported confirmed, refuted or untestable.");

#define PROBE_TIMEOUT (10 * NSEC_PER_SEC)
#define SENTINEL 0xdeadbeefu

static struct msm_device *dev;
static struct probe_claims claims;

/* ---- claims -------------------------------------------------------------- */

/*
 * Known special registers (see the top comment): CP_* and RBBM_* except
 * CP_SCRATCH[3..7]; and anything wider than 32 bits.
 */
static bool is_target(const struct probe_claim *c)
{
	unsigned int idx;

	if (c->width != 32)
		return false;
	if (sscanf(c->name, "CP_SCRATCH[%u]", &idx) == 1 && !strchr(c->name, '.'))
		return idx >= 3 && idx <= 7;
	return strncmp(c->name, "CP_", 3) && strncmp(c->name, "RBBM_", 5);
}

static const struct rnn_domain *pick_domain(const struct rnn_db *db)
{
	const char *cand[2] = { NULL, NULL };
	char buf[2][8];

	if (probe_opts.domain) {
		const struct rnn_domain *d = rnn_find_domain(db, probe_opts.domain);

		igt_assert_f(d, "%s: no domain %s\n", claims.file, probe_opts.domain);
		return d;
	}
	snprintf(buf[0], sizeof(buf[0]), "A%uXX", dev->gen);
	cand[0] = buf[0];
	if (dev->gen == 7) {
		snprintf(buf[1], sizeof(buf[1]), "A6XX");
		cand[1] = buf[1];
	}
	for (unsigned int c = 0; c < 2 && cand[c]; c++) {
		size_t len = strlen(cand[c]);

		for (size_t i = 0; i < rnn_db_ndomains(db); i++)
			if (!strcmp(rnn_db_domain(db, i)->name, cand[c]))
				return rnn_db_domain(db, i);
		for (size_t i = 0; i < rnn_db_ndomains(db); i++) {
			const char *n = rnn_db_domain(db, i)->name;

			if (!strncmp(n, cand[c], len) && n[len] == '_')
				return rnn_db_domain(db, i);
		}
	}
	igt_assert_f(false, "%s: no domain for a%uxx (use --domain)\n", claims.file, dev->gen);
	return NULL;
}

static void load_claims(void)
{
	const char *file = dev->gen == 5 ? "a5xx.xml" : "a6xx.xml";
	char path[PATH_MAX], variant[8];

	if (!probe_opts.claims)
		igt_assert_f(rnn_find_database(NULL, "msm", file, path, sizeof(path)),
			     "no msm register database %s found (set DRMSUB_REGISTERS)\n", file);
	probe_claims_load(&claims, probe_opts.claims ? probe_opts.claims : path);
	snprintf(variant, sizeof(variant), "A%uXX", dev->gen);
	/* a file without the chip varset makes every claim for every chip */
	rnn_ctx_set_variant(claims.ctx, "chip", variant);
	probe_claims_collect(&claims, pick_domain(claims.db));
	for (unsigned int i = 0; i < claims.n; i++) {
		igt_assert_f(claims.v[i].offset < (1u << 18),
			     "%s @%#" PRIx64 ": beyond what pkt4 reaches\n", claims.v[i].name,
			     claims.v[i].offset);
		claims.v[i].target = is_target(&claims.v[i]);
	}
	igt_info("claims: %s, domain %s, variant %s: %u claims, %u probed%s\n", claims.file,
		 claims.domain->name, variant, claims.n, probe_claims_targets(&claims, probe_opts.flag),
		 probe_opts.flag ? " (--all)" : " (targets)");
}

/* ---- probing -------------------------------------------------------------- */

/* Write @c's two patterns and read each back; returns false if the CP faulted. */
static bool probe(const struct probe_claim *c, uint32_t index, uint32_t wrote[2], uint32_t read[2])
{
	struct msm_queue *q = msm_queue_new(dev, 0);
	struct msm_bo *out = msm_bo_new(dev, 4096);
	struct msm_cs *cs = msm_cs_new(dev, 64);
	uint32_t faults, fence;

	wrote[0] = 0x5a5a0000u | (index & 0xffff);
	wrote[1] = ~wrote[0];
	for (int i = 0; i < 2; i++) {
		msm_bo_write32(out, 4 * i, SENTINEL);
		msm_cs_reg_write32(cs, (uint32_t)c->offset, wrote[i]);
		msm_cs_pkt7(cs, CP_WAIT_FOR_IDLE, 0);
		msm_cs_reg_to_mem(cs, (uint32_t)c->offset, 1, false, out, 4 * i);
	}
	faults = queue_faults(q);
	fence = msm_cs_submit(cs, q);
	igt_assert_eq(__msm_wait_fence(q, fence, PROBE_TIMEOUT), 0);
	msm_cs_free(cs);
	bool faulted = queue_faults(q) != faults;
	for (int i = 0; i < 2; i++)
		read[i] = msm_bo_read32(out, 4 * i);
	msm_bo_free(out);
	msm_queue_free(q);
	return !faulted;
}

static void probe_claim(const struct probe_claim *c, uint32_t index)
{
	uint32_t wrote[2], read[2];

	if (c->width != 32)
		probe_untestable(c, "wider than 32 bits: reg%u", c->width);
	if (!probe(c, index, wrote, read)) {
		igt_emit_ignore_dmesg_regex("gpu fault|CP \\| protected|hangcheck|recover");
		probe_untestable(c, "faults: the write or read raised a CP fault, e.g. CP_PROTECT");
	}
	for (int i = 0; i < 2; i++) {
		if (read[i] != wrote[i]) {
			probe_refuted(c, "wrote 0x%08x, read 0x%08x", wrote[i], read[i]);
			igt_fail(IGT_EXIT_FAILURE);
		}
	}
	probe_confirmed(c);
}

/* ---- options ---------------------------------------------------------------- */

static const struct option probe_options[] = PROBE_OPTIONS("all");

static const char probe_help[] =
	"  --claims FILE    rules-ng XML whose registers to probe (default: the chip\n"
	"                   generation's msm/registers/a5xx.xml or a6xx.xml, from\n"
	"                   $DRMSUB_REGISTERS, the source tree or $PREFIX/share/drmsub)\n"
	"  --domain NAME    the domain to take claims from (default: A<gen>XX)\n"
	"  --all            probe every claim, not only plain read/write targets";

igt_main_args("", probe_options, probe_help, probe_opt, NULL)
{
	igt_fixture {
		dev = msm_device_open();
		load_claims();
	}

	igt_describe("each claimed register keeps two written patterns (one dynamic subtest "
		     "per register: confirmed passes, refuted fails, untestable skips)");
	igt_subtest_with_dynamic("claims") {
		igt_require_f(probe_claims_targets(&claims, probe_opts.flag),
			      "%s: no register of domain %s to probe\n", claims.file,
			      claims.domain->name);
		for (unsigned int i = 0; i < claims.n; i++) {
			if (!probe_opts.flag && !claims.v[i].target)
				continue;
			igt_dynamic(claims.v[i].dyn)
				probe_claim(&claims.v[i], i);
		}
	}

	igt_fixture {
		probe_claims_free(&claims);
		msm_device_close(dev);
	}
}
