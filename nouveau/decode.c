// SPDX-License-Identifier: MIT
/*
 * drmsub-decode's nouveau backend: Fermi-and-later push buffers (Maxwell).
 *
 * Method headers are parsed by nouveau/push_header.h. Each subchannel is
 * bound to a class by SET_OBJECT (method 0, NVCLASS 15:0); until then it
 * has nouveau's fixed binding (3D 0, compute 1, I2M 2, 2D 3, copy 4) for
 * the chip's classes. Methods below 0x100 are host methods (NVB06F) on any
 * subchannel; the rest are named through the class's domain (NVB197 for
 * class 0xb197). With --gpfifo the input is a GPFIFO ring whose entries
 * point at push-buffer segments in the input's buffers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode/decode.h"
#include "nouveau/push_header.h"
#include "rnn/rnn.h"
#include "util/util.h"

struct nv_chip {
	const char *name;
	uint16_t eng3d, compute;
};

/* 3D and compute class per chipset (nouveau/registers/nv_classes.xml) */
static const struct nv_chip nv_chips[] = {
	{ "gm107", 0xb097, 0xb0c0 },
	{ "gm108", 0xb097, 0xb0c0 },
	{ "gm200", 0xb197, 0xb1c0 },
	{ "gm204", 0xb197, 0xb1c0 },
	{ "gm206", 0xb197, 0xb1c0 },
	{ "gm20b", 0xb197, 0xb1c0 },
};

static const char *nv_chip_name(size_t i)
{
	return i < ARRAY_SIZE(nv_chips) ? nv_chips[i].name : NULL;
}

#define NV_SUBC_COUNT 8
#define NV_HOST_METHODS 0x100	/* 0x000-0x0fc: host class on every subchannel */

struct nv_dec {
	struct dec_base base;
	const struct rnn_domain *host;
	const struct rnn_enum *classes;
	const struct nv_chip *chip;
	uint32_t subc_class[NV_SUBC_COUNT];
	bool gpfifo;
};

static const char *const nv_files[] = {
	"nv_classes.xml", "nvb06f.xml", "nvb097.xml", "nvb197.xml", "nvb0b5.xml",
	"nva140.xml", "nv902d.xml", "nvb1c0.xml", NULL,
};

static void nv_reset_subchannels(struct nv_dec *n)
{
	/* nouveau's fixed map, as NVK and the kernel's channel setup use it */
	static const uint32_t fixed[NV_SUBC_COUNT] = { 0, 0, 0xa140, 0x902d, 0xb0b5 };

	memcpy(n->subc_class, fixed, sizeof(fixed));
	n->subc_class[0] = n->chip->eng3d;
	n->subc_class[1] = n->chip->compute;
}

static void *nv_open(const char *regdir, const char *chip, const struct dec_input *in,
		     char *err, size_t errlen)
{
	struct nv_dec *n;
	const struct nv_chip *c = NULL;

	for (size_t i = 0; chip && i < ARRAY_SIZE(nv_chips); i++)
		if (!strcmp(chip, nv_chips[i].name))
			c = &nv_chips[i];
	if (!c) {
		snprintf(err, errlen, chip ? "unknown nouveau GPU '%s'" : "pass --gpu for nouveau",
			 chip);
		return NULL;
	}
	n = calloc(1, sizeof(*n));
	if (!n)
		return NULL;
	n->chip = c;
	/* no variants: each class is a domain of its own */
	if (dec_base_open(&n->base, regdir, nv_files, NULL, NULL, err, errlen)) {
		free(n);
		return NULL;
	}
	n->host = rnn_find_domain(n->base.db, "NVB06F");
	n->classes = rnn_find_enum(n->base.db, "nv_class");
	return n;
}

static void nv_close(void *priv)
{
	struct nv_dec *n = priv;

	dec_base_close(&n->base);
	free(n);
}

static const struct rnn_domain *class_domain(struct nv_dec *n, uint32_t cls)
{
	char name[16];

	snprintf(name, sizeof(name), "NV%04X", cls & 0xffff);
	return cls ? rnn_find_domain(n->base.db, name) : NULL;
}

