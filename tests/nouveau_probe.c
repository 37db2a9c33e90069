// SPDX-License-Identifier: MIT
/*
 * nouveau_probe: verify method discoveries on Maxwell. A claims file in
 * rules-ng XML says "the 3D class has a method NAME at byte offset X";
 * for each claim the probe writes two values to that method and reads
 * each back through the GPU: a macro (MME) reads the method's value from
 * the shadow RAM with its read op and releases it to memory with a 3D
 * report semaphore. That shows the offset holds state, not what the state
 * means. Where a clear can show the meaning the claim's name gives (clear
 * values, the stencil write mask: nouveau/probe_meaning.c), the probe runs
 * that experiment too; elsewhere it compares the claim's name with
 * NVIDIA's at that offset (the chip's class database). One line and one
 * dynamic subtest per claim:
 *
 *	confirmed NAME @0xOFFSET (meaning: what the experiment showed)
 *	refuted NAME @0xOFFSET (wrote X, read Y; the channel died; or what the
 *		experiment showed instead)
 *	holds-state NAME @0xOFFSET (NVIDIA: SET_X; the names agree | differ)
 *	untestable NAME @0xOFFSET (reason: ...)
 *
 * Only "confirmed" says the claim is right; "holds-state" says the offset
 * keeps a value, and whether NVIDIA's name for it reads the same.
 *
 * Each claim runs on a fresh channel: a method the class does not have
 * kills that channel on the model, and on hardware nouveau logs PGRAPH's
 * ILLEGAL_MTHD and drops the method (the read-back then finds no
 * value); either way only that claim is refuted. Never written, and
 * untestable: host methods (below 0x100, the channel's own), and methods
 * that are actions rather than state (draws, semaphores, MME loads,
 * cache flushes, software methods: the kind attributes of the class
 * databases, nouveau/method_kinds.h). The values
 * written follow the claim's own description where it has one (a
 * boolean gets 1 then 0, an enum its largest then smallest value, a
 * field of a bitset its values or alternating bits), so that a right
 * claim is not refuted by a value the hardware rejects; other claims get
 * 0x5a5a0000 | index and its complement.
 *
 * Claims: --claims FILE, by default the seed 002 transcription
 * (nouveau/registers/seed/switchbrew_2018.xml, found as drmsub-decode
 * finds databases). The domain is --domain NAME, else the one named
 * NV<class> for the chip's 3D class (NVB097 on GM107, NVB197 on GM20x),
 * else the first whose name holds that class's number, else the first
 * holding either 3D class's (the seed's SEED_B197_3D on GM107, too).
 * By default the seed is a report: its refuted claims are findings about
 * the seed and do not fail (exit 0); with --claims FILE, or --strict,
 * a refuted claim fails its dynamic subtest.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "core/test.h"
#include "nouveau/method_kinds.h"
#include "nouveau/nv.h"
#include "nouveau/probe_meaning.h"
#include "nouveau/push.h"
#include "nouveau/push_mme.h"
#include "probe/claims.h"
#include "nouveau/suite.h"

IGT_TEST_DESCRIPTION("Method-state probes on Maxwell: each 3D method a rules-ng XML file "
		     "claims is written twice and read back through an MME macro, then "
		     "reported confirmed, refuted or untestable.");

#define SEED_FILE "seed/switchbrew_2018.xml"
#define SENTINEL 0x6a6a6a6au
#define READBACK_MACRO 0

static struct nv_device *dev;
static struct nv_channel *ce;		/* reads block-linear targets back */
static struct probe_claims claims;
/* the chip's 3D class database: NVIDIA's names, to compare claims with */
static struct rnn_db *header_db;
static struct rnn_ctx *header_ctx;
static const struct rnn_domain *header;
static struct nv_mme_prog readback;

/* verdict counts, shared with the forked dynamic subtests */
static struct tally {
	unsigned int confirmed, refuted, untestable, state_agrees, state_differs;
} *tally;

/* ---- claims -------------------------------------------------------------- */

static const struct rnn_domain *find_holding(const struct rnn_db *db, const char *part)
{
	for (size_t i = 0; i < rnn_db_ndomains(db); i++)
		if (strstr(rnn_db_domain(db, i)->name, part))
			return rnn_db_domain(db, i);
	return NULL;
}

