// SPDX-License-Identifier: MIT
/*
 * model_fuzz: msm requests (include/drm-uapi/msm_drm.h) and the command
 * streams GEM_SUBMIT hands the CP: pkt4/pkt7 packets that write memory
 * and registers, wait on memory, call IBs (their own stream too), mixed
 * with garbage, bad parity and counts past the end of the stream.
 */
#include <string.h>
#include <xf86drm.h>
#include "drm-uapi/msm_drm.h"

#include "msm/adreno_pm4.xml.h"
#include "msm/a6xx.xml.h"
#include "msm/pm4_header.h"
#include "model_fuzz.h"
#include "model_fuzz_fields.h"
#include "util/util.h"

#define WAIT_MS 20
#define STREAM_MAX 256		/* dwords of one command stream */

static const struct fz_ioctl *msm(const char *name)
{
	return fz_find_ioctl(fz_msm_ioctls, name);
}

static struct drm_msm_timespec short_timeout(struct fz_state *st)
{
	int64_t t = fz_chance(&st->rng, 20) ? 0 : fz_deadline_ns(fz_below(&st->rng, WAIT_MS));

	return (struct drm_msm_timespec){ t / 1000000000, t % 1000000000 };
}

static int gem_info(struct fz_state *st, struct fz_file *f, uint32_t handle, uint32_t info,
		    uint64_t *value)
{
	struct drm_msm_gem_info *req = fz_alloc(&st->arena, sizeof(*req));
	int ret;

	req->handle = handle;
	req->info = info;
	ret = fz_ioctl_exact(st, f->fd, msm("GEM_INFO"), req);
	*value = req->value;
	return ret;
}

int fz_msm_bo_new(struct fz_state *st, struct fz_file *f, uint64_t size)
{
	struct drm_msm_gem_new *req = fz_alloc(&st->arena, sizeof(*req));
	uint64_t iova = 0, offset = 0;
	int ret;

	req->size = size;
	req->flags = MSM_BO_WC;
	fz_say(st, " (msm GEM_NEW size=%llu to use)", (unsigned long long)size);
	ret = fz_ioctl_exact(st, f->fd, msm("GEM_NEW"), req);
	if (ret)
		return ret;
	gem_info(st, f, req->handle, MSM_INFO_GET_IOVA, &iova);
	fz_add_bo(f, req->handle, size, iova);
	if (!gem_info(st, f, req->handle, MSM_INFO_GET_OFFSET, &offset))
		fz_map_bo(f, &f->bos[f->nbos - 1], offset);
	return 0;
}

void fz_msm_file_init(struct fz_state *st, struct fz_file *f)
{
	struct drm_msm_submitqueue *q = fz_alloc(&st->arena, sizeof(*q));

	fz_say(st, "msm file setup");
	fz_add_ctx(f, 0);	/* msm_submitqueue_init: the default queue */
	q->prio = fz_below(&st->rng, 3);
	if (!fz_ioctl_exact(st, f->fd, msm("SUBMITQUEUE_NEW"), q))
		fz_add_ctx(f, q->id);
	fz_msm_bo_new(st, f, 4096);
	fz_msm_bo_new(st, f, 4096 * (1 + fz_below(&st->rng, 4)));
}

/* ---- command streams ------------------------------------------------------------ */

/* An address the stream may use: in one of @bos (most of the time), or anywhere. */
static uint64_t target(struct fz_state *st, const struct fz_bo *bos, unsigned n)
{
	const struct fz_bo *bo = n ? &bos[fz_below(&st->rng, n)] : NULL;

	if (!bo || !bo->gpu_addr || fz_chance(&st->rng, 10))
		return fz_nasty(&st->rng, 0x100000000ull);
	return bo->gpu_addr + (fz_below(&st->rng, (uint32_t)(bo->size / 4)) * 4);
}

