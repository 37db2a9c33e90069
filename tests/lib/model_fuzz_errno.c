// SPDX-License-Identifier: MIT
/*
 * model_fuzz: for every ioctl the fuzzer sends, the errnos a kernel can
 * answer, read from the kernel sources (Linux 6.8 to 6.17; where they
 * differ, the union). Each list names the functions it comes from. An
 * answer outside its list is a finding: either the model's rule or the
 * list is wrong, and the kernel decides which.
 *
 * Requests pass drm_ioctl first (drivers/gpu/drm/drm_ioctl.c): it adds
 * ENOMEM (kmalloc of the argument), EFAULT (copy_from_user/copy_to_user,
 * also of the result after a handler's error), EACCES (drm_ioctl_permit)
 * and ENODEV (drm_dev_is_unplugged) to every DRM ioctl; EINVAL only for
 * numbers without a handler. From 6.15 (or so) a type byte other than 'd'
 * is ENOTTY before dispatch; older kernels dispatch it by number, so a
 * request whose number the fuzzer changed may also get ENOTTY.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/dma-buf.h>
#include <linux/sync_file.h>
#include <xf86drm.h>
#include <nouveau_drm.h>
#include <nvif/ioctl.h>
#include <radeon_drm.h>
#include "drm-uapi/msm_drm.h"

#include "nouveau/uapi_vm.h"
#include "model_fuzz.h"

#ifndef ETOOSMALL
#define ETOOSMALL 525	/* kernel-internal, reaches userspace from msm GEM_INFO */
#endif

/* An ioctl: its name, the kernel's number, what its handler may answer. */
#define IOC(n, c, ...) { .name = n, .cmd = c, .errnos = (const int[]){ __VA_ARGS__, 0 } }
/* The same for an ioctl that does not go through drm_ioctl. */
#define RAW_IOC(n, c, r, ...) \
	{ .name = n, .cmd = c, .errnos = (const int[]){ __VA_ARGS__, 0 }, .route = r }
#define END { .name = NULL }

/* ---- DRM core (drm_ioctl.c, drm_gem.c, drm_prime.c, drm_syncobj.c, drm_auth.c) ---- */

