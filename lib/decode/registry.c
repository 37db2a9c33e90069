// SPDX-License-Identifier: MIT
/* The decoder backends that registered with DEC_DRIVER (decode.h). */
#include <stdint.h>
#include <string.h>

#include "decode/decode.h"

/* Weak: a binary that links no backend has an empty section, not a link error. */
extern const struct dec_driver *const __start_drmsub_dec_drivers[] __attribute__((weak));
extern const struct dec_driver *const __stop_drmsub_dec_drivers[] __attribute__((weak));

/*
 * The linker's __start_/__stop_ symbols bound one section; as C sees them
 * they are two objects, so the length is computed on their addresses.
 */
size_t dec_driver_count(void)
{
	uintptr_t start = (uintptr_t)__start_drmsub_dec_drivers;

	if (!start)
		return 0;
	return ((uintptr_t)__stop_drmsub_dec_drivers - start) / sizeof(__start_drmsub_dec_drivers[0]);
}

const struct dec_driver *dec_driver_at(size_t i)
{
	return i < dec_driver_count() ? __start_drmsub_dec_drivers[i] : NULL;
}

const struct dec_driver *dec_driver_find(const char *name)
{
	for (size_t i = 0; i < dec_driver_count(); i++)
		if (!strcmp(__start_drmsub_dec_drivers[i]->name, name))
			return __start_drmsub_dec_drivers[i];
	return NULL;
}
