// SPDX-License-Identifier: MIT
/*
 * model_fuzz: what a worker holds (files, BOs, syncobjs, queues and
 * channels, fds) and how a request picks from it: mostly its own objects,
 * now and then another file's, a stale or a made-up one.
 */
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "model_fuzz.h"

struct fz_file *fz_pick_file(struct fz_state *st, enum fz_driver drv)
{
	struct fz_file *open[FZ_MAX_FILES];
	unsigned n = 0;

	for (unsigned i = 0; i < st->nfiles; i++)
		if (st->files[i].fd >= 0 && (drv == FZ_NR_DRIVERS || st->files[i].drv == drv))
			open[n++] = &st->files[i];
	return n ? open[fz_below(&st->rng, n)] : NULL;
}

void fz_choose(struct fz_state *st, struct fz_file *f, const struct fz_family *family)
{
	const struct fz_choice *choices = family->choices;
	unsigned n = family->n, total = 0, draw;

	for (unsigned i = 0; i < n; i++)
		total += choices[i].weight;
	draw = fz_below(&st->rng, total);
	for (unsigned i = 0; i < n; i++) {
		if (draw < choices[i].weight) {
			choices[i].request(st, f);
			return;
		}
		draw -= choices[i].weight;
	}
}

uint32_t fz_pick_bo(struct fz_state *st, struct fz_file *f, struct fz_bo **bo)
{
	struct fz_file *other;

	*bo = NULL;
	switch (fz_below(&st->rng, 20)) {
	case 0 ... 1:	/* handles of another file mean nothing here */
		other = fz_pick_file(st, FZ_NR_DRIVERS);
		if (other && other->nbos)
			return other->bos[fz_below(&st->rng, other->nbos)].handle;
		return 1;
	case 2:
		return fz_nasty(&st->rng, 1);
	case 3:
		return f->nbos ? f->bos[f->nbos - 1].handle + 1 : 1;	/* never created */
	default:
		if (!f->nbos)
			return 1;
		*bo = &f->bos[fz_below(&st->rng, f->nbos)];
		return (*bo)->handle;
	}
}

uint32_t fz_submit_nbos(struct fz_state *st, const struct fz_file *f)
{
	return 1 + fz_below(&st->rng, f->nbos < FZ_SUBMIT_MAX_BOS ? f->nbos : FZ_SUBMIT_MAX_BOS);
}

uint32_t fz_pick_syncobj(struct fz_state *st, struct fz_file *f)
{
	struct fz_file *other;

	if (fz_chance(&st->rng, 8)) {
		other = fz_pick_file(st, FZ_NR_DRIVERS);
		if (other && other->nsyncobjs)
			return other->syncobjs[fz_below(&st->rng, other->nsyncobjs)];
	}
	if (!f->nsyncobjs || fz_chance(&st->rng, 4))
		return fz_below(&st->rng, 8);
	return f->syncobjs[fz_below(&st->rng, f->nsyncobjs)];
}

uint32_t fz_pick_ctx(struct fz_state *st, struct fz_file *f)
{
	if (!f->nctxs || fz_chance(&st->rng, 6))
		return fz_below(&st->rng, 8);
	return f->ctxs[fz_below(&st->rng, f->nctxs)];
}

int fz_pick_fd(struct fz_state *st, enum fz_fd_kind kind)
{
	unsigned n = 0, match[FZ_POOL];

	for (unsigned i = 0; i < st->nfds; i++)
		if (st->fds[i].kind == kind)
			match[n++] = i;
	if (!n || fz_chance(&st->rng, 5))
		return st->nfds ? st->fds[fz_below(&st->rng, st->nfds)].fd : -1;
	return st->fds[match[fz_below(&st->rng, n)]].fd;
}

void fz_add_bo(struct fz_file *f, uint32_t handle, uint64_t size, uint64_t gpu_addr)
{
	if (f->nbos == FZ_POOL)
		return;
	f->bos[f->nbos++] = (struct fz_bo){ .handle = handle, .size = size, .gpu_addr = gpu_addr };
}

void fz_forget_bo(struct fz_file *f, uint32_t handle)
{
	for (unsigned i = 0; i < f->nbos; i++) {
		if (f->bos[i].handle != handle)
			continue;
		if (f->bos[i].map)
			munmap(f->bos[i].map, f->bos[i].size);
		f->bos[i] = f->bos[--f->nbos];
		return;
	}
}

static void add_id(uint32_t *ids, unsigned *n, uint32_t id)
{
	if (*n < FZ_POOL)
		ids[(*n)++] = id;
}

/* Every copy of @id goes (the last one takes its place). */
static void forget_id(uint32_t *ids, unsigned *n, uint32_t id)
{
	for (unsigned i = 0; i < *n; i++)
		if (ids[i] == id)
			ids[i--] = ids[--*n];
}

void fz_add_syncobj(struct fz_file *f, uint32_t handle)
{
	add_id(f->syncobjs, &f->nsyncobjs, handle);
}

void fz_add_ctx(struct fz_file *f, uint32_t id)
{
	add_id(f->ctxs, &f->nctxs, id);
}

void fz_forget_syncobj(struct fz_file *f, uint32_t handle)
{
	forget_id(f->syncobjs, &f->nsyncobjs, handle);
}

void fz_forget_ctx(struct fz_file *f, uint32_t id)
{
	forget_id(f->ctxs, &f->nctxs, id);
}

void fz_add_fd(struct fz_state *st, int fd, enum fz_fd_kind kind)
{
	if (fd < 0)
		return;
	if (st->nfds == FZ_POOL) {
		/* the oldest goes: an fd closed under the model's feet */
		close(st->fds[0].fd);
		memmove(&st->fds[0], &st->fds[1], (FZ_POOL - 1) * sizeof(st->fds[0]));
		st->nfds--;
	}
	st->fds[st->nfds++] = (struct fz_fd){ fd, kind };
}

void *fz_map_bo(struct fz_file *f, struct fz_bo *bo, uint64_t offset)
{
	void *p;

	if (bo->map)
		return bo->map;
	p = mmap(NULL, bo->size, PROT_READ | PROT_WRITE, MAP_SHARED, f->fd, (off_t)offset);
	bo->map = p == MAP_FAILED ? NULL : p;
	return bo->map;
}
