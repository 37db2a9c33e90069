/* SPDX-License-Identifier: MIT */
/*
 * The libc functions the model interposes, resolved lazily with
 * dlsym(RTLD_NEXT) so that the model calls the next definition (libc, or
 * a sanitizer's interceptor) and never itself.
 */
#ifndef DRMSUB_MODEL_SHIM_REAL_H
#define DRMSUB_MODEL_SHIM_REAL_H

void *model_real_symbol(void **cache, const char *name);

/* REAL(open)(path, flags, mode): the next "open" after this library. */
#define REAL(fn)                                                                \
	({                                                                      \
		static void *real_cache_;                                       \
		(__typeof__(&fn))model_real_symbol(&real_cache_, #fn);          \
	})

#endif
