// SPDX-License-Identifier: MIT
/*
 * Small id allocator with the kernel's idr_alloc(idr, ptr, 1, 0) policy:
 * the lowest free id from 1, so handle numbers match what a kernel hands
 * out for the same sequence of calls.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"

struct model_idr {
	void **slots;		/* slots[id - 1] */
	uint32_t size;
};

struct model_idr *model_idr_new(void)
{
	return calloc(1, sizeof(struct model_idr));
}

void model_idr_free(struct model_idr *idr)
{
	if (!idr)
		return;
	free(idr->slots);
	free(idr);
}

int model_idr_alloc(struct model_idr *idr, void *ptr)
{
	uint32_t id;

	for (id = 0; id < idr->size && idr->slots[id]; id++)
		;
	if (id == idr->size) {
		uint32_t size = idr->size ? idr->size * 2 : 16;
		void **slots = realloc(idr->slots, size * sizeof(*slots));

		if (!slots)
			return -ENOMEM;
		memset(slots + idr->size, 0, (size - idr->size) * sizeof(*slots));
		idr->slots = slots;
		idr->size = size;
	}
	idr->slots[id] = ptr;
	return id + 1;
}

void *model_idr_find(struct model_idr *idr, uint32_t id)
{
	if (!id || id > idr->size)
		return NULL;
	return idr->slots[id - 1];
}

void *model_idr_replace(struct model_idr *idr, uint32_t id, void *ptr)
{
	void *old = model_idr_find(idr, id);

	if (old)
		idr->slots[id - 1] = ptr;
	return old;
}

void *model_idr_remove(struct model_idr *idr, uint32_t id)
{
	void *ptr = model_idr_find(idr, id);

	if (ptr)
		idr->slots[id - 1] = NULL;
	return ptr;
}

void model_idr_for_each(struct model_idr *idr, void (*fn)(uint32_t id, void *ptr, void *arg),
			void *arg)
{
	for (uint32_t i = 0; i < idr->size; i++)
		if (idr->slots[i])
			fn(i + 1, idr->slots[i], arg);
}
