// SPDX-License-Identifier: MIT
/*
 * The GPU side of a nouveau channel: each job's pushes are GPFIFO
 * segments; their method headers are decoded with nouveau/push_header.h,
 * host methods (NVB06F, below 0x100, on any subchannel) run here, the
 * rest go to the class bound by SET_OBJECT on the subchannel
 * (engines.c). A header the decoder rejects, a method on an unbound
 * subchannel, a method the bound class lacks, or an access outside the
 * job's buffers is a channel error: the channel is killed, its work ends
 * with -ENODEV (nouveau_channel_kill), other channels go on.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "model/model.h"
#include "model/fence.h"
#include "nouveau/model/klog.h"
#include "nouveau/model/nv_model.h"
#include "nouveau/nv_classes.xml.h"
#include "nouveau/nvb06f.xml.h"
#include "nouveau/push_header.h"

#define ACQUIRE_POLL_NS 20000

static struct nvm_job *to_job(struct model_job *base)
{
	return (struct nvm_job *)((char *)base - offsetof(struct nvm_job, base));
}

static bool buffer_holds(const struct nvm_buffer *b, uint64_t va, uint64_t len)
{
	return va >= b->va && len <= b->size && va - b->va <= b->size - len;
}

/*
 * A sparse range (VM_BIND): zeros to read, a sink for writes. Each access
 * gets the other half of the scratch, cleared, so a copy's source and
 * destination never overlap.
 */
static void *sparse_access(struct nvm_job *job, uint64_t len)
{
	uint8_t *half;

	if (len > NVM_SPARSE_SCRATCH)
		return NULL;
	if (!job->sparse_scratch)
		job->sparse_scratch = model_thread_calloc(2, NVM_SPARSE_SCRATCH);
	if (!job->sparse_scratch)
		return NULL;
	half = job->sparse_scratch + NVM_SPARSE_SCRATCH * (job->sparse_turn++ & 1);
	memset(half, 0, len);
	return half;
}

void *nvm_gpu_addr(struct nvm_job *job, uint64_t va, uint64_t len)
{
	/* memory-backed mappings take precedence over the sparse range around them */
	for (uint32_t i = 0; i < job->nr_buffers; i++) {
		struct nvm_buffer *b = &job->buffers[i];

		if (b->cpu && buffer_holds(b, va, len))
			return b->cpu + (va - b->va);
	}
	for (uint32_t i = 0; i < job->nr_buffers; i++)
		if (!job->buffers[i].cpu && buffer_holds(&job->buffers[i], va, len))
			return sparse_access(job, len);
	model_debug("nouveau: channel %d: MMU fault at %#llx (+%llu)", job->chan->id,
		    (unsigned long long)va, (unsigned long long)len);
	return NULL;
}

uint64_t nvm_gpu_timestamp(struct nvm_job *job)
{
	uint64_t now = (uint64_t)model_now_ns();

	if (now <= job->ndev->last_timestamp)
		now = job->ndev->last_timestamp + 1;
	job->ndev->last_timestamp = now;
	return now;
}

static bool chan_dead(struct nvm_job *job)
{
	return __atomic_load_n(&job->chan->killed, __ATOMIC_ACQUIRE) ||
	       model_job_cancelled(&job->base);
}

/* ACQUIRE / ACQ_GEQ: poll the semaphore until it matches (or the channel dies). */
static int sem_acquire(struct nvm_job *job, volatile uint32_t *sem, uint32_t payload, bool geq)
{
	for (;;) {
		uint32_t v = __atomic_load_n(sem, __ATOMIC_ACQUIRE);

		/* GEQ compares with wrap-around, as the hardware does */
		if (geq ? (int32_t)(v - payload) >= 0 : v == payload)
			return 0;
		if (chan_dead(job))
			return -ECANCELED;
		model_job_poll_sleep(&job->base, ACQUIRE_POLL_NS);
	}
}

