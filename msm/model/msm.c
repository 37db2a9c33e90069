// SPDX-License-Identifier: MIT
/*
 * msm in the device model: the drm_driver of msm_drv.c — identity, the
 * ioctl table, per-file contexts — and GET_PARAM/SET_PARAM
 * (msm_ioctl_get_param → adreno_get_param). The modelled msm DRM device
 * is a headless GPU-only device (the DRM device bound to the GPU node
 * itself, no MDSS/KMS), so it has no KMS features.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <drm.h>
#include "drm-uapi/msm_drm.h"

#include "model/model.h"
#include "msm/model/msm_model.h"
#include "util/util.h"

#define NR_SCHED_PRIORITIES 3
#define ADRENO_VM_START 0x100000000ull	/* per-process address spaces */
#define GLOBAL_VM_START (16ull << 20)	/* a5xx: SZ_16M .. 4 GiB */
#define GLOBAL_VM_SIZE (0x100000000ull - GLOBAL_VM_START)

int msm_rule_errno(enum msm_rule rule)
{
	return msm_rule_errno_for(rule, model_config.kernel_major, model_config.kernel_minor);
}

bool msm_kernel_has(enum msm_change change)
{
	return msm_change_in(change, model_config.kernel_major, model_config.kernel_minor);
}

struct msm_dev *msm_dev(struct model_device *dev)
{
	return model_device_priv(dev);
}

struct msm_ctx *msm_ctx(struct model_file *file)
{
	return model_file_priv(file);
}

void msm_kernel_oops(const char *where, const char *fix)
{
	fprintf(stderr, "drmsub-model: msm: kernel oops (NULL pointer dereference) in %s; "
		"the task dies by SIGSEGV. Fixed by \"%s\".\n", where, fix);
	signal(SIGSEGV, SIG_DFL);
	raise(SIGSEGV);
	_exit(128 + SIGSEGV);
}

bool msm_ctx_vm_bind(struct msm_ctx *ctx)
{
	const struct msm_dev *mdev = msm_dev(model_file_device(ctx->file));

	if (ctx->vm_bind && !mdev->info->va_size)
		model_fatal("msm: not modelled: a VM_BIND file on a%uxx's shared kernel-managed "
			    "VM (EN_VM_BIND was accepted as by the kernels up to 7.1, before "
			    "\"drm/msm: Fix per-process-pgtables check\")", mdev->info->gen);
	return ctx->vm_bind;
}

/*
 * msm_context_vm → msm_gpu_create_private_vm: per-process page tables
 * (a6xx+), kernel-managed unless the file opted in to VM_BIND; a5xx
 * shares the device's. From 6.17 made on first use, before at open.
 */
struct msm_vm *msm_ctx_vm(struct msm_ctx *ctx)
{
	struct msm_dev *mdev = msm_dev(model_file_device(ctx->file));

	if (ctx->vm)
		return ctx->vm;
	if (!mdev->info->va_size) {
		ctx->vm = mdev->global_vm;
		msm_vm_get(ctx->vm);
		return ctx->vm;
	}
	ctx->vm = msm_vm_new(ADRENO_VM_START, mdev->info->va_size, !ctx->vm_bind);
	if (ctx->vm)
		msm_vm_set_prr(ctx->vm, mdev->info->has_prr);
	return ctx->vm;
}

static int msm_device_init(struct model_device *dev)
{
	struct msm_dev *mdev = calloc(1, sizeof(*mdev));

	if (!mdev)
		return -ENOMEM;
	mdev->dev = dev;
	mdev->info = msm_chip_info(dev);
	mdev->regs = msm_regs_new(mdev->info);
	if (!mdev->info->va_size)
		mdev->global_vm = msm_vm_new(GLOBAL_VM_START, GLOBAL_VM_SIZE, true);
	if (!mdev->regs || (!mdev->info->va_size && !mdev->global_vm)) {
		free(mdev->regs);
		free(mdev);
		return -ENOMEM;
	}
	model_device_set_priv(dev, mdev);
	return 0;
}

/* msm_open → context_init: a VM, and the default queue 0 at the middle priority. */
static int msm_file_open(struct model_file *file)
{
	struct msm_dev *mdev = msm_dev(model_file_device(file));
	struct msm_ctx *ctx = calloc(1, sizeof(*ctx));
	unsigned int max_priority = mdev->info->nr_rings * NR_SCHED_PRIORITIES - 1;
	uint32_t id;
	int err;

	if (!ctx)
		return -ENOMEM;
	ctx->file = file;
	ctx->seqno = ++mdev->next_ctx_seqno;
	/* "drm/msm: Lazily create context VM" (6.17): until then, at open */
	if (!model_kernel_at_least(6, 17) && !msm_ctx_vm(ctx)) {
		free(ctx);
		return -ENOMEM;
	}
	model_file_set_priv(file, ctx);
	err = msm_queue_create(ctx, 0, (max_priority + 1) / 2, &id);
	if (err) {
		msm_vm_put(ctx->vm);
		free(ctx);
		model_file_set_priv(file, NULL);
	}
	return err;
}

