// SPDX-License-Identifier: MIT
/*
 * model_fuzz: nouveau requests (libdrm's nouveau_drm.h, the kernel's VM_BIND
 * and EXEC in nouveau/uapi_vm.h, NVIF through nvif/ioctl.h) and the push
 * buffers a channel runs: SET_OBJECT binds, semaphore releases and
 * acquires (an acquire nobody releases stalls the channel until the
 * hangcheck kills it), inline-to-memory writes, methods of no class, and
 * garbage. A file is in the legacy mode (GEM_PUSHBUF, the kernel places
 * BOs) or, after VM_INIT, in VM_BIND mode (EXEC at VAs the file binds).
 */
#include <string.h>
#include <xf86drm.h>

/* first: nvif/class.h #defines some of the same names */
#include "nouveau/nv_classes.xml.h"
#include <nvif/class.h>
#include <nvif/cl0080.h>
#include <nvif/ioctl.h>

#include "nouveau/nva140.xml.h"
#include "nouveau/nvb06f.xml.h"
#include "nouveau/push_header.h"
#include "nouveau/uapi_vm.h"
#include "model_fuzz.h"
#include "model_fuzz_fields.h"
#include "util/util.h"

#define STREAM_MAX 128		/* dwords of one push segment */
#define VA_START (1ull << 33)	/* VM_BIND mode: where the file's own VAs begin */

static const struct fz_ioctl *nv(const char *name)
{
	return fz_find_ioctl(fz_nouveau_ioctls, name);
}

/* Classes a channel of these chips can hold (nv_classes.xml), and one it cannot. */
static const uint32_t classes[] = {
	MAXWELL_B, MAXWELL_DMA_COPY_A, KEPLER_INLINE_TO_MEMORY_B, FERMI_TWOD_A,
	MAXWELL_COMPUTE_B, 0x1234,
};

static int bind_va(struct fz_state *st, struct fz_file *f, struct fz_bo *bo)
{
	struct drm_nouveau_vm_bind *b = fz_alloc(&st->arena, sizeof(*b));
	struct drm_nouveau_vm_bind_op *op = fz_alloc(&st->arena, sizeof(*op));
	int ret;

	op->op = DRM_NOUVEAU_VM_BIND_OP_MAP;
	op->handle = bo->handle;
	op->addr = f->nv_next_va;
	op->range = bo->size;
	b->op_count = 1;
	b->op_ptr = (uintptr_t)op;
	fz_say(st, " (VM_BIND MAP va=%#llx)", (unsigned long long)op->addr);
	ret = fz_ioctl_exact(st, f->fd, nv("VM_BIND"), b);
	if (!ret) {
		bo->gpu_addr = f->nv_next_va;
		f->nv_next_va += (bo->size + 0xffff) & ~0xffffull;
	}
	return ret;
}

int fz_nouveau_bo_new(struct fz_state *st, struct fz_file *f, uint64_t size)
{
	struct drm_nouveau_gem_new *req = fz_alloc(&st->arena, sizeof(*req));
	int ret;

	req->info.size = size;
	req->info.domain = NOUVEAU_GEM_DOMAIN_GART | NOUVEAU_GEM_DOMAIN_MAPPABLE;
	fz_say(st, " (nouveau GEM_NEW size=%llu to use)", (unsigned long long)size);
	ret = fz_ioctl_exact(st, f->fd, nv("GEM_NEW"), req);
	if (ret)
		return ret;
	/* legacy mode: the kernel's VMA (info.offset); VM_BIND mode: none yet */
	fz_add_bo(f, req->info.handle, size, f->nv_uvmm ? 0 : req->info.offset);
	fz_map_bo(f, &f->bos[f->nbos - 1], req->info.map_handle);
	if (f->nv_uvmm)
		bind_va(st, f, &f->bos[f->nbos - 1]);
	return 0;
}