/* SEMAPHORED: the operation on the address of A/B with C's payload. */
static int host_semaphore(struct nvm_job *job, uint32_t d)
{
	struct nvm_channel *chan = job->chan;
	uint64_t va = (uint64_t)NVB06F_SEMAPHOREA_OFFSET_UPPER__get(chan->sem_a) << 32 |
		      NVB06F_SEMAPHOREB_OFFSET_LOWER__get(chan->sem_b);
	uint32_t op = NVB06F_SEMAPHORED_OPERATION__get(d);
	bool four = NVB06F_SEMAPHORED_RELEASE_SIZE__get(d) ==
		    NVB06F_SEMAPHORED_RELEASE_SIZE_4BYTE;
	volatile uint32_t *sem;

	switch (op) {
	case NVB06F_SEMAPHORED_OPERATION_RELEASE:
		sem = nvm_gpu_addr(job, va, four ? 4 : 16);
		if (!sem)
			return -EFAULT;
		if (!four) {
			/* 16 bytes: payload, zero, then the 64-bit GPU timestamp */
			uint64_t ts = nvm_gpu_timestamp(job);

			sem[1] = 0;
			sem[2] = (uint32_t)ts;
			sem[3] = (uint32_t)(ts >> 32);
		}
		__atomic_store_n(&sem[0], chan->sem_c, __ATOMIC_RELEASE);
		return 0;
	case NVB06F_SEMAPHORED_OPERATION_ACQUIRE:
	case NVB06F_SEMAPHORED_OPERATION_ACQ_GEQ:
		sem = nvm_gpu_addr(job, va, 4);
		if (!sem)
			return -EFAULT;
		return sem_acquire(job, sem, chan->sem_c, op == NVB06F_SEMAPHORED_OPERATION_ACQ_GEQ);
	default:
		/* ACQ_AND and reductions are not modelled */
		return -ENODEV;
	}
}

static bool class_allowed(const struct nvm_job *job, uint32_t cls)
{
	for (uint32_t i = 0; i < job->nr_classes; i++)
		if (job->classes[i] == cls)
			return true;
	return false;
}

static struct nvm_subc_state *subc_state(struct nvm_channel *chan, uint32_t subc, uint32_t cls)
{
	struct nvm_subc_state *s = chan->subc[subc];

	if (!s) {
		s = model_thread_calloc(1, sizeof(*s));
		if (!s)
			return NULL;
		chan->subc[subc] = s;
	}
	/* a different class starts from its reset state */
	if (s->cls != cls) {
		struct nvm_mme mme = s->mme;

		*s = (struct nvm_subc_state){ .cls = cls };
		s->mme = mme;
	}
	return s;
}

/* SET_OBJECT: the class must be an object created on this channel. */
static int set_object(struct nvm_job *job, uint32_t subc, uint32_t data)
{
	struct nvm_channel *chan = job->chan;
	uint32_t cls = NVB06F_SET_OBJECT_NVCLASS__get(data);

	if (!class_allowed(job, cls) || !nvm_class_known(cls)) {
		model_debug("nouveau: SET_OBJECT of class %#x, which channel %d has no object of",
			    cls, chan->id);
		return -ENODEV;
	}
	if (!subc_state(chan, subc, cls))
		return -ENOMEM;
	chan->bound[subc] = cls;
	return 0;
}

/*
 * A GR channel's subchannel 4 reaches the copy engine of the graphics
 * runlist (GRCE) without SET_OBJECT: NVIDIA's dev_ram.ref ("subchannel 4
 * targets GRCOPY0 and GRCOPY1 on the graphics runlist"), and Mesa's nvc0
 * uses MAXWELL_DMA_COPY_A's methods there without binding (the kernel's
 * nouveau_abi16_ioctl_channel_alloc notes the classes nvc0 does not
 * allocate on Kepler and later).
 *
 * HARDWARE CLAIM: on Maxwell the GRCE answers subchannel 4 of a GR channel
 * with the MAXWELL_DMA_COPY_A methods before any SET_OBJECT there (the
 * manual quoted is Volta's); verify on silicon.
 */
static bool grce(struct nvm_job *job, uint32_t subc)
{
	struct nvm_channel *chan = job->chan;

	if (subc != NVM_GRCE_SUBC || chan->engine != NVM_ENGINE_GR)
		return false;
	if (!subc_state(chan, subc, MAXWELL_DMA_COPY_A))
		return false;
	chan->bound[subc] = MAXWELL_DMA_COPY_A;
	return true;
}

