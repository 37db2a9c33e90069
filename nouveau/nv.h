/* SPDX-License-Identifier: MIT */
/*
 * nouveau device wrapper over libdrm_nouveau, for Maxwell (GM107..GM20B):
 * the device and its identity by chipset, BOs with VRAM/GART placement,
 * channels with their engine objects, libdrm pushbufs, and submission of
 * nv_push streams (nouveau/push.h). Helpers named nv_x() assert success;
 * __nv_x() return 0 or -errno for tests that are about the error.
 *
 *	struct nv_device *dev = nv_device_open();
 *	struct nv_channel *chan = nv_channel_new(dev, NV_ENGINE_GR);
 *	struct nv_bo *sem = nv_bo_new(dev, 4096, NV_BO_GART);
 *	struct nv_push *p = nv_push_new(256);
 *	nv_host_sem_release(p, sem, 0, 0x1234);
 *	nv_push_submit_wait(p, chan);
 *	igt_assert_eq_u32(nv_bo_read32(sem, 0), 0x1234);
 *
 * Two submission modes, chosen when the device is opened:
 * - NV_MODE_LEGACY (ABI16): CHANNEL_ALLOC via nouveau_object_new(
 *   NOUVEAU_FIFO_CHANNEL_CLASS), kernel-chosen BO addresses, GEM_PUSHBUF
 *   via nouveau_pushbuf_kick; completion through BO fences (CPU_PREP).
 * - NV_MODE_VM_BIND (Linux 6.6+, nouveau/vm.c): VM_INIT first on the fd,
 *   BO addresses chosen here and mapped with VM_BIND, streams run by EXEC
 *   from a BO; completion through a syncobj per channel.
 * Tests use the same calls in both.
 */
#ifndef DRMSUB_NOUVEAU_NV_H
#define DRMSUB_NOUVEAU_NV_H

#include <stdbool.h>
#include <stdint.h>
#include <nouveau.h>
#include <nouveau_drm.h>

#include "nouveau/push.h"

#ifndef NSEC_PER_SEC
#define NSEC_PER_SEC 1000000000ull
#endif

/* ---- chips and classes (nouveau/chips.c) --------------------------------- */

/* What drmsub binds on one chipset: envytools ids, nvkm gr sclass tables. */
struct nv_chip {
	uint32_t chipset;	/* NOUVEAU_GETPARAM_CHIPSET_ID / NV_DEVICE_V0_INFO */
	const char *name;	/* "GM20B" */
	uint32_t cls_3d;	/* MAXWELL_A 0xb097 or MAXWELL_B 0xb197 */
	uint32_t cls_compute;	/* MAXWELL_COMPUTE_A 0xb0c0 or _B 0xb1c0 */
	uint32_t cls_copy;	/* MAXWELL_DMA_COPY_A 0xb0b5 */
	uint32_t cls_i2m;	/* KEPLER_INLINE_TO_MEMORY_B 0xa140 */
	uint32_t cls_2d;	/* FERMI_TWOD_A 0x902d */
};

/* The table entry for @chipset, or NULL for chips drmsub does not drive. */
const struct nv_chip *nv_chip_lookup(uint32_t chipset);
/* "GM107, GM108, ..." for skip messages */
const char *nv_chip_names(void);
/* The class bound on @subc by the nouveau convention (0 for none). */
uint32_t nv_chip_subc_class(const struct nv_chip *chip, uint32_t subc);

/* ---- device (nouveau/device.c) -------------------------------------------- */

enum nv_mode {
	NV_MODE_LEGACY,
	NV_MODE_VM_BIND,
};

struct nv_device {
	int fd;
	struct nouveau_drm *drm;
	struct nouveau_device *nvdev;
	struct nouveau_client *client;
	const struct nv_chip *chip;
	uint32_t chipset;
	uint64_t vram_size;	/* 0 on Tegra (GM20B): everything lives in GART */
	uint64_t gart_size;
	bool nvif;		/* the kernel speaks NVIF (DRM 1.3.1+) */
	enum nv_mode mode;
	uint64_t next_va;	/* VM_BIND mode: the next free client address */
};

/* Open the nouveau device (skips without one, or on a non-Maxwell chip). */
struct nv_device *nv_device_open(void);
/* The same in @mode; NV_MODE_VM_BIND skips where the kernel lacks it. */
struct nv_device *nv_device_open_mode(enum nv_mode mode);
void nv_device_close(struct nv_device *dev);

int __nv_getparam(struct nv_device *dev, uint64_t param, uint64_t *value);
/*
 * The nouveau ioctl DRM_COMMAND_BASE + @idx on @fd, its argument @size
 * bytes: 0, or -1 with errno (as igt_assert_errno wants; libdrm's
 * drmCommandWriteRead returns -errno instead).
 */
