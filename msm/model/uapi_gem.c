// SPDX-License-Identifier: MIT
/*
 * msm BO ioctls (msm_drv.c, msm_gem.c): GEM_NEW, GEM_INFO, CPU_PREP,
 * CPU_FINI, MADVISE — each checks its arguments in the kernel's order
 * before it looks the handle up.
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "drm-uapi/msm_drm.h"

#include "model/model.h"
#include "msm/model/msm_model.h"

#define ETOOSMALL 525		/* kernel-internal, returned by GEM_INFO */
#define MSM_BO_CACHE_FLAGS 0x000f0000
#define MSM_BO_VALID_FLAGS (MSM_BO_SCANOUT | MSM_BO_GPU_READONLY | MSM_BO_CACHE_FLAGS)
#define MSM_PREP_VALID (MSM_PREP_READ | MSM_PREP_WRITE | MSM_PREP_NOSYNC | MSM_PREP_BOOST)
#define MAX_METADATA 128

#define NSEC_PER_SEC 1000000000ll
#define KTIME_SEC_MAX (INT64_MAX / NSEC_PER_SEC)

/*
 * to_ktime → ktime_set: from KTIME_SEC_MAX seconds on KTIME_MAX, else
 * secs * NSEC_PER_SEC + nsecs in the kernel's wrapping arithmetic (any
 * tv_nsec, a negative tv_sec: a deadline long past).
 */
int64_t msm_timespec_deadline(int64_t sec, int64_t nsec)
{
	if (sec >= KTIME_SEC_MAX)
		return INT64_MAX;
	return (int64_t)((uint64_t)sec * NSEC_PER_SEC + (uint64_t)nsec);
}

/*
 * dma_fence_wait_timeout(timeout_to_jiffies(deadline)): a deadline not
 * after now is no wait at all — whatever its sign — 0 or -ETIME.
 */
int msm_fence_wait_until(struct model_fence *fence, int64_t deadline)
{
	if (deadline <= model_now_ns())
		return model_fence_signaled(fence) ? 0 : -ETIME;
	return model_fence_wait(fence, deadline);
}

/* MSM_BO_NO_SHARE became a flag with 6.17 ("drm/msm: Add _NO_SHARE flag"). */
static uint32_t valid_bo_flags(void)
{
	return MSM_BO_VALID_FLAGS | (model_kernel_at_least(6, 17) ? MSM_BO_NO_SHARE : 0);
}

/*
 * msm_gem_new_handle: a _NO_SHARE object takes the VM's reservation
 * object, drm_gpuvm_resv_obj(ctx->vm), which every release up to 7.1
 * dereferences before the file made its VM ("drm/msm: Validate lazy VM in
 * GEM_NEW", posted 2026-06-25, makes it first).
 */
static void no_share_needs_vm(struct model_file *file, uint32_t flags)
{
	if ((flags & MSM_BO_NO_SHARE) && !msm_ctx(file)->vm)
		msm_kernel_oops("msm_gem_new_handle: drm_gpuvm_resv_obj(ctx->vm) of a _NO_SHARE "
				"BO before the file made its VM",
				"drm/msm: Validate lazy VM in GEM_NEW (not in 7.1)");
}

/*
 * The size msm_gem_new page-aligns: before 6.18 msm_gem_new_handle and
 * msm_gem_new took it as uint32_t, so the request's upper 32 bits were
 * dropped and PAGE_ALIGN wrapped past 0xfffff000 to 0 ("drm/msm: Fix 32b
 * size truncation", 6.18, made them size_t).
 */
static uint64_t gem_new_size(uint64_t requested)
{
	if (!msm_kernel_has(MSM_FIX_32B_SIZE))
		return (uint32_t)MODEL_PAGE_ALIGN((uint32_t)requested);
	return MODEL_PAGE_ALIGN(requested);
}

/*
 * msm_ioctl_gem_new → msm_gem_new: unknown flags, a zero size, then the
 * cache mode (exactly one of CACHED, WC, UNCACHED; CACHED_COHERENT only
 * on chips with ADRENO_QUIRK_HAS_CACHED_COHERENT), then
 * drm_gem_object_init → shmem_file_setup, whose loff_t size must not be
 * negative: all EINVAL.
 */
int msm_ioctl_gem_new(struct model_file *file, void *data)
{
	struct drm_msm_gem_new *args = data;
	uint64_t size = gem_new_size(args->size);
	struct msm_bo_state *st;
	struct model_bo *bo;
	int err;

	if (args->flags & ~valid_bo_flags())
		return MSM_UERR(EINVAL, "gem_new: invalid flags %#x", args->flags);
	if (!size)
		return MSM_UERR(EINVAL, "gem_new: size %llu", (unsigned long long)args->size);
	switch (args->flags & MSM_BO_CACHE_FLAGS) {
	case MSM_BO_CACHED:
	case MSM_BO_WC:
	case MSM_BO_UNCACHED:
		break;
	case MSM_BO_CACHED_COHERENT:
		if (msm_dev(model_file_device(file))->info->cached_coherent)
			break;
		/* fall through */
	default:
		return MSM_UERR(EINVAL, "gem_new: invalid cache flag %#x",
				args->flags & MSM_BO_CACHE_FLAGS);
	}
	if (size > INT64_MAX)
		return MSM_UERR(EINVAL, "gem_new: size %llu beyond MAX_LFS_FILESIZE",
				(unsigned long long)size);
	no_share_needs_vm(file, args->flags);
	err = model_gem_create(file, size, &args->handle, &bo);
	if (err)
		return err;
	st = msm_bo_state(bo);
	if (st)
		st->flags = args->flags;
	return 0;
}

