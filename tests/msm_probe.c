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
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "msm_common.h"
#include "rnn/rnn.h"

#ifndef DRMSUB_SRCDIR
#define DRMSUB_SRCDIR "."
#endif
#ifndef DRMSUB_DATADIR
#define DRMSUB_DATADIR "/usr/local/share/drmsub/registers"
#endif

IGT_TEST_DESCRIPTION("Register probes: each register a rules-ng XML database claims is "
		     "written with two patterns (pkt4) and read back (CP_REG_TO_MEM), then "
		     "reported confirmed, refuted or untestable.");

#define PROBE_TIMEOUT (10 * NSEC_PER_SEC)
#define MAX_CLAIMS 4096
#define SENTINEL 0xdeadbeefu

struct claim {
	char name[128];		/* CP_SCRATCH[3], PC_RESTART_INDEX */
	char dyn[128];		/* the dynamic subtest: CP_SCRATCH-3 */
	uint32_t offset;	/* dword offset, from the claims file */
	unsigned int width;	/* 32 or 64 */
	bool target;
};

static const char *claims_opt, *domain_opt;
static bool probe_all;

static struct msm_device *dev;
static struct claim *claims;
static unsigned int nr_claims;
static char claims_file[PATH_MAX];
static char domain_used[64];

/* ---- claims -------------------------------------------------------------- */

static bool is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* @file in ROOT/msm/registers, ROOT/msm or ROOT, as drmsub-decode looks. */
static bool find_in(const char *root, const char *file)
{
	static const char *const sub[] = { "/msm/registers/", "/msm/", "/" };

	for (unsigned int i = 0; i < 3; i++) {
		snprintf(claims_file, sizeof(claims_file), "%s%s%s", root, sub[i], file);
		if (is_file(claims_file))
			return true;
	}
	return false;
}

/* The generation's database: $DRMSUB_REGISTERS, else the source tree, else $(PREFIX). */
static bool find_default_claims(void)
{
	const char *file = dev->gen == 5 ? "a5xx.xml" : "a6xx.xml";
	const char *env = getenv("DRMSUB_REGISTERS");

	if (env && *env)
		return find_in(env, file);
	return find_in(DRMSUB_SRCDIR, file) || find_in(DRMSUB_DATADIR, file);
}

/*
 * Known special registers (see the top comment): CP_* and RBBM_* except
 * CP_SCRATCH[3..7]; and anything wider than 32 bits.
 */
static bool is_target(const struct claim *c)
{
	unsigned int idx;

	if (c->width != 32)
		return false;
	if (sscanf(c->name, "CP_SCRATCH[%u]", &idx) == 1 && !strchr(c->name, '.'))
		return idx >= 3 && idx <= 7;
	return strncmp(c->name, "CP_", 3) && strncmp(c->name, "RBBM_", 5);
}

static void add_claim(const char *name, uint64_t offset, unsigned int width)
{
	struct claim *c;

	igt_assert_f(nr_claims < MAX_CLAIMS, "more than %d claims\n", MAX_CLAIMS);
	igt_assert_f(offset < (1u << 18), "%s @%#" PRIx64 ": beyond what pkt4 reaches\n",
		     name, offset);
	c = &claims[nr_claims++];
	snprintf(c->name, sizeof(c->name), "%s", name);
	c->offset = (uint32_t)offset;
	c->width = width;
	c->target = is_target(c);
	/* dynamic subtest names take [A-Za-z0-9_-]: CP_SCRATCH[3].X -> CP_SCRATCH-3-X */
	size_t n = 0;
	for (const char *p = name; *p && n + 1 < sizeof(c->dyn); p++) {
		if (*p == ']')
			continue;
		c->dyn[n++] = (*p == '[' || *p == '.') ? '-' : *p;
	}
	c->dyn[n] = 0;
	/* two claims of one name (per-variant copies): the offset tells them apart */
	for (unsigned int i = 0; i + 1 < nr_claims; i++)
		if (!strcmp(claims[i].dyn, c->dyn)) {
			snprintf(c->dyn + n, sizeof(c->dyn) - n, "-0x%x", c->offset);
			break;
		}
}

/*
 * Every register instance under @e in @ctx. Names: levels joined by '.',
 * "[i]" after a level with a length; a register named REG directly in an
 * array is the array's element itself (upstream's convention), so
 * CP_SCRATCH[3] rather than CP_SCRATCH[3].REG.
 */
