// SPDX-License-Identifier: MIT
/*
 * drmsub-decode's msm backend: Adreno PM4 streams.
 *
 * a2xx-a4xx streams are type 0/2/3, a5xx and later type 4/7 (with parity).
 * Packet names come from enum adreno_pm4_type3_packets through the chip
 * variant (opcodes are reused: 0x46 is CP_EVENT_WRITE to A6XX and
 * CP_EVENT_WRITE7 from A7XX), payloads from the domain named after the
 * packet, register writes from a5xx.xml / a6xx.xml (A7XX is a variant of
 * the A6XX domain). Payload stripes selected by a dword-0 field follow the
 * rule in msm/registers/README.md. IBs are followed when the input holds
 * their memory.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode/decode.h"
#include "msm/pm4_header.h"
#include "rnn/rnn.h"
#include "util/util.h"

struct msm_chip {
	const char *name;
	uint32_t gpu_id;	/* RD_GPU_ID / MSM_PARAM_GPU_ID, 0 if none */
	uint32_t chip_id;	/* low 32 bits of RD_CHIP_ID */
	unsigned gen;
};

/* registers.md §1.7 (kernel catalog) */
static const struct msm_chip msm_chips[] = {
	{ "a306", 307, 0x03000600, 3 },
	{ "a420", 420, 0x04020000, 4 },
	{ "a530", 530, 0x05030002, 5 },
	{ "a540", 540, 0x05040001, 5 },
	{ "a618", 618, 0x06010800, 6 },
	{ "a630", 630, 0x06030001, 6 },
	{ "a640", 640, 0x06040001, 6 },
	{ "a650", 650, 0x06050002, 6 },
	{ "a660", 660, 0x06060001, 6 },
	{ "a690", 0, 0x06090000, 6 },
	{ "a730", 0, 0x07030001, 7 },
	{ "a740", 0, 0x43050a01, 7 },
	{ "a750", 0, 0x43051401, 7 },
};

static const char *const msm_chip_names[] = {
	"a306", "a420", "a530", "a540", "a618", "a630", "a640", "a650", "a660", "a690",
	"a730", "a740", "a750", NULL,
};

struct msm_dec {
	struct dec_base base;
	const struct rnn_enum *packets;
	const struct rnn_domain *regs;	/* NULL before a5xx: no register database */
	char variant[8];		/* "A6XX" */
	char chip[32];
	unsigned gen;
	uint64_t budget;
	const struct dec_input *in;
	unsigned submit;
	bool no_follow;
};

/* The generation from --gpu, else from the .rd's GPU_ID or CHIP_ID. */
static int msm_gen(const char *chip, const struct dec_input *in, char *name, size_t len)
{
	for (size_t i = 0; i < ARRAY_SIZE(msm_chips); i++) {
		const struct msm_chip *c = &msm_chips[i];

		if ((chip && !strcmp(chip, c->name)) ||
		    (!chip && in->has_gpu_id && in->gpu_id && in->gpu_id == c->gpu_id) ||
		    (!chip && (!in->has_gpu_id || !in->gpu_id) && in->has_chip_id &&
		     (uint32_t)in->chip_id == c->chip_id)) {
			snprintf(name, len, "%s", c->name);
			return (int)c->gen;
		}
	}
	if (chip)
		return -1;
	/* not in the table: the generation is still in the id */
	if (in->has_gpu_id && in->gpu_id >= 200 && in->gpu_id < 1000) {
		snprintf(name, len, "a%u", in->gpu_id);
		return (int)(in->gpu_id / 100);
	}
	if (in->has_chip_id && in->chip_id) {
		unsigned core = (unsigned)(in->chip_id >> 24) & 0xff;

		snprintf(name, len, "chip_id 0x%llx", (unsigned long long)in->chip_id);
		/* a7xx gen2+ ids start 0x43 ("C510v2" style) */
		return core == 0x43 ? 7 : (core >= 2 && core <= 8 ? (int)core : -1);
	}
	return -1;
}

static void *msm_open(const char *regdir, const char *chip, const struct dec_input *in,
		      char *err, size_t errlen)
{
	const char *files[3] = { "adreno_pm4.xml", NULL, NULL };
	struct msm_dec *m = calloc(1, sizeof(*m));
	int gen;

	if (!m)
		return NULL;
	gen = msm_gen(chip, in, m->chip, sizeof(m->chip));
	if (gen < 2 || gen > 7) {
		snprintf(err, errlen, chip ? "unknown msm GPU '%s'"
				      : "the input does not name its GPU: pass --gpu", chip);
		free(m);
		return NULL;
	}
	m->gen = (unsigned)gen;
	snprintf(m->variant, sizeof(m->variant), "A%uXX", m->gen);
	if (gen == 5)
		files[1] = "a5xx.xml";
	else if (gen >= 6)
		files[1] = "a6xx.xml";
	if (dec_base_open(&m->base, regdir, files, "chip", m->variant, err, errlen)) {
		free(m);
		return NULL;
	}
	m->packets = rnn_find_enum(m->base.db, "adreno_pm4_type3_packets");
	if (gen >= 5)
		m->regs = rnn_find_domain(m->base.db, gen == 5 ? "A5XX" : "A6XX");
	return m;
}

