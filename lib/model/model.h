/* SPDX-License-Identifier: MIT */
/*
 * drmsub device model: internal interfaces of the DRM core.
 *
 * Layers (as Mesa's drm-shim, with the kernel's errno ABI):
 *   shim_*.c   libc entry points: path redirection, fd bookkeeping, ioctl
 *   files.c    the fd table: which process fds are model objects
 *   ioctl.c    drm_ioctl: number decode, size tolerance, permissions
 *   gem.c, prime.c, syncobj.c, fence.c, sync_file.c   DRM core objects
 *   driver.h   per-driver tables (msm/model, nouveau/model, radeon/model)
 *
 * Locking: one process-wide mutex (model_lock) protects every model
 * object; a wait drops it while its thread sleeps on a wait channel of
 * its own (wait.h), which only the events it waits for wake. Handlers
 * never call an interposed libc function, only the real ones (shim_real.h).
 */
#ifndef DRMSUB_MODEL_H
#define DRMSUB_MODEL_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/stat.h>

#include "model/driver.h"

#define MODEL_MAX_DEVICES 8
#define DRM_MAJOR_NR 226

/* ---- configuration (config.c) ---------------------------------------- */

struct model_device {
	unsigned int index;
	const struct model_driver *driver;
	const struct model_chip *chip;
	unsigned int card_minor, render_minor;
	char sysfs_dir[160];		/* "/sys/devices/platform/soc@0/5000000.gpu" */
	char pci_slot[16];		/* "0000:01:00.0" for PCI devices */
	struct stat node_stat[2];	/* the tree files of card and renderD */
	void *priv;

	/* DRM core state, under model_lock */
	struct model_idr *flink_names;	/* name -> struct model_bo */
	struct model_bo *bos;		/* every live object, for mmap offsets */
	uint64_t next_mmap_offset;
	struct model_master *master;	/* the current master (auth.c), or NULL */
	struct model_gpu *gpu;		/* gpu.c */
};

struct model_config {
	bool enabled;
	bool debug;
	int kernel_major, kernel_minor;
	unsigned int hangcheck_ms;	/* DRMSUB_MODEL_HANGCHECK_MS; 0: the driver's */
	unsigned int nr_devices;
	struct model_device devices[MODEL_MAX_DEVICES];
};

extern struct model_config model_config;

/* Read the environment once; true when the model is active. */
bool model_init(void);
static inline bool model_active(void)
{
	return model_init();
}
void model_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* ---- the lock -------------------------------------------------------- */

extern pthread_mutex_t model_lock;
extern pid_t model_pid;		/* this process, updated at fork */
void model_lock_init(void);
int64_t model_now_ns(void);

/* ---- the fake filesystem (tree.c, paths.c, dirfd.c) ------------------- */

/* Set each device's sysfs directory and PCI slot (no file is written). */
void model_tree_layout(void);
/* The owned paths of the configured devices, once their layout is set. */
void model_paths_layout(void);
/* The fake tree's directory, built or found on the first call (model_fatal on failure). */
const char *model_tree_root(void);
/* The same, or NULL while no call has needed the tree. */
const char *model_tree_root_if_built(void);
/*
 * If @path is one the model owns (/dev/dri..., /sys/dev/char/226:...,
 * /sys/class/drm..., a fake device's sysfs directory, /run/udev/data/c226:...),
 * write the backing path into @out and return true.
 */