static int channel_alloc(struct fz_state *st, struct fz_file *f, uint32_t engine)
{
	struct drm_nouveau_channel_alloc *req = fz_alloc(&st->arena, sizeof(*req));
	struct drm_nouveau_grobj_alloc *obj = fz_alloc(&st->arena, sizeof(*obj));
	int ret;

	req->fb_ctxdma_handle = ~0u;	/* Kepler+: tt_ctxdma_handle is the engine mask */
	req->tt_ctxdma_handle = engine;
	ret = fz_ioctl_exact(st, f->fd, nv("CHANNEL_ALLOC"), req);
	if (ret || f->nctxs == FZ_POOL)
		return ret;
	fz_add_ctx(f, (uint32_t)req->channel);
	fz_add_bo(f, req->notifier_handle, 4096, 0);
	/* the classes the push buffers bind with SET_OBJECT */
	for (unsigned i = 0; i < 3; i++) {
		obj->channel = req->channel;
		obj->handle = 0xbeef0000 + i;
		obj->class = (int)classes[i];
		fz_ioctl_exact(st, f->fd, nv("GROBJ_ALLOC"), obj);
	}
	return 0;
}

void fz_nouveau_file_init(struct fz_state *st, struct fz_file *f)
{
	struct drm_nouveau_vm_init *init = fz_alloc(&st->arena, sizeof(*init));

	fz_say(st, "nouveau file setup");
	if (fz_chance(&st->rng, 50)) {
		/* VM_BIND mode must come first (nouveau_uvmm_ioctl_vm_init) */
		init->kernel_managed_addr = 0;
		init->kernel_managed_size = VA_START;
		fz_say(st, ": VM_INIT");
		f->nv_uvmm = !fz_ioctl_exact(st, f->fd, nv("VM_INIT"), init);
		f->nv_next_va = VA_START;
	}
	channel_alloc(st, f, 1);	/* NOUVEAU_FIFO_ENGINE_GR */
	fz_nouveau_bo_new(st, f, 4096);
	fz_nouveau_bo_new(st, f, 4096 * (1 + fz_below(&st->rng, 4)));
}

/* ---- push buffers ------------------------------------------------------------------- */

static uint64_t target(struct fz_state *st, const struct fz_file *f)
{
	const struct fz_bo *bo = f->nbos ? &f->bos[fz_below(&st->rng, f->nbos)] : NULL;

	if (!bo || !bo->gpu_addr || fz_chance(&st->rng, 10))
		return fz_nasty(&st->rng, 0x100000000ull) & 0xfffffffffcull;
	return bo->gpu_addr + 4 * fz_below(&st->rng, (uint32_t)(bo->size / 4));
}

