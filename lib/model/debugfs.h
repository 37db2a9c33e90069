/* SPDX-License-Identifier: MIT */
/*
 * Each device's DRM debugfs directory (debugfs.c): its layout, and the
 * driver's debugfs_create_bool files, whose read, write and lseek the
 * model answers (model_debugfs_io, fd_io.h).
 */
#ifndef DRMSUB_MODEL_DEBUGFS_H
#define DRMSUB_MODEL_DEBUGFS_H

#include <stdbool.h>
#include <sys/types.h>

#include "model/fd_io.h"

/* Where the modelled kernel's debugfs is mounted (paths.c owns all of it). */
#define MODEL_DEBUGFS "/sys/kernel/debug"
#define MODEL_DEBUGFS_DRI MODEL_DEBUGFS "/dri"

struct model_device;

/* The modelled kernel has the per-device layout (6.7+); before it the model serves no dri/. */
bool model_debugfs_modelled(void);
/* @path is dri/ or a directory in it (a device's, or a minor's link to it). */
bool model_debugfs_is_dir(const char *path);
/* The device's directory, /sys/kernel/debug/dri/<unique>, into @buf (as snprintf). */
int model_debugfs_dir(const struct model_device *dev, char *buf, size_t len);

/* Open hook (shim_open.c): @path is a driver's attribute file; a new fd for it, or -errno. */
bool model_debugfs_serves(const char *path);
int model_debugfs_open(const char *path, int flags);
/* /proc/self/fd of an attribute fd (proc_fd.c): its device, access and name; its path. */
struct model_fd_info;
void model_debugfs_describe(const void *obj, struct model_fd_info *info);
int model_debugfs_path(const struct model_fd_info *info, char *buf, size_t len);
/* The fd table dropped a reference (files.c). */
void model_debugfs_put(void *obj);
/* The fd table now has @fd for an attribute (a dup): mark it for read and write. */
void model_debugfs_mark(int fd, bool on);

#endif
