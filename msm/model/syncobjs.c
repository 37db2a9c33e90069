// SPDX-License-Identifier: MIT
/*
 * The syncobj tables of GEM_SUBMIT and VM_BIND (msm_syncobj.c, shared by
 * both since 6.17): in-syncobjs become dependencies of the job (and are
 * reset after it was pushed, with MSM_SYNCOBJ_RESET), out-syncobjs get
 * the job's fence — as a binary fence, or a timeline point where the
 * driver has DRIVER_SYNCOBJ_TIMELINE (msm from 6.15).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "drm-uapi/msm_drm.h"

#include "model/model.h"
#include "model/fence.h"
#include "model/syncobj.h"
#include "msm/model/msm_model.h"

/* The @i-th entry at @base: copy_from_user of min(stride, sizeof(desc)). */
static int read_desc(uint64_t base, uint32_t i, uint32_t stride, struct drm_msm_syncobj *desc)
{
	memset(desc, 0, sizeof(*desc));
	return model_copy_from_user(desc, (void *)(uintptr_t)(base + (uint64_t)i * stride),
				    stride < sizeof(*desc) ? stride : sizeof(*desc));
}

static bool has_timelines(struct model_file *file)
{
	return model_has_feature(model_file_device(file), MODEL_FEAT_SYNCOBJ_TIMELINE);
}

/* One kcalloc (__GFP_NORETRY: more than kmalloc gives is ENOMEM). */
static void *table(uint32_t nr, uint64_t kentry, size_t entry)
{
	return model_kcalloc(nr, kentry, entry);
}

/* drm_sched_job_add_syncobj_dependency, and the syncobj to reset with RESET. */
static int one_dep(struct model_file *file, struct msm_deps *deps,
		   const struct drm_msm_syncobj *desc, struct model_syncobj **reset)
{
	struct model_syncobj *obj = model_syncobj_lookup(file, desc->handle);
	struct model_fence *f;
	int ret;

	if (!obj)
		return MSM_UERR(ENOENT, "syncobj: no syncobj %u", desc->handle);
	ret = model_syncobj_find_point(obj, desc->point, &f);
	if (ret) {
		model_syncobj_put(obj);
		return MSM_UERR(EINVAL, "syncobj: %u has no fence at point %llu", desc->handle,
				(unsigned long long)desc->point);
	}
	ret = msm_deps_add(deps, f);
	if (!ret && (desc->flags & MSM_SYNCOBJ_RESET))
		*reset = obj;
	else
		model_syncobj_put(obj);
	return ret;
}

int msm_syncobj_parse_deps(struct model_file *file, struct msm_deps *deps, uint64_t addr,
			   uint32_t nr, uint32_t stride, struct msm_syncobjs *out)
{
	struct drm_msm_syncobj desc;
	int ret;

	/* struct drm_syncobj *: one 64-bit kernel pointer each */
	out->reset = table(nr, sizeof(uint64_t), sizeof(*out->reset));
	if (!out->reset)
		return MSM_UERR(ENOMEM, "syncobj: %u in-syncobjs do not fit a kcalloc", nr);
	out->nr_reset = nr;
	for (uint32_t i = 0; i < nr; i++) {
		ret = read_desc(addr, i, stride, &desc);
		if (ret)
			return ret;
		if (desc.point && !has_timelines(file))
			return MSM_UERR(EOPNOTSUPP, "syncobj: timeline unsupported");
		if (desc.flags & ~MSM_SYNCOBJ_FLAGS)
			return MSM_UERR(EINVAL, "syncobj: invalid flags %#x", desc.flags);
		ret = one_dep(file, deps, &desc, &out->reset[i]);
		if (ret)
			return ret;
	}
	return 0;
}

int msm_syncobj_parse_post_deps(struct model_file *file, uint64_t addr, uint32_t nr,
				uint32_t stride, struct msm_syncobjs *out)
{
	struct drm_msm_syncobj desc;
	int ret;

	/* struct msm_syncobj_post_dep: syncobj, point, chain */
	out->post = table(nr, 3 * sizeof(uint64_t), sizeof(*out->post));
	if (!out->post)
		return MSM_UERR(ENOMEM, "syncobj: %u out-syncobjs do not fit a kcalloc", nr);
	out->nr_post = nr;
	for (uint32_t i = 0; i < nr; i++) {
		ret = read_desc(addr, i, stride, &desc);
		if (ret)
			return ret;
		out->post[i].point = desc.point;
		if (desc.flags)
			return MSM_UERR(EINVAL, "syncobj: invalid out-syncobj flags %#x",
						desc.flags);
		if (desc.point && !has_timelines(file))
			return MSM_UERR(EOPNOTSUPP, "syncobj: timeline unsupported");
		out->post[i].obj = model_syncobj_lookup(file, desc.handle);
		if (!out->post[i].obj)
			return MSM_UERR(EINVAL, "syncobj: invalid out-syncobj handle %u",
						desc.handle);
	}
	return 0;
}

/* msm_syncobj_reset and msm_syncobj_process_post_deps, once the job is pushed. */
void msm_syncobjs_commit(struct msm_syncobjs *s, struct model_fence *fence)
{
	for (uint32_t i = 0; i < s->nr_reset; i++)
		if (s->reset[i])
			model_syncobj_replace_fence(s->reset[i], NULL);
	for (uint32_t i = 0; i < s->nr_post; i++) {
		struct msm_post_dep *p = &s->post[i];

		if (!p->point)
			model_syncobj_replace_fence(p->obj, fence);
		else if (model_syncobj_add_point(p->obj, fence, p->point))
			model_fatal("msm: out of memory adding a timeline point");
	}
}

void msm_syncobjs_fini(struct msm_syncobjs *s)
{
	for (uint32_t i = 0; s->reset && i < s->nr_reset; i++)
		if (s->reset[i])
			model_syncobj_put(s->reset[i]);
	for (uint32_t i = 0; s->post && i < s->nr_post; i++)
		if (s->post[i].obj)
			model_syncobj_put(s->post[i].obj);
	free(s->reset);
	free(s->post);
	*s = (struct msm_syncobjs){ 0 };
}