static void walk(const struct rnn_ctx *ctx, const struct rnn_domain *d,
		 const struct rnn_elem *e, uint64_t base, const char *prefix)
{
	uint64_t at = base + e->offset;
	char name[128];

	if (!rnn_ctx_match(ctx, &e->varinfo))
		return;
	if (e->kind == RNN_ELEM_REG) {
		unsigned int unit = d->width ? d->width : 8;
		uint64_t n = e->has_length ? e->length : 1;
		uint64_t size = e->width > unit ? e->width / unit : 1;
		uint64_t stride = e->stride ? e->stride : size;
		bool elem = e->parent && e->parent->kind == RNN_ELEM_ARRAY && e->parent->name &&
			    !strcmp(e->name, "REG");

		for (uint64_t i = 0; i < n; i++) {
			if (elem)
				snprintf(name, sizeof(name), "%s", prefix);
			else if (e->has_length)
				snprintf(name, sizeof(name), "%s%s%s[%" PRIu64 "]", prefix,
					 *prefix ? "." : "", e->name, i);
			else
				snprintf(name, sizeof(name), "%s%s%s", prefix, *prefix ? "." : "",
					 e->name);
			add_claim(name, at + i * stride, e->width);
		}
		return;
	}
	for (uint64_t i = 0; i < (e->kind == RNN_ELEM_ARRAY ? e->length : 1); i++) {
		if (!e->name)
			snprintf(name, sizeof(name), "%s", prefix);
		else if (e->kind == RNN_ELEM_ARRAY)
			snprintf(name, sizeof(name), "%s%s%s[%" PRIu64 "]", prefix,
				 *prefix ? "." : "", e->name, i);
		else
			snprintf(name, sizeof(name), "%s%s%s", prefix, *prefix ? "." : "", e->name);
		for (size_t c = 0; c < e->nchildren; c++)
			walk(ctx, d, e->children[c], at + i * e->stride, name);
	}
}