bool model_path_map(const char *path, char *out, size_t len);
/* The flags to open the tree's file @backing with, or -1 and errno EACCES for a write. */
int model_tree_open_flags(const char *backing, int flags);
/* @path is an owned path itself (no redirection of directories above them). */
bool model_path_owned(const char *path);
/* @path is not owned but a directory above owned paths ("/", "/sys", "/run/udev"). */
bool model_path_above_owned(const char *path);
bool model_path_is_empty(const char *path);
/* @path is @dir or lies below it. */
bool model_path_under(const char *path, const char *dir);
/* The path the program sees of the tree's file @backing, or NULL outside the tree. */
const char *model_path_in_tree(const char *backing);
/* Turn a backing path back into the path the program sees. */
void model_path_unmap(char *path);
/* The device and node type (0 primary, 2 render) of a /dev/dri path (by-path links too). */
struct model_device *model_node_of_path(const char *path, int *type);
/*
 * The absolute path the model judges for the path argument of an *at()
 * call: @path when absolute, @dirfd's recorded path joined with @path in
 * @buf, NULL when the model cannot tell (the call then goes to libc as is).
 */
const char *model_at_path(int dirfd, const char *path, char *buf, size_t len);
/* Directory fds above the owned paths (dirfd.c); forget and dup with model_lock held. */
void model_dirfd_opened(int fd, const char *path);
void model_dirfd_forget(int fd);
void model_dirfd_dup(int oldfd, int newfd);
bool model_dirfd_join(int dirfd, const char *rel, char *buf, size_t len);
/* "/dev/dri/card0" or "/dev/dri/renderD128" into @buf, as snprintf. */
int model_node_name(const struct model_device *dev, int type, char *buf, size_t len);

/* ---- the GPU threads (gpu.c) ------------------------------------------ */

/* Restart the GPU threads of a forked child that has queued work. */
void model_gpu_after_fork(void);

/* ---- files and fds (files.c) ----------------------------------------- */

enum model_fd_kind {
	MODEL_FD_NONE,
	MODEL_FD_DRM,
	MODEL_FD_DMABUF,
	MODEL_FD_SYNCOBJ,
	MODEL_FD_SYNC_FILE,
	MODEL_FD_SW_SYNC,
	MODEL_FD_DEBUGFS,	/* a driver's debugfs attribute (debugfs.c) */
};

struct model_idr;
struct model_master;

struct model_file {
	int refs;			/* fds of the file description + users */
	struct model_device *dev;
	int node_type;			/* 0 primary, 2 render */
	int access;			/* O_RDONLY, O_WRONLY or O_RDWR of the open */
	/* drm_file's master state (auth.c) */
	struct model_master *master;	/* primary nodes only */
	bool authenticated, is_master, was_master;
	uint32_t magic;
	pid_t owner;			/* drm_file.pid: who opened it */
	bool client_caps[8];		/* SET_CLIENT_CAP values, by cap */
	struct model_idr *handles;	/* GEM handle -> struct model_bo */
	struct model_idr *syncobjs;	/* handle -> struct model_syncobj */
	struct model_prime_entry *prime; /* dma-buf <-> handle cache */
	void *priv;
};

struct model_fd_ref {
	enum model_fd_kind kind;
	void *obj;
	dev_t st_dev;			/* the real file, to notice an fd number */
	ino_t st_ino;			/* reused behind the model's back */
};

/* Register @fd (a real fd) as @kind/@obj; takes a reference on obj. */
void model_fd_install(int fd, enum model_fd_kind kind, void *obj);
/* What @fd is; MODEL_FD_NONE when not ours. Caller holds model_lock. */
struct model_fd_ref model_fd_lookup(int fd);
/* @fd is being closed or replaced: drop its reference. Caller holds the lock. */
void model_fd_forget(int fd);
/* @newfd now refers to what @oldfd refers to. Caller holds the lock. */
void model_fd_dup(int oldfd, int newfd);
/*
 * model_fd_lookup for ioctl(@fd, @cmd): the table is trusted when @cmd is
 * of the type the entry's kind answers (files.c says why). Caller holds the lock.
 */
struct model_fd_ref model_fd_lookup_ioctl(int fd, unsigned long cmd);
/* The kernel just gave the program @fd for a file of its own (takes the lock). */
void model_fd_reused(int fd);
/* close_range for the program through @real, sparing internal fds. Caller holds the lock. */
int model_fd_close_range(unsigned int first, unsigned int last, unsigned int flags,
			 int (*real)(unsigned int, unsigned int, int));

