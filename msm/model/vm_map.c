// SPDX-License-Identifier: MIT
/*
 * The GPU's view of an address space: a treap of mappings by address
 * whose versions share their nodes. A node shared with another version
 * (refs > 1) is never written: an update copies it first, so every node
 * on the path it changes is private to the new version, and a node only
 * the current version knows is updated in place. Insert and remove are
 * a split and a merge on that path: O(log n) expected, with at most two
 * copies per level; a version costs one reference to take. Readers of a
 * version they hold (the GPU thread) need no lock: nothing they can reach
 * changes until they let go.
 *
 * Every update runs on nodes reserved beforehand (msm_map_reserve), so
 * it cannot fail halfway.
 */
#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "model/model.h"
#include "msm/model/vm.h"

void msm_pages_put(struct msm_pages *pages)
{
	if (--pages->refs > 0)
		return;
	if (pages->owned && pages->vaddr)
		munmap(pages->vaddr, pages->size);
	free(pages);
}

void msm_map_get(struct msm_map *root)
{
	if (root)
		root->refs++;
}

void msm_map_put(struct msm_map *root)
{
	if (!root || --root->refs > 0)
		return;
	msm_map_put(root->left);
	msm_map_put(root->right);
	if (root->range.pages)
		msm_pages_put(root->range.pages);
	model_bo_put(root->bo);
	free(root);
}

/* The nodes a split on @key goes through: the most an update copies per split. */
static unsigned int path_length(const struct msm_map *t, uint64_t key)
{
	unsigned int n = 0;

	for (; t; t = t->range.iova < key ? t->right : t->left)
		n++;
	return n;
}

int msm_map_reserve(struct msm_map_pool *pool, const struct msm_map *root, uint64_t key)
{
	/*
	 * insert splits at @key and adds a node, remove splits at @key and
	 * @key + 1; the merges after them walk only nodes the splits copied
	 */
	unsigned int want = path_length(root, key) + path_length(root, key + 1) + 1;

	while (pool->nr < want) {
		struct msm_map *n = malloc(sizeof(*n));

		if (!n)
			return -ENOMEM;
		n->left = pool->free;
		pool->free = n;
		pool->nr++;
	}
	return 0;
}

struct msm_map *msm_map_node(struct msm_map_pool *pool)
{
	struct msm_map *n = pool->free;

	pool->free = n->left;
	pool->nr--;
	*n = (struct msm_map){ .refs = 1 };
	return n;
}

void msm_map_pool_fini(struct msm_map_pool *pool)
{
	while (pool->free) {
		struct msm_map *n = pool->free;

		pool->free = n->left;
		free(n);
	}
	pool->nr = 0;
}

/* @t (the caller's reference) as a node only the caller holds: itself, or a copy. */
static struct msm_map *own(struct msm_map_pool *pool, struct msm_map *t)
{
	struct msm_map *copy;

	if (t->refs == 1)
		return t;
	copy = msm_map_node(pool);
	*copy = *t;
	copy->refs = 1;
	msm_map_get(copy->left);
	msm_map_get(copy->right);
	if (copy->range.pages)
		copy->range.pages->refs++;
	if (copy->bo)
		model_bo_get(copy->bo);
	t->refs--;		/* still held by another version */
	return copy;
}

/* @t into the mappings below @key and the rest; @t's reference moves to them. */
static void split(struct msm_map_pool *pool, struct msm_map *t, uint64_t key, struct msm_map **lo,
		  struct msm_map **hi)
{
	if (!t) {
		*lo = *hi = NULL;
		return;
	}
	t = own(pool, t);
	if (t->range.iova < key) {
		split(pool, t->right, key, &t->right, hi);
		*lo = t;
	} else {
		split(pool, t->left, key, lo, &t->left);
		*hi = t;
	}
}

/* Every mapping of @lo is below every one of @hi. */
static struct msm_map *merge(struct msm_map_pool *pool, struct msm_map *lo, struct msm_map *hi)
{
	if (!lo)
		return hi;
	if (!hi)
		return lo;
	if (lo->prio > hi->prio) {
		lo = own(pool, lo);
		lo->right = merge(pool, lo->right, hi);
		return lo;
	}
	hi = own(pool, hi);
	hi->left = merge(pool, lo, hi->left);
	return hi;
}

struct msm_map *msm_map_insert(struct msm_map_pool *pool, struct msm_map *root,
			       struct msm_map *node)
{
	struct msm_map *lo, *hi;

	split(pool, root, node->range.iova, &lo, &hi);
	return merge(pool, merge(pool, lo, node), hi);
}

struct msm_map *msm_map_remove(struct msm_map_pool *pool, struct msm_map *root, uint64_t iova)
{
	struct msm_map *lo, *mid, *hi;

	split(pool, root, iova, &lo, &hi);
	split(pool, hi, iova + 1, &mid, &hi);
	msm_map_put(mid);
	return merge(pool, lo, hi);
}

const struct msm_map *msm_map_containing(const struct msm_map *t, uint64_t addr)
{
	while (t) {
		if (addr < t->range.iova)
			t = t->left;
		else if (addr - t->range.iova < t->range.size)
			return t;
		else
			t = t->right;
	}
	return NULL;
}

struct msm_map *msm_map_before(struct msm_map *t, uint64_t addr)
{
	struct msm_map *best = NULL;

	while (t) {
		if (t->range.iova < addr) {
			best = t;
			t = t->right;
		} else {
			t = t->left;
		}
	}
	return best;
}

struct msm_map *msm_map_from(struct msm_map *t, uint64_t addr)
{
	struct msm_map *best = NULL;

	while (t) {
		if (t->range.iova >= addr) {
			best = t;
			t = t->left;
		} else {
			t = t->right;
		}
	}
	return best;
}

void msm_map_for_each(struct msm_map *t, void (*fn)(struct msm_map *m, void *arg), void *arg)
{
	if (!t)
		return;
	msm_map_for_each(t->left, fn, arg);
	fn(t, arg);
	msm_map_for_each(t->right, fn, arg);
}