/* One method group at @dw (room for @room dwords); returns the dwords written. */
static uint32_t methods(struct fz_state *st, const struct fz_file *f, uint32_t *dw, uint32_t room)
{
	uint32_t subc = fz_below(&st->rng, 8), k;
	uint64_t a = target(st, f);

	if (room < 8)
		return 0;
	switch (fz_below(&st->rng, 9)) {
	case 0:
		dw[0] = nv_push_inc(subc, REG_NVB06F_SET_OBJECT, 1);
		/* ARRAY_SIZE's unnamed bit-field (util/array.h) is no label */
		// cppcheck-suppress unusedLabelSwitch
		dw[1] = NVB06F_SET_OBJECT(.nvclass = classes[fz_below(&st->rng, ARRAY_SIZE(classes))]);
		return 2;
	case 1 ... 2:
		/* a semaphore release, or an acquire that may wait for ever */
		dw[0] = nv_push_inc(subc, REG_NVB06F_SEMAPHOREA, 4);
		dw[1] = NVB06F_SEMAPHOREA(.offset_upper = (uint32_t)(a >> 32) & 0xff);
		/* a byte address: the field keeps bits 31:2 (shr) */
		dw[2] = NVB06F_SEMAPHOREB(.offset_lower = (uint32_t)a & ~3u);
		dw[3] = NVB06F_SEMAPHOREC(.payload = fz_u32(&st->rng));
		dw[4] = NVB06F_SEMAPHORED(.operation = fz_chance(&st->rng, 70) ?
				NVB06F_SEMAPHORED_OPERATION_RELEASE : NVB06F_SEMAPHORED_OPERATION_ACQ_GEQ);
		return 5;
	case 3:
		/* inline-to-memory: one line of @k dwords */
		k = 1 + fz_below(&st->rng, 3);
		dw[0] = nv_push_inc(subc, REG_NVA140_OFFSET_OUT_UPPER, 2);
		dw[1] = (uint32_t)(a >> 32) & 0xff;
		dw[2] = (uint32_t)a;
		dw[3] = nv_push_inc(subc, REG_NVA140_LINE_LENGTH_IN, 2);
		dw[4] = 4 * k;
		dw[5] = 1;
		dw[6] = nv_push_inc(subc, REG_NVA140_LAUNCH_DMA, 1);
		dw[7] = NVA140_LAUNCH_DMA(.dst_memory_layout = NVA140_LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH);
		if (room < 9 + k)
			return 8;
		dw[8] = nv_push_noninc(subc, REG_NVA140_LOAD_INLINE_DATA, k);
		for (uint32_t i = 0; i < k; i++)
			dw[9 + i] = fz_u32(&st->rng);
		return 9 + k;
	case 4:
		dw[0] = nv_push_immd(subc, REG_NVB06F_NOP, fz_below(&st->rng, 0x2000));
		return 1;
	case 5:
		/* any method of the subchannel's class, with a count past the end */
		dw[0] = nv_push_inc(subc, 4 * fz_below(&st->rng, 0x1000), fz_below(&st->rng, 0x2000));
		return 1;
	case 6:
		dw[0] = nv_push_hdr((enum nv_sec_op)fz_below(&st->rng, 8), subc,
				    4 * fz_below(&st->rng, 0x1000), fz_below(&st->rng, 8));
		return 1;
	default:
		dw[0] = fz_u32(&st->rng);
		return 1;
	}
}

static uint32_t write_push(struct fz_state *st, const struct fz_file *f, struct fz_bo *bo)
{
	uint32_t *dw = bo->map, len = 0, max = STREAM_MAX, k;

	if (!dw)
		return 1 + fz_below(&st->rng, 16);
	if (max > bo->size / 4)
		max = (uint32_t)(bo->size / 4);
	while (len < max && (k = methods(st, f, dw + len, max - len)))
		len += k;
	return len ? len : 1;
}

/* ---- GEM_PUSHBUF and EXEC ----------------------------------------------------------- */

static void pushbuf(struct fz_state *st, struct fz_file *f)
{
	struct drm_nouveau_gem_pushbuf *req = fz_alloc(&st->arena, sizeof(*req));
	struct drm_nouveau_gem_pushbuf_bo *bos;
	struct drm_nouveau_gem_pushbuf_push *push;
	uint32_t nbos, npush = 1 + (fz_chance(&st->rng, 20) ? fz_below(&st->rng, 3) : 0);

	if (!f->nbos)
		return;
	fz_say(st, "nouveau GEM_PUSHBUF:");
	nbos = fz_submit_nbos(st, f);
	bos = fz_alloc(&st->arena, nbos * sizeof(*bos));
	push = fz_alloc(&st->arena, npush * sizeof(*push));
	for (uint32_t i = 0; i < nbos; i++) {
		bos[i].handle = f->bos[(i + fz_below(&st->rng, f->nbos)) % f->nbos].handle;
		bos[i].read_domains = bos[i].valid_domains = NOUVEAU_GEM_DOMAIN_GART;
		bos[i].write_domains = fz_chance(&st->rng, 50) ? NOUVEAU_GEM_DOMAIN_GART : 0;
		if (fz_chance(&st->rng, 5))
			fz_mutate(st, &bos[i], &fz_drm_nouveau_gem_pushbuf_bo, 1);
	}
	for (uint32_t i = 0; i < npush; i++) {
		struct fz_bo *bo = NULL;

		push[i].bo_index = fz_below(&st->rng, nbos);
		for (unsigned k = 0; k < f->nbos; k++)
			if (f->bos[k].handle == bos[push[i].bo_index].handle)
				bo = &f->bos[k];
		push[i].length = bo ? 4 * write_push(st, f, bo) : 4;
		if (fz_chance(&st->rng, 10))
			fz_mutate(st, &push[i], &fz_drm_nouveau_gem_pushbuf_push, 1);
	}
	req->channel = fz_pick_ctx(st, f);
	req->nr_buffers = nbos;
	req->buffers = (uintptr_t)bos;
	req->nr_push = npush;
	req->push = (uintptr_t)push;
	/* NOUVEAU_GEM_PUSHBUF_SYNC: wait for the fence and return its error */
	req->vram_available = fz_chance(&st->rng, 20) ? NOUVEAU_GEM_PUSHBUF_SYNC : 0;
	fz_say(st, " channel=%u nr_buffers=%u nr_push=%u sync=%u", req->channel, nbos, npush,
	       (unsigned)req->vram_available);
	if (fz_chance(&st->rng, 40))
		fz_mutate(st, req, &fz_drm_nouveau_gem_pushbuf, 2);
	fz_ioctl(st, f->fd, nv("GEM_PUSHBUF"), req);
}