static bool info_takes_len(uint32_t info)
{
	switch (info) {
	case MSM_INFO_SET_NAME:
	case MSM_INFO_GET_NAME:
		return true;
	case MSM_INFO_SET_METADATA:
	case MSM_INFO_GET_METADATA:
		return model_kernel_at_least(6, 8);
	default:
		return false;
	}
}

static int info_set_name(struct msm_bo_state *st, struct drm_msm_gem_info *args)
{
	int err;

	/* room for the terminating NUL */
	if (args->len >= sizeof(st->name))
		return MSM_UERR(EINVAL, "gem_info: name of %u bytes", args->len);
	err = model_copy_from_user(st->name, (void *)(uintptr_t)args->value, args->len);
	if (err) {
		st->name[0] = '\0';
		return err;
	}
	st->name[args->len] = '\0';
	for (uint32_t i = 0; i < args->len; i++) {
		if (!isprint((unsigned char)st->name[i])) {
			st->name[i] = '\0';
			break;
		}
	}
	return 0;
}

static int info_get_name(struct msm_bo_state *st, struct drm_msm_gem_info *args)
{
	uint32_t len = strlen(st->name);

	if (args->value && args->len < len)
		return MSM_UERR(msm_rule_errno(MSM_RULE_GET_NAME_SHORT),
				"gem_info: name needs %u bytes, got %u", len, args->len);
	args->len = len;
	return args->value ? model_copy_to_user((void *)(uintptr_t)args->value, st->name, len) : 0;
}

/* msm_ioctl_gem_info_set_metadata: at most 128 bytes (EOVERFLOW). */
static int info_set_metadata(struct msm_bo_state *st, struct drm_msm_gem_info *args)
{
	uint8_t buf[MAX_METADATA];
	int err;

	if (args->len > MAX_METADATA)
		return MSM_UERR(EOVERFLOW, "gem_info: metadata of %u bytes", args->len);
	err = model_copy_from_user(buf, (void *)(uintptr_t)args->value, args->len);
	if (err)
		return err;
	memcpy(st->metadata, buf, args->len);
	st->metadata_size = args->len;
	return 0;
}

/* msm_ioctl_gem_info_get_metadata: a NULL buffer asks for the size. */
static int info_get_metadata(struct msm_bo_state *st, struct drm_msm_gem_info *args)
{
	int err;

	if (!args->value) {
		args->len = st->metadata_size;
		return 0;
	}
	if (args->len < st->metadata_size)
		return MSM_UERR(ETOOSMALL, "gem_info: metadata needs %u bytes, got %u",
				st->metadata_size, args->len);
	err = model_copy_to_user((void *)(uintptr_t)args->value, st->metadata, st->metadata_size);
	if (!err)
		args->len = st->metadata_size;
	return err;
}

/*
 * msm_ioctl_gem_info_iova / _set_iova: not for VM_BIND files ("VM_BIND is
 * enabled", 6.17); the VM is made now if it is not yet.
 */
static int info_iova(struct model_file *file, struct model_bo *bo, struct drm_msm_gem_info *args)
{
	struct msm_ctx *ctx = msm_ctx(file);
	struct msm_dev *mdev = msm_dev(model_file_device(file));
	struct msm_vm *vm;
	uint64_t iova;
	int ret;

	if (ctx->vm_bind)
		return MSM_UERR(EINVAL, "gem_info: %s: VM_BIND is enabled",
				args->info == MSM_INFO_GET_IOVA ? "GET_IOVA" : "SET_IOVA");
	vm = msm_ctx_vm(ctx);
	if (!vm)
		return -ENOMEM;
	if (args->info == MSM_INFO_SET_IOVA) {
		if (!mdev->info->va_size)
			return MSM_UERR(EOPNOTSUPP,
					"gem_info: SET_IOVA requires per-process pgtables");
		return msm_vm_set_iova(vm, bo, args->value);
	}
	ret = msm_vm_get_iova(vm, bo, &iova);
	if (!ret)
		args->value = iova;
	return ret;
}