static void msm_close(void *priv)
{
	struct msm_dec *m = priv;

	dec_base_close(&m->base);
	free(m);
}

/* The payload domain of a packet: named after it, with Mesa's aliases. */
static const struct rnn_domain *packet_domain(struct msm_dec *m, const char *name)
{
	const struct rnn_domain *d;

	if (!strcmp(name, "CP_LOAD_STATE6_GEOM") || !strcmp(name, "CP_LOAD_STATE6_FRAG"))
		name = "CP_LOAD_STATE6";
	d = rnn_find_domain(m->base.db, name);
	return d && rnn_ctx_match(m->base.ctx, &d->varinfo) ? d : NULL;
}

/*
 * The stripe-selection rule (msm/registers/README.md): a dword-0 field
 * typed with an enum that is also a varset (other than chip) selects the
 * stripes of that varset. Returns a context with those variants set, or
 * the chip context when the packet has no such field.
 */
static struct rnn_ctx *payload_ctx(struct msm_dec *m, const struct rnn_domain *d, uint32_t dw0)
{
	struct rnn_ctx *ctx = m->base.ctx;
	struct rnn_decoded dec;
	struct rnn_addr a;

	if (!rnn_decode_addr(m->base.ctx, d, 0, &a))
		return ctx;
	rnn_decode_value(m->base.ctx, &a.reg->type, dw0, &dec);
	for (unsigned i = 0; i < dec.nfields; i++) {
		const struct rnn_field_value *f = &dec.fields[i];
		const struct rnn_enum *e = f->field->type.eenum;

		if (!e || !e->name || !strcmp(e->name, "chip") || !f->enum_name ||
		    !rnn_find_varset(m->base.db, e->name))
			continue;
		if (ctx == m->base.ctx) {
			ctx = rnn_ctx_new(m->base.db);
			rnn_ctx_set_variant(ctx, "chip", m->variant);
		}
		rnn_ctx_set_variant(ctx, e->name, f->enum_name);
	}
	return ctx;
}

static bool is_ib(const char *name)
{
	return !strcmp(name, "CP_INDIRECT_BUFFER") || !strcmp(name, "CP_INDIRECT_BUFFER_PFE") ||
	       !strcmp(name, "CP_INDIRECT_BUFFER_PFD") || !strcmp(name, "CP_INDIRECT_BUFFER_CHAIN");
}

/* A CP has IB1 and IB2; CHAIN may go on from there, but not forever. */
#define MSM_MAX_IB_LEVEL 8

static void walk(struct msm_dec *m, uint64_t gpuaddr, const uint32_t *dw, uint32_t n,
		 unsigned level, struct dec_sink *sink);

static void follow_ib(struct msm_dec *m, const struct dec_packet *p, struct dec_sink *sink)
{
	uint64_t addr;
	uint32_t size;
	const uint32_t *dw;
	size_t avail;
	unsigned level;
	char msg[128];

	if (m->gen >= 5 && p->nraw >= 4) {
		addr = p->raw[1] | (uint64_t)p->raw[2] << 32;
		size = p->raw[3] & 0xfffff;
	} else if (m->gen < 5 && p->nraw >= 3) {
		addr = p->raw[1];
		size = p->raw[2] & 0xfffff;
	} else {
		return;
	}
	/* @p is rebuilt by the walk below: keep what is needed after it */
	level = p->level + 1;
	avail = dec_input_find(m->in, m->submit, addr, &dw);
	if (avail < size || level > MSM_MAX_IB_LEVEL || size > m->budget) {
		snprintf(msg, sizeof(msg), "IB at 0x%llx (%u dwords) not followed: %s",
			 (unsigned long long)addr, size,
			 avail < size ? "its memory is not in the input"
				      : "IB nesting or follow budget exceeded");
		if (sink->note)
			sink->note(sink, p->offset, msg);
		return;
	}
	m->budget -= size;
	if (sink->begin_stream)
		sink->begin_stream(sink, "IB", addr, size, level);
	walk(m, addr, dw, size, level, sink);
	if (sink->end_stream)
		sink->end_stream(sink, level);
}

