// SPDX-License-Identifier: MIT
/*
 * The free ranges of an address space in drm_mm's holes_size order
 * (drm_mm.c insert_hole_size, best_hole): msm maps a BO with
 * drm_mm_insert_node_in_range(..., mode 0 = DRM_MM_INSERT_BEST), which
 * takes the smallest hole the BO fits, and of holes of that size the one
 * added last (holes of equal size sit in the order they were added and
 * best_hole ends on the last). Here a treap ordered by size, then newest
 * first: the same choice in O(log n) expected. The nodes live in the
 * mappings they follow, as drm_mm keeps a node's hole in the node, so
 * nothing here allocates.
 */
#include <stddef.h>

#include "msm/model/vm.h"

/* Does @a come before @b: smaller, or as large and newer? */
static bool before(const struct msm_hole *a, const struct msm_hole *b)
{
	return a->size != b->size ? a->size < b->size : a->seq > b->seq;
}

/* @t into the holes before @key and the rest. */
static void split(struct msm_hole *t, const struct msm_hole *key, struct msm_hole **lo,
		  struct msm_hole **hi)
{
	if (!t) {
		*lo = *hi = NULL;
	} else if (before(t, key)) {
		split(t->right, key, &t->right, hi);
		*lo = t;
	} else {
		split(t->left, key, lo, &t->left);
		*hi = t;
	}
}

static struct msm_hole *merge(struct msm_hole *lo, struct msm_hole *hi)
{
	if (!lo)
		return hi;
	if (!hi)
		return lo;
	if (lo->prio > hi->prio) {
		lo->right = merge(lo->right, hi);
		return lo;
	}
	hi->left = merge(lo, hi->left);
	return hi;
}

static struct msm_hole *insert(struct msm_hole *t, struct msm_hole *n)
{
	if (!t)
		return n;
	if (n->prio > t->prio) {
		split(t, n, &n->left, &n->right);
		return n;
	}
	if (before(n, t))
		t->left = insert(t->left, n);
	else
		t->right = insert(t->right, n);
	return t;
}

static struct msm_hole *remove_hole(struct msm_hole *t, const struct msm_hole *n)
{
	if (t == n)
		return merge(t->left, t->right);
	if (before(n, t))
		t->left = remove_hole(t->left, n);
	else
		t->right = remove_hole(t->right, n);
	return t;
}

void msm_holes_add(struct msm_holes *h, struct msm_hole *hole, uint64_t start, uint64_t size)
{
	*hole = (struct msm_hole){
		.start = start, .size = size, .seq = ++h->seq, .prio = msm_vm_random(&h->rng),
	};
	h->root = insert(h->root, hole);
}

void msm_holes_remove(struct msm_holes *h, struct msm_hole *hole)
{
	h->root = remove_hole(h->root, hole);
	hole->left = hole->right = NULL;
}

struct msm_hole *msm_holes_best(const struct msm_holes *h, uint64_t size)
{
	struct msm_hole *best = NULL;

	for (struct msm_hole *t = h->root; t;) {
		if (t->size >= size) {
			best = t;
			t = t->left;
		} else {
			t = t->right;
		}
	}
	return best;
}