/* One packet at @dw (room for @room dwords); returns the dwords written. */
static uint32_t packet(struct fz_state *st, uint32_t *dw, uint32_t room, const struct fz_bo *bos,
		       unsigned n, uint64_t self)
{
	uint64_t a = target(st, bos, n);
	uint32_t k;

	if (room < 8)
		return 0;
	switch (fz_below(&st->rng, 10)) {
	case 0:
		k = fz_below(&st->rng, 4);
		dw[0] = pm4_pkt7_hdr(CP_NOP, k);
		for (uint32_t i = 0; i < k; i++)
			dw[1 + i] = fz_u32(&st->rng);
		return 1 + k;
	case 1 ... 2:
		dw[0] = pm4_pkt7_hdr(CP_MEM_WRITE, 3);
		dw[1] = (uint32_t)a;
		dw[2] = (uint32_t)(a >> 32);
		dw[3] = fz_u32(&st->rng);
		return 4;
	case 3:
		dw[0] = pm4_pkt4_hdr(REG_A6XX_CP_SCRATCH_REG(fz_below(&st->rng, 8)), 1);
		dw[1] = fz_u32(&st->rng);
		return 2;
	case 4:
		/* an IB: into a BO of the submit, or the stream itself (recursion) */
		a = fz_chance(&st->rng, 30) ? self : a & ~3ull;
		dw[0] = pm4_pkt7_hdr(CP_INDIRECT_BUFFER, 3);
		dw[1] = (uint32_t)a;
		dw[2] = (uint32_t)(a >> 32);
		dw[3] = A5XX_CP_INDIRECT_BUFFER_2_IB_SIZE(fz_below(&st->rng, 64));
		return 4;
	case 5:
		/* a wait that may never end: the hangcheck must */
		dw[0] = pm4_pkt7_hdr(CP_WAIT_REG_MEM, 6);
		dw[1] = CP_WAIT_REG_MEM_0_FUNCTION(fz_chance(&st->rng, 50) ? WRITE_EQ : WRITE_GE) |
			CP_WAIT_REG_MEM_0_POLL(POLL_MEMORY);
		dw[2] = (uint32_t)a;
		dw[3] = (uint32_t)(a >> 32);
		dw[4] = CP_WAIT_REG_MEM_3_REF(fz_u32(&st->rng));
		dw[5] = CP_WAIT_REG_MEM_4_MASK(~0u);
		dw[6] = fz_below(&st->rng, 16);	/* DELAY_LOOP_CYCLES */
		return 7;
	case 6:
		dw[0] = pm4_pkt7_hdr(CP_MEM_TO_MEM, 5);
		dw[1] = 0;
		dw[2] = (uint32_t)a;
		dw[3] = (uint32_t)(a >> 32);
		a = target(st, bos, n);
		dw[4] = (uint32_t)a;
		dw[5] = (uint32_t)(a >> 32);
		return 6;
	case 7:
		/* any opcode, any count (past the end of the stream too) */
		dw[0] = pm4_pkt7_hdr(fz_below(&st->rng, 128), fz_below(&st->rng, 1u << 14));
		return 1;
	case 8:
		dw[0] = pm4_pkt7_hdr(CP_MEM_WRITE, 3) ^ (1u << 15);	/* bad parity */
		return 1;
	default:
		dw[0] = fz_u32(&st->rng);
		return 1;
	}
}

/* Fill @bo (mapped) with a stream of at most @max dwords; returns its length. */
static uint32_t write_stream(struct fz_state *st, struct fz_bo *bo, const struct fz_bo *bos,
			     unsigned n, uint32_t max)
{
	uint32_t *dw = bo->map, len = 0, k;

	if (!dw)
		return 1 + fz_below(&st->rng, 16);
	if (max > bo->size / 4)
		max = (uint32_t)(bo->size / 4);
	while (len < max && (k = packet(st, dw + len, max - len, bos, n, bo->gpu_addr)))
		len += k;
	return len ? len : 1;
}

/* ---- GEM_SUBMIT -------------------------------------------------------------------- */