static int host_method(struct nvm_job *job, uint32_t subc, uint32_t mthd, uint32_t data)
{
	struct nvm_channel *chan = job->chan;

	switch (mthd) {
	case REG_NVB06F_SET_OBJECT:
		return set_object(job, subc, data);
	case REG_NVB06F_NOP:
	case REG_NVB06F_NON_STALL_INTERRUPT:	/* no one listens for the event */
	case REG_NVB06F_WFI:			/* jobs run one method at a time */
	case REG_NVB06F_FB_FLUSH:
		return 0;
	case REG_NVB06F_SEMAPHOREA:
		chan->sem_a = data;
		return 0;
	case REG_NVB06F_SEMAPHOREB:
		chan->sem_b = data;
		return 0;
	case REG_NVB06F_SEMAPHOREC:
		chan->sem_c = data;
		return 0;
	case REG_NVB06F_SEMAPHORED:
		return host_semaphore(job, data);
	default:
		return -ENODEV;
	}
}

static int method(struct nvm_job *job, uint32_t subc, uint32_t mthd, uint32_t data)
{
	struct nvm_channel *chan = job->chan;

	/* subchannels 5-7: SET_OBJECT and class methods go to software (sw.c) */
	if (subc >= NVM_SW_SUBC_FIRST && (mthd == REG_NVB06F_SET_OBJECT || mthd >= 0x100))
		return nvm_sw_method(job, subc, mthd, data);
	if (mthd < 0x100)
		return host_method(job, subc, mthd, data);
	if (!chan->bound[subc] && !grce(job, subc)) {
		model_debug("nouveau: channel %d: method %#x on subchannel %u, which has no class "
			    "bound", chan->id, mthd, subc);
		return -ENODEV;
	}
	return nvm_class_method(job, chan->subc[subc], chan->bound[subc], mthd, data);
}

/* What ended a segment with a channel error: the killing method, for the log. */
struct kill_reason {
	uint64_t dword;			/* its index in the segment */
	uint32_t subc, mthd, data;
	bool header;			/* the header itself was bad: no method */
};

/* One GPFIFO segment: headers and their data, dword by dword. */
static int run_segment(struct nvm_job *job, const uint32_t *dw, uint64_t n,
		       struct kill_reason *why)
{
	uint64_t i = 0;
	int ret = 0;

	while (i < n && !ret) {
		struct nv_push_method m = nv_push_parse(dw[i]);

		*why = (struct kill_reason){ .dword = i, .data = dw[i], .header = true };
		i++;
		if (chan_dead(job))
			return -ECANCELED;
		model_job_progress(&job->base);
		switch (m.kind) {
		case NV_PUSH_NOP:
			continue;
		case NV_PUSH_END_SEGMENT:
			return 0;
		case NV_PUSH_INVALID:
			return -ENODEV;
		case NV_PUSH_IMMD:
			*why = (struct kill_reason){ why->dword, m.subc, m.method, m.value, false };
			ret = method(job, m.subc, m.method, m.value);
			continue;
		default:
			break;
		}
		/* a header whose data runs past the segment */
		if (m.count > n - i)
			return -ENODEV;
		for (uint32_t k = 0; k < m.count && !ret; k++) {
			uint32_t mthd = m.method;

			if (m.kind == NV_PUSH_INC)
				mthd += 4 * k;
			else if (m.kind == NV_PUSH_ONE_INC && k)
				mthd += 4;
			*why = (struct kill_reason){ i, m.subc, mthd, dw[i], false };
			ret = method(job, m.subc, mthd, dw[i++]);
		}
	}
	return ret;
}

/*
 * nouveau_channel_kill. The log names what killed the channel: method,
 * data and subchannel, as nvkm's PBDMA error report does, and the class.
 */