const struct fz_ioctl fz_core_ioctls[] = {
	/* drm_version: drm_copy_field can only fault */
	IOC("VERSION", DRM_IOCTL_VERSION, EFAULT),
	/* drm_getunique */
	IOC("GET_UNIQUE", DRM_IOCTL_GET_UNIQUE, EFAULT),
	/* drm_getmagic: idr_alloc of the magic */
	IOC("GET_MAGIC", DRM_IOCTL_GET_MAGIC, ENOSPC),
	/* drm_authmagic: no file holds the magic */
	IOC("AUTH_MAGIC", DRM_IOCTL_AUTH_MAGIC, EINVAL),
	/* drm_getcap: unknown cap EINVAL; KMS-only caps on a render-only driver EOPNOTSUPP */
	IOC("GET_CAP", DRM_IOCTL_GET_CAP, EINVAL, EOPNOTSUPP),
	/* drm_setclientcap: the same */
	IOC("SET_CLIENT_CAP", DRM_IOCTL_SET_CLIENT_CAP, EINVAL, EOPNOTSUPP),
	/* drm_gem_close_ioctl -> drm_gem_handle_delete: EINVAL for an unknown handle */
	IOC("GEM_CLOSE", DRM_IOCTL_GEM_CLOSE, EINVAL, EOPNOTSUPP),
	/* drm_gem_flink_ioctl: lookup ENOENT (also once the last handle went), idr_alloc */
	IOC("GEM_FLINK", DRM_IOCTL_GEM_FLINK, ENOENT, ENOSPC, EOPNOTSUPP),
	/* drm_gem_open_ioctl: unknown name ENOENT; drm_gem_handle_create_tail idr_alloc */
	IOC("GEM_OPEN", DRM_IOCTL_GEM_OPEN, ENOENT, ENOSPC, EOPNOTSUPP),
	/*
	 * drm_prime_handle_to_fd_ioctl: flags EINVAL; get_unused_fd_flags
	 * EMFILE; drm_gem_prime_handle_to_dmabuf ENOENT; the object's export:
	 * nouveau_gem_prime_export refuses NO_SHARE BOs with EPERM.
	 */
	IOC("PRIME_HANDLE_TO_FD", DRM_IOCTL_PRIME_HANDLE_TO_FD,
	  EINVAL, EMFILE, ENFILE, ENOENT, EPERM),
	/*
	 * drm_gem_prime_fd_to_handle: dma_buf_get EBADF (no file) / EINVAL
	 * (not a dma-buf); drm_gem_prime_import of a foreign buffer
	 * (drm_gem_map_attach ENOSYS, import_sg_table EINVAL); idr_alloc.
	 */
	IOC("PRIME_FD_TO_HANDLE", DRM_IOCTL_PRIME_FD_TO_HANDLE, EBADF, EINVAL, ENOSYS, ENOSPC),
	/* drm_syncobj_create_ioctl: !DRIVER_SYNCOBJ EOPNOTSUPP, flags EINVAL, idr_alloc */
	IOC("SYNCOBJ_CREATE", DRM_IOCTL_SYNCOBJ_CREATE, EOPNOTSUPP, EINVAL, ENOSPC),
	/* drm_syncobj_destroy_ioctl: pad or unknown handle EINVAL */
	IOC("SYNCOBJ_DESTROY", DRM_IOCTL_SYNCOBJ_DESTROY, EOPNOTSUPP, EINVAL),
	/*
	 * drm_syncobj_handle_to_fd_ioctl: pad/flags/point EINVAL; handle_to_fd
	 * EINVAL; export_sync_file: drm_syncobj_find_fence ENOENT/EINVAL,
	 * get_unused_fd_flags EMFILE, anon_inode_getfile ENFILE.
	 */
	IOC("SYNCOBJ_HANDLE_TO_FD", DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD,
	  EOPNOTSUPP, EINVAL, ENOENT, EMFILE, ENFILE),
	/*
	 * drm_syncobj_fd_to_handle_ioctl: pad/flags/point EINVAL; fd_to_handle:
	 * not a syncobj file EINVAL; import_sync_file: not a sync_file EINVAL,
	 * handle ENOENT; idr_alloc.
	 */
	IOC("SYNCOBJ_FD_TO_HANDLE", DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE,
	  EOPNOTSUPP, EINVAL, ENOENT, ENOSPC),
	/*
	 * drm_syncobj_wait_ioctl / timeline_wait: flags EINVAL; array_find
	 * ENOENT; array_wait_timeout: no fence without WAIT_FOR_SUBMIT EINVAL,
	 * timeout ETIME. (count 0: 0 from 6.x, EINVAL before.)
	 */
	IOC("SYNCOBJ_WAIT", DRM_IOCTL_SYNCOBJ_WAIT, EOPNOTSUPP, EINVAL, ENOENT, ETIME),
	IOC("SYNCOBJ_TIMELINE_WAIT", DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT,
	  EOPNOTSUPP, EINVAL, ENOENT, ETIME),
	/* drm_syncobj_reset_ioctl / signal_ioctl: pad, count 0 EINVAL; array_find ENOENT */
	IOC("SYNCOBJ_RESET", DRM_IOCTL_SYNCOBJ_RESET, EOPNOTSUPP, EINVAL, ENOENT),
	IOC("SYNCOBJ_SIGNAL", DRM_IOCTL_SYNCOBJ_SIGNAL, EOPNOTSUPP, EINVAL, ENOENT),
	/* drm_syncobj_timeline_signal_ioctl / query_ioctl: flags, count 0 EINVAL; ENOENT */
	IOC("SYNCOBJ_TIMELINE_SIGNAL", DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL,
	  EOPNOTSUPP, EINVAL, ENOENT),
	IOC("SYNCOBJ_QUERY", DRM_IOCTL_SYNCOBJ_QUERY, EOPNOTSUPP, EINVAL, ENOENT),
	/*
	 * drm_syncobj_transfer_ioctl: pad EINVAL; dst ENOENT; find_fence of
	 * the source ENOENT/EINVAL, with WAIT_FOR_SUBMIT ETIME after 5 s.
	 */
	IOC("SYNCOBJ_TRANSFER", DRM_IOCTL_SYNCOBJ_TRANSFER, EOPNOTSUPP, EINVAL, ENOENT, ETIME),
	END,
};

