// SPDX-License-Identifier: MIT
/*
 * A job's dependencies, as drm_sched_job_add_dependency keeps them (an
 * xarray with no limit): one fence per fence context — a later fence of a
 * context replaces the earlier, an earlier one is dropped — so the set
 * grows with the queues and engines involved, not with the BOs. The
 * context lookup is a map (the kernel walks its xarray), and the
 * scheduler's readiness check resumes where it stopped last time:
 * fences never unsignal.
 */
#include <errno.h>
#include <stdlib.h>

#include "model/model.h"
#include "model/fence.h"
#include "msm/model/msm_model.h"

int msm_deps_add(struct msm_deps *d, struct model_fence *f)
{
	uintptr_t slot = (uintptr_t)msm_idmap_find(&d->contexts, f->context);

	if (slot) {
		struct model_fence **have = &d->fences[slot - 1];

		if (msm_fence_is_later(f, *have)) {
			model_fence_put(*have);
			*have = f;
		} else {
			model_fence_put(f);
		}
		return 0;
	}
	if (model_array_reserve(&d->fences, d->nr, &d->max, sizeof(*d->fences), 8)) {
		model_fence_put(f);
		return -ENOMEM;
	}
	if (msm_idmap_insert(&d->contexts, f->context, (void *)(uintptr_t)(d->nr + 1))) {
		model_fence_put(f);
		return -ENOMEM;
	}
	d->fences[d->nr++] = f;
	return 0;
}

bool msm_deps_signalled(struct msm_deps *d)
{
	while (d->next < d->nr && model_fence_signaled(d->fences[d->next]))
		d->next++;
	return d->next == d->nr;
}

void msm_deps_fini(struct msm_deps *d)
{
	model_fence_array_free(d->fences, d->nr);
	msm_idmap_fini(&d->contexts);
	*d = (struct msm_deps){ 0 };
}
