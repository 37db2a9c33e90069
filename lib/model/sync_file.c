// SPDX-License-Identifier: MIT
/*
 * sync_file (dma-buf/sync_file.c): an fd holding one fence. The fd is an
 * eventfd that becomes readable when the fence signals, so poll() behaves
 * as on a real sync_file. SYNC_IOC_MERGE and SYNC_IOC_FILE_INFO are
 * matched on the exact request number, as sync_file_ioctl does.
 */
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/sync_file.h>

#include "drm-uapi/sw_sync.h"
#include "model/model.h"
#include "model/fence.h"
#include "model/shim_real.h"

struct model_sync_file {
	int refs;
	struct model_fence *fence;
	int efd;			/* hidden fd on the same eventfd */
	struct model_wait_entry signaled;	/* on the fence: makes efd readable */
	char name[32];
};

/* The fence signalled: the eventfd becomes readable, as sync_file_poll's callback. */
static void notify(struct model_sync_file *sf)
{
	uint64_t one = 1;

	if (write(sf->efd, &one, sizeof(one)) != sizeof(one))
		model_debug("sync_file: cannot signal its eventfd");
}

static void fence_signaled(struct model_wait_entry *entry)
{
	notify((struct model_sync_file *)((char *)entry - offsetof(struct model_sync_file, signaled)));
}

void model_sync_file_put(void *obj)
{
	struct model_sync_file *sf = obj;

	if (--sf->refs > 0)
		return;
	model_fence_remove_callback(&sf->signaled);
	model_close_hidden(sf->efd);
	model_fence_put(sf->fence);
	free(sf);
}

/* sync_file_create + fd_install: always O_CLOEXEC, as the kernel's. */
int model_sync_file_create(struct model_fence *fence, int *fd_out)
{
	struct model_sync_file *sf = calloc(1, sizeof(*sf));
	int fd;

	if (!sf)
		return -ENOMEM;
	fd = model_new_fd(true, false);
	if (fd < 0) {
		free(sf);
		return fd;
	}
	sf->efd = model_hide_fd(REAL(fcntl)(fd, F_DUPFD_CLOEXEC, 0));
	model_fence_get(fence);
	sf->fence = fence;
	model_fd_install(fd, MODEL_FD_SYNC_FILE, sf);
	if (model_fence_add_callback(fence, &sf->signaled, fence_signaled))
		notify(sf);
	*fd_out = fd;
	return 0;
}

/* The caller never saw @fd (its copy_to_user failed): the sync_file goes. */
/*
 * The reply of an ioctl that made the sync_file @fd (SYNC_IOC_MERGE,
 * SW_SYNC_IOC_CREATE_FENCE): @data, which holds @fd, goes back to @arg.
 * The kernel installs the fd only once copy_to_user succeeded, so a
 * failed copy (EFAULT) leaves no fd.
 */
long model_sync_file_reply(int fd, void *arg, const void *data, size_t size)
{
	if (!model_copy_to_user(arg, data, size))
		return 0;
	model_fd_forget(fd);
	REAL(close)(fd);
	return -EFAULT;
}

/* sync_file_get_fence: the fence of a sync_file fd, referenced, or NULL. */
struct model_fence *model_sync_file_get_fence(int fd)
{
	struct model_fd_ref ref = model_fd_lookup(fd);
	struct model_sync_file *sf = ref.obj;

	if (ref.kind != MODEL_FD_SYNC_FILE)
		return NULL;
	model_fence_get(sf->fence);
	return sf->fence;
}

/* The leaf fences of @f (dma_fence_unwrap). */
static unsigned int unwrap(struct model_fence *f, struct model_fence **out, unsigned int max)
{
	unsigned int n = 0;

	if (!f->members) {
		if (max)
			out[0] = f;
		return 1;
	}
	for (unsigned int i = 0; i < f->nr_members; i++)
		n += unwrap(f->members[i], out ? out + n : NULL, max > n ? max - n : 0);
	return n;
}

/*
 * dma_fence_unwrap_merge: the unsignalled leaves of both, each once; a
 * signalled stub when none is left, the leaf itself when one is.
 */
static struct model_fence *merge(struct model_fence *a, struct model_fence *b)
{
	unsigned int na = unwrap(a, NULL, 0), nb = unwrap(b, NULL, 0), n = 0;
	struct model_fence **all = calloc(na + nb, sizeof(*all)), **keep;
	struct model_fence *ret = NULL;

	keep = calloc(na + nb, sizeof(*keep));
	if (!all || !keep)
		goto out;
	unwrap(a, all, na);
	unwrap(b, all + na, nb);
	for (unsigned int i = 0; i < na + nb; i++) {
		bool dup = false;

		for (unsigned int j = 0; j < n; j++)
			dup |= keep[j] == all[i];
		if (!dup && !model_fence_signaled(all[i]))
			keep[n++] = all[i];
	}
	if (n == 0) {
		ret = model_fence_stub();
	} else if (n == 1) {
		ret = keep[0];
		model_fence_get(ret);
	} else {
		ret = model_fence_array(keep, n);
	}
out:
	free(all);
	free(keep);
	return ret;
}