static struct drm_msm_gem_submit_syncobj *syncobjs(struct fz_state *st, struct fz_file *f,
						    uint32_t n, bool in)
{
	struct drm_msm_gem_submit_syncobj *s = fz_alloc(&st->arena, n * sizeof(*s));

	for (uint32_t i = 0; s && i < n; i++) {
		s[i].handle = fz_pick_syncobj(st, f);
		s[i].flags = in && fz_chance(&st->rng, 30) ? MSM_SUBMIT_SYNCOBJ_RESET : 0;
		s[i].point = fz_chance(&st->rng, 5) ? 1 : 0;
	}
	return s;
}

static struct drm_msm_gem_submit_cmd *cmds(struct fz_state *st, struct fz_file *f,
					   const uint32_t *idx, struct drm_msm_gem_submit_bo *bos,
					   uint32_t nbos, uint32_t ncmds)
{
	struct drm_msm_gem_submit_cmd *c = fz_alloc(&st->arena, ncmds * sizeof(*c));
	struct fz_bo list[FZ_SUBMIT_MAX_BOS];

	for (uint32_t i = 0; i < nbos; i++)
		list[i] = f->bos[idx[i]];
	for (uint32_t i = 0; i < ncmds; i++) {
		uint32_t at = fz_below(&st->rng, nbos);
		struct fz_bo *bo = &f->bos[idx[at]];

		c[i].type = fz_chance(&st->rng, 90) ? MSM_SUBMIT_CMD_BUF : 1 + fz_below(&st->rng, 3);
		c[i].submit_idx = at;
		c[i].size = 4 * write_stream(st, bo, list, nbos, STREAM_MAX);
		if (fz_chance(&st->rng, 5)) {
			/* a5xx and older patch relocs; a6xx refuses them */
			struct drm_msm_gem_submit_reloc *r = fz_alloc(&st->arena, sizeof(*r));

			r->submit_offset = 4 * fz_below(&st->rng, c[i].size / 4);
			r->reloc_idx = fz_below(&st->rng, nbos + 1);
			r->shift = (int32_t)fz_below(&st->rng, 9) - 4;
			c[i].nr_relocs = 1;
			c[i].relocs = (uintptr_t)r;
		}
		if (fz_chance(&st->rng, 15))
			fz_mutate(st, &c[i], &fz_drm_msm_gem_submit_cmd, 1);
	}
	(void)bos;
	return c;
}

/* Close what the submit uses while it may still be queued or running. */
static void close_behind(struct fz_state *st, struct fz_file *f, uint32_t queue)
{
	uint32_t *id = fz_alloc(&st->arena, sizeof(*id));

	if (fz_chance(&st->rng, 50) && queue) {
		*id = queue;
		fz_say(st, "; SUBMITQUEUE_CLOSE id=%u behind it", queue);
		if (!fz_ioctl_exact(st, f->fd, msm("SUBMITQUEUE_CLOSE"), id))
			fz_forget_ctx(f, queue);
		return;
	}
	if (f->nbos)
		fz_close_behind(st, f, f->bos[fz_below(&st->rng, f->nbos)].handle);
}