static struct drm_nouveau_sync *syncs(struct fz_state *st, struct fz_file *f, uint32_t n)
{
	struct drm_nouveau_sync *s = fz_alloc(&st->arena, n * sizeof(*s));

	for (uint32_t i = 0; s && i < n; i++) {
		s[i].flags = fz_chance(&st->rng, 90) ? fz_below(&st->rng, 2) : fz_u32(&st->rng);
		s[i].handle = fz_pick_syncobj(st, f);
		s[i].timeline_value = s[i].flags ? 1 + fz_below(&st->rng, 4) : 0;
	}
	return s;
}

static void exec(struct fz_state *st, struct fz_file *f)
{
	struct drm_nouveau_exec *req = fz_alloc(&st->arena, sizeof(*req));
	struct drm_nouveau_exec_push *push = fz_alloc(&st->arena, sizeof(*push));
	struct fz_bo *bo = f->nbos ? &f->bos[fz_below(&st->rng, f->nbos)] : NULL;

	fz_say(st, "nouveau EXEC:");
	push->va = bo && bo->gpu_addr ? bo->gpu_addr : target(st, f);
	push->va_len = bo ? 4 * write_push(st, f, bo) : 4;
	push->flags = fz_chance(&st->rng, 10) ? DRM_NOUVEAU_EXEC_PUSH_NO_PREFETCH : 0;
	req->channel = fz_pick_ctx(st, f);
	req->push_count = 1;
	req->push_ptr = (uintptr_t)push;
	if (fz_chance(&st->rng, 30)) {
		req->wait_count = 1 + fz_below(&st->rng, 2);
		req->wait_ptr = (uintptr_t)syncs(st, f, req->wait_count);
	}
	if (fz_chance(&st->rng, 50)) {
		req->sig_count = 1 + fz_below(&st->rng, 2);
		req->sig_ptr = (uintptr_t)syncs(st, f, req->sig_count);
	}
	fz_say(st, " channel=%u va=%#llx len=%u wait=%u sig=%u", req->channel,
	       (unsigned long long)push->va, push->va_len, req->wait_count, req->sig_count);
	if (fz_chance(&st->rng, 40))
		fz_mutate(st, req, &fz_drm_nouveau_exec, 2);
	fz_ioctl(st, f->fd, nv("EXEC"), req);
}