static const struct rnn_domain *pick_domain(const struct rnn_db *db)
{
	const char *cand[2] = { NULL, NULL };
	char buf[2][8];

	if (domain_opt) {
		const struct rnn_domain *d = rnn_find_domain(db, domain_opt);

		igt_assert_f(d, "%s: no domain %s\n", claims_file, domain_opt);
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
	igt_assert_f(false, "%s: no domain for a%uxx (use --domain)\n", claims_file, dev->gen);
	return NULL;
}

static void load_claims(void)
{
	struct rnn_db *db = rnn_db_new();
	const struct rnn_domain *d;
	struct rnn_ctx *ctx;
	char variant[8];

	if (claims_opt)
		snprintf(claims_file, sizeof(claims_file), "%s", claims_opt);
	else
		igt_assert_f(find_default_claims(),
			     "no msm register database found (set DRMSUB_REGISTERS)\n");
	igt_assert_f(is_file(claims_file), "%s: no such file\n", claims_file);
	rnn_db_load(db, claims_file);
	rnn_db_prepare(db);
	for (size_t i = 0; i < rnn_db_nerrors(db); i++) {
		const struct rnn_error *e = rnn_db_error(db, i);

		igt_warn("%s:%d: %s\n", e->file ? e->file : "?", e->line, e->message);
	}
	igt_assert_f(!rnn_db_nerrors(db), "%s does not load\n", claims_file);

	d = pick_domain(db);
	snprintf(domain_used, sizeof(domain_used), "%s", d->name);
	ctx = rnn_ctx_new(db);
	snprintf(variant, sizeof(variant), "A%uXX", dev->gen);
	/* a file without the chip varset makes every claim for every chip */
	rnn_ctx_set_variant(ctx, "chip", variant);
	claims = calloc(MAX_CLAIMS, sizeof(*claims));
	igt_assert(claims);
	if (rnn_ctx_match(ctx, &d->varinfo))
		for (size_t i = 0; i < d->nelems; i++)
			walk(ctx, d, d->elems[i], 0, "");
	rnn_ctx_free(ctx);
	rnn_db_free(db);

	unsigned int probed = 0;
	for (unsigned int i = 0; i < nr_claims; i++)
		probed += probe_all || claims[i].target;
	igt_info("claims: %s, domain %s, variant %s: %u claims, %u probed%s\n", claims_file,
		 domain_used, variant, nr_claims, probed, probe_all ? " (--all)" : " (targets)");
}

/* ---- probing -------------------------------------------------------------- */

/* Write @c's two patterns and read each back; returns false if the CP faulted. */
static bool probe(const struct claim *c, uint32_t index, uint32_t wrote[2], uint32_t read[2])
{
	struct msm_queue *q = msm_queue_new(dev, 0);
	struct msm_bo *out = msm_bo_new(dev, 4096);
	struct msm_cs *cs = msm_cs_new(dev, 64);
	uint32_t faults, fence;

	wrote[0] = 0x5a5a0000u | (index & 0xffff);
	wrote[1] = ~wrote[0];
	for (int i = 0; i < 2; i++) {
		msm_bo_write32(out, 4 * i, SENTINEL);
		msm_cs_reg_write32(cs, c->offset, wrote[i]);
		msm_cs_pkt7(cs, CP_WAIT_FOR_IDLE, 0);
		msm_cs_reg_to_mem(cs, c->offset, 1, false, out, 4 * i);
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

static void probe_claim(const struct claim *c, uint32_t index)
{
	uint32_t wrote[2], read[2];

	if (c->width != 32) {
		igt_info("untestable %s @%#x (reason: wider than 32 bits: reg%u)\n", c->name,
			 c->offset, c->width);
		igt_skip("untestable: the probe writes 32-bit registers\n");
	}
	if (!probe(c, index, wrote, read)) {
		igt_emit_ignore_dmesg_regex("gpu fault|CP \\| protected|hangcheck|recover");
		igt_info("untestable %s @%#x (reason: faults: the write or read raised a CP "
			 "fault, e.g. CP_PROTECT)\n", c->name, c->offset);
		igt_skip("untestable: the access faults\n");
	}
	for (int i = 0; i < 2; i++) {
		if (read[i] != wrote[i]) {
			igt_info("refuted %s @%#x (wrote 0x%08x, read 0x%08x)\n", c->name,
				 c->offset, wrote[i], read[i]);
			igt_critical("refuted %s @%#x (wrote 0x%08x, read 0x%08x)\n", c->name,
				     c->offset, wrote[i], read[i]);
			igt_fail(IGT_EXIT_FAILURE);
		}
	}
	igt_info("confirmed %s @%#x\n", c->name, c->offset);
}

/* ---- options ---------------------------------------------------------------- */

enum { OPT_CLAIMS = 0x1000, OPT_DOMAIN, OPT_ALL };

static const struct option probe_options[] = {
	{ "claims", required_argument, NULL, OPT_CLAIMS },
	{ "domain", required_argument, NULL, OPT_DOMAIN },
	{ "all", no_argument, NULL, OPT_ALL },
	{ NULL, 0, NULL, 0 },
};

static const char probe_help[] =
	"  --claims FILE    rules-ng XML whose registers to probe (default: the chip\n"
	"                   generation's msm/registers/a5xx.xml or a6xx.xml, from\n"
	"                   $DRMSUB_REGISTERS, the source tree or $PREFIX/share/drmsub)\n"
	"  --domain NAME    the domain to take claims from (default: A<gen>XX)\n"
	"  --all            probe every claim, not only plain read/write targets";

static int probe_opt(int opt, int opt_index, void *data)
{
	switch (opt) {
	case OPT_CLAIMS:
		claims_opt = optarg;
		return IGT_OPT_HANDLER_SUCCESS;
	case OPT_DOMAIN:
		domain_opt = optarg;
		return IGT_OPT_HANDLER_SUCCESS;
	case OPT_ALL:
		probe_all = true;
		return IGT_OPT_HANDLER_SUCCESS;
	}
	return IGT_OPT_HANDLER_ERROR;
}

igt_main_args("", probe_options, probe_help, probe_opt, NULL)
{
	igt_fixture {
		dev = msm_device_open();
		load_claims();
	}

	igt_describe("each claimed register keeps two written patterns (one dynamic subtest "
		     "per register: confirmed passes, refuted fails, untestable skips)");
	igt_subtest_with_dynamic("claims") {
		unsigned int probed = 0;

		for (unsigned int i = 0; i < nr_claims; i++) {
			if (!probe_all && !claims[i].target)
				continue;
			probed++;
			igt_dynamic(claims[i].dyn)
				probe_claim(&claims[i], i);
		}
		igt_require_f(probed, "%s: no register of domain %s to probe\n", claims_file,
			      domain_used);
	}

	igt_fixture {
		free(claims);
		msm_device_close(dev);
	}
}
