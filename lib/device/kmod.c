// SPDX-License-Identifier: MIT
/*
 * Loading a DRM driver module with libkmod, when no device is present yet.
 * libkmod is opened on that first need, not linked: it brings libcrypto,
 * libzstd and liblzma, whose loading would more than double the start-up
 * of every test process (issue #18), most of which never load a module.
 */
#include <dlfcn.h>
#include <errno.h>
#include <libkmod.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "device/device.h"

#define KMOD_FUNCS(X)                                                           \
	X(kmod_new) X(kmod_unref) X(kmod_set_log_priority) X(kmod_module_new_from_lookup) \
	X(kmod_list_next) X(kmod_module_get_module) X(kmod_module_get_initstate)      \
	X(kmod_module_probe_insert_module) X(kmod_module_unref) X(kmod_module_unref_list)

static struct {
#define KMOD_POINTER(fn) __typeof__(&fn) fn;
	KMOD_FUNCS(KMOD_POINTER)
} kmod;

/* dlopen libkmod once; NULL or the reason it cannot be used. */
static const char *kmod_open(void)
{
	static const char *err;
	static bool tried;
	void *lib;

	if (tried)
		return err;
	tried = true;
	lib = dlopen("libkmod.so.2", RTLD_NOW | RTLD_LOCAL);
	if (!lib)
		return err = dlerror();
#define KMOD_RESOLVE(fn)                                                        \
	if (!(kmod.fn = (__typeof__(&fn))dlsym(lib, #fn)))                     \
		return err = "libkmod.so.2 lacks " #fn;
	KMOD_FUNCS(KMOD_RESOLVE)
	return NULL;
}

int drmsub_kmod_load(const char *name, char *why, size_t whylen)
{
	struct kmod_list *list = NULL, *it;
	const char *unusable = kmod_open();
	struct kmod_ctx *ctx;
	int ret = -1, err;

	if (unusable) {
		snprintf(why, whylen, "module %s not available (%s)", name, unusable);
		return -1;
	}
	ctx = kmod.kmod_new(NULL, NULL);
	if (!ctx) {
		snprintf(why, whylen, "module %s not available (no kmod context)", name);
		return -1;
	}
	kmod.kmod_set_log_priority(ctx, 0);
	err = kmod.kmod_module_new_from_lookup(ctx, name, &list);
	if (err < 0 || !list) {
		snprintf(why, whylen, "module %s not available", name);
		goto out;
	}
	for (it = list; it; it = kmod.kmod_list_next(list, it)) {
		struct kmod_module *mod = kmod.kmod_module_get_module(it);
		int state = kmod.kmod_module_get_initstate(mod);

		if (state == KMOD_MODULE_LIVE || state == KMOD_MODULE_BUILTIN ||
		    state == KMOD_MODULE_COMING) {
			snprintf(why, whylen, "module %s %s", name,
				 state == KMOD_MODULE_BUILTIN ? "built in" : "loaded");
			ret = 0;
		} else if (geteuid() != 0) {
			snprintf(why, whylen, "module %s not loaded; loading it needs root", name);
		} else {
			err = kmod.kmod_module_probe_insert_module(mod, 0, NULL, NULL, NULL, NULL);
			if (err == 0 || err == -EEXIST) {
				snprintf(why, whylen, "module %s loaded now", name);
				ret = err == 0 ? 1 : 0;
			} else {
				snprintf(why, whylen, "module %s failed to load: %s", name,
					 strerror(-err));
			}
		}
		kmod.kmod_module_unref(mod);
		break;
	}
out:
	kmod.kmod_module_unref_list(list);
	kmod.kmod_unref(ctx);
	return ret;
}
