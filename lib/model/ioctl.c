// SPDX-License-Identifier: MIT
/*
 * drm_ioctl as the kernel does it: a request of another type than 'd' is
 * not the DRM's (ENOTTY, from 5.14), the rest is decoded by _IOC_NR; the
 * size comes from the caller, a short struct is zero-extended, only the
 * caller's out size is copied back (also after an error), and what a file
 * may not do is refused with EACCES (drm_ioctl_permit).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <drm.h>

#include "drm-uapi/drm_syncobj_eventfd.h"
#include "model/model.h"
#include "util/util.h"

/* drm_ioctls[]' DRM_IOCTL_DEF: the request, its handler and flags, its name. */
#define CORE(req, fn, fl) [_IOC_NR(req)] = MODEL_IOCTL(#req, req, fn, fl)
#define RENDER MODEL_RENDER_ALLOW

/* The core ioctls the model implements, with drm_ioctls[] permissions. */
static const struct model_ioctl_desc core_ioctls[] = {
	CORE(DRM_IOCTL_VERSION, model_ioctl_version, RENDER),
	CORE(DRM_IOCTL_GET_UNIQUE, model_ioctl_get_unique, 0),
	CORE(DRM_IOCTL_GET_MAGIC, model_ioctl_get_magic, 0),
	CORE(DRM_IOCTL_GET_CLIENT, model_ioctl_get_client, 0),
	CORE(DRM_IOCTL_GET_STATS, model_ioctl_get_stats, 0),
	CORE(DRM_IOCTL_GET_CAP, model_ioctl_get_cap, RENDER),
	CORE(DRM_IOCTL_SET_CLIENT_CAP, model_ioctl_set_client_cap, 0),
	CORE(DRM_IOCTL_AUTH_MAGIC, model_ioctl_auth_magic, MODEL_MASTER),
	/* DRM_ROOT_ONLY before 5.8: the handlers check (auth.c) */
	CORE(DRM_IOCTL_SET_MASTER, model_ioctl_set_master, 0),
	CORE(DRM_IOCTL_DROP_MASTER, model_ioctl_drop_master, 0),
	CORE(DRM_IOCTL_GEM_CLOSE, model_ioctl_gem_close, RENDER),
	CORE(DRM_IOCTL_GEM_FLINK, model_ioctl_gem_flink, MODEL_AUTH),
	CORE(DRM_IOCTL_GEM_OPEN, model_ioctl_gem_open, MODEL_AUTH),
	CORE(DRM_IOCTL_PRIME_HANDLE_TO_FD, model_ioctl_prime_handle_to_fd, RENDER),
	CORE(DRM_IOCTL_PRIME_FD_TO_HANDLE, model_ioctl_prime_fd_to_handle, RENDER),
	CORE(DRM_IOCTL_SYNCOBJ_CREATE, model_ioctl_syncobj_create, RENDER),
	CORE(DRM_IOCTL_SYNCOBJ_DESTROY, model_ioctl_syncobj_destroy, RENDER),
	CORE(DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, model_ioctl_syncobj_handle_to_fd, RENDER),
	CORE(DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE, model_ioctl_syncobj_fd_to_handle, RENDER),
	CORE(DRM_IOCTL_SYNCOBJ_WAIT, model_ioctl_syncobj_wait, RENDER),
	CORE(DRM_IOCTL_SYNCOBJ_RESET, model_ioctl_syncobj_reset, RENDER),
	CORE(DRM_IOCTL_SYNCOBJ_SIGNAL, model_ioctl_syncobj_signal, RENDER),
	CORE(DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT, model_ioctl_syncobj_timeline_wait, RENDER),
	CORE(DRM_IOCTL_SYNCOBJ_QUERY, model_ioctl_syncobj_query, RENDER),
	CORE(DRM_IOCTL_SYNCOBJ_TRANSFER, model_ioctl_syncobj_transfer, RENDER),
	CORE(DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, model_ioctl_syncobj_timeline_signal, RENDER),
	/* 6.6 (core_since) */
	CORE(DRM_IOCTL_SYNCOBJ_EVENTFD, model_ioctl_syncobj_eventfd, RENDER),
};