static int gem_info(struct model_file *file, struct model_bo *bo, struct drm_msm_gem_info *args)
{
	struct msm_bo_state *st = msm_bo_state(bo);

	if (!st)
		return -ENOMEM;
	switch (args->info) {
	case MSM_INFO_GET_OFFSET:
		args->value = model_bo_mmap_offset(bo);
		return args->value ? 0 : -ENOMEM;
	case MSM_INFO_GET_IOVA:
	case MSM_INFO_SET_IOVA:
		return info_iova(file, bo, args);
	case MSM_INFO_GET_FLAGS:
		if (bo->dmabuf && bo->dmabuf->bo != bo)
			return MSM_UERR(EINVAL, "gem_info: GET_FLAGS of an imported BO");
		args->value = st->flags;
		return 0;
	case MSM_INFO_SET_NAME:
		return info_set_name(st, args);
	case MSM_INFO_GET_NAME:
		return info_get_name(st, args);
	case MSM_INFO_SET_METADATA:
	case MSM_INFO_GET_METADATA:
		/* msm_ioctl_gem_info: both infos came in 6.8 */
		if (!model_kernel_at_least(6, 8))
			break;
		return args->info == MSM_INFO_SET_METADATA ? info_set_metadata(st, args)
							   : info_get_metadata(st, args);
	default:
		break;
	}
	return MSM_UERR(EINVAL, "gem_info: invalid info %u", args->info);
}

/* msm_ioctl_gem_info: pad, then len for value infos, then the handle. */
int msm_ioctl_gem_info(struct model_file *file, void *data)
{
	struct drm_msm_gem_info *args = data;
	struct model_bo *bo;
	int ret;

	if (args->pad)
		return MSM_UERR(EINVAL, "gem_info: pad %u", args->pad);
	if (!info_takes_len(args->info) && args->len)
		return MSM_UERR(EINVAL, "gem_info: len %u for info %u", args->len, args->info);
	bo = model_gem_lookup(file, args->handle);
	if (!bo)
		return MSM_UERR(ENOENT, "gem_info: no handle %u", args->handle);
	ret = gem_info(file, bo, args);
	model_bo_put(bo);
	return ret;
}

struct fence_list {
	struct model_fence **fences;
	unsigned int nr, max;
};

static int collect_fence(struct model_fence *f, void *arg)
{
	struct fence_list *l = arg;

	if (model_array_reserve(&l->fences, l->nr, &l->max, sizeof(*l->fences), 8))
		return -ENOMEM;
	model_fence_get(f);
	l->fences[l->nr++] = f;
	return 0;
}

/*
 * msm_gem_cpu_prep: wait for the reservation object (WRITE: readers and
 * writers, READ: writers) until the absolute deadline. Not idle: EBUSY
 * when the remaining time was 0 (NOSYNC or a past deadline), else
 * ETIMEDOUT.
 */
static int cpu_prep_wait(struct model_bo *bo, uint32_t op, int64_t deadline)
{
	struct msm_bo_state *st = msm_bo_state(bo);
	bool no_wait = (op & MSM_PREP_NOSYNC) || deadline <= model_now_ns();
	struct fence_list l = { 0 };
	int ret;

	if (!st)
		return -ENOMEM;
	/* the fences are referenced: the reservation object changes while we wait */
	ret = msm_resv_for_each(&st->resv, msm_usage_rw(op & MSM_PREP_WRITE), collect_fence, &l);
	for (unsigned int i = 0; i < l.nr && !ret; i++) {
		if (model_fence_signaled(l.fences[i]))
			continue;
		if (no_wait || msm_fence_wait_until(l.fences[i], deadline))
			ret = no_wait ? -EBUSY : -ETIMEDOUT;
	}
	model_fence_array_free(l.fences, l.nr);
	return ret;
}

int msm_ioctl_gem_cpu_prep(struct model_file *file, void *data)
{
	struct drm_msm_gem_cpu_prep *args = data;
	struct model_bo *bo;
	int ret;

	if (args->op & ~MSM_PREP_VALID)
		return MSM_UERR(EINVAL, "cpu_prep: invalid op %#x", args->op);
	bo = model_gem_lookup(file, args->handle);
	if (!bo)
		return MSM_UERR(ENOENT, "cpu_prep: no handle %u", args->handle);
	ret = cpu_prep_wait(bo, args->op,
			    msm_timespec_deadline(args->timeout.tv_sec, args->timeout.tv_nsec));
	model_bo_put(bo);
	return ret;
}

int msm_ioctl_gem_cpu_fini(struct model_file *file, void *data)
{
	struct drm_msm_gem_cpu_fini *args = data;

	if (!model_gem_handle_valid(file, args->handle))
		return MSM_UERR(ENOENT, "cpu_fini: no handle %u", args->handle);
	return 0;
}

/* msm_ioctl_gem_madvise: the advice, then the handle; the model never purges. */
int msm_ioctl_gem_madvise(struct model_file *file, void *data)
{
	struct drm_msm_gem_madvise *args = data;
	struct msm_bo_state *st;
	struct model_bo *bo;

	if (args->madv != MSM_MADV_WILLNEED && args->madv != MSM_MADV_DONTNEED)
		return MSM_UERR(EINVAL, "madvise: invalid madv %u", args->madv);
	bo = model_gem_lookup(file, args->handle);
	if (!bo)
		return MSM_UERR(ENOENT, "madvise: no handle %u", args->handle);
	st = msm_bo_state(bo);
	if (st && !st->purged)
		st->madv = args->madv;
	args->retained = !(st && st->purged);
	model_bo_put(bo);
	return 0;
}