static void vm_bind(struct fz_state *st, struct fz_file *f)
{
	struct drm_nouveau_vm_bind *req = fz_alloc(&st->arena, sizeof(*req));
	struct drm_nouveau_vm_bind_op *op = fz_alloc(&st->arena, sizeof(*op));
	struct fz_bo *bo;

	op->handle = fz_pick_bo(st, f, &bo);
	op->op = fz_chance(&st->rng, 50) ? DRM_NOUVEAU_VM_BIND_OP_MAP : DRM_NOUVEAU_VM_BIND_OP_UNMAP;
	op->addr = bo && bo->gpu_addr && op->op ? bo->gpu_addr : f->nv_next_va;
	op->range = bo ? bo->size : 4096;
	if (fz_chance(&st->rng, 10))
		op->flags = DRM_NOUVEAU_VM_BIND_SPARSE;
	req->op_count = 1;
	req->op_ptr = (uintptr_t)op;
	if (fz_chance(&st->rng, 30)) {
		/* syncs need RUN_ASYNC (nouveau_job_init) */
		req->flags = DRM_NOUVEAU_VM_BIND_RUN_ASYNC;
		req->sig_count = 1;
		req->sig_ptr = (uintptr_t)syncs(st, f, 1);
	}
	fz_say(st, "nouveau VM_BIND %s handle=%u addr=%#llx range=%#llx flags=%#x",
	       op->op ? "UNMAP" : "MAP", op->handle, (unsigned long long)op->addr,
	       (unsigned long long)op->range, req->flags);
	if (fz_chance(&st->rng, 30))
		fz_mutate(st, op, &fz_drm_nouveau_vm_bind_op, 1);
	if (fz_chance(&st->rng, 30))
		fz_mutate(st, req, &fz_drm_nouveau_vm_bind, 1);
	if (!fz_ioctl(st, f->fd, nv("VM_BIND"), req) && !op->op && op->addr == f->nv_next_va)
		f->nv_next_va += (op->range + 0xffff) & ~0xffffull;
}

/* ---- NVIF ------------------------------------------------------------------------- */

/* A payload of nouveau_abi16_ioctl: a header, then a body of its type. */
static void nvif(struct fz_state *st, struct fz_file *f)
{
	size_t size = sizeof(struct nvif_ioctl_v0);
	struct nvif_ioctl_v0 *hdr = fz_alloc(&st->arena, 512);
	struct nvif_ioctl_new_v0 *new = (void *)hdr->data;
	struct nvif_ioctl_sclass_v0 *sclass = (void *)hdr->data;
	struct nvif_ioctl_mthd_v0 *mthd = (void *)hdr->data;
	struct nv_device_v0 *dev = (void *)new->data;
	struct fz_ioctl ioc = *nv("NVIF");
	static uint64_t cookie = 0x1000;

	hdr->owner = NVIF_IOCTL_V0_OWNER_ANY;
	switch (fz_below(&st->rng, 5)) {
	case 0:		/* the device object (libdrm nouveau_device_new) */
		hdr->type = NVIF_IOCTL_V0_NEW;
		new->object = cookie++;
		new->oclass = NV_DEVICE;
		dev->device = ~0ull;
		size += sizeof(*new) + sizeof(*dev);
		break;
	case 1:		/* an engine object on a channel (route hidden, token = chid) */
		hdr->type = NVIF_IOCTL_V0_NEW;
		hdr->route = NVIF_IOCTL_V0_ROUTE_HIDDEN;
		hdr->token = fz_pick_ctx(st, f);
		new->object = cookie++;
		new->handle = 0xbeef1000 + fz_below(&st->rng, 8);
		new->oclass = (int32_t)classes[fz_below(&st->rng, ARRAY_SIZE(classes))];
		size += sizeof(*new);
		break;
	case 2:		/* the classes of a channel */
		hdr->type = NVIF_IOCTL_V0_SCLASS;
		hdr->route = NVIF_IOCTL_V0_ROUTE_HIDDEN;
		hdr->token = fz_pick_ctx(st, f);
		sclass->count = (uint8_t)fz_below(&st->rng, 16);
		size += sizeof(*sclass) + sclass->count * sizeof(sclass->oclass[0]);
		break;
	case 3:		/* NV_DEVICE_V0_INFO on a device object */
		hdr->type = NVIF_IOCTL_V0_MTHD;
		hdr->object = cookie - 1 - fz_below(&st->rng, 4);
		mthd->method = NV_DEVICE_V0_INFO;
		size += sizeof(*mthd) + sizeof(struct nv_device_info_v0);
		break;
	default:
		hdr->type = NVIF_IOCTL_V0_DEL;
		hdr->object = cookie - 1 - fz_below(&st->rng, 4);
		break;
	}
	if (fz_chance(&st->rng, 15))
		size = fz_below(&st->rng, 300);
	fz_say(st, "nouveau NVIF type=%u route=%#x token=%llu size=%zu", hdr->type, hdr->route,
	       (unsigned long long)hdr->token, size);
	if (fz_chance(&st->rng, 30))
		fz_mutate(st, hdr, &fz_nvif_ioctl_v0, 2);
	/* the request's size is the payload's: nouveau_drm_ioctl passes _IOC_SIZE */
	ioc.cmd = DRM_IOWR(DRM_COMMAND_BASE + DRM_NOUVEAU_NVIF, char[1]) &
		  ~((unsigned long)_IOC_SIZEMASK << _IOC_SIZESHIFT);
	ioc.cmd |= (unsigned long)size << _IOC_SIZESHIFT;
	fz_ioctl_exact(st, f->fd, &ioc, hdr);
}

