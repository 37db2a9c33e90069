// SPDX-License-Identifier: MIT
/*
 * Lazy resolution of the functions the model wraps. The cache is written
 * once per symbol with the same value, so a relaxed atomic suffices.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "model/shim_real.h"

void *model_real_symbol(void **cache, const char *name)
{
	void *fn = __atomic_load_n(cache, __ATOMIC_RELAXED);

	if (fn)
		return fn;
	fn = dlsym(RTLD_NEXT, name);
	if (!fn) {
		/* nothing sensible can follow: the program would call NULL */
		static const char msg[] = "drmsub-model: a libc symbol is missing\n";

		if (write(2, msg, sizeof(msg) - 1) < 0)
			abort();
		abort();
	}
	__atomic_store_n(cache, fn, __ATOMIC_RELAXED);
	return fn;
}