static long ioctl_merge(struct model_sync_file *sf, void *arg)
{
	struct sync_merge_data data;
	struct model_fence *other, *merged;
	struct model_sync_file *created;
	int fd, ret;

	if (model_copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	if (data.flags || data.pad)
		return -EINVAL;
	other = model_sync_file_get_fence(data.fd2);
	if (!other)
		return -ENOENT;
	merged = merge(sf->fence, other);
	model_fence_put(other);
	if (!merged)
		return -ENOMEM;
	ret = model_sync_file_create(merged, &fd);
	model_fence_put(merged);
	if (ret)
		return ret;
	created = model_fd_lookup(fd).obj;
	snprintf(created->name, sizeof(created->name), "%.*s", (int)sizeof(data.name) - 1,
		 data.name);
	data.fence = fd;
	return model_sync_file_reply(fd, arg, &data, sizeof(data));
}

static void fill_fence_info(struct sync_fence_info *info, struct model_fence *f)
{
	memset(info, 0, sizeof(*info));
	snprintf(info->obj_name, sizeof(info->obj_name), "%s", f->timeline);
	snprintf(info->driver_name, sizeof(info->driver_name), "%s", f->driver);
	info->status = model_fence_status(f);
	info->timestamp_ns = model_fence_signaled(f) ? f->timestamp_ns : 0;
}

static void sync_file_name(struct model_sync_file *sf, char *name, size_t len)
{
	struct model_fence *f = sf->fence;

	if (sf->name[0])
		snprintf(name, len, "%s", sf->name);
	else
		snprintf(name, len, "%s-%s%llu-%lld", f->driver, f->timeline,
			 (unsigned long long)f->context, (long long)f->seqno);
}

static long ioctl_file_info(struct model_sync_file *sf, void *arg)
{
	struct sync_file_info info;
	struct model_fence **leaves;
	struct sync_fence_info *fi;
	unsigned int n = unwrap(sf->fence, NULL, 0);
	long ret = 0;

	if (model_copy_from_user(&info, arg, sizeof(info)))
		return -EFAULT;
	if (info.flags || info.pad)
		return -EINVAL;
	if (!info.num_fences) {
		info.status = model_fence_status(sf->fence);
		goto no_fences;
	}
	info.status = 1;
	if (info.num_fences < n)
		return -EINVAL;
	leaves = calloc(n, sizeof(*leaves));
	fi = calloc(n, sizeof(*fi));
	if (!leaves || !fi) {
		ret = -ENOMEM;
		goto out;
	}
	unwrap(sf->fence, leaves, n);
	for (unsigned int i = 0; i < n; i++) {
		fill_fence_info(&fi[i], leaves[i]);
		if (fi[i].status < info.status)
			info.status = fi[i].status;
	}
	ret = model_copy_to_user((void *)(uintptr_t)info.sync_fence_info, fi, n * sizeof(*fi));
out:
	free(leaves);
	free(fi);
	if (ret)
		return ret;
no_fences:
	sync_file_name(sf, info.name, sizeof(info.name));
	info.num_fences = n;
	return model_copy_to_user(arg, &info, sizeof(info));
}

/*
 * sync_file_ioctl_set_deadline (6.8): dma_fence_set_deadline reaches each
 * pending leaf fence (arrays and chains pass it on); sw_sync fences keep
 * the earliest, the model's other fences have no use for it.
 */
static long ioctl_set_deadline(struct model_sync_file *sf, void *arg)
{
	struct sync_set_deadline data;
	struct model_fence **leaves;
	unsigned int n = unwrap(sf->fence, NULL, 0);

	if (model_copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	if (data.pad)
		return -EINVAL;
	leaves = calloc(n, sizeof(*leaves));
	if (!leaves)
		return -ENOMEM;
	unwrap(sf->fence, leaves, n);
	for (unsigned int i = 0; i < n; i++)
		if (!model_fence_signaled(leaves[i]))
			model_sw_sync_set_deadline(leaves[i], (int64_t)data.deadline_ns);
	free(leaves);
	return 0;
}

long model_sync_file_ioctl(int fd, void *obj, unsigned long cmd, void *arg)
{
	switch (cmd) {
	case SYNC_IOC_MERGE:
		return ioctl_merge(obj, arg);
	case SYNC_IOC_FILE_INFO:
		return ioctl_file_info(obj, arg);
	case SYNC_IOC_SET_DEADLINE:
		if (!model_kernel_at_least(6, 8))
			return -ENOTTY;
		return ioctl_set_deadline(obj, arg);
	default:
		return -ENOTTY;
	}
}
