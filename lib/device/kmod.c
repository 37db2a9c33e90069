// SPDX-License-Identifier: MIT
/* Loading a DRM driver module with libkmod, when no device is present yet. */
#include <errno.h>
#include <libkmod.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "device/device.h"

int drmsub_kmod_load(const char *name, char *why, size_t whylen)
{
	struct kmod_list *list = NULL, *it;
	struct kmod_ctx *ctx;
	int ret = -1, err;

	ctx = kmod_new(NULL, NULL);
	if (!ctx) {
		snprintf(why, whylen, "module %s not available (no kmod context)", name);
		return -1;
	}
	kmod_set_log_priority(ctx, 0);
	err = kmod_module_new_from_lookup(ctx, name, &list);
	if (err < 0 || !list) {
		snprintf(why, whylen, "module %s not available", name);
		goto out;
	}
	kmod_list_foreach(it, list) {
		struct kmod_module *mod = kmod_module_get_module(it);
		int state = kmod_module_get_initstate(mod);

		if (state == KMOD_MODULE_LIVE || state == KMOD_MODULE_BUILTIN ||
		    state == KMOD_MODULE_COMING) {
			snprintf(why, whylen, "module %s %s", name,
				 state == KMOD_MODULE_BUILTIN ? "built in" : "loaded");
			ret = 0;
		} else if (geteuid() != 0) {
			snprintf(why, whylen, "module %s not loaded; loading it needs root", name);
		} else {
			err = kmod_module_probe_insert_module(mod, 0, NULL, NULL, NULL, NULL);
			if (err == 0 || err == -EEXIST) {
				snprintf(why, whylen, "module %s loaded now", name);
				ret = err == 0 ? 1 : 0;
			} else {
				snprintf(why, whylen, "module %s failed to load: %s", name,
					 strerror(-err));
			}
		}
		kmod_module_unref(mod);
		break;
	}
out:
	kmod_module_unref_list(list);
	kmod_unref(ctx);
	return ret;
}
