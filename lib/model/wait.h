/* SPDX-License-Identifier: MIT */
/*
 * Wait channels. A thread that sleeps in the model sleeps on its own
 * struct model_waiter, and hangs a link to it on the queues of the events
 * that concern it (a fence's signal, a syncobj's fence being replaced), as
 * the kernel's waiters hang a wait_queue_entry on a wait_queue_head or a
 * dma_fence_cb on a fence (include/linux/wait.h, dma-fence.c
 * dma_fence_add_callback). Waking a queue wakes only what is on it: no
 * event wakes every thread of the model.
 *
 * Everything here runs under model_lock. A waiter belongs to the process
 * that initialised it: after fork() the child's copies of other threads'
 * waiters (threads do not survive fork, their links may still hang on
 * the child's fences) are never signalled, so the child never touches a
 * condition variable whose waiters no longer exist (glibc may wait for
 * them to leave). A waiter a thread keeps for its whole life (the GPU and
 * scheduler threads) is re-initialised in the child by model_waiter_sleep.
 */
#ifndef DRMSUB_MODEL_WAIT_H
#define DRMSUB_MODEL_WAIT_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

struct model_wait_entry;
typedef void (*model_wake_fn)(struct model_wait_entry *entry);

/* One callback on one queue; unlinked before @func runs. */
struct model_wait_entry {
	struct model_wait_entry *next, **pprev;	/* pprev NULL: on no queue */
	model_wake_fn func;
};

struct model_wait_queue {
	struct model_wait_entry *first;
};

/* Run @func(@entry) at the next model_wait_queue_wake_all(@q). */
void model_wait_queue_add(struct model_wait_queue *q, struct model_wait_entry *entry,
			  model_wake_fn func);
/* Take @entry off its queue; nothing when it is on none (it ran). */
void model_wait_entry_remove(struct model_wait_entry *entry);
static inline bool model_wait_entry_queued(const struct model_wait_entry *entry)
{
	return entry->pprev != NULL;
}
static inline bool model_wait_queue_empty(const struct model_wait_queue *q)
{
	return !q->first;
}
/* Unlink every entry of @q and run each one's callback, in the order added. */
void model_wait_queue_wake_all(struct model_wait_queue *q);

/* ---- sleeping threads ------------------------------------------------ */

struct model_waiter {
	pthread_cond_t cond;
	pid_t pid;			/* the process whose thread sleeps here */
	bool woken;
};

void model_waiter_init(struct model_waiter *w);
void model_waiter_fini(struct model_waiter *w);
/* Wake the thread sleeping (or about to sleep) on @w. */
void model_waiter_wake(struct model_waiter *w);
/*
 * Sleep until woken (since the last sleep) or @deadline_ns
 * (CLOCK_MONOTONIC; 0: none), dropping model_lock meanwhile. false when
 * the deadline passed without a wake. A waiter of another process (a
 * forked child's copy) is initialised first.
 */
bool model_waiter_sleep(struct model_waiter *w, int64_t deadline_ns);

/* A waiter's link on one queue. */
struct model_wait_link {
	struct model_wait_entry entry;
	struct model_waiter *waiter;
};

/* Hang @link on @q: waking @q wakes @w. */
void model_wait_link_add(struct model_wait_queue *q, struct model_wait_link *link,
			 struct model_waiter *w);

/* Sleep once on @q (a temporary waiter); false at @deadline_ns (0: none). */
bool model_wait_queue_sleep(struct model_wait_queue *q, int64_t deadline_ns);

#endif