static void submit(struct fz_state *st, struct fz_file *f)
{
	struct drm_msm_gem_submit *s = fz_alloc(&st->arena, sizeof(*s));
	struct drm_msm_gem_submit_bo *bos;
	uint32_t nbos, ncmds = 1 + (fz_chance(&st->rng, 20) ? fz_below(&st->rng, 3) : 0);
	uint32_t idx[FZ_SUBMIT_MAX_BOS];
	uint32_t first;

	if (f->nbos < 2)
		fz_msm_bo_new(st, f, 4096);
	if (!f->nbos)
		return;
	st->text_len = 0;
	fz_say(st, "msm GEM_SUBMIT:");
	nbos = fz_submit_nbos(st, f);
	bos = fz_alloc(&st->arena, nbos * sizeof(*bos));
	first = fz_below(&st->rng, f->nbos);
	for (uint32_t i = 0; i < nbos; i++) {
		/* distinct BOs, now and then the first twice (EALREADY, EINVAL before 6.8) */
		idx[i] = i && fz_chance(&st->rng, 3) ? first : (first + i) % f->nbos;
		bos[i].handle = f->bos[idx[i]].handle;
		bos[i].flags = MSM_SUBMIT_BO_READ | MSM_SUBMIT_BO_WRITE |
			       (fz_chance(&st->rng, 20) ? MSM_SUBMIT_BO_NO_IMPLICIT : 0);
		if (fz_chance(&st->rng, 5))
			fz_mutate(st, &bos[i], &fz_drm_msm_gem_submit_bo, 1);
	}
	s->flags = MSM_PIPE_3D0;
	s->nr_bos = nbos;
	s->bos = (uintptr_t)bos;
	s->nr_cmds = ncmds;
	s->cmds = (uintptr_t)cmds(st, f, idx, bos, nbos, ncmds);
	s->queueid = fz_pick_ctx(st, f);
	s->fence_fd = -1;
	s->syncobj_stride = sizeof(struct drm_msm_gem_submit_syncobj);
	if (fz_chance(&st->rng, 30))
		s->flags |= MSM_SUBMIT_FENCE_FD_OUT;
	if (fz_chance(&st->rng, 15)) {
		s->flags |= MSM_SUBMIT_FENCE_FD_IN;
		s->fence_fd = fz_pick_fd(st, FZ_FD_SYNC_FILE);
	}
	if (fz_chance(&st->rng, 20)) {
		s->flags |= MSM_SUBMIT_SYNCOBJ_IN;
		s->nr_in_syncobjs = 1 + fz_below(&st->rng, 3);
		s->in_syncobjs = (uintptr_t)syncobjs(st, f, s->nr_in_syncobjs, true);
	}
	if (fz_chance(&st->rng, 30)) {
		s->flags |= MSM_SUBMIT_SYNCOBJ_OUT;
		s->nr_out_syncobjs = 1 + fz_below(&st->rng, 2);
		s->out_syncobjs = (uintptr_t)syncobjs(st, f, s->nr_out_syncobjs, false);
	}
	if (fz_chance(&st->rng, 10)) {
		s->flags |= MSM_SUBMIT_FENCE_SN_IN;
		s->fence = f->last_fence + 1 + fz_below(&st->rng, 3);
	}
	if (fz_chance(&st->rng, 10))
		s->flags |= MSM_SUBMIT_NO_IMPLICIT;
	fz_say(st, " flags=%#x queue=%u nr_bos=%u nr_cmds=%u in=%u out=%u fence_fd=%d",
	       s->flags, s->queueid, s->nr_bos, s->nr_cmds, s->nr_in_syncobjs, s->nr_out_syncobjs,
	       s->fence_fd);
	if (fz_chance(&st->rng, 50))
		fz_mutate(st, s, &fz_drm_msm_gem_submit, 3);
	if (fz_ioctl(st, f->fd, msm("GEM_SUBMIT"), s))
		return;
	f->last_fence = s->fence;
	if (s->flags & MSM_SUBMIT_FENCE_FD_OUT)
		fz_add_fd(st, s->fence_fd, FZ_FD_SYNC_FILE);
	if (fz_chance(&st->rng, 15))
		close_behind(st, f, s->queueid);
}

/* ---- the other ioctls ---------------------------------------------------------------- */

