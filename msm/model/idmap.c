// SPDX-License-Identifier: MIT
/*
 * A map from nonzero 64-bit keys to pointers, O(1): open addressing with
 * linear probing at most half full, deletion by shifting the entries of
 * the probe run back (no tombstones), so a map that churns stays short.
 * It stands in for the kernel's idr and xarray where the model needs a
 * lookup by id: a queue's fence ids (queue->fence_idr), the fence
 * contexts of a job's dependencies (drm_sched_job_add_dependency).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>

#include "msm/model/idmap.h"

#define MIN_CAP 16u

static uint32_t slot_of(const struct msm_idmap *m, uint64_t key)
{
	/* Fibonacci hashing: the ids are mostly small and consecutive */
	return (uint32_t)((key * 0x9e3779b97f4a7c15ull) >> 32) & (m->cap - 1);
}

void *msm_idmap_find(const struct msm_idmap *m, uint64_t key)
{
	if (!m->cap || !key)
		return NULL;
	for (uint32_t i = slot_of(m, key);; i = (i + 1) & (m->cap - 1)) {
		if (m->keys[i] == key)
			return m->vals[i];
		if (!m->keys[i])
			return NULL;
	}
}

static void put_slot(struct msm_idmap *m, uint64_t key, void *val)
{
	uint32_t i = slot_of(m, key);

	while (m->keys[i])
		i = (i + 1) & (m->cap - 1);
	m->keys[i] = key;
	m->vals[i] = val;
}

static int grow(struct msm_idmap *m)
{
	struct msm_idmap bigger = { .cap = m->cap ? 2 * m->cap : MIN_CAP, .count = m->count };

	if (bigger.cap < m->cap)
		return -ENOMEM;
	bigger.keys = calloc(bigger.cap, sizeof(*bigger.keys));
	bigger.vals = calloc(bigger.cap, sizeof(*bigger.vals));
	if (!bigger.keys || !bigger.vals) {
		free(bigger.keys);
		free(bigger.vals);
		return -ENOMEM;
	}
	for (uint32_t i = 0; i < m->cap; i++)
		if (m->keys[i])
			put_slot(&bigger, m->keys[i], m->vals[i]);
	msm_idmap_fini(m);
	*m = bigger;
	return 0;
}

int msm_idmap_insert(struct msm_idmap *m, uint64_t key, void *val)
{
	if (!key)
		return -EINVAL;
	if (2 * (m->count + 1) > m->cap && grow(m))
		return -ENOMEM;
	put_slot(m, key, val);
	m->count++;
	return 0;
}

/* Is slot @i, whose key hashes to @home, out of place once slot @hole is empty? */
static bool displaced(uint32_t home, uint32_t hole, uint32_t i)
{
	return hole <= i ? home <= hole || home > i : home <= hole && home > i;
}

void *msm_idmap_remove(struct msm_idmap *m, uint64_t key)
{
	uint32_t hole, i, mask = m->cap - 1;
	void *val;

	if (!m->cap || !key)
		return NULL;
	for (hole = slot_of(m, key); m->keys[hole] != key; hole = (hole + 1) & mask)
		if (!m->keys[hole])
			return NULL;
	val = m->vals[hole];
	/* shift the rest of the run back over the hole */
	for (i = (hole + 1) & mask; m->keys[i]; i = (i + 1) & mask) {
		if (!displaced(slot_of(m, m->keys[i]), hole, i))
			continue;
		m->keys[hole] = m->keys[i];
		m->vals[hole] = m->vals[i];
		hole = i;
	}
	m->keys[hole] = 0;
	m->vals[hole] = NULL;
	m->count--;
	return val;
}

void msm_idmap_for_each(const struct msm_idmap *m, void (*fn)(uint64_t key, void *val, void *arg),
			void *arg)
{
	for (uint32_t i = 0; i < m->cap; i++)
		if (m->keys[i])
			fn(m->keys[i], m->vals[i], arg);
}

void msm_idmap_fini(struct msm_idmap *m)
{
	free(m->keys);
	free(m->vals);
	*m = (struct msm_idmap){ 0 };
}
