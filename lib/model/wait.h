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
 * Everything here runs under model_lock. Fork: threads do not survive it,
 * and the stacks of the parent's other threads, where their waiters and
 * links live, are reused by the child's new threads. So the child takes
 * every link of a waiting thread off its queue at once (model_wait_after_fork,
 * from lock.c's atfork handler), and a waiter belongs to the process that
 * initialised it: the child never signals a condition variable of the
 * parent's threads (glibc may wait for their waiters to leave). A waiter
 * a thread keeps for its whole life (the GPU and scheduler threads) is
 * re-initialised in the child by model_waiter_sleep.
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

struct model_wait_link;
typedef void (*model_peek_fn)(struct model_wait_link *link);

/* A waiter's link on one queue. */
struct model_wait_link {
	struct model_wait_entry entry;
	struct model_waiter *waiter;
	struct model_wait_entry active;	/* on the list of every queued link */
	model_peek_fn peek;		/* run at the wake, before the waiter wakes; or NULL */
};

/* Hang @link on @q: waking @q wakes @w (once; the link is then off @q). */
void model_wait_link_add(struct model_wait_queue *q, struct model_wait_link *link,
			 struct model_waiter *w);
/*
 * The same, with @peek(@link) run first at the wake, by the waking thread
 * under model_lock: what the kernel's wait callbacks read at the event
 * itself, not when the sleeper gets round to it (drm_syncobj.c
 * syncobj_wait_syncobj_func takes the syncobj's new fence there and then).
 */
void model_wait_link_add_peek(struct model_wait_queue *q, struct model_wait_link *link,
			      struct model_waiter *w, model_peek_fn peek);
/* Take @link off its queue, if it is still on one. */
void model_wait_link_remove(struct model_wait_link *link);
/* In a forked child: take the links of the parent's waiting threads off their queues. */
void model_wait_after_fork(void);

/* ---- a driver's scheduler thread (thread.c) -------------------------- */

/*
 * drm_sched's work item: one thread per device and process (a forked
 * child starts its own) runs @kick under model_lock, then sleeps until
 * @wake is woken (a dependency of a waiting job signalled) and kicks again.
 */
struct model_sched_thread {
	pid_t pid;			/* the process whose thread runs */
	struct model_waiter wake;
	void (*kick)(void *arg);
	void *arg;
};

/* Start @t's thread in this process unless it runs; 0 or -errno. Call with model_lock held. */
int model_sched_thread_start(struct model_sched_thread *t, void (*kick)(void *arg), void *arg);

#endif
