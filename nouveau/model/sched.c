// SPDX-License-Identifier: MIT
/*
 * nouveau_sched.c in the model: VM_BIND and EXEC jobs between the ioctl
 * and their work. A job carries the fences of its in-syncobjs; it starts
 * once they have all signalled and every earlier job of its entity (a
 * channel for EXEC, the file's VM for VM_BIND) has started. Its done
 * fence goes into the out-syncobjs at submission: replacing a binary
 * syncobj's fence, or as a new point of a timeline.
 *
 * A thread per device sleeps until a dependency it found pending signals
 * (drm_sched_entity_add_dependency_cb) and starts what became ready; a
 * push also tries at once, so a job without dependencies starts inside
 * its ioctl.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

#include "model/model.h"
#include "model/fence.h"
#include "model/syncobj.h"
#include "nouveau/model/nv_model.h"
#include "nouveau/uapi_vm.h"
#include "util/util.h"

/*
 * u_memcpya: @count entries of @size bytes (the kernel's size too) from
 * user @uptr; NULL with @err. Its vmemdup_user is a kvmalloc: a copy of
 * more than INT_MAX bytes is ENOMEM before anything is read.
 */
static void *copy_array(uint64_t uptr, uint32_t count, size_t size, int *err)
{
	void *mem = model_kvcalloc(count, size, size);

	*err = mem ? 0 : -ENOMEM;
	if (mem && model_copy_from_user(mem, (void *)(uintptr_t)uptr, (size_t)count * size)) {
		free(mem);
		mem = NULL;
		*err = -EFAULT;
	}
	return mem;
}

int nvm_job_arrays_copy(struct nvm_job_arrays *a, uint64_t items, uint32_t nr_items,
			size_t item_size, uint64_t in, uint32_t nr_in, uint64_t out,
			uint32_t nr_out)
{
	int ret = 0;

	a->items = copy_array(items, nr_items, item_size, &ret);
	if (!ret)
		a->in = copy_array(in, nr_in, sizeof(*a->in), &ret);
	if (!ret)
		a->out = copy_array(out, nr_out, sizeof(*a->out), &ret);
	return ret;
}

void nvm_job_arrays_free(struct nvm_job_arrays *a)
{
	free(a->items);
	free(a->in);
	free(a->out);
}

static uint32_t sync_type(const struct drm_nouveau_sync *s)
{
	return s->flags & DRM_NOUVEAU_SYNC_TYPE_MASK;
}

static bool sync_type_known(const struct drm_nouveau_sync *s)
{
	return sync_type(s) == DRM_NOUVEAU_SYNC_SYNCOBJ ||
	       sync_type(s) == DRM_NOUVEAU_SYNC_TIMELINE_SYNCOBJ;
}

/* sync_find_fence: the fence of a binary syncobj, or of a timeline point. */
static int in_fence(struct model_file *file, const struct drm_nouveau_sync *s,
		    struct model_fence **fence)
{
	uint64_t point = sync_type(s) == DRM_NOUVEAU_SYNC_TIMELINE_SYNCOBJ ? s->timeline_value : 0;
	struct model_syncobj *obj;
	int ret;

	if (!sync_type_known(s))
		return -EOPNOTSUPP;
	obj = model_syncobj_lookup(file, s->handle);
	if (!obj)
		return -ENOENT;
	/* drm_syncobj_find_fence without WAIT_FOR_SUBMIT: no fence (yet) is EINVAL */
	ret = model_syncobj_find_point(obj, point, fence);
	model_syncobj_put(obj);
	return ret;
}

int nvm_sched_job_syncs(struct model_file *file, struct nvm_sched_job *job,
			const struct drm_nouveau_sync *in, uint32_t nr_in,
			const struct drm_nouveau_sync *out, uint32_t nr_out)
{
	int ret;

	job->deps = calloc(nr_in ? nr_in : 1, sizeof(*job->deps));
	job->out = calloc(nr_out ? nr_out : 1, sizeof(*job->out));
	job->out_points = calloc(nr_out ? nr_out : 1, sizeof(*job->out_points));
	if (!job->deps || !job->out || !job->out_points)
		return -ENOMEM;
	/* nouveau_job_add_deps */
	for (uint32_t i = 0; i < nr_in; i++) {
		ret = in_fence(file, &in[i], &job->deps[job->nr_deps]);
		if (ret)
			return ret;
		job->nr_deps++;
	}
	/* nouveau_job_fence_attach_prepare */
	for (uint32_t i = 0; i < nr_out; i++) {
		if (!sync_type_known(&out[i]))
			return -EINVAL;
		job->out[i] = model_syncobj_lookup(file, out[i].handle);
		if (!job->out[i])
			return -ENOENT;
		job->nr_out = i + 1;
		if (sync_type(&out[i]) == DRM_NOUVEAU_SYNC_TIMELINE_SYNCOBJ)
			job->out_points[i] = out[i].timeline_value;
	}
	return 0;
}