/* type 4 / type 0: consecutive register writes */
static void reg_writes(struct msm_dec *m, uint32_t reg)
{
	struct dec_builder *b = &m->base.b;

	for (uint32_t i = 1; i < b->p.nraw; i++) {
		struct dec_item *it = dec_builder_item(b, i, b->p.raw[i], 32);

		bool named = dec_rnn_reg(b, it, m->base.ctx, m->regs, reg + i - 1);

		/* before a5xx there is no register database: offsets only */
		it->space = m->regs ? m->regs->name : m->variant;
		if (!named)
			snprintf(it->name, sizeof(it->name), "%s+0x%x", it->space, reg + i - 1);
	}
	if (b->nitems)
		snprintf(b->p.name, sizeof(b->p.name), "%s", b->items[0].name);
	else	/* cut off before its first dword */
		snprintf(b->p.name, sizeof(b->p.name), "%s+0x%x",
			 m->regs ? m->regs->name : m->variant, reg);
}

/* type 7 / type 3: an opcode and its payload */
static bool opcode(struct msm_dec *m, uint32_t op)
{
	struct dec_builder *b = &m->base.b;
	const char *name = rnn_enum_name(m->base.ctx, m->packets, op);
	const struct rnn_domain *d;
	struct rnn_ctx *ctx;

	if (!name) {
		b->p.status = DEC_UNKNOWN;
		snprintf(b->p.name, sizeof(b->p.name), "opcode 0x%02x", op);
		dec_rnn_payload(b, m->base.ctx, NULL, 1, 1);
		return false;
	}
	snprintf(b->p.name, sizeof(b->p.name), "%s", name);
	d = packet_domain(m, name);
	ctx = d && b->p.nraw > 1 ? payload_ctx(m, d, b->p.raw[1]) : m->base.ctx;
	dec_rnn_payload(b, ctx, d, 1, 1);
	if (ctx != m->base.ctx)
		rnn_ctx_free(ctx);
	return is_ib(name);
}

static void walk(struct msm_dec *m, uint64_t gpuaddr, const uint32_t *dw, uint32_t n,
		 unsigned level, struct dec_sink *sink)
{
	struct dec_builder *b = &m->base.b;

	for (uint32_t pos = 0; pos < n;) {
		uint32_t h = dw[pos];
		struct pm4_packet pk = m->gen >= 5 ? pm4_parse_a5xx(h) : pm4_parse_a2xx(h);
		static const char *const kinds[] = {
			[PM4_TYPE0] = "pkt0", [PM4_TYPE2] = "pkt2", [PM4_TYPE3] = "pkt3",
			[PM4_TYPE4] = "pkt4", [PM4_TYPE7] = "pkt7", [PM4_INVALID] = "????",
		};
		bool bad = pk.type == PM4_INVALID || !pk.parity_ok ||
			   (pk.type == PM4_TYPE3 && (h & 0x80fe));	/* must-be-zero bits */
		uint32_t expected = bad ? 1 : 1 + pk.count;
		bool ib = false;

		dec_builder_start(b, gpuaddr + 4ull * pos, level, dw + pos, n - pos, expected,
				  kinds[pk.type]);
		if (bad) {
			/* a header we cannot trust: show one raw dword and resynchronise */
			b->p.status = DEC_INVALID;
			snprintf(b->p.note, sizeof(b->p.note), "%s",
				 pk.type == PM4_INVALID ? (m->gen >= 5 ? "not a type 4/7 header"
								       : "not a type 0/2/3 header")
				 : pk.type == PM4_TYPE3 ? "type 3 header with reserved bits set"
							: "bad parity");
		} else if (pk.type == PM4_TYPE4 || pk.type == PM4_TYPE0) {
			reg_writes(m, pk.reg);
		} else if (pk.type == PM4_TYPE2) {
			snprintf(b->p.name, sizeof(b->p.name), "NOP");
		} else {
			ib = opcode(m, pk.opcode);
		}
		dec_builder_emit(b, sink);
		pos += b->p.nraw;
		if (ib && b->p.status == DEC_OK && !m->no_follow)
			follow_ib(m, &b->p, sink);
	}
}

static unsigned walk_cmd(void *priv, const struct dec_input *in, const struct dec_cmd *cmd,
			 const uint32_t *dw, uint32_t n, struct dec_sink *sink)
{
	struct msm_dec *m = priv;

	m->submit = cmd->submit;
	walk(m, cmd->gpuaddr, dw, n, 0, sink);
	return 0;
}

static unsigned msm_decode(void *priv, const struct dec_input *in,
			   const struct dec_options *opt, struct dec_sink *sink)
{
	struct msm_dec *m = priv;
	unsigned before = m->base.b.invalid;
	unsigned notes = 0;

	m->in = in;
	m->no_follow = opt->no_follow;
	m->budget = dec_follow_budget(in);
	notes = dec_walk_cmds(in, sink, walk_cmd, m);
	return notes + m->base.b.invalid - before;
}

const struct dec_driver dec_driver_msm = {
	.name = "msm",
	.chips = msm_chip_names,
	.open = msm_open,
	.decode = msm_decode,
	.close = msm_close,
};