/* Core ioctls newer than some modelled kernels: before, drm_ioctls[] ended short of them. */
static const struct {
	unsigned int nr;
	int major, minor;
} core_since[] = {
	{ _IOC_NR(DRM_IOCTL_SYNCOBJ_EVENTFD), 6, 6 },
};

static bool core_in_kernel(unsigned int nr)
{
	for (unsigned int i = 0; i < ARRAY_SIZE(core_since); i++)
		if (core_since[i].nr == nr)
			return model_kernel_at_least(core_since[i].major, core_since[i].minor);
	return true;
}

/* drm_ioctl_permit */
static int permit(unsigned int flags, const struct model_file *file)
{
	bool render = file->node_type == 2;

	if ((flags & MODEL_ROOT_ONLY) && !model_capable_sys_admin())
		return -EACCES;
	if ((flags & MODEL_AUTH) && !render && !file->authenticated)
		return -EACCES;
	if ((flags & MODEL_MASTER) && !model_is_current_master(file))
		return -EACCES;
	if (!(flags & MODEL_RENDER_ALLOW) && render)
		return -EACCES;
	return 0;
}

static const struct model_ioctl_desc *find_desc(const struct model_device *dev, unsigned int nr)
{
	if (nr >= DRM_COMMAND_BASE && nr < DRM_COMMAND_END) {
		if (nr - DRM_COMMAND_BASE >= dev->driver->num_ioctls)
			return NULL;
		return &dev->driver->ioctls[nr - DRM_COMMAND_BASE];
	}
	return nr < ARRAY_SIZE(core_ioctls) && core_in_kernel(nr) ? &core_ioctls[nr] : NULL;
}

/* _IOC_SIZE of the request being handled (under model_lock) */
static unsigned int handled_size;

unsigned int model_ioctl_size(void)
{
	return handled_size;
}

/*
 * "drm: Return -ENOTTY for non-drm ioctls" (5.14, later in the stable
 * trees): before it any type byte reached the tables by its nr alone.
 */
static bool foreign_type(unsigned long cmd)
{
	return _IOC_TYPE(cmd) != DRM_IOCTL_BASE && model_kernel_at_least(5, 14);
}

long model_drm_ioctl(struct model_file *file, unsigned long cmd, void *arg)
{
	const struct model_ioctl_desc *desc = find_desc(file->dev, _IOC_NR(cmd));
	unsigned int in_size, out_size, drv_size, ksize;
	char stack[128], *kdata = stack;
	int ret;

	if (foreign_type(cmd)) {
		model_debug("%s: ioctl %#lx has type %#x, not 'd': ENOTTY", file->dev->driver->name,
			    cmd, (unsigned int)_IOC_TYPE(cmd));
		return -ENOTTY;
	}
	if (!desc || !desc->func) {
		model_debug("%s: unknown ioctl %#lx (nr %#x): EINVAL", file->dev->driver->name, cmd,
			    (unsigned int)_IOC_NR(cmd));
		return -EINVAL;
	}
	drv_size = _IOC_SIZE(desc->cmd);
	in_size = out_size = _IOC_SIZE(cmd);
	if (!(cmd & desc->cmd & (_IOC_WRITE << _IOC_DIRSHIFT)))
		in_size = 0;
	if (!(cmd & desc->cmd & (_IOC_READ << _IOC_DIRSHIFT)))
		out_size = 0;
	ksize = in_size > out_size ? in_size : out_size;
	ksize = ksize > drv_size ? ksize : drv_size;
	if (ksize > sizeof(stack)) {
		kdata = malloc(ksize);
		if (!kdata)
			return -ENOMEM;
	}
	ret = model_copy_from_user(kdata, arg, in_size);
	if (ret)
		goto out;
	memset(kdata + in_size, 0, ksize - in_size);
	ret = permit(desc->flags, file);
	handled_size = _IOC_SIZE(cmd);
	if (!ret)
		ret = desc->func(file, kdata);
	if (model_copy_to_user(arg, kdata, out_size))
		ret = -EFAULT;
out:
	if (ret)
		model_debug("%s: %s: %s", file->dev->driver->name, desc->name, strerror(-ret));
	if (kdata != stack)
		free(kdata);
	return ret;
}