/* ---- /proc/self/fd links of model fds (proc_fd.c) --------------------- */

struct model_fd_info {
	struct model_device *dev;	/* DRM files: the node; debugfs: the device */
	int node_type;
	int access;			/* O_RDONLY, O_WRONLY or O_RDWR */
	const char *attr;		/* debugfs: the attribute's file name */
};

/* The fd number @path names as /proc/self/fd/<n> (or an alias of it), else -1. */
int model_proc_fd(const char *path);
/* What @fd is, looked up under the lock; MODEL_FD_NONE when not a model fd. */
enum model_fd_kind model_fd_describe(int fd, struct model_fd_info *info);
/* readlink of /proc/self/fd/<n> for a model fd, as snprintf; -1 for MODEL_FD_NONE. */
int model_fd_link_text(enum model_fd_kind kind, const struct model_fd_info *info, char *buf,
		       size_t len);
/* lstat's st_mode of the /proc/self/fd link. */
mode_t model_fd_link_mode(const struct model_fd_info *info);
/* Open hook (shim_open.c): @path is the link of a model fd; a new fd through it, or -errno. */
bool model_proc_fd_serves(const char *path);
int model_proc_fd_open(const char *path, int flags);

/* Open a DRM file on @dev; returns a real fd or -errno. */
int model_file_open(struct model_device *dev, int type, int flags);
void model_file_get(struct model_file *file);
void model_file_put(struct model_file *file);

/* Get a real fd for a new model object: an eventfd, CLOEXEC per @cloexec. */
int model_new_fd(bool cloexec, bool nonblock);
/*
 * get_unused_fd_flags(O_CLOEXEC) when @wanted: *@fd holds the number for a
 * file made later, so that a process out of fds fails before anything
 * else is done; 0 or -errno. *@fd is -1 while nothing is held.
 */
int model_fd_reserve(bool wanted, int *fd);
/* put_unused_fd: give a held number back (nothing when *@fd is -1). */
void model_fd_unreserve(int *fd);
/* Move an internal fd above the range programs use, out of close_range's reach. */
int model_hide_fd(int fd);
/* Close an fd model_hide_fd returned. */
void model_close_hidden(int fd);

/* ---- masters and authentication (auth.c) ---------------------------- */

/* The model's stand-in for capable(CAP_SYS_ADMIN): effective uid 0. */
bool model_capable_sys_admin(void);
/* drm_file_alloc's owner and root rule and drm_master_open; 0 or -ENOMEM. */
int model_auth_open(struct model_file *file);
/* drm_master_release, when the file goes. */
void model_auth_release(struct model_file *file);
/* drm_is_current_master: DRM_MASTER ioctls are allowed. */
bool model_is_current_master(const struct model_file *file);

/* ---- ioctls (ioctl.c and the core handlers) -------------------------- */

long model_drm_ioctl(struct model_file *file, unsigned long cmd, void *arg);
int model_copy_from_user(void *dst, const void *usrc, size_t len);
/* copy_from_user of entry @i of the user array at @uarray (entries of @size bytes). */
int model_copy_entry_from_user(void *dst, uint64_t uarray, uint64_t i, size_t size);
int model_copy_to_user(void *udst, const void *src, size_t len);

