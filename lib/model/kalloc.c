// SPDX-License-Identifier: MIT
/*
 * The kernel's limits on arrays it allocates from a count userspace gives
 * (kmalloc_array: KMALLOC_MAX_SIZE; kvmalloc_array and vmemdup_user:
 * INT_MAX bytes): a product that overflows, or one beyond the limit, gets
 * no memory, and the ioctl fails with ENOMEM at once. The model applies
 * the same limit before allocating its own copy, so a hostile count costs
 * nothing and gives the kernel's errno.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"

/*
 * KMALLOC_MAX_SIZE = 1 << (MAX_PAGE_ORDER + PAGE_SHIFT): 4 MiB with 4 KiB
 * pages and the default MAX_PAGE_ORDER of 10 (x86-64 and arm64 kernels).
 * A larger kmalloc goes to the page allocator, which refuses the order.
 */
#define KMALLOC_MAX_SIZE (1ull << (10 + 12))

bool model_kmalloc_array_fits(uint64_t n, uint64_t ksize)
{
	return !ksize || n <= KMALLOC_MAX_SIZE / ksize;
}

/*
 * kvmalloc_node (mm/util.c) refuses any size above INT_MAX before it tries
 * kmalloc or vmalloc (since 5.15, "mm: don't allow oversized kvmalloc()
 * calls"): vmemdup_user and kvmalloc_array of a larger user count fail
 * with ENOMEM. Below that the kernel would try; so does the model.
 */
bool model_kvmalloc_array_fits(uint64_t n, uint64_t ksize)
{
	return !ksize || n <= INT_MAX / ksize;
}

void *model_kcalloc(uint64_t n, uint64_t ksize, size_t size)
{
	if (!model_kmalloc_array_fits(n, ksize))
		return NULL;
	return calloc(n ? n : 1, size);
}

void *model_kvcalloc(uint64_t n, uint64_t ksize, size_t size)
{
	if (!model_kvmalloc_array_fits(n, ksize))
		return NULL;
	return calloc(n ? n : 1, size);
}

int model_array_reserve(void *arrayp, unsigned int nr, unsigned int *max, size_t size,
			unsigned int first)
{
	unsigned int n = *max ? 2 * *max : first;
	void *array, *grown;

	if (nr < *max)
		return 0;
	if (n < *max || n > SIZE_MAX / size)
		return -ENOMEM;
	/* copied, not cast to void **: the caller's pointer has its own type */
	memcpy(&array, arrayp, sizeof(array));
	grown = realloc(array, (size_t)n * size);
	if (!grown)
		return -ENOMEM;
	memcpy(arrayp, &grown, sizeof(grown));
	*max = n;
	return 0;
}
