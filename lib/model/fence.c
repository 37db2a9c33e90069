// SPDX-License-Identifier: MIT
/*
 * Fences: one implementation for every driver. A fence is either signalled
 * by its producer (model_fence_signal) or an array that is signalled when
 * all its members are (dma_fence_array / dma_fence_chain prefixes).
 * Signalling wakes every waiter and every sync_file poller.
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

struct model_fence *model_fence_array(struct model_fence **members, unsigned int count)
{
	struct model_fence *f = model_fence_new();

	if (!f)
		return NULL;
	f->members = calloc(count ? count : 1, sizeof(*f->members));
	if (!f->members) {
		free(f);
		return NULL;
	}
	for (unsigned int i = 0; i < count; i++) {
		model_fence_get(members[i]);
		f->members[f->nr_members++] = members[i];
	}
	f->timeline = "array";
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
	for (unsigned int i = 0; i < f->nr_members; i++)
		model_fence_put(f->members[i]);
	free(f->members);
	free(f);
}

bool model_fence_signaled(const struct model_fence *f)
{
	if (!f->members)
		return f->signaled;
	for (unsigned int i = 0; i < f->nr_members; i++)
		if (!model_fence_signaled(f->members[i]))
			return false;
	return true;
}

/* dma_fence_get_status: 0 pending, 1 signalled, -errno signalled with error. */
int model_fence_status(const struct model_fence *f)
{
	if (!model_fence_signaled(f))
		return 0;
	if (!f->members)
		return f->error ? f->error : 1;
	for (unsigned int i = 0; i < f->nr_members; i++) {
		int status = model_fence_status(f->members[i]);

		if (status < 0)
			return status;
	}
	return 1;
}

void model_fence_signal(struct model_fence *f, int error)
{
	if (f->signaled)
		return;
	f->signaled = true;
	f->error = error;
	f->timestamp_ns = model_now_ns();
	pthread_cond_broadcast(&model_cond);
	model_sync_files_notify();
	model_syncobj_eventfds_notify();
}

int model_fence_wait(struct model_fence *f, int64_t deadline_ns)
{
	while (!model_fence_signaled(f)) {
		if (deadline_ns >= 0 && model_now_ns() >= deadline_ns)
			return -ETIME;
		model_wait_until(deadline_ns < 0 ? 0 : deadline_ns);
	}
	return 0;
}
