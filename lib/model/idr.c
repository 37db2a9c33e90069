// SPDX-License-Identifier: MIT
/*
 * Id allocator with the kernel's idr_alloc(idr, ptr, 1, 0) policy: the
 * lowest free id from 1, so handle numbers match what a kernel hands out
 * for the same sequence of calls (drm_gem_handle_create_tail, syncobj
 * handles, flink names, magics).
 *
 * The slots are an array by id; above them a tree of bitmaps, 64 ways
 * wide, says where a free slot is: bit b of word w on level 0 is slot
 * 64w + b taken, and on level k + 1 it is word 64w + b of level k full.
 * The lowest free id is one first-zero-bit per level down from the single
 * word at the top: O(log64 n) for alloc and remove, O(1) for find.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"

#define WORD_BITS 64u
#define MAX_LEVELS 6			/* 64^6 > INT_MAX ids */
#define MAX_IDS 0x7fffffffu		/* idr_alloc(.., 1, 0): ids up to INT_MAX */
#define MAX_CAP 0x80000000u

struct model_idr {
	void **slots;			/* slots[id - 1] */
	uint32_t cap;			/* slots, a multiple of 64 */
	unsigned int levels;		/* level levels - 1 is one word */
	uint64_t *bits[MAX_LEVELS];
};

struct model_idr *model_idr_new(void)
{
	return calloc(1, sizeof(struct model_idr));
}

void model_idr_free(struct model_idr *idr)
{
	if (!idr)
		return;
	for (unsigned int k = 0; k < MAX_LEVELS; k++)
		free(idr->bits[k]);
	free(idr->slots);
	free(idr);
}

/* Words on level @k for @cap slots. */
static uint32_t level_words(uint32_t cap, unsigned int k)
{
	uint64_t per_word = WORD_BITS;

	for (unsigned int i = 0; i < k; i++)
		per_word *= WORD_BITS;
	return (uint32_t)((cap + per_word - 1) / per_word);
}

static bool full(uint64_t word)
{
	return word == ~0ull;
}

/* Bit @i of level @k is set: the level above learns when its word fills. */
static void mark_used(struct model_idr *idr, uint32_t i)
{
	for (unsigned int k = 0; k < idr->levels; k++, i /= WORD_BITS) {
		uint64_t *w = &idr->bits[k][i / WORD_BITS];

		*w |= 1ull << (i % WORD_BITS);
		if (!full(*w))
			return;
	}
}

static void mark_free(struct model_idr *idr, uint32_t i)
{
	for (unsigned int k = 0; k < idr->levels; k++, i /= WORD_BITS) {
		uint64_t *w = &idr->bits[k][i / WORD_BITS];
		bool was_full = full(*w);

		*w &= ~(1ull << (i % WORD_BITS));
		if (!was_full)
			return;
	}
}

/* Room for twice the slots; the bitmaps are rebuilt from the slots. */
static int grow(struct model_idr *idr)
{
	uint32_t cap = idr->cap ? 2 * idr->cap : WORD_BITS;
	void **slots;

	if (idr->cap >= MAX_CAP)
		return -ENOSPC;
	slots = realloc(idr->slots, cap * sizeof(*slots));
	if (!slots)
		return -ENOMEM;
	memset(slots + idr->cap, 0, (cap - idr->cap) * sizeof(*slots));
	idr->slots = slots;
	for (unsigned int k = 0; k < MAX_LEVELS; k++) {
		uint64_t *words = realloc(idr->bits[k], level_words(cap, k) * sizeof(*words));

		if (!words)
			return -ENOMEM;	/* the old bitmaps still describe the old cap */
		idr->bits[k] = words;
	}
	idr->cap = cap;
	for (idr->levels = 1; level_words(cap, idr->levels - 1) > 1; idr->levels++)
		;
	for (unsigned int k = 0; k < idr->levels; k++)
		memset(idr->bits[k], 0, level_words(cap, k) * sizeof(uint64_t));
	for (uint32_t i = 0; i < idr->cap; i++)
		if (idr->slots[i])
			mark_used(idr, i);
	return 0;
}

/* The lowest free slot, or cap when there is none. */
static uint32_t lowest_free(const struct model_idr *idr)
{
	uint32_t i = 0;

	if (!idr->cap)
		return 0;
	for (unsigned int k = idr->levels; k-- > 0;) {
		uint64_t w = idr->bits[k][i];

		if (full(w))
			return idr->cap;
		i = i * WORD_BITS + (uint32_t)__builtin_ctzll(~w);
		if (k && i >= level_words(idr->cap, k - 1))
			return idr->cap;
	}
	return i < idr->cap ? i : idr->cap;
}

int model_idr_alloc(struct model_idr *idr, void *ptr)
{
	uint32_t i = lowest_free(idr);
	int ret;

	if (i == idr->cap) {
		ret = grow(idr);
		if (ret)
			return ret;
		i = lowest_free(idr);
	}
	if (i >= MAX_IDS)
		return -ENOSPC;
	idr->slots[i] = ptr;
	mark_used(idr, i);
	return (int)(i + 1);
}

void *model_idr_find(struct model_idr *idr, uint32_t id)
{
	if (!id || id > idr->cap)
		return NULL;
	return idr->slots[id - 1];
}

void *model_idr_replace(struct model_idr *idr, uint32_t id, void *ptr)
{
	void *old = model_idr_find(idr, id);

	if (old)
		idr->slots[id - 1] = ptr;
	return old;
}

void *model_idr_remove(struct model_idr *idr, uint32_t id)
{
	void *ptr = model_idr_find(idr, id);

	if (ptr) {
		idr->slots[id - 1] = NULL;
		mark_free(idr, id - 1);
	}
	return ptr;
}

void model_idr_for_each(struct model_idr *idr, void (*fn)(uint32_t id, void *ptr, void *arg),
			void *arg)
{
	for (uint32_t i = 0; i < idr->cap; i++)
		if (idr->slots[i])
			fn(i + 1, idr->slots[i], arg);
}
