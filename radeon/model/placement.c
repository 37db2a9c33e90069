// SPDX-License-Identifier: MIT
/*
 * Where the model's BOs sit in the GPU's 32-bit address space. TTM places
 * a radeon BO in VRAM or the GTT aperture and reuses the space of freed
 * ones; the CS relocations hand the GPU 32-bit addresses (radeon_cs.c:
 * (u32)reloc->gpu_offset). The model keeps the live BOs' ranges sorted and
 * places a new one first-fit between 1 MiB (so that a patched reloc differs
 * from its offset) and 4 GiB, at the alignment asked for. Without reuse, a
 * client that creates and frees textures in a loop (piglit's
 * streaming-texture-leak) would run past 4 GiB and alias old addresses.
 * Called with model_lock held (GEM create, BO free).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "radeon/model/radeon_model.h"

#define PLACE_START (1ull << 20)
#define PLACE_END (1ull << 32)

int radeon_place(struct radeon_mdev *rdev, uint64_t size, uint64_t align, uint64_t *addr)
{
	uint64_t at = PLACE_START;
	uint32_t i;

	if (!size)
		size = 1;
	for (i = 0; i < rdev->nr_ranges; i++) {
		at = (at + align - 1) / align * align;
		if (at + size <= rdev->ranges[i].start)
			break;
		at = rdev->ranges[i].start + rdev->ranges[i].size;
	}
	at = (at + align - 1) / align * align;
	if (at + size > PLACE_END)
		return -ENOMEM;
	if (rdev->nr_ranges == rdev->cap_ranges) {
		uint32_t cap = rdev->cap_ranges ? 2 * rdev->cap_ranges : 64;
		struct radeon_range *r = realloc(rdev->ranges, cap * sizeof(*r));

		if (!r)
			return -ENOMEM;
		rdev->ranges = r;
		rdev->cap_ranges = cap;
	}
	memmove(&rdev->ranges[i + 1], &rdev->ranges[i],
		(rdev->nr_ranges - i) * sizeof(rdev->ranges[0]));
	rdev->ranges[i] = (struct radeon_range){ .start = at, .size = size };
	rdev->nr_ranges++;
	*addr = at;
	return 0;
}

void radeon_unplace(struct radeon_mdev *rdev, uint64_t addr)
{
	for (uint32_t i = 0; i < rdev->nr_ranges; i++) {
		if (rdev->ranges[i].start != addr)
			continue;
		memmove(&rdev->ranges[i], &rdev->ranges[i + 1],
			(rdev->nr_ranges - i - 1) * sizeof(rdev->ranges[0]));
		rdev->nr_ranges--;
		return;
	}
}
