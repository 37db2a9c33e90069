// SPDX-License-Identifier: MIT
/*
 * The VA space of a client-managed VM (nouveau_uvmm.c over drm_gpuvm):
 * sets of mappings where a new mapping replaces what it overlaps and an
 * unmap cuts mappings across its edges (the kernel's remap), and the
 * sparse regions.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"
#include "nouveau/model/uvmm.h"

void nvm_vas_clear(struct vas *s)
{
	for (uint32_t i = 0; s->counted && i < s->nr; i++)
		model_bo_put(s->v[i].bo);
	free(s->v);
	memset(s, 0, sizeof(*s));
}
/* @arr (realloc'd) with room past its @nr entries of @size bytes; NULL on ENOMEM. */
static void *grow(void *arr, uint32_t *cap, uint32_t nr, size_t size)
{
	uint32_t n = *cap ? 2 * *cap : 16;
	void *mem;

	if (nr < *cap)
		return arr;
	mem = realloc(arr, n * size);
	if (mem)
		*cap = n;
	return mem;
}
int nvm_vas_add(struct vas *s, struct vma m)
{
	struct vma *v = grow(s->v, &s->cap, s->nr, sizeof(*v));

	if (!v)
		return -ENOMEM;
	s->v = v;
	if (s->counted)
		model_bo_get(m.bo);
	s->v[s->nr++] = m;
	return 0;
}
/* drm_gpuvm_sm_unmap: whatever lies in [addr, end) goes; mappings across its edges are cut. */
int nvm_vas_unmap(struct vas *s, uint64_t addr, uint64_t range)
{
	uint64_t end = addr + range;
	uint32_t i = 0;

	while (i < s->nr) {
		struct vma m = s->v[i];
		uint64_t mend = m.addr + m.range;
		int ret = 0;

		if (mend <= addr || m.addr >= end) {
			i++;
			continue;
		}
		/* the pieces before and after the hole stay mapped (remap) */
		if (m.addr < addr)
			ret = nvm_vas_add(s, (struct vma){ m.addr, addr - m.addr, m.offset, m.bo });
		if (!ret && mend > end)
			ret = nvm_vas_add(s, (struct vma){ end, mend - end, m.offset + (end - m.addr),
						       m.bo });
		if (ret)
			return ret;
		if (s->counted)
			model_bo_put(m.bo);
		s->v[i] = s->v[--s->nr];
	}
	return 0;
}
/* drm_gpuvm_sm_map: a new mapping replaces what it overlaps. */
int nvm_vas_map(struct vas *s, struct vma m)
{
	int ret = nvm_vas_unmap(s, m.addr, m.range);

	return ret ? ret : nvm_vas_add(s, m);
}
bool nvm_vas_empty(const struct vas *s, uint64_t addr, uint64_t range)
{
	for (uint32_t i = 0; i < s->nr; i++)
		if (s->v[i].addr < addr + range && addr < s->v[i].addr + s->v[i].range)
			return false;
	return true;
}
void nvm_region_remove(struct nvm_vm *vm, uint64_t addr, uint64_t range)
{
	for (uint32_t i = 0; i < vm->nr_regions; i++) {
		if (vm->regions[i].addr == addr && vm->regions[i].range == range) {
			vm->regions[i] = vm->regions[--vm->nr_regions];
			return;
		}
	}
}
/* The first region that overlaps [addr, addr + range), or NULL. */
struct region *nvm_region_find(struct nvm_vm *vm, uint64_t addr, uint64_t range)
{
	struct region *first = NULL;

	for (uint32_t i = 0; i < vm->nr_regions; i++) {
		struct region *r = &vm->regions[i];

		if (r->addr < addr + range && addr < r->addr + r->range &&
		    (!first || r->addr < first->addr))
			first = r;
	}
	return first;
}
int nvm_region_add(struct nvm_vm *vm, uint64_t addr, uint64_t range)
{
	struct region *r = grow(vm->regions, &vm->cap_regions, vm->nr_regions, sizeof(*r));

	if (!r)
		return -ENOMEM;
	vm->regions = r;
	vm->regions[vm->nr_regions++] = (struct region){ addr, range, false };
	return 0;
}
