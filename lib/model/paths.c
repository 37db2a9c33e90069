// SPDX-License-Identifier: MIT
/*
 * Which paths the model owns. While the model is active the host's own
 * /dev/dri, /sys/dev/char/226:* and /sys/class/drm are hidden: lookups go
 * to the fake tree, where only the configured devices exist.
 */
#include <stdio.h>
#include <string.h>

#include "model/model.h"

extern char model_tree_root[128];

/* @path is @dir or lies below it. */
static bool under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return !strncmp(path, dir, n) && (path[n] == '\0' || path[n] == '/');
}

static bool owned(const char *path)
{
	if (under(path, "/dev/dri") || under(path, "/sys/class/drm"))
		return true;
	/* sw_sync.c: the modelled kernel's sw_sync, not the host's */
	if (under(path, "/sys/kernel/debug/sync") || under(path, "/dev/sw_sync"))
		return true;
	if (!strncmp(path, "/sys/dev/char/226:", 18))
		return true;
	for (unsigned int i = 0; i < model_config.nr_devices; i++)
		if (under(path, model_config.devices[i].sysfs_dir))
			return true;
	return false;
}

bool model_path_map(const char *path, char *out, size_t len)
{
	if (!path || path[0] != '/' || !model_active() || !owned(path))
		return false;
	snprintf(out, len, "%s%s", model_tree_root, path);
	return true;
}

void model_path_unmap(char *path)
{
	size_t n = strlen(model_tree_root);

	if (n && !strncmp(path, model_tree_root, n) && (path[n] == '/' || !path[n]))
		memmove(path, path + n, strlen(path + n) + 1);
	if (!path[0])
		strcpy(path, "/");
}

struct model_device *model_node_of_path(const char *path, int *type)
{
	unsigned int minor;
	char rest;

	if (!path || !model_active())
		return NULL;
	if (sscanf(path, "/dev/dri/card%u%c", &minor, &rest) != 1 &&
	    sscanf(path, "/dev/dri/renderD%u%c", &minor, &rest) != 1)
		return NULL;
	for (unsigned int i = 0; i < model_config.nr_devices; i++) {
		struct model_device *dev = &model_config.devices[i];
		char want[48];

		snprintf(want, sizeof(want), "/dev/dri/%s%u", minor >= 128 ? "renderD" : "card",
			 minor);
		if (strcmp(want, path))
			continue;
		if (minor == dev->card_minor) {
			*type = 0;
			return dev;
		}
		if (minor == dev->render_minor) {
			*type = 2;
			return dev;
		}
	}
	return NULL;
}

/* In its own file so that glibc's nonnull attributes cannot drop the test. */
bool model_path_is_empty(const char *path)
{
	return path && !path[0];
}
