// SPDX-License-Identifier: MIT
/*
 * Fences: one implementation for every driver. A fence is either signalled
 * by its producer (model_fence_signal) or an array that is signalled when
 * all its members are (dma_fence_array / dma_fence_chain prefixes).
 * Signalling runs the callbacks hung on that fence only (waiters,
 * sync_file pollers, arrays it is a member of, schedulers waiting on it).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"
#include "model/fence.h"

static uint64_t next_context = 1;

/* dma_fence_context_alloc */
uint64_t model_fence_new_context(void)
{
	return next_context++;
}

struct model_fence *model_fence_new(void)
{
	struct model_fence *f = calloc(1, sizeof(*f));

	if (!f)
		return NULL;
	f->refs = 1;
	f->context = next_context++;
	f->seqno = 1;
	f->driver = "drmsub";
	f->timeline = "unbound";
	return f;
}

/* dma_fence_allocate_private_stub: signalled at creation. */
struct model_fence *model_fence_stub(void)
{
	struct model_fence *f = model_fence_new();

	if (!f)
		return NULL;
	f->driver = "stub";
	f->timeline = "stub";
	f->signaled = true;
	f->timestamp_ns = model_now_ns();
	return f;
}

/* dma_fence_array's callback on one member: the last one to signal signals the array. */
struct model_fence_member_cb {
	struct model_wait_entry entry;
	struct model_fence *array;
};

/* The first error among the members, in their order (0 when none failed). */
static int array_error(const struct model_fence *f)
{
	for (unsigned int i = 0; i < f->nr_members; i++)
		if (f->members[i]->error)
			return f->members[i]->error;
	return 0;
}

static void member_signaled(struct model_wait_entry *entry)
{
	struct model_fence *array = ((struct model_fence_member_cb *)entry)->array;

	if (--array->nr_pending == 0)
		model_fence_signal(array, array_error(array));
}

struct model_fence *model_fence_array(struct model_fence **members, unsigned int count)
{
	struct model_fence *f = model_fence_new();

	if (!f)
		return NULL;
	f->members = calloc(count ? count : 1, sizeof(*f->members));
	f->member_cbs = calloc(count ? count : 1, sizeof(*f->member_cbs));
	if (!f->members || !f->member_cbs) {
		free(f->members);
		free(f->member_cbs);
		free(f);
		return NULL;
	}
	f->timeline = "array";
	for (unsigned int i = 0; i < count; i++) {
		model_fence_get(members[i]);
		f->members[f->nr_members++] = members[i];
		f->member_cbs[i].array = f;
		if (!model_fence_add_callback(members[i], &f->member_cbs[i].entry, member_signaled))
			f->nr_pending++;
	}
	if (!f->nr_pending)
		model_fence_signal(f, array_error(f));
	return f;
}

void model_fence_get(struct model_fence *f)
{
	f->refs++;
}

void model_fence_put(struct model_fence *f)
{
	if (!f || --f->refs > 0)
		return;
	/*
	 * Released unsignalled: whoever still has a callback on it learns
	 * now, as from dma_fence_release (only the schedulers' one-shot
	 * wake-ups can be left: every other waiter holds a reference).
	 */
	model_wait_queue_wake_all(&f->callbacks);
	for (unsigned int i = 0; i < f->nr_members; i++) {
		model_fence_remove_callback(&f->member_cbs[i].entry);
		model_fence_put(f->members[i]);
	}
	free(f->member_cbs);
	free(f->members);
	free(f);
}

void model_fence_array_free(struct model_fence **fences, size_t count)
{
	for (size_t i = 0; fences && i < count; i++)
		model_fence_put(fences[i]);
	free(fences);
}

bool model_fence_signaled(const struct model_fence *f)
{
	return f->signaled;
}

/* dma_fence_get_status: 0 pending, 1 signalled, -errno signalled with error. */
int model_fence_status(const struct model_fence *f)
{
	if (!f->signaled)
		return 0;
	return f->error ? f->error : 1;
}

void model_fence_signal(struct model_fence *f, int error)
{
	if (f->signaled)
		return;
	f->signaled = true;
	f->error = error;
	f->timestamp_ns = model_now_ns();
	model_wait_queue_wake_all(&f->callbacks);
}

int model_fence_add_callback(struct model_fence *f, struct model_wait_entry *entry,
			     model_wake_fn func)
{
	if (f->signaled) {
		entry->pprev = NULL;
		return -ENOENT;
	}
	model_wait_queue_add(&f->callbacks, entry, func);
	return 0;
}

static void wake_once(struct model_wait_entry *entry)
{
	struct model_wait_link *link = (struct model_wait_link *)entry;

	model_waiter_wake(link->waiter);
	free(link);
}

void model_fence_wake_on_signal(struct model_fence *f, struct model_waiter *w)
{
	struct model_wait_link *link;

	if (f->signaled) {
		model_waiter_wake(w);
		return;
	}
	for (struct model_wait_entry *e = f->callbacks.first; e; e = e->next)
		if (e->func == wake_once && ((struct model_wait_link *)e)->waiter == w)
			return;
	link = calloc(1, sizeof(*link));
	if (!link) {
		/* no memory for the link: let the scheduler look again rather than sleep forever */
		model_waiter_wake(w);
		return;
	}
	link->waiter = w;
	model_wait_queue_add(&f->callbacks, &link->entry, wake_once);
}

/*
 * Sleep on the fence's own callback list until it signals or @deadline_ns
 * passes; @wakeups (optional) counts the times the thread woke.
 */
int model_fence_wait_counted(struct model_fence *f, int64_t deadline_ns, unsigned int *wakeups)
{
	struct model_wait_link link;
	struct model_waiter w;
	int ret = 0;

	if (f->signaled)
		return 0;
	if (deadline_ns >= 0 && model_now_ns() >= deadline_ns)
		return -ETIME;
	model_waiter_init(&w);
	model_wait_link_add(&f->callbacks, &link, &w);
	while (!f->signaled && !ret) {
		if (!model_waiter_sleep(&w, deadline_ns < 0 ? 0 : deadline_ns) && !f->signaled)
			ret = -ETIME;
		if (wakeups)
			(*wakeups)++;
	}
	model_wait_link_remove(&link);
	model_waiter_fini(&w);
	return ret;
}

int model_fence_wait(struct model_fence *f, int64_t deadline_ns)
{
	return model_fence_wait_counted(f, deadline_ns, NULL);
}
