// SPDX-License-Identifier: MIT
/*
 * model_fuzz: random numbers (splitmix64: one seed gives the same requests
 * again), the memory requests point into, hostile pointers, and the
 * field-by-field mutation of a valid request.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "model_fuzz.h"

#define ARENA_SIZE (4u << 20)

void fz_rng_seed(struct fz_rng *r, uint64_t seed, uint64_t stream)
{
	r->s = seed ^ (stream * 0x9e3779b97f4a7c15ull) ^ 0x5851f42d4c957f2dull;
	fz_u64(r);
}

uint64_t fz_u64(struct fz_rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

uint32_t fz_u32(struct fz_rng *r)
{
	return (uint32_t)(fz_u64(r) >> 32);
}

uint32_t fz_below(struct fz_rng *r, uint32_t n)
{
	return n ? (uint32_t)(((fz_u64(r) >> 32) * n) >> 32) : 0;
}

bool fz_chance(struct fz_rng *r, unsigned percent)
{
	return fz_below(r, 100) < percent;
}

uint64_t fz_nasty(struct fz_rng *r, uint64_t near)
{
	switch (fz_below(r, 10)) {
	case 0:
		return 0;
	case 1:
		return ~0ull;
	case 2:
		return 0xffffffffull;
	case 3:
		return 0x80000000ull;
	case 4:
		return 0x7fffffffull;
	case 5:
		return 1ull << fz_below(r, 64);
	case 6:
		return near + 1;
	case 7:
		return near - 1;
	case 8:
		return near ^ (1ull << fz_below(r, 64));
	default:
		return fz_u64(r);
	}
}

int fz_arena_init(struct fz_arena *a)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	/* arena | ro page | hole | edge page | hole */
	uint8_t *m = mmap(NULL, ARENA_SIZE + 4 * page, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (m == MAP_FAILED)
		return -1;
	a->base = m;
	a->size = ARENA_SIZE;
	a->used = 0;
	a->ro_page = m + ARENA_SIZE;
	a->hole = a->ro_page + page;
	a->edge_end = a->hole + 2 * page;
	memset(a->ro_page, 0x5a, page);
	if (mprotect(a->ro_page, page, PROT_READ) || mprotect(a->hole, page, PROT_NONE) ||
	    mprotect(a->edge_end, page, PROT_NONE))
		return -1;
	return 0;
}

void fz_arena_reset(struct fz_arena *a)
{
	memset(a->base, 0, a->used);
	a->used = 0;
}

void *fz_alloc(struct fz_arena *a, size_t size)
{
	size_t at = (a->used + 7) & ~(size_t)7;

	if (size > a->size || at > a->size - size)
		return NULL;
	a->used = at + size;
	return a->base + at;
}

uint64_t fz_bad_ptr(struct fz_arena *a, enum fz_bad_ptr kind, size_t len)
{
	switch (kind) {
	case FZ_PTR_NULL:
		return 0;
	case FZ_PTR_UNMAPPED:
		return (uintptr_t)a->hole;
	case FZ_PTR_READONLY:
		return (uintptr_t)a->ro_page;
	case FZ_PTR_PAST_END:
		/* the first byte readable, the rest beyond the mapping */
		return (uintptr_t)(a->edge_end - (len > 1 ? 1 : len));
	case FZ_PTR_KERNEL:
		return 0xffff800000001000ull;
	default:
		return (uintptr_t)a->base + 1;
	}
}

const char *fz_bad_ptr_name(enum fz_bad_ptr kind)
{
	static const char *const names[FZ_NR_BAD_PTRS] = {
		"NULL", "unmapped", "read-only", "past-end", "kernel", "misaligned",
	};

	return kind < FZ_NR_BAD_PTRS ? names[kind] : "?";
}

static uint64_t get_field(const void *obj, const struct fz_field *f)
{
	uint64_t v = 0;

	memcpy(&v, (const uint8_t *)obj + f->offset, f->size);	/* little-endian */
	return v;
}

static void set_field(void *obj, const struct fz_field *f, uint64_t v)
{
	memcpy((uint8_t *)obj + f->offset, &v, f->size);
}

/* Another file's handle of the same kind, a stale one, or nonsense. */
static uint64_t foreign_handle(struct fz_state *st, uint64_t old)
{
	struct fz_file *f = fz_pick_file(st, FZ_NR_DRIVERS);

	if (f && f->nbos && fz_chance(&st->rng, 60))
		return f->bos[fz_below(&st->rng, f->nbos)].handle;
	if (f && f->nsyncobjs && fz_chance(&st->rng, 50))
		return f->syncobjs[fz_below(&st->rng, f->nsyncobjs)];
	return fz_chance(&st->rng, 50) ? old + 1 + fz_below(&st->rng, 64) : fz_nasty(&st->rng, old);
}

static uint64_t mutated(struct fz_state *st, const struct fz_field *f, uint64_t old)
{
	struct fz_rng *r = &st->rng;
	enum fz_bad_ptr kind;

	switch (f->kind) {
	case FZ_F_FLAGS:
		return fz_chance(r, 70) ? old ^ (1ull << fz_below(r, (unsigned)f->size * 8))
					: fz_nasty(r, old);
	case FZ_F_COUNT:
		switch (fz_below(r, 6)) {
		case 0:
			return 0;
		case 1:
			return old + 1;
		case 2:
			return old ? old - 1 : 1;
		case 3:
			return 1u << (8 + fz_below(r, 24));
		default:
			return fz_nasty(r, old);
		}
	case FZ_F_HANDLE:
		return foreign_handle(st, old);
	case FZ_F_PTR:
		kind = (enum fz_bad_ptr)fz_below(r, FZ_NR_BAD_PTRS);
		fz_say(st, "(%s)", fz_bad_ptr_name(kind));
		return fz_bad_ptr(&st->arena, kind, 8);
	case FZ_F_FD:
		switch (fz_below(r, 5)) {
		case 0:
			return (uint64_t)-1;
		case 1:
			return st->nfiles ? (uint64_t)st->files[fz_below(r, st->nfiles)].fd : 0;
		case 2:
			return (uint64_t)fz_pick_fd(st, (enum fz_fd_kind)fz_below(r, 3));
		case 3:
			return 600 + fz_below(r, 400);	/* not open (below the model's own fds) */
		default:
			return fz_nasty(r, old);
		}
	case FZ_F_PAD:
		return 1ull << fz_below(r, (unsigned)f->size * 8);
	default:
		return fz_nasty(r, old);
	}
}

struct fz_table fz_slice(const struct fz_table *t, size_t first, size_t n)
{
	if (first > t->n || n > t->n - first) {
		fprintf(stderr, "model_fuzz: fields %zu-%zu of a table of %zu\n", first,
			first + n - 1, t->n);
		abort();
	}
	return (struct fz_table){ t->fields + first, n };
}

unsigned fz_mutate(struct fz_state *st, void *obj, const struct fz_table *t, unsigned max)
{
	unsigned n = 1 + fz_below(&st->rng, max);

	if (!t->n)
		return 0;
	fz_say(st, " [mutated");
	for (unsigned i = 0; i < n; i++) {
		const struct fz_field *f = &t->fields[fz_below(&st->rng, (uint32_t)t->n)];
		uint64_t v;

		fz_say(st, " %s", f->name);
		v = mutated(st, f, get_field(obj, f));
		set_field(obj, f, v);
		fz_say(st, "=%#llx", (unsigned long long)get_field(obj, f));
	}
	fz_say(st, "]");
	return n;
}