int nv_ioctl_raw(int fd, unsigned int idx, void *arg, size_t size);
uint64_t nv_getparam(struct nv_device *dev, uint64_t param);

static inline bool nv_has_vram(const struct nv_device *dev)
{
	return dev->vram_size != 0;
}

/* ---- buffer objects (nouveau/bo.c) ---------------------------------------- */

enum nv_placement {
	NV_BO_GART,
	NV_BO_VRAM,	/* falls back to GART where there is no VRAM (GM20B) */
};

struct nv_bo {
	struct nv_device *dev;
	struct nouveau_bo *bo;	/* NULL for a fake BO in unit tests */
	uint32_t handle;
	uint64_t size;
	uint64_t va;		/* GPU address of this client's mapping */
	uint32_t domain;	/* NOUVEAU_BO_VRAM or NOUVEAU_BO_GART, as placed */
};

/* NOUVEAU_BO_VRAM/GART flags for @where on @dev (VRAM → GART without VRAM). */
uint32_t nv_placement_flags(const struct nv_device *dev, enum nv_placement where);

/* nouveau_bo_new with raw NOUVEAU_BO_* @flags: 0 or -errno. */
int __nv_bo_new(struct nv_device *dev, uint32_t flags, uint64_t size, struct nouveau_bo **bo);
/* A mappable BO, zero-filled through the CPU (the kernel need not clear VRAM). */
struct nv_bo *nv_bo_new(struct nv_device *dev, uint64_t size, enum nv_placement where);
/* The same with memory kind @kind and @tile_mode (GEM_NEW tile_flags 15:8, tile_mode). */
struct nv_bo *nv_bo_new_kind(struct nv_device *dev, uint64_t size, enum nv_placement where,
			     uint32_t kind, uint32_t tile_mode);
void nv_bo_free(struct nv_bo *bo);

/*
 * A BO whose every dword holds NV_GUARD (a new one, or one filled again),
 * and the check that one still does: positive tests prove what the GPU
 * wrote and what it left alone.
 */
#define NV_GUARD 0x6a6a6a6au
struct nv_bo *nv_bo_new_guarded(struct nv_device *dev, uint64_t size, enum nv_placement where);
void nv_bo_fill_guard(struct nv_bo *bo);
void nv_bo_assert_guard(struct nv_bo *bo, uint64_t offset);

void *nv_bo_map(struct nv_bo *bo);
uint32_t nv_bo_read32(struct nv_bo *bo, uint64_t offset);
uint64_t nv_bo_read64(struct nv_bo *bo, uint64_t offset);
void nv_bo_write32(struct nv_bo *bo, uint64_t offset, uint32_t value);

/*
 * Wait for the GPU to finish with @bo (GEM_CPU_PREP with WRITE: every
 * fence); with @nowait, -EBUSY while busy. libdrm first kicks this
 * client's pushbufs that reference @bo.
 */
int __nv_bo_wait(struct nv_bo *bo, bool nowait);
void nv_bo_wait(struct nv_bo *bo);

/*
 * A surface of @w x @h pixels of @cpp bytes (nv_surface in nouveau/push.h)
 * in a BO of its own: pitch (rows @w * @cpp bytes, kind 0) or block-linear
 * with blocks 2^@log2_bh GOBs high, in a BO of the generic block-linear
 * kind 0xfe Mesa's nvc0 render targets use (nvc0_mt_choose_storage_type).
 */
struct nv_surface nv_surface_new(struct nv_device *dev, uint32_t w, uint32_t h, uint32_t cpp,
				 uint32_t format, bool block_linear, uint32_t log2_bh);
void nv_surface_free(struct nv_surface *s);
/* The byte offset of pixel (x, y) in @s's BO (block-linear: surface.c's layout claim). */
uint64_t nv_surface_offset(const struct nv_surface *s, uint32_t x, uint32_t y);

/* ---- channels (nouveau/channel.c) ----------------------------------------- */

/* CHANNEL_ALLOC engine masks on Kepler+ (libdrm NVE0_FIFO_ENGINE_*). */
enum nv_engine {
	NV_ENGINE_GR = NVE0_FIFO_ENGINE_GR,
	NV_ENGINE_CE = NVE0_FIFO_ENGINE_CE0 | NVE0_FIFO_ENGINE_CE1,
};