/* ---- msm (msm_drv.c, msm_gem_submit.c, msm_submitqueue.c, adreno_gpu.c) ---- */

const struct fz_ioctl fz_msm_ioctls[] = {
	/* msm_ioctl_get_param: pipe/pad EINVAL, no GPU ENXIO; adreno_get_param EINVAL, UBWC ENOENT */
	IOC("GET_PARAM", DRM_IOCTL_MSM_GET_PARAM, EINVAL, ENXIO, ENOENT),
	/* adreno_set_param: len/param EINVAL, SYSPROF EPERM, EN_VM_BIND EBUSY */
	IOC("SET_PARAM", DRM_IOCTL_MSM_SET_PARAM, EINVAL, ENXIO, EPERM, EBUSY),
	/* msm_ioctl_gem_new: flags/cache EINVAL; msm_gem_new_handle */
	IOC("GEM_NEW", DRM_IOCTL_MSM_GEM_NEW, EINVAL, ENOSPC),
	/*
	 * msm_ioctl_gem_info: pad/len/info EINVAL, lookup ENOENT, GET_NAME
	 * ETOOSMALL, SET_IOVA EOPNOTSUPP (no per-process pgtables) and
	 * msm_gem_set_iova EBUSY/ENOSPC, SET_METADATA EOVERFLOW.
	 */
	IOC("GEM_INFO", DRM_IOCTL_MSM_GEM_INFO,
	  EINVAL, ENOENT, ETOOSMALL, EOPNOTSUPP, EOVERFLOW, EBUSY, ENOSPC),
	/* msm_ioctl_gem_cpu_prep: op EINVAL, ENOENT; msm_gem_cpu_prep EBUSY (no time) / ETIMEDOUT */
	IOC("GEM_CPU_PREP", DRM_IOCTL_MSM_GEM_CPU_PREP, EINVAL, ENOENT, EBUSY, ETIMEDOUT),
	/* msm_ioctl_gem_cpu_fini */
	IOC("GEM_CPU_FINI", DRM_IOCTL_MSM_GEM_CPU_FINI, ENOENT),
	/*
	 * msm_ioctl_gem_submit: no GPU ENXIO; pad/pipe/flags/SUDO EINVAL;
	 * unusable VM EPIPE; queue ENOENT; out-fence fd EMFILE; submit_create
	 * ENOMEM; in-fence/syncobjs (msm_syncobj_parse_deps, _post_deps)
	 * EINVAL/ENOENT/EOPNOTSUPP; submit_lookup_objects EINVAL (also a bad
	 * handle); submit_lookup_cmds EINVAL; submit_lock_objects: a BO twice
	 * EALREADY (drm_exec, 6.8+; EINVAL before); submit_pin_objects ENOSPC;
	 * per command index/size/relocs EINVAL; FENCE_SN_IN EINVAL.
	 */
	IOC("GEM_SUBMIT", DRM_IOCTL_MSM_GEM_SUBMIT,
	  ENXIO, EINVAL, EPIPE, ENOENT, EMFILE, ENFILE, EOPNOTSUPP, EALREADY, ENOSPC),
	/* msm_ioctl_wait_fence: flags EINVAL, queue ENOENT; wait_fence EINVAL / ETIMEDOUT */
	IOC("WAIT_FENCE", DRM_IOCTL_MSM_WAIT_FENCE, EINVAL, ENOENT, ETIMEDOUT),
	/* msm_ioctl_gem_madvise: madv EINVAL, ENOENT */
	IOC("GEM_MADVISE", DRM_IOCTL_MSM_GEM_MADVISE, EINVAL, ENOENT),
	/* msm_ioctl_submitqueue_new: flags EINVAL; msm_submitqueue_create ENODEV, priority EINVAL */
	IOC("SUBMITQUEUE_NEW", DRM_IOCTL_MSM_SUBMITQUEUE_NEW, EINVAL, ENODEV),
	/* msm_submitqueue_remove: id 0 or unknown ENOENT */
	IOC("SUBMITQUEUE_CLOSE", DRM_IOCTL_MSM_SUBMITQUEUE_CLOSE, ENOENT),
	/* msm_submitqueue_query: pad/param EINVAL, ENOENT */
	IOC("SUBMITQUEUE_QUERY", DRM_IOCTL_MSM_SUBMITQUEUE_QUERY, EINVAL, ENOENT),
	END,
};

