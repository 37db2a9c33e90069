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

/* chip ids as the kernel's catalog (adreno_device.c gpulist) and Mesa's freedreno_devices.py list them */
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

static const char *msm_chip_name(size_t i)
{
	return i < ARRAY_SIZE(msm_chips) ? msm_chips[i].name : NULL;
}

/*
 * CP_SET_DRAW_STATE groups as Mesa's decoder follows them (cffdec.c
 * cp_set_draw_state, load_group, load_all_groups): a group is set,
 * replaced or disabled at the packet; LOAD_IMMED expands it there; each
 * draw expands the groups in force whose enable mask (a6xx+) has the
 * current render mode, before the draw itself, and then forgets them all
 * (the groups show once, at the first draw after they change). The state
 * lives for the whole input, across submits, as cffdump keeps it.
 */
#define MSM_STATE_GROUPS 32

struct msm_group {
	uint64_t addr;
	uint32_t dwords;
	uint32_t enable_mask;	/* BINNING 1, GMEM 2, SYSMEM (bypass) 4 */
};

struct msm_dec {
	struct dec_base base;
	const struct rnn_enum *packets;
	const struct rnn_domain *regs;	/* NULL before a5xx: no register database */
	char variant[8];		/* "A6XX" */
	char chip[32];
	unsigned gen;
	unsigned submit;
	struct msm_group groups[MSM_STATE_GROUPS];
	uint32_t mode;		/* the render mode of the last CP_SET_MARKER, as a mask */
	bool in_groups;		/* expanding groups: cffdump refuses to recurse */
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

static void walk(void *priv, uint64_t gpuaddr, const uint32_t *dw, uint32_t n, unsigned level,
		 struct dec_sink *sink);

/*
 * Walk the @size dwords at @addr one level below @level as a stream named
 * @what ("IB", "draw state group 3", ...); @at is the packet that names it.
 * False (after a note) when it is not followed.
 */
static bool follow(struct msm_dec *m, const char *what, uint64_t at, uint64_t addr,
		   uint32_t size, unsigned level, struct dec_sink *sink)
{
	const struct dec_stream s = {
		.what = what, .at = at, .submit = m->submit, .addr = addr, .size = size,
		.level = level + 1, .too_deep = level + 1 > MSM_MAX_IB_LEVEL,
	};

	return dec_follow(&m->base, &s, walk, m, sink);
}

static void follow_ib(struct msm_dec *m, const struct dec_packet *p, struct dec_sink *sink)
{
	if (m->gen >= 5 && p->nraw >= 4)
		follow(m, "IB", p->offset, p->raw[1] | (uint64_t)p->raw[2] << 32,
		       p->raw[3] & 0xfffff, p->level, sink);
	else if (m->gen < 5 && p->nraw >= 3)
		follow(m, "IB", p->offset, p->raw[1], p->raw[2] & 0xfffff, p->level, sink);
}

static void load_group(struct msm_dec *m, unsigned id, uint64_t at, unsigned level,
		       struct dec_sink *sink)
{
	const struct msm_group *g = &m->groups[id];
	char what[32];