/* ---- ABI16 objects, GEM ------------------------------------------------------------ */

static void abi16(struct fz_state *st, struct fz_file *f)
{
	struct drm_nouveau_getparam *gp;
	struct drm_nouveau_channel_free *cf;
	struct drm_nouveau_grobj_alloc *ga;
	struct drm_nouveau_gpuobj_free *gf;

	switch (fz_below(&st->rng, 6)) {
	case 0 ... 1:
		gp = fz_alloc(&st->arena, sizeof(*gp));
		gp->param = fz_chance(&st->rng, 90) ? fz_below(&st->rng, 24) : fz_nasty(&st->rng, 11);
		fz_say(st, "nouveau GETPARAM param=%llu", (unsigned long long)gp->param);
		fz_ioctl(st, f->fd, nv("GETPARAM"), gp);
		break;
	case 2:
		fz_say(st, "nouveau CHANNEL_ALLOC");
		channel_alloc(st, f, fz_chance(&st->rng, 80) ? 1 : 1u << fz_below(&st->rng, 8));
		break;
	case 3:
		cf = fz_alloc(&st->arena, sizeof(*cf));
		cf->channel = (int)fz_pick_ctx(st, f);
		fz_say(st, "nouveau CHANNEL_FREE channel=%d (its pushes may still run)", cf->channel);
		if (!fz_ioctl(st, f->fd, nv("CHANNEL_FREE"), cf))
			fz_forget_ctx(f, (uint32_t)cf->channel);
		break;
	case 4:
		ga = fz_alloc(&st->arena, sizeof(*ga));
		ga->channel = (int)fz_pick_ctx(st, f);
		ga->handle = fz_chance(&st->rng, 90) ? 0xbeef0000 + fz_below(&st->rng, 8) : ~0u;
		ga->class = (int)classes[fz_below(&st->rng, ARRAY_SIZE(classes))];
		fz_say(st, "nouveau GROBJ_ALLOC channel=%d handle=%#x class=%#x", ga->channel,
		       ga->handle, ga->class);
		fz_ioctl(st, f->fd, nv("GROBJ_ALLOC"), ga);
		break;
	default:
		gf = fz_alloc(&st->arena, sizeof(*gf));
		gf->channel = (int)fz_pick_ctx(st, f);
		gf->handle = 0xbeef0000 + fz_below(&st->rng, 8);
		fz_say(st, "nouveau GPUOBJ_FREE channel=%d handle=%#x", gf->channel, gf->handle);
		fz_ioctl(st, f->fd, nv("GPUOBJ_FREE"), gf);
		break;
	}
}