/* ---- nouveau (nouveau_abi16.c, nouveau_gem.c, nouveau_uvmm.c, nouveau_exec.c) ---- */

#define NV_IOWR(nr, type) DRM_IOWR(DRM_COMMAND_BASE + (nr), type)
#define NV_IOW(nr, type) DRM_IOW(DRM_COMMAND_BASE + (nr), type)

const struct fz_ioctl fz_nouveau_ioctls[] = {
	/* nouveau_abi16_ioctl_getparam: unknown param */
	IOC("GETPARAM", NV_IOWR(DRM_NOUVEAU_GETPARAM, struct drm_nouveau_getparam), EINVAL),
	/*
	 * nouveau_abi16_ioctl_channel_alloc: no kernel channel ENODEV, engine
	 * mask ENOSYS, no runlist or ~0 ctxdma EINVAL; nouveau_channel_new and
	 * the notifier BO (ENOSPC, EINVAL).
	 */
	IOC("CHANNEL_ALLOC", NV_IOWR(DRM_NOUVEAU_CHANNEL_ALLOC, struct drm_nouveau_channel_alloc),
	  ENODEV, ENOSYS, EINVAL, ENOSPC),
	/* nouveau_abi16_ioctl_channel_free: unknown channel */
	IOC("CHANNEL_FREE", NV_IOW(DRM_NOUVEAU_CHANNEL_FREE, struct drm_nouveau_channel_free),
	  ENOENT),
	/*
	 * nouveau_abi16_ioctl_grobj_alloc: handle ~0 / no class EINVAL, channel
	 * ENOENT; nvif_object_ctor: a taken handle EEXIST, a class the
	 * channel does not have ENODEV/ENOSYS/EINVAL.
	 */
	IOC("GROBJ_ALLOC", NV_IOW(DRM_NOUVEAU_GROBJ_ALLOC, struct drm_nouveau_grobj_alloc),
	  EINVAL, ENOENT, EEXIST, ENODEV, ENOSYS),
	/* nouveau_abi16_ioctl_gpuobj_free: unknown channel EINVAL, unknown handle ENOENT */
	IOC("GPUOBJ_FREE", NV_IOW(DRM_NOUVEAU_GPUOBJ_FREE, struct drm_nouveau_gpuobj_free),
	  EINVAL, ENOENT),
	/*
	 * nouveau_drm_ioctl hands NVIF to nouveau_abi16_ioctl before
	 * drm_ioctl (no permission check, the size is the payload's): short
	 * or malformed EINVAL, kmalloc ENOMEM, copies EFAULT; a second device
	 * EEXIST (nouveau_abi16_obj_new); nvif_object_ctor ENODEV/ENOSYS.
	 */
	RAW_IOC("NVIF", DRM_IOWR(DRM_COMMAND_BASE + DRM_NOUVEAU_NVIF, struct nvif_ioctl_v0),
		FZ_BEFORE_DRM_IOCTL, EINVAL, ENOMEM, EFAULT, EEXIST, ENODEV, ENOSYS),
	/*
	 * nouveau_uvmm_ioctl_vm_init: range EINVAL, after legacy use (or a
	 * second time) ENOSYS; nvif_vmm_ctor EINVAL/EEXIST. (Before 6.6:
	 * no handler, EINVAL.)
	 */
	IOC("VM_INIT", NV_IOWR(DRM_NOUVEAU_VM_INIT, struct drm_nouveau_vm_init),
	  EINVAL, ENOSYS, EEXIST),
	/*
	 * nouveau_uvmm_ioctl_vm_bind: no VM_INIT ENOSYS; u_memcpya EFAULT;
	 * nouveau_job_init: syncs without RUN_ASYNC EINVAL; bind_job_submit:
	 * op/range/alignment EINVAL, BO handle ENOENT, no room ENOSPC, busy
	 * region EBUSY; sync_find_fence type EOPNOTSUPP, syncobj ENOENT/EINVAL.
	 */
	IOC("VM_BIND", NV_IOWR(DRM_NOUVEAU_VM_BIND, struct drm_nouveau_vm_bind),
	  ENOSYS, EINVAL, ENOENT, EOPNOTSUPP, ENOSPC, EBUSY),
	/*
	 * nouveau_exec_ioctl_exec: no VM_INIT / no GPFIFO ENOSYS, channel
	 * ENOENT, killed ENODEV, push count / va_len EINVAL; syncs as VM_BIND.
	 */
	IOC("EXEC", NV_IOWR(DRM_NOUVEAU_EXEC, struct drm_nouveau_exec),
	  ENOSYS, ENOENT, ENODEV, EINVAL, EOPNOTSUPP),
	/* nouveau_gem_ioctl_new: nouveau_gem_new / nouveau_bo_alloc EINVAL; gem_info EINVAL */
	IOC("GEM_NEW", NV_IOWR(DRM_NOUVEAU_GEM_NEW, struct drm_nouveau_gem_new), EINVAL, ENOSPC),
	/*
	 * nouveau_gem_ioctl_pushbuf: VM_BIND mode ENOSYS, channel ENOENT,
	 * killed ENODEV; limits, push index, duplicate or unplaceable buffer
	 * EINVAL; validate_init ENOENT; reloc wait EBUSY; SYNC: the fence's
	 * error (nouveau_channel_kill: ENODEV).
	 */
	IOC("GEM_PUSHBUF", NV_IOWR(DRM_NOUVEAU_GEM_PUSHBUF, struct drm_nouveau_gem_pushbuf),
	  ENOSYS, ENOENT, ENODEV, EINVAL, EBUSY),
	/* nouveau_gem_ioctl_cpu_prep: ENOENT; not idle (NOWAIT, or after 30 s) EBUSY */
	IOC("GEM_CPU_PREP", NV_IOW(DRM_NOUVEAU_GEM_CPU_PREP, struct drm_nouveau_gem_cpu_prep),
	  ENOENT, EBUSY),
	/* nouveau_gem_ioctl_cpu_fini */
	IOC("GEM_CPU_FINI", NV_IOW(DRM_NOUVEAU_GEM_CPU_FINI, struct drm_nouveau_gem_cpu_fini),
	  ENOENT),
	/* nouveau_gem_ioctl_info: ENOENT; nouveau_gem_info: no VMA EINVAL */
	IOC("GEM_INFO", NV_IOWR(DRM_NOUVEAU_GEM_INFO, struct drm_nouveau_gem_info), ENOENT, EINVAL),
	END,
};