static const struct rnn_domain *pick_domain(const struct rnn_db *db)
{
	const struct rnn_domain *d;
	char name[16];

	if (probe_opts.domain) {
		d = rnn_find_domain(db, probe_opts.domain);
		igt_assert_f(d, "%s: no domain %s\n", claims.file, probe_opts.domain);
		return d;
	}
	snprintf(name, sizeof(name), "NV%04X", dev->chip->cls_3d);
	d = rnn_find_domain(db, name);
	if (!d)
		d = find_holding(db, name + 2);
	if (!d)
		d = find_holding(db, "B197");
	if (!d)
		d = find_holding(db, "B097");
	igt_assert_f(d, "%s: no domain of a Maxwell 3D class (use --domain)\n", claims.file);
	return d;
}

/* nvb097.xml or nvb197.xml, the class database of the chip's 3D class */
static void load_header(void)
{
	char file[32], path[PATH_MAX];

	snprintf(file, sizeof(file), "nv%04x.xml", dev->chip->cls_3d);
	igt_assert_f(rnn_find_database(NULL, "nouveau", file, path, sizeof(path)),
		     "no %s found (set DRMSUB_REGISTERS)\n", file);
	header_db = probe_db_load(path);
	header_ctx = rnn_ctx_new(header_db);
	snprintf(file, sizeof(file), "NV%04X", dev->chip->cls_3d);
	header = rnn_find_domain(header_db, file);
	igt_assert_f(header, "%s: no domain %s\n", path, file);
}

static void load_claims(void)
{
	char path[PATH_MAX];

	if (!probe_opts.claims)
		igt_assert_f(rnn_find_database(NULL, "nouveau", SEED_FILE, path, sizeof(path)),
			     "no %s found (set DRMSUB_REGISTERS)\n", SEED_FILE);
	probe_claims_load(&claims, probe_opts.claims ? probe_opts.claims : path);
	probe_claims_collect(&claims, pick_domain(claims.db));
	for (unsigned int i = 0; i < claims.n; i++)
		claims.v[i].target = true;
	igt_info("claims: %s, domain %s, on %s (class %#x): %u claims%s\n", claims.file,
		 claims.domain->name, dev->chip->name, dev->chip->cls_3d, claims.n,
		 probe_opts.claims || probe_opts.flag ? "" : " (a report: refuted claims do not fail)");
}

/* ---- values to write ------------------------------------------------------ */

/* The smallest and largest value @t lists (inline or through its enum). */
static bool listed(const struct rnn_typeinfo *t, uint64_t *lo, uint64_t *hi)
{
	struct rnn_value **v = t->eenum ? t->eenum->vals : t->vals;
	size_t n = t->eenum ? t->eenum->nvals : t->nvals;

	for (size_t i = 0; i < n; i++) {
		if (!i || v[i]->value < *lo)
			*lo = v[i]->value;
		if (!i || v[i]->value > *hi)
			*hi = v[i]->value;
	}
	return n > 0;
}

/* A value for @t: its boolean or listed values, else @bits. */
static uint64_t typed_value(const struct rnn_typeinfo *t, bool second, uint64_t bits)
{
	uint64_t lo = 0, hi = 0;

	if (t->kind == RNN_TYPE_BOOLEAN)
		return second ? 0 : 1;
	if (listed(t, &lo, &hi))
		return second ? lo : hi;
	return bits;
}

/* The first (@second false) or second value written to claim @c. */
static uint32_t pattern(const struct probe_claim *c, unsigned int index, bool second)
{
	const struct rnn_typeinfo *t = &c->reg->type;
	struct rnn_bitfield **f = t->ebitset ? t->ebitset->fields : t->fields;
	size_t nf = t->ebitset ? t->ebitset->nfields : t->nfields;
	uint32_t base = 0x5a5a0000u | (index & 0xffff), v = 0;

	if (second)
		base = ~base;
	if (!nf)
		return (uint32_t)typed_value(t, second, base);
	for (size_t i = 0; i < nf; i++) {
		uint64_t bits = typed_value(&f[i]->type, second, (base & f[i]->mask) >> f[i]->low);

		v |= (uint32_t)((bits << f[i]->low) & f[i]->mask);
	}
	return v;
}