int model_ioctl_version(struct model_file *file, void *data);
int model_ioctl_get_unique(struct model_file *file, void *data);
int model_ioctl_get_magic(struct model_file *file, void *data);
int model_ioctl_auth_magic(struct model_file *file, void *data);
int model_ioctl_set_master(struct model_file *file, void *data);
int model_ioctl_drop_master(struct model_file *file, void *data);
int model_ioctl_get_client(struct model_file *file, void *data);
int model_ioctl_get_stats(struct model_file *file, void *data);
int model_ioctl_get_cap(struct model_file *file, void *data);
int model_ioctl_set_client_cap(struct model_file *file, void *data);
int model_ioctl_gem_close(struct model_file *file, void *data);
int model_ioctl_gem_flink(struct model_file *file, void *data);
int model_ioctl_gem_open(struct model_file *file, void *data);
int model_ioctl_prime_handle_to_fd(struct model_file *file, void *data);
int model_ioctl_prime_fd_to_handle(struct model_file *file, void *data);
int model_ioctl_syncobj_create(struct model_file *file, void *data);
int model_ioctl_syncobj_destroy(struct model_file *file, void *data);
int model_ioctl_syncobj_handle_to_fd(struct model_file *file, void *data);
int model_ioctl_syncobj_fd_to_handle(struct model_file *file, void *data);
int model_ioctl_syncobj_wait(struct model_file *file, void *data);
int model_ioctl_syncobj_timeline_wait(struct model_file *file, void *data);
int model_ioctl_syncobj_reset(struct model_file *file, void *data);
int model_ioctl_syncobj_signal(struct model_file *file, void *data);
int model_ioctl_syncobj_timeline_signal(struct model_file *file, void *data);
int model_ioctl_syncobj_query(struct model_file *file, void *data);
int model_ioctl_syncobj_transfer(struct model_file *file, void *data);
int model_ioctl_syncobj_eventfd(struct model_file *file, void *data);

bool model_has_feature(const struct model_device *dev, unsigned int feat);

/* ---- GEM (gem.c, prime.c) -------------------------------------------- */

struct model_dmabuf;

struct model_bo {
	int refs;
	unsigned int handle_count;
	struct model_device *dev;
	uint64_t size;
	int memfd;			/* the pages; hidden fd */
	uint64_t mmap_offset;		/* 0 until asked for */
	uint32_t name;			/* flink name, 0 = none */
	struct model_dmabuf *dmabuf;	/* exported or imported from */
	void *vaddr;			/* the GPU's mapping, model_bo_vaddr() */
	struct model_bo *next, *prev;	/* the device's list of objects */
	void *priv;
};

void model_bo_get(struct model_bo *bo);
void model_bo_put_locked(struct model_bo *bo);
struct model_bo *model_bo_new(struct model_device *dev, uint64_t size, int *err);
void model_bo_link(struct model_bo *bo);
int model_handle_create(struct model_file *file, struct model_bo *bo, uint32_t *handle);
void model_handle_release_all(struct model_file *file);
struct model_bo *model_bo_by_offset(struct model_device *dev, uint64_t offset);
bool model_file_has_bo(struct model_file *file, struct model_bo *bo);

struct model_prime_entry {
	struct model_dmabuf *dmabuf;
	uint32_t handle;
	struct model_prime_entry *next;
};

struct model_dmabuf {
	int refs;
	struct model_bo *bo;
	bool rdwr;
	dev_t st_dev;
	ino_t st_ino;
};

void model_dmabuf_put(struct model_dmabuf *dmabuf);
void model_prime_remove_handle(struct model_file *file, uint32_t handle);
void model_prime_release(struct model_file *file);

/* ---- arrays sized by userspace (kalloc.c) ---------------------------- */

/* kmalloc_array(@n, @ksize) would succeed: no overflow, within KMALLOC_MAX_SIZE. */
bool model_kmalloc_array_fits(uint64_t n, uint64_t ksize);
/*
 * calloc(@n, @size) for an array the kernel allocates as kmalloc_array(@n,
 * @ksize) (@ksize: the kernel's element size, which may differ from the
 * model's @size); NULL, meaning -ENOMEM, where the kernel's would fail.
 */
void *model_kcalloc(uint64_t n, uint64_t ksize, size_t size);
/*
 * kvmalloc_array(@n, @ksize) would not be refused for its size: no
 * overflow, at most INT_MAX bytes.
 */
