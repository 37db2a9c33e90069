// SPDX-License-Identifier: MIT
/*
 * Masters and authentication (drm_auth.c, drm_file.c): which file of a
 * primary node is the current master, GET_MAGIC/AUTH_MAGIC against the
 * master a file belongs to, SET_MASTER/DROP_MASTER with the permission
 * rules of the modelled kernel, and GET_CLIENT/GET_STATS (drm_ioctl.c).
 *
 * A master (struct drm_master) is shared: the file that created it holds
 * it as its own (is_master), every later opener of the primary node
 * refers to the device's master of that moment, and the magics handed out
 * live in that master's map. The device's current master holds one more
 * reference. Render nodes have no master at all.
 *
 * The model's effective uid 0 stands in for capable(CAP_SYS_ADMIN): a
 * process that drops root (seteuid, setuid) loses it, as the kernel sees.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <drm.h>

#include "model/model.h"

struct model_master {
	int refs;
	/*
	 * magic -> file; an authenticated magic stays allocated (the kernel's
	 * idr_replace(..., NULL, magic)) so that it is neither accepted twice
	 * nor handed to another file until its file closes.
	 */
	struct model_idr *magic_map;
};

/* The entry of a magic that has been used: allocated, but no file behind it. */
static char magic_used;

/* The kernel's overflowuid, which GET_CLIENT reports for every client. */
#define OVERFLOW_UID 65534

bool model_capable_sys_admin(void)
{
	return geteuid() == 0;
}

/*
 * Who "current" is for drm_file.pid and drm_master_check_perm: the thread
 * (task_pid) until "drm: Track clients by tgid and not tid" (6.4) made the
 * owner the process; the check went on comparing the caller's thread with
 * it until "drm: Fix FD ownership check in drm_master_check_perm()" (6.7).
 */
static pid_t file_owner_id(void)
{
	return model_kernel_at_least(6, 4) ? getpid() : gettid();
}

static pid_t caller_id(void)
{
	return model_kernel_at_least(6, 7) ? getpid() : gettid();
}

static struct model_master *master_create(void)
{
	struct model_master *m = calloc(1, sizeof(*m));

	if (!m)
		return NULL;
	m->magic_map = model_idr_new();
	if (!m->magic_map) {
		free(m);
		return NULL;
	}
	m->refs = 1;
	return m;
}

static struct model_master *master_get(struct model_master *m)
{
	m->refs++;
	return m;
}

/* drm_master_put: drop the reference in *@m and clear it. */
static void master_put(struct model_master **m)
{
	if (--(*m)->refs == 0) {
		model_idr_free((*m)->magic_map);
		free(*m);
	}
	*m = NULL;
}

/* drm_is_current_master (the model has no leases: a master is its own owner). */
bool model_is_current_master(const struct model_file *file)
{
	return file->is_master && file->master == file->dev->master;
}

/* drm_set_master */
static void set_master(struct model_file *file)
{
	file->dev->master = master_get(file->master);
	file->was_master = true;
}

/* drm_new_set_master: @file gets a master of its own and becomes current. */
static int new_set_master(struct model_file *file)
{
	struct model_master *old = file->master, *m = master_create();

	if (!m)
		return -ENOMEM;
	file->master = m;
	file->is_master = true;
	file->authenticated = true;
	set_master(file);
	if (old)
		master_put(&old);
	return 0;
}

/* drm_drop_master */
static void drop_master(struct model_device *dev)
{
	master_put(&dev->master);
}

/* drm_file_alloc's owner and root rule, then drm_master_open for primary nodes. */
int model_auth_open(struct model_file *file)
{
	struct model_device *dev = file->dev;

	file->owner = file_owner_id();
	/* a CAP_SYS_ADMIN opener needs no AUTH_MAGIC, for old userspace's sake */
	file->authenticated = model_capable_sys_admin();
	if (file->node_type != 0)
		return 0;
	if (!dev->master)
		return new_set_master(file);
	file->master = master_get(dev->master);
	return 0;
}

/* drm_master_release: the file's magic goes, a current master stops being one. */
void model_auth_release(struct model_file *file)
{
	struct model_device *dev = file->dev;

	if (!file->master)
		return;
	if (file->magic)
		model_idr_remove(file->master->magic_map, file->magic);
	if (model_is_current_master(file))
		drop_master(dev);
	master_put(&file->master);
}

int model_ioctl_get_magic(struct model_file *file, void *data)
{
	struct drm_auth *auth = data;
	int id;

	if (!file->magic) {
		id = model_idr_alloc(file->master->magic_map, file);
		if (id < 0)
			return id;
		file->magic = id;
	}
	auth->magic = file->magic;
	return 0;
}

/* drm_authmagic: only a magic of the caller's own master counts, once. */
int model_ioctl_auth_magic(struct model_file *file, void *data)
{
	struct model_idr *map = file->master->magic_map;
	struct drm_auth *auth = data;
	struct model_file *other = model_idr_find(map, auth->magic);

	if (!other || (void *)other == &magic_used)
		return -EINVAL;
	other->authenticated = true;
	model_idr_replace(map, auth->magic, &magic_used);
	return 0;
}

/*
 * drm_master_check_perm (5.8, "drm: rework SET_MASTER and DROP_MASTER perm
 * handling"): a file that is or was master may switch from the process
 * that opened it; anything else needs CAP_SYS_ADMIN. Before 5.8 both
 * ioctls were DRM_ROOT_ONLY, which drm_ioctl_permit answers the same way.
 */
static int master_check_perm(const struct model_file *file)
{
	if (model_kernel_at_least(5, 8) && file->was_master && file->owner == caller_id())
		return 0;
	return model_capable_sys_admin() ? 0 : -EACCES;
}

/* drm_setmaster_ioctl */
int model_ioctl_set_master(struct model_file *file, void *data)
{
	struct model_device *dev = file->dev;
	int ret = master_check_perm(file);

	(void)data;
	if (ret)
		return ret;
	if (model_is_current_master(file))
		return 0;
	/* 5.8 "drm: error out with EBUSY when device has existing master" */
	if (dev->master)
		return model_kernel_at_least(5, 8) ? -EBUSY : -EINVAL;
	if (!file->master)
		return -EINVAL;
	if (!file->is_master)
		return new_set_master(file);
	set_master(file);
	return 0;
}

/* drm_dropmaster_ioctl */
int model_ioctl_drop_master(struct model_file *file, void *data)
{
	int ret = master_check_perm(file);

	(void)data;
	if (ret)
		return ret;
	if (!model_is_current_master(file) || !file->dev->master)
		return -EINVAL;
	drop_master(file->dev);
	return 0;
}

/*
 * drm_getclient, hollowed out long ago: index 0 describes the caller
 * itself (its thread id: task_pid_vnr(current)); any other index is
 * EINVAL, which is where tools that walk the client list stop.
 */
int model_ioctl_get_client(struct model_file *file, void *data)
{
	struct drm_client *client = data;

	if (client->idx != 0)
		return -EINVAL;
	client->auth = file->authenticated;
	client->pid = gettid();
	client->uid = OVERFLOW_UID;
	client->magic = 0;
	client->iocs = 0;
	return 0;
}

/* drm_getstats: no statistics are kept; the answer is all zero, never stale stack */
int model_ioctl_get_stats(struct model_file *file, void *data)
{
	struct drm_stats *stats = data;

	(void)file;
	memset(stats, 0, sizeof(*stats));
	return 0;
}