static void msm_file_close(struct model_file *file)
{
	struct msm_ctx *ctx = msm_ctx(file);

	if (!ctx)
		return;
	msm_queues_release(ctx);
	if (ctx->vm)
		msm_vm_close(ctx->vm);
	msm_vm_put(ctx->vm);
	free(ctx);
	model_file_set_priv(file, NULL);
}

static int get_param(struct msm_dev *mdev, struct msm_ctx *ctx, uint32_t param, uint64_t *value)
{
	const struct msm_chip_info *info = mdev->info;

	switch (param) {
	case MSM_PARAM_GPU_ID:
		*value = info->revn;
		return 0;
	case MSM_PARAM_GMEM_SIZE:
		*value = info->gmem;
		return 0;
	case MSM_PARAM_GMEM_BASE:
		*value = info->gmem_base;
		return 0;
	case MSM_PARAM_CHIP_ID:
		*value = info->chip_id;	/* speed bin 0: nothing above bit 31 */
		return 0;
	case MSM_PARAM_MAX_FREQ:
		*value = info->max_freq;
		return 0;
	case MSM_PARAM_TIMESTAMP:
		*value = msm_alwayson_now();
		return 0;
	case MSM_PARAM_PRIORITIES:
		*value = info->nr_rings * NR_SCHED_PRIORITIES;
		return 0;
	case MSM_PARAM_PP_PGTABLE:
		*value = 0;
		return 0;
	case MSM_PARAM_FAULTS:
		*value = mdev->global_faults + msm_vm_faults(ctx->vm);
		return 0;
	case MSM_PARAM_SUSPENDS:
		*value = 0;	/* the model never runtime-suspends */
		return 0;
	case MSM_PARAM_VA_START:
	case MSM_PARAM_VA_SIZE:
		if (!info->va_size)
			return MSM_UERR(EINVAL, "get_param: no per-process address space on a%uxx",
					info->gen);
		*value = param == MSM_PARAM_VA_START ? msm_vm_start(ctx->vm) : msm_vm_size(ctx->vm);
		return 0;
	case MSM_PARAM_HAS_PRR:
		if (!model_kernel_at_least(6, 17))
			break;
		*value = info->has_prr;	/* adreno_smmu_has_prr */
		return 0;
	default:
		break;
	}
	return MSM_UERR(EINVAL, "get_param: invalid param %u", param);
}

/* adreno_get_param begins with msm_context_vm (6.17+): any GET_PARAM makes the VM. */
static int get_param_vm(struct msm_ctx *ctx)
{
	return msm_ctx_vm(ctx) ? 0 : -ENOMEM;
}

/* msm_ioctl_get_param: pipe and pad, then adreno_get_param (len must be 0). */
static int msm_ioctl_get_param(struct model_file *file, void *data)
{
	struct drm_msm_param *args = data;

	if (args->pipe != MSM_PIPE_3D0 || args->pad != 0)
		return MSM_UERR(EINVAL, "get_param: pipe %#x pad %u", args->pipe, args->pad);
	if (get_param_vm(msm_ctx(file)))
		return -ENOMEM;
	if (args->len != 0)
		return MSM_UERR(EINVAL, "get_param: len %u for a value param", args->len);
	uint64_t value = 0;
	int ret;

	ret = get_param(msm_dev(model_file_device(file)), msm_ctx(file), args->param, &value);
	if (!ret)
		args->value = value;
	return ret;
}

/*
 * MSM_PARAM_EN_VM_BIND (6.17, adreno_set_param): per-process page tables
 * only, and only before the file's VM exists (EBUSY after). The check for
 * page tables compares ctx->vm with the GPU's before ctx->vm exists, so
 * every release up to 7.1 accepts the opt-in on a5xx when no VM was made
 * yet, and goes on with a VM_BIND file on the shared kernel-managed VM
 * ("drm/msm: Fix per-process-pgtables check", posted 2026-06-25, checks
 * create_private_vm instead). The model accepts it as they do; what such
 * a file does next in VM_BIND mode is not modelled (msm_ctx_vm_bind).
 */
static int set_vm_bind(struct msm_dev *mdev, struct msm_ctx *ctx, uint64_t value)
{
	if (!mdev->info->va_size && ctx->vm)
		return MSM_UERR(EINVAL, "set_param: EN_VM_BIND requires per-process pgtables");
	if (ctx->vm)
		return MSM_UERR(EBUSY, "set_param: EN_VM_BIND: VM already created");
	ctx->vm_bind = value != 0;
	return 0;
}

