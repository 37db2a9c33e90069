// SPDX-License-Identifier: MIT
/* Wait queues and waiters: wait.h says how the model's threads sleep. */
#include <errno.h>
#include <stddef.h>
#include <time.h>

#include "model/model.h"
#include "model/wait.h"

void model_wait_queue_add(struct model_wait_queue *q, struct model_wait_entry *entry,
			  model_wake_fn func)
{
	struct model_wait_entry **tail = &q->first;

	/* at the tail: callbacks run in the order they were added, as a fence's cb_list */
	while (*tail)
		tail = &(*tail)->next;
	entry->func = func;
	entry->next = NULL;
	entry->pprev = tail;
	*tail = entry;
}

void model_wait_entry_remove(struct model_wait_entry *entry)
{
	if (!entry->pprev)
		return;
	*entry->pprev = entry->next;
	if (entry->next)
		entry->next->pprev = entry->pprev;
	entry->next = NULL;
	entry->pprev = NULL;
}

void model_wait_queue_wake_all(struct model_wait_queue *q)
{
	/*
	 * Move the entries to a list of our own first: a callback may remove
	 * another entry (it then leaves this list) or add a new one to @q
	 * (it then waits for the next wake, not this one).
	 */
	struct model_wait_queue woken = { q->first };
	struct model_wait_entry *entry;

	q->first = NULL;
	if (woken.first)
		woken.first->pprev = &woken.first;
	while ((entry = woken.first)) {
		model_wait_entry_remove(entry);
		entry->func(entry);
	}
}

void model_waiter_init(struct model_waiter *w)
{
	pthread_condattr_t attr;

	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&w->cond, &attr);
	pthread_condattr_destroy(&attr);
	w->pid = model_pid;
	w->woken = false;
}

void model_waiter_fini(struct model_waiter *w)
{
	pthread_cond_destroy(&w->cond);
}

void model_waiter_wake(struct model_waiter *w)
{
	if (w->pid != model_pid)
		return;	/* a thread of the parent process: gone in this child */
	w->woken = true;
	pthread_cond_signal(&w->cond);
}

bool model_waiter_sleep(struct model_waiter *w, int64_t deadline_ns)
{
	struct timespec ts = {
		.tv_sec = deadline_ns / 1000000000ll,
		.tv_nsec = deadline_ns % 1000000000ll,
	};
	int err = 0;

	if (w->pid != model_pid)
		model_waiter_init(w);
	while (!w->woken && err != ETIMEDOUT) {
		if (deadline_ns)
			err = pthread_cond_timedwait(&w->cond, &model_lock, &ts);
		else
			pthread_cond_wait(&w->cond, &model_lock);
	}
	if (!w->woken)
		return false;
	w->woken = false;
	return true;
}

/* Every link on a queue, so that a forked child can take them all off. */
static struct model_wait_queue active_links;

static void wake_link(struct model_wait_entry *entry)
{
	struct model_wait_link *link = (struct model_wait_link *)entry;

	model_wait_entry_remove(&link->active);
	if (link->peek)
		link->peek(link);
	model_waiter_wake(link->waiter);
}

void model_wait_link_add(struct model_wait_queue *q, struct model_wait_link *link,
			 struct model_waiter *w)
{
	model_wait_link_add_peek(q, link, w, NULL);
}

void model_wait_link_add_peek(struct model_wait_queue *q, struct model_wait_link *link,
			      struct model_waiter *w, model_peek_fn peek)
{
	link->waiter = w;
	link->peek = peek;
	model_wait_queue_add(&active_links, &link->active, NULL);
	model_wait_queue_add(q, &link->entry, wake_link);
}

void model_wait_link_remove(struct model_wait_link *link)
{
	model_wait_entry_remove(&link->entry);
	model_wait_entry_remove(&link->active);
}

void model_wait_after_fork(void)
{
	while (active_links.first) {
		struct model_wait_link *link = (struct model_wait_link *)
			((char *)active_links.first - offsetof(struct model_wait_link, active));

		model_wait_link_remove(link);
	}
}