static void param(struct fz_state *st, struct fz_file *f)
{
	struct drm_msm_param *p = fz_alloc(&st->arena, sizeof(*p));
	bool set = fz_chance(&st->rng, 30);

	p->pipe = MSM_PIPE_3D0;
	p->param = 1 + fz_below(&st->rng, MSM_PARAM_EN_VM_BIND);
	if (set && (p->param == MSM_PARAM_COMM || p->param == MSM_PARAM_CMDLINE)) {
		char *s = fz_alloc(&st->arena, 32);

		strcpy(s, "model_fuzz");
		p->value = (uintptr_t)s;
		p->len = (uint32_t)strlen(s);
	} else if (set) {
		p->value = fz_below(&st->rng, 3);
	}
	fz_say(st, "msm %s param=%#x value=%#llx len=%u", set ? "SET_PARAM" : "GET_PARAM", p->param,
	       (unsigned long long)p->value, p->len);
	if (fz_chance(&st->rng, 40))
		fz_mutate(st, p, &fz_drm_msm_param, 2);
	fz_ioctl(st, f->fd, msm(set ? "SET_PARAM" : "GET_PARAM"), p);
}

static void gem_new(struct fz_state *st, struct fz_file *f)
{
	struct drm_msm_gem_new *req;

	if (fz_new_bo_to_use(st, f, 60, 5))
		return;
	req = fz_alloc(&st->arena, sizeof(*req));
	req->size = 4096u << fz_below(&st->rng, 8);
	req->flags = (MSM_BO_CACHED << fz_below(&st->rng, 4)) |
		     (fz_chance(&st->rng, 10) ? MSM_BO_GPU_READONLY : 0);
	fz_say(st, "msm GEM_NEW size=%llu flags=%#x", (unsigned long long)req->size, req->flags);
	fz_mutate(st, req, &fz_drm_msm_gem_new, 2);
	if (!fz_ioctl(st, f->fd, msm("GEM_NEW"), req))
		fz_add_bo(f, req->handle, req->size, 0);
}

static void gem_info_request(struct fz_state *st, struct fz_file *f)
{
	struct drm_msm_gem_info *req = fz_alloc(&st->arena, sizeof(*req));
	struct fz_bo *bo;

	req->handle = fz_pick_bo(st, f, &bo);
	req->info = fz_below(&st->rng, MSM_INFO_GET_METADATA + 1);
	if (req->info == MSM_INFO_SET_NAME || req->info == MSM_INFO_GET_NAME ||
	    req->info == MSM_INFO_SET_METADATA || req->info == MSM_INFO_GET_METADATA) {
		req->value = (uintptr_t)fz_alloc(&st->arena, 256);
		req->len = fz_below(&st->rng, 160);
		if (req->info == MSM_INFO_SET_NAME)
			memset((void *)(uintptr_t)req->value, 'n', req->len);
	} else if (req->info == MSM_INFO_SET_IOVA) {
		req->value = 0x100000000ull + ((uint64_t)fz_below(&st->rng, 1u << 16) << 12);
	}
	fz_say(st, "msm GEM_INFO handle=%u info=%u len=%u", req->handle, req->info, req->len);
	if (fz_chance(&st->rng, 40))
		fz_mutate(st, req, &fz_drm_msm_gem_info, 2);
	fz_ioctl(st, f->fd, msm("GEM_INFO"), req);
}

static void cpu_prep_fini_madvise(struct fz_state *st, struct fz_file *f)
{
	struct drm_msm_gem_cpu_prep *prep;
	struct drm_msm_gem_cpu_fini *fini;
	struct drm_msm_gem_madvise *madv;
	struct fz_bo *bo;

	switch (fz_below(&st->rng, 3)) {
	case 0:
		prep = fz_alloc(&st->arena, sizeof(*prep));
		prep->handle = fz_pick_bo(st, f, &bo);
		prep->op = fz_chance(&st->rng, 90) ? fz_below(&st->rng, 16) : fz_u32(&st->rng);
		prep->timeout = short_timeout(st);
		fz_say(st, "msm GEM_CPU_PREP handle=%u op=%#x", prep->handle, prep->op);
		fz_ioctl(st, f->fd, msm("GEM_CPU_PREP"), prep);
		break;
	case 1:
		fini = fz_alloc(&st->arena, sizeof(*fini));
		fini->handle = fz_pick_bo(st, f, &bo);
		fz_say(st, "msm GEM_CPU_FINI handle=%u", fini->handle);
		fz_ioctl(st, f->fd, msm("GEM_CPU_FINI"), fini);
		break;
	default:
		madv = fz_alloc(&st->arena, sizeof(*madv));
		madv->handle = fz_pick_bo(st, f, &bo);
		madv->madv = fz_chance(&st->rng, 90) ? fz_below(&st->rng, 2) : fz_u32(&st->rng);
		fz_say(st, "msm GEM_MADVISE handle=%u madv=%u", madv->handle, madv->madv);
		fz_ioctl(st, f->fd, msm("GEM_MADVISE"), madv);
		break;
	}
}