struct nv_channel {
	struct nv_device *dev;
	struct nouveau_object *obj;	/* NOUVEAU_FIFO_CHANNEL_CLASS */
	uint32_t engine;
	uint32_t id;			/* the kernel's channel id (CHANNEL_ALLOC .channel) */
	uint32_t pushbuf_domains;	/* NOUVEAU_GEM_DOMAIN_* the kernel accepts */
	uint32_t notify;		/* notifier BO handle */
	struct nouveau_object *objs[8];	/* engine object per subchannel */
	uint32_t cls[8];
	struct nouveau_pushbuf *push;
	struct nouveau_bufctx *bufctx;
	/* written by every submission: waiting on it waits for the channel */
	struct nv_bo *fence;
	/* streams run from BOs of their own, freed once the channel is idle */
	struct nv_bo *uploads[16];
	uint32_t nr_uploads;
	uint32_t syncobj;		/* VM_BIND mode: signalled by the last EXEC */
};

int __nv_channel_new(struct nv_device *dev, uint32_t engine, struct nv_channel **chan);
/*
 * A channel on @engine with the convention's classes created and their
 * SET_OBJECT pushed (GR: 3D 0, compute 1, I2M 2, 2D 3; CE: copy 4).
 */
struct nv_channel *nv_channel_new(struct nv_device *dev, enum nv_engine engine);
void nv_channel_free(struct nv_channel *chan);

/*
 * The channel's software object (NVIF_CLASS_SW_GF100, as Mesa's
 * nvc0_screen_create creates it); its methods go on NV_SUBC_SW.
 */
int __nv_channel_sw_object(struct nv_channel *chan, struct nouveau_object **obj);

/* Create engine object @cls on @chan for @subc (no SET_OBJECT pushed). */
int __nv_channel_object(struct nv_channel *chan, uint32_t subc, uint32_t cls);
/* Append SET_OBJECT for every object created on @chan. */
void nv_channel_bind_all(struct nv_channel *chan, struct nv_push *p);

/*
 * 0, or -ENODEV once the channel was killed: GEM_PUSHBUF with nr_push 0,
 * in VM_BIND mode an EXEC without pushes.
 */
int __nv_channel_probe(struct nv_channel *chan);

/* ---- submission (nouveau/submit.c) ---------------------------------------- */

/*
 * Legacy mode: copy @p into @chan's libdrm pushbuf (or, when larger than
 * one pushbuf BO, upload it into a BO the pushbuf calls), reference its
 * BOs and the channel's fence BO, and kick; libdrm prints and drops the
 * kernel's GEM_PUSHBUF error on this path, __nv_submit_raw() returns it.
 * VM_BIND mode: upload @p into a BO and EXEC it, signalling the channel's
 * syncobj; EXEC's error is returned.
 */
int __nv_push_submit(struct nv_push *p, struct nv_channel *chan);
void nv_push_submit(struct nv_push *p, struct nv_channel *chan);
/* Submit, wait for the channel's work to finish, and check the channel lives. */
void nv_push_submit_wait(struct nv_push *p, struct nv_channel *chan);
/* 0 once idle (uploads are freed then); -EBUSY while busy with @nowait */
int __nv_channel_wait(struct nv_channel *chan, bool nowait);
void nv_channel_wait(struct nv_channel *chan);

/*
 * A complete, valid GEM_PUSHBUF request for @p on @chan with its own
 * tables: negative tests break exactly one field and call
 * __nv_submit_raw(). The stream is uploaded into @r->cmd, the last buffer.
 */
struct nv_submit_request {
	struct drm_nouveau_gem_pushbuf req;
	struct drm_nouveau_gem_pushbuf_bo bos[NV_PUSH_MAX_BOS + 2];
	struct drm_nouveau_gem_pushbuf_push push;
	struct nv_bo *cmd;
};
void nv_submit_request_init(struct nv_submit_request *r, struct nv_push *p,
			    struct nv_channel *chan);
void nv_submit_request_fini(struct nv_submit_request *r);
int __nv_submit_raw(struct nv_channel *chan, struct nv_submit_request *r);

/* ---- VM_BIND mode (nouveau/vm.c) ----------------------------------------- */

/* VM_INIT (must come before any GEM_NEW or CHANNEL_ALLOC on the fd). */
int __nv_vm_init(struct nv_device *dev);
/* Map @bo at the next free client address (sets bo->va) / unmap it. */
int __nv_vm_map(struct nv_bo *bo);
int __nv_vm_unmap(struct nv_bo *bo);
/* EXEC @bytes at @va on @chan (no push when @bytes is 0), signalling chan->syncobj. */
int __nv_exec(struct nv_channel *chan, uint64_t va, uint32_t bytes, bool signal);
/* Wait for chan->syncobj: 0, or -EBUSY (busy with @nowait, or after 30 s). */
int __nv_vm_channel_wait(struct nv_channel *chan, bool nowait);

#endif