bool model_kvmalloc_array_fits(uint64_t n, uint64_t ksize);
/* model_kcalloc for an array the kernel allocates with kvmalloc (vmemdup_user, kvcalloc). */
void *model_kvcalloc(uint64_t n, uint64_t ksize, size_t size);

/*
 * Room for one more entry in a list the model keeps for itself: when @nr
 * entries fill it, the array at *@arrayp (the address of any T *, entries
 * of @size bytes, *@max of them) is reallocated to twice as many, or to
 * @first when it has none. 0, or -ENOMEM with the array and *@max as they were.
 */
int model_array_reserve(void *arrayp, unsigned int nr, unsigned int *max, size_t size,
			unsigned int first);

/* ---- ids (idr.c) ----------------------------------------------------- */

struct model_idr *model_idr_new(void);
void model_idr_free(struct model_idr *idr);
/* The lowest free id >= 1 for @ptr, as idr_alloc(idr, ptr, 1, 0); -ENOMEM. */
int model_idr_alloc(struct model_idr *idr, void *ptr);
void *model_idr_find(struct model_idr *idr, uint32_t id);
/* Put @ptr (not NULL) in the place of an allocated @id's entry; the old entry or NULL. */
void *model_idr_replace(struct model_idr *idr, uint32_t id, void *ptr);
void *model_idr_remove(struct model_idr *idr, uint32_t id);
/* Call @fn for every entry; @fn may remove the entry it is given. */
void model_idr_for_each(struct model_idr *idr, void (*fn)(uint32_t id, void *ptr, void *arg),
			void *arg);

/*
 * Start a detached thread running @fn(@arg); returns when it runs (0) or
 * -errno. Call with model_lock held (thread.c says why it waits).
 */
int model_thread_start(void *(*fn)(void *), void *arg);
/*
 * The same, once per process: @owner names the process whose thread it
 * is, so a forked child (threads do not survive fork) starts its own.
 */
int model_thread_start_once(pid_t *owner, void *(*fn)(void *), void *arg);

/* calloc() for a model thread running without model_lock (a job's run). */
void *model_thread_calloc(size_t n, size_t size);

/* The hangcheck period of @dev: DRMSUB_MODEL_HANGCHECK_MS, else its driver's. */
unsigned int model_hangcheck_ms(const struct model_device *dev);

/* ---- fences (fence.c), syncobjs (syncobj.c), sync_file (sync_file.c) --- */

struct model_fence;
struct model_fence *model_fence_new(void);
struct model_fence *model_fence_stub(void);	/* already signalled */
void model_fence_get(struct model_fence *f);
void model_fence_signal(struct model_fence *f, int error);
bool model_fence_signaled(const struct model_fence *f);
/* Wait until signalled or @deadline_ns (CLOCK_MONOTONIC; -1 = forever): 0 or -ETIME. */
int model_fence_wait(struct model_fence *f, int64_t deadline_ns);

void model_syncobj_release_all(struct model_file *file);
void model_syncobj_put(void *syncobj);

void model_sync_file_put(void *sync_file);
long model_sync_file_ioctl(int fd, void *sync_file, unsigned long cmd, void *arg);
int model_sync_file_create(struct model_fence *fence, int *fd_out);
long model_sync_file_reply(int fd, void *arg, const void *data, size_t size);
struct model_fence *model_sync_file_get_fence(int fd);

/* ---- sw_sync timelines (sw_sync.c) ----------------------------------- */

/* @path is the sw_sync debugfs file; opening it makes a timeline. */
bool model_path_is_sw_sync(const char *path);
/* Open <debugfs>/sync/sw_sync: a new timeline's fd, or -errno. */
int model_sw_sync_open(int flags);
void model_sw_sync_put(void *timeline);
long model_sw_sync_ioctl(void *timeline, unsigned long cmd, void *arg);
/* A waiter's deadline hint for @f, kept if @f is a sw_sync fence (6.8). */
void model_sw_sync_set_deadline(struct model_fence *f, int64_t deadline_ns);

#endif