void nvm_sched_job_release(struct nvm_sched_job *job)
{
	model_fence_array_free(job->deps, job->nr_deps);
	model_syncobj_array_free(job->out, job->nr_out);
	model_fence_put(job->done);
	free(job->out_points);
	job->free(job);
}

/* The first error among the dependencies, 0 while all are fine, 1 while one is pending. */
static int deps_state(const struct nvm_sched_job *job)
{
	int err = 0;

	for (uint32_t i = 0; i < job->nr_deps; i++) {
		int status = model_fence_status(job->deps[i]);

		if (status == 0) {
			struct nvm_device *ndev = model_device_priv(job->dev);

			/* look again when it signals */
			model_fence_wake_on_signal(job->deps[i], &ndev->sched_thread.wake);
			return 1;
		}
		if (status < 0 && !err)
			err = status;
	}
	return err;
}

static bool entity_blocked(const void *const *blocked, unsigned int n, const void *entity)
{
	for (unsigned int i = 0; i < n; i++)
		if (blocked[i] == entity)
			return true;
	return false;
}

/* Start every job whose dependencies are done, in order per entity. */
static void sched_kick(struct nvm_device *ndev)
{
	const void *blocked[NVM_MAX_CHANNELS + 8];
	unsigned int nr_blocked = 0;
	struct nvm_sched_job **p = &ndev->pending;

	while (*p) {
		struct nvm_sched_job *job = *p;
		bool wait = entity_blocked(blocked, nr_blocked, job->entity);
		int state = wait ? 1 : deps_state(job);

		if (state > 0) {
			if (!wait && nr_blocked < ARRAY_SIZE(blocked))
				blocked[nr_blocked++] = job->entity;
			p = &job->next;
			continue;
		}
		*p = job->next;
		if (state < 0) {
			/*
			 * drm_sched forwards a dependency's error to the job's
			 * finished fence and skips run_job (6.x; the version this
			 * began in was not established).
			 */
			model_fence_signal(job->done, state);
			nvm_sched_job_release(job);
		} else {
			job->start(job);
		}
		/* start() may have signalled fences other jobs wait for */
		p = &ndev->pending;
		nr_blocked = 0;
	}
}

static void sched_thread_kick(void *arg)
{
	sched_kick(arg);
}

static int sched_start(struct model_device *dev)
{
	struct nvm_device *ndev = model_device_priv(dev);

	return model_sched_thread_start(&ndev->sched_thread, sched_thread_kick, ndev);
}

/* nouveau_job_fence_attach: replace a binary syncobj's fence, or add a point. */
static int attach_out(struct nvm_sched_job *job)
{
	for (uint32_t i = 0; i < job->nr_out; i++) {
		int ret = 0;

		if (job->out_points[i])
			ret = model_syncobj_add_point(job->out[i], job->done, job->out_points[i]);
		else
			model_syncobj_replace_fence(job->out[i], job->done);
		if (ret)
			return ret;
	}
	return 0;
}

int nvm_sched_push(struct model_file *file, struct nvm_sched_job *job,
		   struct model_fence **done)
{
	struct model_device *dev = model_file_device(file);
	struct nvm_device *ndev = nvm_device(file);
	struct nvm_sched_job **tail;
	int ret = sched_start(dev);

	job->dev = dev;
	job->done = ret ? NULL : model_fence_new();
	if (!ret && !job->done)
		ret = -ENOMEM;
	if (!ret)
		ret = attach_out(job);
	if (ret) {
		nvm_sched_job_release(job);
		return ret;
	}
	job->done->driver = "nouveau";
	job->done->timeline = "sched";
	if (done) {
		model_fence_get(job->done);
		*done = job->done;
	}
	for (tail = &ndev->pending; *tail; tail = &(*tail)->next)
		;
	job->next = NULL;
	*tail = job;
	sched_kick(ndev);
	return 0;
}

void nvm_sched_cancel(struct model_device *dev, const void *entity, int error)
{
	struct nvm_device *ndev = model_device_priv(dev);
	struct nvm_sched_job **p = &ndev->pending;

	while (*p) {
		struct nvm_sched_job *job = *p;

		if (job->entity != entity) {
			p = &job->next;
			continue;
		}
		*p = job->next;
		model_fence_signal(job->done, error);
		nvm_sched_job_release(job);
	}
}