static void kill_channel(struct nvm_job *job, int why, const struct kill_reason *r)
{
	struct nvm_channel *chan = job->chan;

	if (!r)
		model_debug("nouveau: channel %d killed (%s)", chan->id, strerror(-why));
	else if (r->header)
		model_debug("nouveau: channel %d killed (%s) by the method header %#x at dword %llu",
			    chan->id, strerror(-why), r->data, (unsigned long long)r->dword);
	else if (r->mthd < 0x100 || !chan->bound[r->subc])
		model_debug("nouveau: channel %d killed (%s) by method %#x (data %#x) on "
			    "subchannel %u (%s) at dword %llu", chan->id, strerror(-why), r->mthd,
			    r->data, r->subc, r->mthd < 0x100 ? "host" : "no class bound",
			    (unsigned long long)r->dword);
	else
		model_debug("nouveau: channel %d killed (%s) by method %#x (data %#x) of class "
			    "%#x on subchannel %u at dword %llu", chan->id, strerror(-why), r->mthd,
			    r->data, chan->bound[r->subc], r->subc, (unsigned long long)r->dword);
	nvm_klog_channel_killed(job, why);
	__atomic_store_n(&chan->killed, true, __ATOMIC_RELEASE);
}

int nvm_job_run(struct model_job *base)
{
	struct nvm_job *job = to_job(base);

	if (chan_dead(job))
		return -ENODEV;
	for (uint32_t s = 0; s < job->nr_segs; s++) {
		const struct nvm_segment *seg = &job->segs[s];
		const struct nvm_buffer *b = seg->buffer == NVM_SEG_UNMAPPED ? NULL
					     : &job->buffers[seg->buffer];
		struct kill_reason why = { 0 }, *reason = NULL;
		int ret = -EFAULT;

		/*
		 * A GP entry of length 0 is a control entry: nothing is fetched.
		 * Its OPCODE shares bits with the address's top byte; the model
		 * runs every one as NOP (what a push at va 0 encodes).
		 */
		if (!seg->length)
			continue;
		/*
		 * An EXEC push at an address the VM does not map faults; the
		 * kernel does not check a push against its BO: the GPU faults.
		 */
		if (b && seg->offset <= b->size && seg->length <= b->size - seg->offset &&
		    !((seg->offset | seg->length) & 3)) {
			ret = run_segment(job, (const uint32_t *)(b->cpu + seg->offset),
					  seg->length / 4, &why);
			reason = &why;
		}
		if (ret) {
			kill_channel(job, ret, reason);
			return -ENODEV;
		}
	}
	return 0;
}

struct nvm_job *nvm_job_new(struct nvm_channel *chan, struct nvm_device *ndev,
			    uint32_t nr_buffers, uint32_t nr_segs)
{
	struct nvm_job *job = calloc(1, sizeof(*job));

	if (!job)
		return NULL;
	job->buffers = calloc(nr_buffers ? nr_buffers : 1, sizeof(*job->buffers));
	job->segs = calloc(nr_segs ? nr_segs : 1, sizeof(*job->segs));
	if (!job->buffers || !job->segs) {
		nvm_job_free(&job->base);
		return NULL;
	}
	job->base.ring = (unsigned int)chan->id % MODEL_MAX_RINGS;
	job->base.run = nvm_job_run;
	job->base.free = nvm_job_free;
	job->chan = chan;
	chan->refs++;
	job->ndev = ndev;
	for (unsigned int i = 0; i < chan->nr_objs; i++)
		job->classes[job->nr_classes++] = chan->objs[i].oclass;
	return job;
}

void nvm_job_free(struct model_job *base)
{
	struct nvm_job *job = to_job(base);

	/* EXEC: the scheduler's fence follows the ring fence (model lock held) */
	if (job->done) {
		model_fence_signal(job->done, base->fence ? base->fence->error : -ECANCELED);
		model_fence_put(job->done);
	}

	for (uint32_t i = 0; i < job->nr_buffers; i++)
		model_bo_put(job->buffers[i].bo);
	nvm_channel_put(job->chan);
	free(job->buffers);
	free(job->segs);
	free(job->sparse_scratch);
	free(job);
}

/* The hangcheck saw no progress (an acquire that never matched): kill the channel. */
void nvm_recover(struct model_device *dev, struct model_job *base)
{
	(void)dev;
	/* the core's own test jobs run on this device too: the core's default */
	if (base->run != nvm_job_run) {
		model_job_cancel(base, -ETIME);
		return;
	}
	kill_channel(to_job(base), -ETIME, NULL);
	model_job_cancel(base, -ENODEV);
}

void nvm_subc_free(struct nvm_channel *chan)
{
	for (int i = 0; i < 8; i++)
		free(chan->subc[i]);
}