/* ---- radeon (radeon_gem.c, radeon_cs.c, radeon_kms.c, r300.c) ---- */

const struct fz_ioctl fz_radeon_ioctls[] = {
	/* radeon_gem_info_ioctl */
	IOC("GEM_INFO", DRM_IOCTL_RADEON_GEM_INFO, EFAULT),
	/* radeon_gem_create_ioctl: radeon_gem_object_create EINVAL/ENOMEM; lockup EAGAIN */
	IOC("GEM_CREATE", DRM_IOCTL_RADEON_GEM_CREATE, EINVAL, EAGAIN, ENOSPC),
	/* radeon_mode_dumb_mmap: ENOENT, userptr EPERM */
	IOC("GEM_MMAP", DRM_IOCTL_RADEON_GEM_MMAP, ENOENT, EPERM),
	/* radeon_gem_set_domain_ioctl: ENOENT; radeon_gem_set_domain EINVAL, wait EBUSY; EAGAIN */
	IOC("GEM_SET_DOMAIN", DRM_IOCTL_RADEON_GEM_SET_DOMAIN, ENOENT, EINVAL, EBUSY, EAGAIN),
	/* radeon_gem_wait_idle_ioctl: ENOENT, 30 s EBUSY, lockup EAGAIN */
	IOC("GEM_WAIT_IDLE", DRM_IOCTL_RADEON_GEM_WAIT_IDLE, ENOENT, EBUSY, EAGAIN),
	/*
	 * radeon_cs_ioctl: !accel_working EBUSY, lockup EAGAIN;
	 * radeon_cs_parser_init EINVAL; parser_relocs ENOENT/EINVAL; the r300
	 * checker (r300_cs_parse) EINVAL.
	 */
	IOC("CS", DRM_IOCTL_RADEON_CS, EBUSY, EAGAIN, EINVAL, ENOENT),
	/* radeon_info_ioctl: unknown or r6xx+-only request, bad input value EINVAL; value EFAULT */
	IOC("INFO", DRM_IOCTL_RADEON_INFO, EINVAL),
	/* radeon_gem_set_tiling_ioctl: ENOENT; radeon_bo_set_tiling_flags EINVAL */
	IOC("GEM_SET_TILING", DRM_IOCTL_RADEON_GEM_SET_TILING, ENOENT, EINVAL),
	/* radeon_gem_get_tiling_ioctl */
	IOC("GEM_GET_TILING", DRM_IOCTL_RADEON_GEM_GET_TILING, ENOENT),
	/* radeon_gem_busy_ioctl: ENOENT, a pending fence EBUSY */
	IOC("GEM_BUSY", DRM_IOCTL_RADEON_GEM_BUSY, ENOENT, EBUSY),
	END,
};