/* One data dword to @method on @subc: name, fields, and SET_OBJECT tracking. */
static bool method(struct nv_dec *n, uint32_t subc, uint32_t mthd, uint32_t index,
		   uint32_t value)
{
	struct dec_builder *b = &n->base.b;
	struct dec_item *it = dec_builder_item(b, index, value, 32);
	const struct rnn_domain *d = mthd < NV_HOST_METHODS ? n->host
							     : class_domain(n, n->subc_class[subc]);
	bool named = dec_rnn_reg(b, it, n->base.ctx, d, mthd);

	if (!d) {
		/* no database for the bound class: state still keyed per subchannel */
		static const char *const subc_space[NV_SUBC_COUNT] = {
			"subc0", "subc1", "subc2", "subc3", "subc4", "subc5", "subc6", "subc7",
		};
		it->space = subc_space[subc];
	}
	if (!named)
		snprintf(it->name, sizeof(it->name), "%s+0x%04x", it->space, mthd);
	if (mthd == 0) {
		const char *cname = rnn_enum_name(n->base.ctx, n->classes, value & 0xffff);

		n->subc_class[subc] = value & 0xffff;
		snprintf(it->text, sizeof(it->text), "subchannel %u is now %s (0x%04x)", subc,
			 cname ? cname : "an unknown class", value & 0xffff);
	}
	return named;
}

static const char *kind_name(const struct nv_push_method *m)
{
	switch (m->kind) {
	case NV_PUSH_INC:
		return m->legacy ? "INC(legacy)" : "INC";
	case NV_PUSH_NONINC:
		return m->legacy ? "NONINC(legacy)" : "NONINC";
	case NV_PUSH_ONE_INC:
		return "1INC";
	case NV_PUSH_IMMD:
		return "IMMD";
	case NV_PUSH_NOP:
		return "NOP";
	case NV_PUSH_END_SEGMENT:
		return "END";
	case NV_PUSH_INVALID:
		break;
	}
	return "????";
}

/* SEC_OP 0 with TERT_OP 1-3: sub-device mask operations (SLI), no data */
static const char *subdev_op(uint32_t h)
{
	static const char *const ops[] = { NULL, "SET_SUB_DEVICE_MASK", "STORE_SUB_DEVICE_MASK",
					   "USE_SUB_DEVICE_MASK" };

	return nv_method_header_SEC_OP__get(h) == NV_SEC_OP_GRP0_USE_TERT
	       ? ops[nv_method_header_TERT_OP__get(h)] : NULL;
}

static void walk_push(void *priv, uint64_t gpuaddr, const uint32_t *dw, uint32_t count,
		      unsigned level, struct dec_sink *sink)
{
	struct nv_dec *n = priv;
	struct dec_builder *b = &n->base.b;

	for (uint32_t pos = 0; pos < count;) {
		uint32_t h = dw[pos];
		struct nv_push_method m = nv_push_parse(h);
		const char *sub = m.kind == NV_PUSH_INVALID ? subdev_op(h) : NULL;
		bool named = true;

		dec_builder_start(b, gpuaddr + 4ull * pos, level, dw + pos, count - pos, 1 + m.count,
				  sub ? "SUBDEV" : kind_name(&m));
		if (sub) {
			snprintf(b->p.name, sizeof(b->p.name), "%s", sub);
		} else if (m.kind == NV_PUSH_INVALID) {
			b->p.status = DEC_INVALID;
			snprintf(b->p.note, sizeof(b->p.note), "reserved SEC_OP %u",
				 nv_method_header_SEC_OP__get(h));
		} else if (m.kind == NV_PUSH_IMMD) {
			named = method(n, m.subc, m.method, 0, m.value);
		} else if (m.kind != NV_PUSH_NOP && m.kind != NV_PUSH_END_SEGMENT) {
			for (uint32_t i = 1; i < b->p.nraw; i++) {
				/* INC: m, m+4, ...; NONINC: m every time; 1INC: m, then m+4 */
				uint32_t mt = m.kind == NV_PUSH_INC ? m.method + 4 * (i - 1)
					    : m.kind == NV_PUSH_ONE_INC && i > 1 ? m.method + 4
					    : m.method;
				bool ok = method(n, m.subc, mt & NV_PUSH_MAX_METHOD, i, dw[pos + i]);

				if (i == 1)
					named = ok;
			}
		}
		if (b->nitems) {
			const struct dec_item *first = &b->items[0];

			snprintf(b->p.name, sizeof(b->p.name), "subc%u %s", m.subc, first->name);
			if (!named)
				b->p.status = DEC_UNKNOWN;
		}
		dec_builder_emit(b, sink);
		pos += b->p.nraw;
	}
}