/* msm_ioctl_set_param → adreno_set_param: length rules, then the param. */
static int msm_ioctl_set_param(struct model_file *file, void *data)
{
	struct drm_msm_param *args = data;
	char buf[64];

	if (args->pipe != MSM_PIPE_3D0 || args->pad != 0)
		return MSM_UERR(EINVAL, "set_param: pipe %#x pad %u", args->pipe, args->pad);
	switch (args->param) {
	case MSM_PARAM_COMM:
	case MSM_PARAM_CMDLINE:
		if (args->len > MODEL_PAGE_SIZE)
			return MSM_UERR(EINVAL, "set_param: string of %u bytes", args->len);
		break;
	default:
		if (args->len != 0)
			return MSM_UERR(EINVAL, "set_param: len %u for a value param", args->len);
	}
	switch (args->param) {
	case MSM_PARAM_COMM:
	case MSM_PARAM_CMDLINE:
		/* strndup_user: the string must be readable */
		return model_copy_from_user(buf, (void *)(uintptr_t)args->value,
					    args->len < sizeof(buf) ? args->len : sizeof(buf));
	case MSM_PARAM_SYSPROF:
		if (geteuid() != 0)
			return MSM_UERR(EPERM, "set_param: SYSPROF needs perfmon_capable()");
		return args->value > 2 ? MSM_UERR(EINVAL, "set_param: SYSPROF %llu",
						  (unsigned long long)args->value) : 0;
	case MSM_PARAM_EN_VM_BIND:
		if (!model_kernel_at_least(6, 17))
			break;
		return set_vm_bind(msm_dev(model_file_device(file)), msm_ctx(file), args->value);
	default:
		break;
	}
	return MSM_UERR(EINVAL, "set_param: invalid param %u", args->param);
}

static void msm_bo_free(struct model_bo *bo)
{
	msm_bo_state_free(bo);
}

/* msm_gem_prime_export (6.17): a _NO_SHARE object stays with its file. */
static int msm_gem_export(struct model_bo *bo)
{
	struct msm_bo_state *st = model_bo_priv(bo);

	if (st && (st->flags & MSM_BO_NO_SHARE))
		return MSM_UERR(EPERM, "prime export of a _NO_SHARE BO");
	return 0;
}

#define IOCTL(n, fn) \
	[DRM_MSM_##n] = MODEL_IOCTL("DRM_IOCTL_MSM_" #n, DRM_IOCTL_MSM_##n, fn, MODEL_RENDER_ALLOW)

static const struct model_ioctl_desc msm_ioctls[] = {
	IOCTL(GET_PARAM, msm_ioctl_get_param),
	IOCTL(SET_PARAM, msm_ioctl_set_param),
	IOCTL(GEM_NEW, msm_ioctl_gem_new),
	IOCTL(GEM_INFO, msm_ioctl_gem_info),
	IOCTL(GEM_CPU_PREP, msm_ioctl_gem_cpu_prep),
	IOCTL(GEM_CPU_FINI, msm_ioctl_gem_cpu_fini),
	IOCTL(GEM_SUBMIT, msm_ioctl_gem_submit),
	IOCTL(WAIT_FENCE, msm_ioctl_wait_fence),
	IOCTL(GEM_MADVISE, msm_ioctl_gem_madvise),
	IOCTL(SUBMITQUEUE_NEW, msm_ioctl_submitqueue_new),
	IOCTL(SUBMITQUEUE_CLOSE, msm_ioctl_submitqueue_close),
	IOCTL(SUBMITQUEUE_QUERY, msm_ioctl_submitqueue_query),
	IOCTL(VM_BIND, msm_ioctl_vm_bind),
};

/* MSM_VERSION_MINOR by kernel release (msm_drv.c history). */
static void msm_version(const struct model_device *dev, struct model_version *v)
{
	v->major = 1;
	v->minor = model_kernel_at_least(6, 17) ? 13 : model_kernel_at_least(6, 10) ? 12 :
		   model_kernel_at_least(6, 6) ? 11 : 10;
	v->patchlevel = 0;
	v->date = "20130625";
}

/* Timeline syncobjs came to msm with the VM_BIND series (6.17). */
static unsigned int msm_kernel_features(const struct model_device *dev)
{
	return msm_kernel_has(MSM_TIMELINE_SYNCOBJ) ? MODEL_FEAT_SYNCOBJ_TIMELINE : 0;
}

static bool *disable_err_irq(struct model_device *dev)
{
	return &msm_dev(dev)->disable_err_irq;
}

/* msm_debugfs.c msm_debugfs_gpu_init: the files with a behaviour the model has. */
static const struct model_debugfs_bool msm_debugfs_bools[] = {
	{ "disable_err_irq", disable_err_irq },
};

static const struct model_driver msm_model_driver = {
	.name = "msm",
	.hangcheck_ms = 500,	/* DRM_MSM_HANGCHECK_DEFAULT_PERIOD */
	.desc = "MSM Snapdragon DRM",
	.features = MODEL_FEAT_GEM | MODEL_FEAT_RENDER | MODEL_FEAT_SYNCOBJ,
	.chips = msm_model_chips,
	.nr_chips = MSM_MODEL_NR_CHIPS,
	.ioctls = msm_ioctls,
	.num_ioctls = ARRAY_SIZE(msm_ioctls),
	.debugfs_bools = msm_debugfs_bools,
	.nr_debugfs_bools = ARRAY_SIZE(msm_debugfs_bools),
	.version = msm_version,
	.kernel_features = msm_kernel_features,
	.device_init = msm_device_init,
	.file_open = msm_file_open,
	.file_close = msm_file_close,
	.bo_free = msm_bo_free,
	.gem_export = msm_gem_export,
	.recover = msm_recover,
};
MODEL_DRIVER(msm_model_driver);
