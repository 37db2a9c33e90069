/* SPDX-License-Identifier: MIT */
/*
 * The meaning experiments of nouveau_probe (nouveau/probe_meaning.c): what
 * a claimed 3D state method means, shown by a clear, where its name says a
 * clear can show it.
 */
#ifndef DRMSUB_NOUVEAU_PROBE_MEANING_H
#define DRMSUB_NOUVEAU_PROBE_MEANING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct nv_device;
struct nv_channel;

enum nv_meaning {
	NV_MEANING_NONE,		/* no experiment shows what the name claims */
	NV_MEANING_CLEAR_COLOR,		/* a colour clear value, channel [i] */
	NV_MEANING_CLEAR_DEPTH,
	NV_MEANING_CLEAR_STENCIL,
	NV_MEANING_STENCIL_MASK,	/* the stencil write mask */
	NV_MEANING_STENCIL_ENABLE,	/* a stencil test enable */
};

/* The meaning the words of @name claim ("ClearColor[1]", "SET_STENCIL_MASK"). */
enum nv_meaning nv_claimed_meaning(const char *name);

struct nv_probe_claim {
	const char *name;
	uint32_t offset;		/* the claimed byte offset */
	enum nv_meaning meaning;
};

#define NV_MEANING_UNSHOWN 2

/*
 * Whether every word of @claim's name that says something (not "Set",
 * "Value", an index) is one of @nvidia's, spellings aside: a lexical check
 * of a claim against NVIDIA's header name, not of its meaning.
 */
bool nv_names_agree(const char *claim, const char *nvidia);

/*
 * Run @c's experiment: 1 when it shows the claimed meaning, 0 when it
 * shows another (@what says what it showed), -1 when the channel died
 * there (no method), NV_MEANING_UNSHOWN when a clear cannot show it.
 */
int nv_probe_meaning(struct nv_device *dev, struct nv_channel *ce, const struct nv_probe_claim *c,
		     char *what, size_t size);

#endif
