// SPDX-License-Identifier: MIT
/*
 * What nouveau_probe can show a 3D state method means, beyond holding its
 * value: a clear shows clear values and the stencil write mask. A claim
 * is recognised by the words of its name (the seed's CamelCase,
 * "ClearColor", or NVIDIA's, "SET_COLOR_CLEAR_VALUE"); its offset is the
 * claim's. Each experiment runs on a fresh GR channel and reads back
 * through the copy engine (@ce) where the target is block-linear.
 *
 *	clear colour value [i]	a 4x4 A8B8G8R8 target cleared with 1.0 written at the
 *				claimed offset and 0 in the real clear values: only
 *				channel i is 0xff
 *	clear depth value	a Z24S8 target cleared with 0.25 at the offset: Z is
 *				round(0.25 * 0xffffff)
 *	clear stencil value	the same with 0x3c: stencil is 0x3c
 *	stencil (write) mask	stencil cleared to 0, then to 0xff with
 *				RESPECT_STENCIL_MASK and 0x0f at the offset: a write
 *				mask leaves 0x0f; an enable would change nothing
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "core/test.h"
#include "nouveau/nv.h"
#include "nouveau/nvb097.xml.h"
#include "nouveau/probe_meaning.h"
#include "nouveau/push.h"
#include "util/util.h"

#define A8B8G8R8 NVB097_SET_COLOR_TARGET_FORMAT_V_A8B8G8R8
#define Z24S8 NVB097_SET_ZT_FORMAT_V_Z24S8

/* The lower-case words of @name: CamelCase and '_' split, digits dropped. */
static unsigned int words(const char *name, char w[][24], unsigned int max)
{
	unsigned int n = 0, len = 0;

	for (const char *c = name; *c && *c != '['; c++) {
		/* "ClearColor", and "ScissorNEnable": a capital after a small letter, or before one */
		bool upper = isupper((unsigned char)*c) && c > name;
		bool split = *c == '_' || isdigit((unsigned char)*c) ||
			     (upper && (islower((unsigned char)c[-1]) || islower((unsigned char)c[1])));

		if (split && len) {
			w[n][len] = 0;
			n += n < max;
			len = 0;
		}
		if (*c != '_' && !isdigit((unsigned char)*c) && n < max && len < 23)
			w[n][len++] = (char)tolower((unsigned char)*c);
	}
	if (len && n < max)
		w[n++][len] = 0;
	return n;
}

static bool has(char w[][24], unsigned int n, const char *word)
{
	for (unsigned int i = 0; i < n; i++)
		if (!strcmp(w[i], word))
			return true;
	return false;
}

/* The element index of "NAME[i]", or -1. */
static int index_of(const char *name)
{
	const char *b = strchr(name, '[');

	return b ? atoi(b + 1) : -1;
}

enum nv_meaning nv_claimed_meaning(const char *name)
{
	char w[12][24];
	unsigned int n = words(name, w, 12);
	int i = index_of(name);

	if (has(w, n, "clear") && (has(w, n, "color") || has(w, n, "colour")) && i >= 0 && i < 4)
		return NV_MEANING_CLEAR_COLOR;
	if (has(w, n, "clear") && (has(w, n, "depth") || (has(w, n, "z") && has(w, n, "value"))))
		return NV_MEANING_CLEAR_DEPTH;
	if (has(w, n, "clear") && has(w, n, "stencil"))
		return NV_MEANING_CLEAR_STENCIL;
	if (has(w, n, "stencil") && !has(w, n, "back") && !has(w, n, "func") &&
	    !has(w, n, "value") && !has(w, n, "ref")) {
		if (has(w, n, "mask"))
			return NV_MEANING_STENCIL_MASK;
		if (has(w, n, "enable"))
			return NV_MEANING_STENCIL_ENABLE;
	}
	return NV_MEANING_NONE;
}

/* @value at the claimed @offset, as raw data: the offset is the claim under test */
static void claimed(struct nv_push *p, uint32_t offset, uint32_t value)
{
	nv_mthd(p, NV_SUBC_3D, offset);
	nv_data(p, value);
}

/* Run @p on a fresh channel: false if the channel died (no such method). */
static bool run(struct nv_device *dev, struct nv_push *p)
{
	struct nv_channel *chan = nv_channel_new(dev, NV_ENGINE_GR);
	bool alive;

	nv_push_submit(p, chan);
	nv_channel_wait(chan);
	alive = __nv_channel_probe(chan) == 0;
	nv_channel_free(chan);
	return alive;
}

static int clear_color(struct nv_device *dev, const struct nv_probe_claim *c, char *what,
		       size_t size)
{
	static const float zero[4] = { 0 };
	struct nv_surface rt = nv_surface_new(dev, 4, 4, 4, A8B8G8R8, false, 0);
	struct nv_push *p = nv_push_new(128);
	int i = index_of(c->name), ret;
	uint32_t want = 0xffu << (8 * i), got;

	nv_3d_color_target(p, &rt);
	/* the real clear values first: nv_3d_clear_color sends them, zero */
	nv_3d_clear_color(p, zero, 0, 0, 0, 4, 4);
	claimed(p, c->offset, float_bits(1.0f));
	nv_mthd(p, NV_SUBC_3D, REG_NVB097_CLEAR_SURFACE);
	NV_VAL(p, NVB097, CLEAR_SURFACE, .r_enable = 1, .g_enable = 1, .b_enable = 1, .a_enable = 1);
	ret = run(dev, p) ? 0 : -1;
	got = nv_bo_read32(rt.bo, nv_surface_offset(&rt, 2, 2));
	if (!ret)
		snprintf(what, size, "1.0 there cleared A8B8G8R8 to %#010x; channel %d alone is %#010x",
			 got, i, want);
	nv_push_free(p);
	nv_surface_free(&rt);
	return ret ? -1 : got == want;
}