static void gem(struct fz_state *st, struct fz_file *f)
{
	struct drm_nouveau_gem_new *req;
	struct drm_nouveau_gem_cpu_prep *prep;
	struct drm_nouveau_gem_cpu_fini *fini;
	struct drm_nouveau_gem_info *info;
	struct fz_bo *bo;

	switch (fz_below(&st->rng, 5)) {
	case 0:
		if (fz_new_bo_to_use(st, f, 50, 4))
			break;
		req = fz_alloc(&st->arena, sizeof(*req));
		req->info.size = 4096u << fz_below(&st->rng, 6);
		req->info.domain = NOUVEAU_GEM_DOMAIN_GART << fz_below(&st->rng, 2);
		req->info.tile_flags = fz_chance(&st->rng, 20) ? fz_below(&st->rng, 256) << 8 : 0;
		req->channel_hint = fz_pick_ctx(st, f);
		fz_say(st, "nouveau GEM_NEW size=%llu domain=%#x tile_flags=%#x",
		       (unsigned long long)req->info.size, req->info.domain, req->info.tile_flags);
		fz_mutate(st, req, &fz_drm_nouveau_gem_new, 2);
		if (!fz_ioctl(st, f->fd, nv("GEM_NEW"), req))
			fz_add_bo(f, req->info.handle, req->info.size, 0);
		break;
	case 1 ... 2:
		prep = fz_alloc(&st->arena, sizeof(*prep));
		prep->handle = fz_pick_bo(st, f, &bo);
		/* without NOWAIT the kernel waits up to 30 s; the hangcheck ends jobs sooner */
		prep->flags = fz_chance(&st->rng, 90) ? fz_below(&st->rng, 8) : fz_u32(&st->rng);
		fz_say(st, "nouveau GEM_CPU_PREP handle=%u flags=%#x", prep->handle, prep->flags);
		fz_ioctl(st, f->fd, nv("GEM_CPU_PREP"), prep);
		break;
	case 3:
		fini = fz_alloc(&st->arena, sizeof(*fini));
		fini->handle = fz_pick_bo(st, f, &bo);
		fz_say(st, "nouveau GEM_CPU_FINI handle=%u", fini->handle);
		fz_ioctl(st, f->fd, nv("GEM_CPU_FINI"), fini);
		break;
	default:
		info = fz_alloc(&st->arena, sizeof(*info));
		info->handle = fz_pick_bo(st, f, &bo);
		fz_say(st, "nouveau GEM_INFO handle=%u", info->handle);
		fz_ioctl(st, f->fd, nv("GEM_INFO"), info);
		break;
	}
}

static void vm_init(struct fz_state *st, struct fz_file *f)
{
	struct drm_nouveau_vm_init *init = fz_alloc(&st->arena, sizeof(*init));

	init->kernel_managed_addr = fz_chance(&st->rng, 70) ? 0 : fz_nasty(&st->rng, VA_START);
	init->kernel_managed_size = fz_chance(&st->rng, 70) ? VA_START : fz_nasty(&st->rng, VA_START);
	fz_say(st, "nouveau VM_INIT addr=%#llx size=%#llx (mode %s)",
	       (unsigned long long)init->kernel_managed_addr,
	       (unsigned long long)init->kernel_managed_size, f->nv_uvmm ? "VM_BIND" : "legacy");
	fz_ioctl(st, f->fd, nv("VM_INIT"), init);
}

/* A submit: EXEC on a VM_BIND file (now and then GEM_PUSHBUF there too), else GEM_PUSHBUF. */
static void submit(struct fz_state *st, struct fz_file *f)
{
	if (f->nv_uvmm && fz_chance(&st->rng, 80))
		exec(st, f);
	else
		pushbuf(st, f);
}

static const struct fz_choice nouveau_choices[] = {
	{ 4, submit },
	{ 1, vm_bind },
	{ 1, vm_init },
	{ 2, abi16 },
	{ 1, nvif },
	{ 3, gem },
};

const struct fz_family fz_nouveau_requests = { nouveau_choices, ARRAY_SIZE(nouveau_choices) };
