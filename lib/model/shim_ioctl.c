// SPDX-License-Identifier: MIT
/*
 * ioctl and mmap on model fds. Errors follow the kernel ABI: -1 with errno
 * set, never a negative return value (handlers return -errno internally).
 */
#include <errno.h>
#include <stdarg.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <linux/dma-buf.h>
#include <linux/fs.h>

#include "model/model.h"
#include "model/shim_real.h"

/* dma_buf_ioctl's requests that the model does not execute (no names, no reservation fences). */
static bool dmabuf_unmodelled(unsigned long cmd)
{
	return cmd == DMA_BUF_SET_NAME_A || cmd == DMA_BUF_SET_NAME_B ||
	       cmd == DMA_BUF_IOCTL_EXPORT_SYNC_FILE || cmd == DMA_BUF_IOCTL_IMPORT_SYNC_FILE;
}

/* dma-buf fds: DMA_BUF_IOCTL_SYNC is accepted, as dma_buf_ioctl does. */
static long dmabuf_ioctl(unsigned long cmd, void *arg)
{
	struct dma_buf_sync sync;

	if (dmabuf_unmodelled(cmd))
		model_debug("dma-buf: request %#lx exists in the kernel but is not modelled: ENOTTY",
			    cmd);
	if (cmd != DMA_BUF_IOCTL_SYNC)
		return -ENOTTY;
	if (model_copy_from_user(&sync, arg, sizeof(sync)))
		return -EFAULT;
	if (sync.flags & ~DMA_BUF_SYNC_VALID_FLAGS_MASK)
		return -EINVAL;
	if (!(sync.flags & DMA_BUF_SYNC_RW))
		return -EINVAL;
	return 0;
}

static long model_ioctl(int fd, struct model_fd_ref ref, unsigned long cmd, void *arg)
{
	long ret;

	switch (ref.kind) {
	case MODEL_FD_DRM:
		model_file_get(ref.obj);
		ret = model_drm_ioctl(ref.obj, cmd, arg);
		model_file_put(ref.obj);
		return ret;
	case MODEL_FD_SYNC_FILE:
		return model_sync_file_ioctl(fd, ref.obj, cmd, arg);
	case MODEL_FD_DMABUF:
		return dmabuf_ioctl(cmd, arg);
	case MODEL_FD_SW_SYNC:
		return model_sw_sync_ioctl(ref.obj, cmd, arg);
	default:
		/*
		 * drm_syncobj_file_fops and debugfs' fops_bool have no
		 * unlocked_ioctl: vfs_ioctl's ENOTTY
		 */
		return -ENOTTY;
	}
}

/*
 * do_vfs_ioctl answers these for every file before its driver sees a
 * request. Every model fd is a real eventfd, for which the kernel gives
 * the answers a DRM node, dma-buf, sync_file or syncobj file would get
 * (close-on-exec, O_NONBLOCK, no fasync, no size, the page-sized block).
 */
static bool vfs_request(unsigned long cmd)
{
	switch (cmd) {
	case FIOCLEX:
	case FIONCLEX:
	case FIONBIO:
	case FIOASYNC:
	case FIOQSIZE:
	case FIGETBSZ:
		return true;
	default:
		return false;
	}
}

int ioctl(int fd, unsigned long cmd, ...)
{
	struct model_fd_ref ref;
	va_list ap;
	void *arg;
	long ret;

	va_start(ap, cmd);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (!model_active() || vfs_request(cmd))
		return REAL(ioctl)(fd, cmd, arg);
	pthread_mutex_lock(&model_lock);
	ref = model_fd_lookup_ioctl(fd, cmd);
	if (ref.kind == MODEL_FD_NONE) {
		pthread_mutex_unlock(&model_lock);
		return REAL(ioctl)(fd, cmd, arg);
	}
	model_gpu_after_fork();
	ret = model_ioctl(fd, ref, cmd, arg);
	pthread_mutex_unlock(&model_lock);
	if (ret < 0) {
		errno = -ret;
		return -1;
	}
	return ret;
}

/*
 * drm_gem_mmap: the offset must be the start of an object's fake offset
 * range and the length within the object (else EINVAL); the file must
 * hold a handle to it (else EACCES).
 */
static void *gem_mmap(struct model_file *file, void *addr, size_t len, int prot, int flags,
		      uint64_t offset)
{
	struct model_bo *bo = model_bo_by_offset(file->dev, offset);
	void *ptr;

	if (!bo || len > bo->size) {
		errno = EINVAL;
		return MAP_FAILED;
	}
	if (!model_file_has_bo(file, bo)) {
		errno = EACCES;
		return MAP_FAILED;
	}
	ptr = REAL(mmap)(addr, len, prot, flags, bo->memfd, 0);
	return ptr;
}

static void *mmap_common(void *addr, size_t len, int prot, int flags, int fd, uint64_t offset,
			 bool is64)
{
	struct model_fd_ref ref;
	void *ret;
	int err;

	if (model_active() && fd >= 0) {
		pthread_mutex_lock(&model_lock);
		ref = model_fd_lookup(fd);
		if (ref.kind == MODEL_FD_DRM) {
			ret = gem_mmap(ref.obj, addr, len, prot, flags, offset);
			err = errno;
			pthread_mutex_unlock(&model_lock);
			errno = err;
			return ret;
		}
		pthread_mutex_unlock(&model_lock);
	}
	if (is64)
		return REAL(mmap64)(addr, len, prot, flags, fd, offset);
	return REAL(mmap)(addr, len, prot, flags, fd, offset);
}

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t offset)
{
	return mmap_common(addr, len, prot, flags, fd, (uint64_t)offset, false);
}

void *mmap64(void *addr, size_t len, int prot, int flags, int fd, __off64_t offset)
{
	return mmap_common(addr, len, prot, flags, fd, (uint64_t)offset, true);
}
