/* SPDX-License-Identifier: MIT */
/*
 * The fake tree's description (tree_spec.c): every directory, file and
 * symlink, in creation order, and a hash of all of it that names the
 * built tree (tree.c).
 */
#ifndef DRMSUB_MODEL_TREE_H
#define DRMSUB_MODEL_TREE_H

#include <stddef.h>
#include <stdint.h>

enum tree_kind {
	TREE_DIR,
	TREE_FILE,
	TREE_LINK,	/* data: the link's target, relative as sysfs makes them */
};

struct tree_entry {
	enum tree_kind kind;
	char *vpath;		/* the path the program sees: "/sys/class/drm/card0" */
	char *data;
	size_t len;
};

struct tree_spec {
	struct tree_entry *entries;
	size_t nr, alloc;
	uint64_t hash;		/* FNV-1a of every entry */
	int err;		/* the first allocation failure, -ENOMEM */
};

/* Describe the tree of model_config's devices; 0 or -errno. */
int model_tree_describe(struct tree_spec *spec);
void tree_spec_free(struct tree_spec *spec);

#endif