/* --gpfifo: 8-byte entries {GET 31:2; GET_HI 7:0, LEVEL 9, LENGTH 30:10, SYNC 31} */
static void walk_gpfifo(struct nv_dec *n, uint64_t gpuaddr, const uint32_t *dw, uint32_t count,
			struct dec_sink *sink)
{
	struct dec_builder *b = &n->base.b;

	for (uint32_t pos = 0; pos < count; pos += 2) {
		struct nv_gp_entry e;
		struct dec_item *it;
		struct dec_stream seg;

		dec_builder_start(b, gpuaddr + 4ull * pos, 0, dw + pos, count - pos, 2, "GP_ENTRY");
		if (b->p.nraw < 2) {
			dec_builder_emit(b, sink);
			break;
		}
		e = nv_gp_entry_parse(dw + pos);
		it = dec_builder_item(b, 0, e.addr, 64);
		snprintf(it->name, sizeof(it->name), "GET");
		it = dec_builder_item(b, 1, dw[pos + 1], 32);
		snprintf(it->name, sizeof(it->name), "ENTRY1");
		if (e.dwords) {
			dec_builder_field(b, it, "LENGTH", e.dwords, NULL, false);
			dec_builder_field(b, it, "LEVEL", e.subroutine,
					  e.subroutine ? "SUBROUTINE" : "MAIN", false);
			dec_builder_field(b, it, "SYNC", e.sync, e.sync ? "WAIT" : "PROCEED", false);
			snprintf(b->p.name, sizeof(b->p.name), "segment 0x%llx",
				 (unsigned long long)e.addr);
		} else {
			static const char *const ops[] = { "NOP", "ILLEGAL", "GP_CRC", "PB_CRC" };
			uint32_t op = nv_gp_entry1_OPCODE__get(dw[pos + 1]);

			dec_builder_field(b, it, "OPCODE", op, op < 4 ? ops[op] : NULL, false);
			snprintf(b->p.name, sizeof(b->p.name), "control");
		}
		dec_builder_emit(b, sink);
		if (!e.dwords || n->base.no_follow)
			continue;
		seg = (struct dec_stream){
			.what = "push buffer segment", .at = gpuaddr + 4ull * pos, .addr = e.addr,
			.size = e.dwords, .level = 1,
		};
		dec_follow(&n->base, &seg, walk_push, n, sink);
	}
}

static unsigned walk_cmd(void *priv, const struct dec_input *in, const struct dec_cmd *cmd,
			 const uint32_t *dw, uint32_t count, struct dec_sink *sink)
{
	struct nv_dec *n = priv;

	if (n->gpfifo)
		walk_gpfifo(n, cmd->gpuaddr, dw, count, sink);
	else
		walk_push(n, cmd->gpuaddr, dw, count, 0, sink);
	return 0;
}

static unsigned nv_decode(void *priv, const struct dec_input *in, const struct dec_options *opt,
			  struct dec_sink *sink)
{
	struct nv_dec *n = priv;

	n->gpfifo = opt->gpfifo;
	nv_reset_subchannels(n);
	return dec_walk_cmds(&n->base, in, opt, sink, walk_cmd, n);
}

static const struct dec_driver dec_driver_nouveau = {
	.name = "nouveau",
	.database = "nvb06f.xml",
	.chip_name = nv_chip_name,
	.open = nv_open,
	.decode = nv_decode,
	.close = nv_close,
};
DEC_DRIVER(dec_driver_nouveau);