	if (!g->dwords || (m->gen >= 6 && !(g->enable_mask & m->mode)))
		return;
	snprintf(what, sizeof(what), "draw state group %u", id);
	m->in_groups = true;
	follow(m, what, at, g->addr, g->dwords, level, sink);
	m->in_groups = false;
}

/* A draw: every group in force, in id order, then none (cffdec.c load_all_groups). */
static void load_all_groups(struct msm_dec *m, uint64_t at, unsigned level,
			    struct dec_sink *sink)
{
	if (m->in_groups)
		return;
	for (unsigned i = 0; i < MSM_STATE_GROUPS; i++)
		load_group(m, i, at, level, sink);
	memset(m->groups, 0, sizeof(m->groups));
}

/* CP_SET_DRAW_STATE: COUNT 0-15, flags 16-19, ENABLE_MASK 20-23, GROUP_ID 24-28. */
static void set_draw_state(struct msm_dec *m, const uint32_t *raw, uint32_t nraw, uint64_t at,
			   unsigned level, struct dec_sink *sink)
{
	unsigned stride = m->gen >= 5 ? 3 : 2;

	for (uint32_t i = 1; i + stride <= nraw; i += stride) {
		uint32_t d0 = raw[i], id = (d0 >> 24) & 0x1f, flags = (d0 >> 16) & 0xf;
		struct msm_group *g = &m->groups[id];

		if (flags & 0x4) {		/* DISABLE_ALL_GROUPS */
			memset(m->groups, 0, sizeof(m->groups));
			continue;
		}
		memset(g, 0, sizeof(*g));
		if (flags & 0x2)		/* DISABLE */
			continue;
		g->dwords = d0 & 0xffff;
		g->enable_mask = (d0 >> 20) & 0xf;
		g->addr = raw[i + 1] | (stride == 3 ? (uint64_t)raw[i + 2] << 32 : 0);
		if (flags & 0x8) {		/* LOAD_IMMED */
			load_group(m, id, at, level, sink);
			memset(g, 0, sizeof(*g));
		}
	}
}

/* The render mode CP_SET_MARKER names, as cffdec.c cp_set_marker reads it. */
static void set_marker(struct msm_dec *m, uint32_t dw)
{
	switch (dw & 0xf) {
	case 1:		/* RM6_DIRECT_RENDER (22.3: RM6_BYPASS) */
		m->mode = 4;
		break;
	case 2:		/* RM6_BIN_VISIBILITY (RM6_BINNING) */
		m->mode = 1;
		break;
	case 4:		/* RM6_BIN_RENDER_START (RM6_GMEM) */
		m->mode = 2;
		break;
	}
}

static bool is_draw(const char *name)
{
	static const char *const draws[] = {
		"CP_DRAW_INDX", "CP_DRAW_INDX_2", "CP_DRAW_INDX_OFFSET", "CP_EXEC_CS",
		"CP_EXEC_CS_INDIRECT", "CP_DRAW_INDIRECT", "CP_DRAW_INDX_INDIRECT",
		"CP_DRAW_INDIRECT_MULTI",
	};

	for (size_t i = 0; i < ARRAY_SIZE(draws); i++)
		if (!strcmp(name, draws[i]))
			return true;
	return false;
}

/*
 * After the packet @p: the streams it names, as cffdump follows them
 * (cffdec.c cp_indirect, cp_set_draw_state, cp_start_bin: each bin's
 * prefix, cp_set_ctxswitch_ib). @p itself is rebuilt by the walks; its
 * dwords stay where they are in the input.
 */
static void follow_packet(struct msm_dec *m, const struct dec_packet *p, struct dec_sink *sink)
{
	const uint32_t *raw = p->raw;
	uint32_t n = p->nraw;
	uint64_t at = p->offset;
	unsigned level = p->level;
	char what[32];

	if (is_ib(p->name)) {
		follow_ib(m, p, sink);
		return;
	}
	if (!strcmp(p->name, "CP_SET_DRAW_STATE")) {
		set_draw_state(m, raw, n, at, level, sink);
	} else if (!strcmp(p->name, "CP_SET_MARKER") && n >= 2) {
		set_marker(m, raw[1]);
	} else if (!strcmp(p->name, "CP_SET_CTXSWITCH_IB") && n >= 4) {
		follow(m, "context switch IB", at, raw[1] | (uint64_t)raw[2] << 32,
		       raw[3] & 0xffff, level, sink);
	} else if (!strcmp(p->name, "CP_START_BIN") && n >= 6) {
		uint64_t prefix = raw[2] | (uint64_t)raw[3] << 32;

		/* each bin's prefix spends the follow budget, and the first not followed ends the bins */
		for (uint32_t i = 0; i < raw[1] && raw[4]; i++) {
			snprintf(what, sizeof(what), "bin %u prefix", i);
			if (!follow(m, what, at, prefix + 4ull * raw[4] * i, raw[4], level, sink))
				break;
		}
	}
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

static bool is_draw_opcode(struct msm_dec *m, uint32_t op)
{
	const char *name = rnn_enum_name(m->base.ctx, m->packets, op);

	return name && is_draw(name);
}

/* type 7 / type 3: an opcode and its payload; true when it names streams to follow */
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
	return is_ib(name) || !strcmp(name, "CP_SET_DRAW_STATE") || !strcmp(name, "CP_SET_MARKER") ||
	       !strcmp(name, "CP_SET_CTXSWITCH_IB") || !strcmp(name, "CP_START_BIN");
}

static void walk(void *priv, uint64_t gpuaddr, const uint32_t *dw, uint32_t n, unsigned level,
		 struct dec_sink *sink)
{
	struct msm_dec *m = priv;
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

		if (!bad && (pk.type == PM4_TYPE7 || pk.type == PM4_TYPE3) && !m->base.no_follow &&
		    is_draw_opcode(m, pk.opcode))
			load_all_groups(m, gpuaddr + 4ull * pos, level, sink);

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
		if (ib && b->p.status == DEC_OK && !m->base.no_follow)
			follow_packet(m, &b->p, sink);
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

	m->mode = 7;	/* every mode until a CP_SET_MARKER (cffdec.c: MODE_ALL) */
	memset(m->groups, 0, sizeof(m->groups));
	return dec_walk_cmds(&m->base, in, opt, sink, walk_cmd, m);
}

static const struct dec_driver dec_driver_msm = {
	.name = "msm",
	.database = "adreno_pm4.xml",
	.chip_name = msm_chip_name,
	.open = msm_open,
	.decode = msm_decode,
	.close = msm_close,
};
DEC_DRIVER(dec_driver_msm);