static void wait_fence(struct fz_state *st, struct fz_file *f)
{
	struct drm_msm_wait_fence *w = fz_alloc(&st->arena, sizeof(*w));

	w->fence = fz_chance(&st->rng, 70) ? f->last_fence : (uint32_t)fz_nasty(&st->rng, f->last_fence);
	w->flags = fz_chance(&st->rng, 90) ? fz_below(&st->rng, 2) : fz_u32(&st->rng);
	w->timeout = short_timeout(st);
	w->queueid = fz_pick_ctx(st, f);
	fz_say(st, "msm WAIT_FENCE fence=%u flags=%#x queue=%u", w->fence, w->flags, w->queueid);
	fz_ioctl(st, f->fd, msm("WAIT_FENCE"), w);
}

static void queues(struct fz_state *st, struct fz_file *f)
{
	struct drm_msm_submitqueue *q;
	struct drm_msm_submitqueue_query *query;
	uint32_t *id;

	switch (fz_below(&st->rng, 3)) {
	case 0:
		q = fz_alloc(&st->arena, sizeof(*q));
		q->flags = fz_chance(&st->rng, 90) ? 0 : 1u << fz_below(&st->rng, 32);
		q->prio = fz_chance(&st->rng, 90) ? fz_below(&st->rng, 4) : fz_u32(&st->rng);
		fz_say(st, "msm SUBMITQUEUE_NEW flags=%#x prio=%u", q->flags, q->prio);
		if (!fz_ioctl(st, f->fd, msm("SUBMITQUEUE_NEW"), q))
			fz_add_ctx(f, q->id);
		break;
	case 1:
		id = fz_alloc(&st->arena, sizeof(*id));
		*id = fz_pick_ctx(st, f);
		fz_say(st, "msm SUBMITQUEUE_CLOSE id=%u (its submits may still run)", *id);
		if (!fz_ioctl(st, f->fd, msm("SUBMITQUEUE_CLOSE"), id))
			fz_forget_ctx(f, *id);
		break;
	default:
		query = fz_alloc(&st->arena, sizeof(*query));
		query->id = fz_pick_ctx(st, f);
		query->param = fz_chance(&st->rng, 90) ? MSM_SUBMITQUEUE_PARAM_FAULTS : fz_u32(&st->rng);
		query->len = fz_below(&st->rng, 9);
		query->data = query->len ? (uintptr_t)fz_alloc(&st->arena, 8) : 0;
		if (fz_chance(&st->rng, 20))
			query->data = fz_bad_ptr(&st->arena, (enum fz_bad_ptr)fz_below(&st->rng, 4), 4);
		fz_say(st, "msm SUBMITQUEUE_QUERY id=%u param=%u len=%u", query->id, query->param,
		       query->len);
		fz_ioctl(st, f->fd, msm("SUBMITQUEUE_QUERY"), query);
		break;
	}
}

static const struct fz_choice msm_choices[] = {
	{ 5, submit },
	{ 1, param },
	{ 1, gem_new },
	{ 1, gem_info_request },
	{ 2, cpu_prep_fini_madvise },
	{ 1, wait_fence },
	{ 1, queues },
};

const struct fz_family fz_msm_requests = { msm_choices, ARRAY_SIZE(msm_choices) };
