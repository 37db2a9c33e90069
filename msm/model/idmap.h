/* SPDX-License-Identifier: MIT */
/* A map from nonzero 64-bit ids to pointers, O(1) (idmap.c). Zero-initialised is empty. */
#ifndef DRMSUB_MSM_MODEL_IDMAP_H
#define DRMSUB_MSM_MODEL_IDMAP_H

#include <stdint.h>

struct msm_idmap {
	uint64_t *keys;			/* 0: a free slot */
	void **vals;
	uint32_t cap, count;		/* cap: 0 or a power of two */
};

void *msm_idmap_find(const struct msm_idmap *m, uint64_t key);
/* Add @key (not in the map yet): 0, -EINVAL for key 0, -ENOMEM. */
int msm_idmap_insert(struct msm_idmap *m, uint64_t key, void *val);
/* Remove @key: its value, or NULL when it was not there. */
void *msm_idmap_remove(struct msm_idmap *m, uint64_t key);
/* Call @fn for every entry; @fn must not change the map. */
void msm_idmap_for_each(const struct msm_idmap *m, void (*fn)(uint64_t key, void *val, void *arg),
			void *arg);
void msm_idmap_fini(struct msm_idmap *m);

#endif