/* ---- probing -------------------------------------------------------------- */

/*
 * The read-back macro: r1 = a method word; parameters 2 and 3 = the
 * address to release its shadowed value to.
 */
static void build_readback(void)
{
	nv_mme_add(&readback, nv_mme_read(2, 1, 0));
	nv_mme_add(&readback, nv_mme_parm(3));
	nv_mme_add(&readback, nv_mme_parm(4));
	nv_mme_release_regs(&readback, 3, 4, 2, 5);
	nv_mme_end(&readback);
}

/* Write @wrote[i] to @c's method and read each back; false if the channel died. */
static bool probe(const struct probe_claim *c, const uint32_t wrote[2], uint32_t read[2])
{
	struct nv_channel *chan = nv_channel_new(dev, NV_ENGINE_GR);
	struct nv_bo *out = nv_bo_new(dev, 4096, NV_BO_GART);
	struct nv_push *p = nv_push_new(256);
	bool alive;

	nv_mme_load(p, READBACK_MACRO, 0, &readback);
	for (int i = 0; i < 2; i++) {
		uint64_t va = nv_push_addr(p, out, 4 * i, NV_ACCESS_WRITE);

		nv_bo_write32(out, 4 * i, SENTINEL);
		/*
		 * the offset is the claim's, not a generated name: raw data. The
		 * write is the claim under test (its entry in the claims file is the
		 * hardware claim); the readback macro is nouveau_mme's.
		 */
		nv_mthd(p, NV_SUBC_3D, (uint32_t)c->offset);
		nv_data(p, wrote[i]);
		nv_mme_call(p, READBACK_MACRO,
			    (uint32_t[]){ (uint32_t)c->offset >> 2, (uint32_t)(va >> 32), (uint32_t)va },
			    3);
	}
	/* a claim the hardware refutes may kill the channel */
	nv_expect_channel_death();
	nv_push_submit(p, chan);
	nv_channel_wait(chan);
	alive = __nv_channel_probe(chan) == 0;
	for (int i = 0; i < 2; i++)
		read[i] = nv_bo_read32(out, 4 * i);
	nv_push_free(p);
	nv_bo_free(out);
	nv_channel_free(chan);
	return alive;
}

static void count(unsigned int *n)
{
	__atomic_add_fetch(n, 1, __ATOMIC_RELAXED);
}