/* The Z24S8 word of a zeta target after @zs (run after the target is set up). */
static int zeta_word(struct nv_device *dev, struct nv_channel *ce, struct nv_push *p,
		     struct nv_surface *zt, uint32_t *word)
{
	struct nv_surface out = nv_surface_new(dev, zt->width, zt->height, 4, Z24S8, false, 0);
	struct nv_bo *sem = nv_bo_new(dev, 4096, NV_BO_GART);
	struct nv_push *rb = nv_push_new(128);
	bool alive = run(dev, p);

	nv_copy_rect(rb, &out, 0, 0, zt, 0, 0, zt->width, zt->height, sem, 0, 1);
	nv_push_submit_wait(rb, ce);
	*word = nv_bo_read32(out.bo, nv_surface_offset(&out, 1, 1));
	nv_push_free(rb);
	nv_bo_free(sem);
	nv_surface_free(&out);
	return alive ? 0 : -1;
}

static int zeta_experiment(struct nv_device *dev, struct nv_channel *ce,
			   const struct nv_probe_claim *c, char *what, size_t size)
{
	struct nv_surface zt = nv_surface_new(dev, 8, 8, 4, Z24S8, true, 0);
	struct nv_push *p = nv_push_new(128);
	const float z0 = 0.0f;
	const uint32_t s0 = 0;
	uint32_t word = 0, want = 0;
	int ret;

	nv_3d_zeta_target(p, &zt);
	nv_3d_clear_zs(p, &z0, &s0, 0xff, 0, 0, 8, 8);
	switch (c->meaning) {
	case NV_MEANING_CLEAR_DEPTH:
		claimed(p, c->offset, float_bits(0.25f));
		want = 0x400000u << 8;	/* round(0.25 * 0xffffff), S 0 */
		break;
	case NV_MEANING_CLEAR_STENCIL:
		claimed(p, c->offset, 0x3c);
		want = 0x3c;
		break;
	default:	/* stencil write mask (or an enable, which would not mask) */
		nv_immd(p, NV_SUBC_3D, REG_NVB097_SET_CLEAR_SURFACE_CONTROL,
			NVB097_SET_CLEAR_SURFACE_CONTROL(.respect_stencil_mask = 1));
		nv_immd(p, NV_SUBC_3D, REG_NVB097_SET_STENCIL_CLEAR_VALUE,
			NVB097_SET_STENCIL_CLEAR_VALUE(.v = 0xff));
		claimed(p, c->offset, 0x0f);
		want = 0x0f;
		break;
	}
	nv_mthd(p, NV_SUBC_3D, REG_NVB097_CLEAR_SURFACE);
	NV_VAL(p, NVB097, CLEAR_SURFACE, .z_enable = c->meaning == NV_MEANING_CLEAR_DEPTH,
	       .stencil_enable = c->meaning != NV_MEANING_CLEAR_DEPTH);
	ret = zeta_word(dev, ce, p, &zt, &word);
	if (!ret)
		snprintf(what, size, "Z24S8 after the clear is %#010x; the claimed meaning gives %#010x",
			 word, want);
	nv_push_free(p);
	nv_surface_free(&zt);
	return ret ? -1 : word == want;
}

int nv_probe_meaning(struct nv_device *dev, struct nv_channel *ce, const struct nv_probe_claim *c,
		     char *what, size_t size)
{
	int shown;

	switch (c->meaning) {
	case NV_MEANING_CLEAR_COLOR:
		return clear_color(dev, c, what, size);
	case NV_MEANING_CLEAR_DEPTH:
	case NV_MEANING_CLEAR_STENCIL:
	case NV_MEANING_STENCIL_MASK:
		return zeta_experiment(dev, ce, c, what, size);
	case NV_MEANING_STENCIL_ENABLE:
		/* an enable does not mask what a clear writes; a write mask does */
		shown = zeta_experiment(dev, ce, c, what, size);
		if (shown == 1)
			snprintf(what, size, "0x0f there masked a stencil clear of 0xff to 0x0f: a "
				 "write mask, not an enable");
		return shown < 0 ? shown : (shown ? 0 : NV_MEANING_UNSHOWN);
	default:
		return NV_MEANING_UNSHOWN;
	}
}

/* Words that name no part of a method's meaning, and spellings of one word. */
static const char *const filler[] = { "n", "set", "value", "unnamed", "unknown", "w" };
static const char *const same[][2] = {
	{ "colour", "color" }, { "addr", "address" }, { "offset", "address" },
	{ "render", "color" }, { "rt", "target" }, { "ct", "target" },
};

static const char *canonical(const char *w)
{
	for (size_t i = 0; i < ARRAY_SIZE(same); i++)
		if (!strcmp(w, same[i][0]))
			return same[i][1];
	return w;
}

static bool is_filler(const char *w)
{
	for (size_t i = 0; i < ARRAY_SIZE(filler); i++)
		if (!strcmp(w, filler[i]))
			return true;
	return false;
}

bool nv_names_agree(const char *claim, const char *nvidia)
{
	char a[12][24], b[16][24];
	unsigned int na = words(claim, a, 12), nb = words(nvidia, b, 16), meaningful = 0;

	for (unsigned int j = 0; j < nb; j++)
		memmove(b[j], canonical(b[j]), strlen(canonical(b[j])) + 1);
	for (unsigned int i = 0; i < na; i++) {
		if (is_filler(a[i]))
			continue;
		meaningful++;
		if (!has(b, nb, canonical(a[i])))
			return false;
	}
	return meaningful > 0;
}