/* ---- sync_file and dma-buf fds (drivers/dma-buf/sync_file.c, dma-buf.c) ---- */

const struct fz_ioctl fz_sync_file_ioctls[] = {
	/*
	 * sync_file_ioctl_merge: get_unused_fd_flags EMFILE, copy EFAULT,
	 * flags/pad EINVAL, fd2 not a sync_file ENOENT, sync_file_merge ENOMEM.
	 */
	RAW_IOC("SYNC_IOC_MERGE", SYNC_IOC_MERGE, FZ_NOT_DRM,
	  EMFILE, ENFILE, EFAULT, EINVAL, ENOENT, ENOMEM),
	/* sync_file_ioctl_fence_info: copy EFAULT, flags/pad or too few slots EINVAL, ENOMEM */
	RAW_IOC("SYNC_IOC_FILE_INFO", SYNC_IOC_FILE_INFO, FZ_NOT_DRM, EFAULT, EINVAL, ENOMEM),
	END,
};

const struct fz_ioctl fz_dmabuf_ioctls[] = {
	/* dma_buf_ioctl DMA_BUF_IOCTL_SYNC: copy EFAULT, flags EINVAL */
	RAW_IOC("DMA_BUF_IOCTL_SYNC", DMA_BUF_IOCTL_SYNC, FZ_NOT_DRM, EFAULT, EINVAL),
	END,
};

/* drm_ioctl's own answers to any DRM ioctl with a handler (see above). */
static const int drm_ioctl_errnos[] = { ENOMEM, EFAULT, EACCES, ENODEV, 0 };

static bool in_list(const int *list, int err)
{
	for (; *list; list++)
		if (*list == err)
			return true;
	return false;
}

bool fz_errno_allowed(const struct fz_ioctl *ioc, int err, bool cmd_mutated)
{
	if (in_list(ioc->errnos, err))
		return true;
	if (ioc->route == FZ_VIA_DRM_IOCTL && in_list(drm_ioctl_errnos, err))
		return true;
	if (!cmd_mutated)
		return false;
	/*
	 * A changed request number: drm_ioctl's type check, or a non-DRM
	 * file's "unknown ioctl" (ENOTTY); a number nouveau_drm_ioctl no
	 * longer takes as NVIF goes to drm_ioctl (its errnos, EINVAL).
	 */
	if (err == ENOTTY)
		return true;
	return ioc->route == FZ_BEFORE_DRM_IOCTL &&
	       (err == EINVAL || in_list(drm_ioctl_errnos, err));
}

const struct fz_ioctl *fz_find_ioctl(const struct fz_ioctl *table, const char *name)
{
	for (const struct fz_ioctl *ioc = table; ioc->name; ioc++)
		if (!strcmp(ioc->name, name))
			return ioc;
	fprintf(stderr, "model_fuzz: no ioctl %s in its table\n", name);
	abort();
}