DRMSUB_PRINTF(2, 3) static void refuted(const struct probe_claim *c, const char *fmt, ...)
{
	char what[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	probe_refuted(c, "%s", what);
	count(&tally->refuted);
	if (probe_opts.claims || probe_opts.flag)
		igt_fail(IGT_EXIT_FAILURE);
}

static void untestable_if(bool cond, const struct probe_claim *c, const char *why)
{
	if (!cond)
		return;
	count(&tally->untestable);
	probe_untestable(c, "%s", why);
}

/* The meaning experiment, where the claim's name has one: true once it gave a verdict. */
static bool meaning_shown(const struct probe_claim *c)
{
	struct nv_probe_claim m = { c->name, (uint32_t)c->offset, nv_claimed_meaning(c->name) };
	char what[200] = "";
	int ret;

	if (m.meaning == NV_MEANING_NONE)
		return false;
	ret = nv_probe_meaning(dev, ce, &m, what, sizeof(what));
	if (ret == NV_MEANING_UNSHOWN)
		return false;
	if (ret == 1) {
		count(&tally->confirmed);
		igt_info("confirmed %s @%#llx (meaning: %s)\n", c->name,
			 (unsigned long long)c->offset, what);
		return true;
	}
	if (ret < 0)
		refuted(c, "the channel died in the meaning experiment");
	else
		refuted(c, "%s", what);
	return true;
}

/* The offset keeps its value; say what NVIDIA's header calls it and whether that agrees. */
static void holds_state(const struct probe_claim *c)
{
	struct rnn_addr a;
	bool agree;

	if (!rnn_decode_addr(header_ctx, header, c->offset, &a)) {
		count(&tally->state_differs);
		igt_info("holds-state %s @%#llx (NVIDIA's %s names nothing there)\n", c->name,
			 (unsigned long long)c->offset, header->name);
		return;
	}
	agree = nv_names_agree(c->name, a.reg->name);
	count(agree ? &tally->state_agrees : &tally->state_differs);
	igt_info("holds-state %s @%#llx (NVIDIA: %s; the names %s)\n", c->name,
		 (unsigned long long)c->offset, a.name, agree ? "agree" : "differ");
}

static void probe_claim(const struct probe_claim *c, unsigned int index)
{
	uint32_t wrote[2] = { pattern(c, index, false), pattern(c, index, true) }, read[2];
	enum nv_method_kind kind = nv_method_kind(dev->chip->cls_3d, (uint32_t)c->offset);

	untestable_if(c->width != 32, c, "wider than 32 bits: a method is one word");
	untestable_if(c->offset < 0x100, c,
		      "a host method (below 0x100): the channel's, not the class's state");
	if (c->offset % 4 || c->offset >= 0x4000) {
		refuted(c, "no method can live there: method offsets are multiples of 4 below 0x4000");
		return;
	}
	untestable_if(kind != NV_METHOD_STATE, c, nv_method_kind_reason(kind));
	if (!probe(c, wrote, read)) {
		refuted(c, "the channel died: class %#x has no such method", dev->chip->cls_3d);
		return;
	}
	for (int i = 0; i < 2; i++) {
		/* a live channel always releases: nothing there means the probe is broken */
		igt_assert_f(read[i] != SENTINEL || wrote[i] == SENTINEL,
			     "%s: the read-back macro released nothing\n", c->name);
		if (read[i] != wrote[i]) {
			refuted(c, "wrote 0x%08x, read 0x%08x", wrote[i], read[i]);
			return;
		}
	}
	if (meaning_shown(c))
		return;
	holds_state(c);
}

/* ---- options ---------------------------------------------------------------- */

static const struct option probe_options[] = PROBE_OPTIONS("strict");

static const char probe_help[] =
	"  --claims FILE    rules-ng XML whose 3D methods to probe; refuted claims fail\n"
	"                   (default: the seed 002 report, nouveau/registers/" SEED_FILE ",\n"
	"                   from $DRMSUB_REGISTERS, the source tree or $PREFIX/share/drmsub)\n"
	"  --domain NAME    the domain to take claims from (default: the chip's 3D class)\n"
	"  --strict         refuted claims fail also in the default seed report";

igt_main_args("", probe_options, probe_help, probe_opt, NULL)
{
	igt_fixture {
		dev = nv_device_open();
		ce = nv_channel_new(dev, NV_ENGINE_CE);
		load_claims();
		load_header();
		build_readback();
		tally = mmap(NULL, sizeof(*tally), PROT_READ | PROT_WRITE,
			     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		igt_assert(tally != MAP_FAILED);
	}

	igt_describe("each claimed 3D method keeps two written values, read back by an MME "
		     "macro, and where a clear can show it, means what its name says (one "
		     "dynamic subtest per claim: confirmed and holds-state pass, refuted fails, "
		     "untestable skips; the default seed report does not fail)");
	igt_subtest_with_dynamic("claims") {
		igt_require_f(claims.n, "%s: no method of domain %s to probe\n", claims.file,
			      claims.domain->name);
		for (unsigned int i = 0; i < claims.n; i++)
			igt_dynamic(claims.v[i].dyn)
				probe_claim(&claims.v[i], i);
		igt_info("verdicts: %u confirmed, %u refuted, %u hold state (%u named as NVIDIA "
			 "does, %u not), %u untestable\n", tally->confirmed, tally->refuted,
			 tally->state_agrees + tally->state_differs, tally->state_agrees,
			 tally->state_differs, tally->untestable);
	}

	igt_fixture {
		munmap(tally, sizeof(*tally));
		rnn_ctx_free(header_ctx);
		rnn_db_free(header_db);
		probe_claims_free(&claims);
		nv_channel_free(ce);
		nv_device_close(dev);
	}
}
