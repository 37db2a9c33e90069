/* SPDX-License-Identifier: MIT */
/*
 * Maxwell push builder, in the spirit of NVK's nv_push: a bounded dword
 * buffer in memory, the open method header and the BOs the stream
 * references. nv_mthd() opens an incrementing header with count 0 and each
 * nv_val()/nv_data() appends one dword and bumps the count, so no caller
 * counts dwords by hand:
 *
 *	nv_mthd(p, NV_SUBC_3D, REG_NVB197_SET_REPORT_SEMAPHORE_A);
 *	NV_VAL(p, NVB197, SET_REPORT_SEMAPHORE_A, .offset_upper = va >> 32);
 *	NV_VAL(p, NVB197, SET_REPORT_SEMAPHORE_B, .offset_lower = (uint32_t)va);
 *	...
 *
 * nv_val() checks (unless NDEBUG, which the harness never defines) that
 * the method it is given is the one the open header feeds next, for
 * incrementing, non-incrementing and increment-once headers alike; buffer
 * bounds and header counts are checked in every build. The stream stays in
 * memory until submission (nouveau/submit.c), so encodings are testable
 * without a GPU.
 */
#ifndef DRMSUB_NOUVEAU_PUSH_H
#define DRMSUB_NOUVEAU_PUSH_H

#include <stdbool.h>
#include <stdint.h>

#include "nouveau/push_header.h"

/*
 * Subchannels: a software convention, not hardware (NVIDIA open-gpu-doc
 * clb06f.h: SET_OBJECT binds a class to any of the 8); Mesa (nvc0_winsys.h
 * SUBC_*) and NVK (nv_push.h) use this one. SET_OBJECT must bind each before use.
 * Host methods (0x000-0x0fc) are accepted on any subchannel; drmsub sends
 * them on subchannel 0.
 */
enum nv_subc {
	NV_SUBC_3D = 0,
	NV_SUBC_COMPUTE = 1,
	NV_SUBC_I2M = 2,
	NV_SUBC_2D = 3,
	NV_SUBC_COPY = 4,
	NV_SUBC_SW = 7,		/* Mesa's SUBC_SW: a software subchannel (5-7) */
	NV_SUBC_HOST = 0,
};

#define NV_PUSH_MAX_BOS 64

struct nv_bo;

#define NV_ACCESS_READ 0x100u	/* = NOUVEAU_BO_RD */
#define NV_ACCESS_WRITE 0x200u	/* = NOUVEAU_BO_WR */

struct nv_push_ref {
	struct nv_bo *bo;
	uint32_t access;	/* NV_ACCESS_READ | NV_ACCESS_WRITE */
};

struct nv_push {
	uint32_t *cur, *end;		/* end: one past the last usable dword */
	uint32_t *last_hdr;		/* the open header, NULL when none */
	uint32_t bound[8];		/* class bound per subchannel by this stream */
	struct nv_push_ref refs[NV_PUSH_MAX_BOS];
	uint32_t nr_refs;
	uint32_t start[];		/* the dwords, allocated with the struct */
};

struct nv_push *nv_push_new(uint32_t max_dwords);
void nv_push_free(struct nv_push *p);
/* Forget the dwords and references, keep the buffer. */
void nv_push_reset(struct nv_push *p);

static inline uint32_t nv_push_dwords(const struct nv_push *p)
{
	return (uint32_t)(p->cur - p->start);
}

/* ---- headers and data --------------------------------------------------- */

/* Open a header: INC (to @mthd, @mthd + 4, ...), NON_INC (all to @mthd), 1INC. */
void nv_mthd(struct nv_push *p, uint32_t subc, uint32_t mthd);
void nv_mthd_ni(struct nv_push *p, uint32_t subc, uint32_t mthd);
void nv_mthd_1i(struct nv_push *p, uint32_t subc, uint32_t mthd);

/* Append one data dword to the open header, unchecked. */
void nv_data(struct nv_push *p, uint32_t value);
/* Append @value for @mthd, checking that the open header feeds @mthd next. */
void nv_val(struct nv_push *p, uint32_t mthd, uint32_t value);
/* The method the open header feeds next (its next data dword goes there). */
uint32_t nv_push_next_mthd(const struct nv_push *p);

/*
 * One method with one value: an IMMD header when @value fits 13 bits,
 * else an INC header and one data dword. Closes the open header.
 */
void nv_immd(struct nv_push *p, uint32_t subc, uint32_t mthd, uint32_t value);

/* A raw dword outside any header (crafted streams); closes the open header. */
void nv_raw(struct nv_push *p, uint32_t dw);

/* SET_OBJECT: bind @cls to @subc (Fermi+: the data is the class id). */
void nv_set_object(struct nv_push *p, uint32_t subc, uint32_t cls);

/* Reference @bo from the stream (access flags merge); returns its index. */
uint32_t nv_push_ref(struct nv_push *p, struct nv_bo *bo, uint32_t access);
/* @bo's GPU address + @offset, with @bo referenced; offset bounds-checked. */
uint64_t nv_push_addr(struct nv_push *p, struct nv_bo *bo, uint64_t offset,
		      uint32_t access);

/* The GPFIFO entry that runs this stream from GPU address @va. */
struct nv_gp_entry nv_push_gp_entry(const struct nv_push *p, uint64_t va);

/*
 * Typed appends from the generated class headers: CLS and M name the
 * method, the rest are the packer's named fields, e.g.
 * NV_VAL(p, NVB06F, SEMAPHORED, .operation = NVB06F_SEMAPHORED_OPERATION_RELEASE).
 */
#define NV_MTHD(p, subc, CLS, M) nv_mthd(p, subc, REG_##CLS##_##M)
#define NV_VAL(p, CLS, M, ...) nv_val(p, REG_##CLS##_##M, CLS##_##M(__VA_ARGS__))

/* ---- typed helpers: one place per method sequence ------------------------ */

/* A semaphore release or acquire at @bo + @offset with @payload (host or 3D class). */
typedef void nv_push_sem_fn(struct nv_push *p, struct nv_bo *bo, uint64_t offset,
			    uint32_t payload);

/* host (NVB06F, nouveau/push_host.c) */
nv_push_sem_fn nv_host_sem_release;
/* 16 bytes: {u32 payload, u32 0, u64 GPU timestamp}; @offset 16-byte aligned */
nv_push_sem_fn nv_host_sem_release16;
/* wait until the dword at @bo + @offset equals (_geq: is >=) @payload */
nv_push_sem_fn nv_host_sem_acquire, nv_host_sem_acquire_geq;
void nv_host_nonstall_intr(struct nv_push *p);
void nv_host_wfi(struct nv_push *p);
void nv_host_nop(struct nv_push *p);

/* inline-to-memory (nouveau/push_i2m.c): NVA140 on NV_SUBC_I2M, or the 3D class's copy */
void nv_i2m_write(struct nv_push *p, struct nv_bo *bo, uint64_t offset,
		  const uint32_t *values, uint32_t n);
void nv_3d_i2m_write(struct nv_push *p, struct nv_bo *bo, uint64_t offset,
		     const uint32_t *values, uint32_t n);

/* copy engine (NVB0B5, nouveau/push_copy.c): each ends with a one-word release */
void nv_copy_linear(struct nv_push *p, struct nv_bo *dst, uint64_t dst_offset,
		    struct nv_bo *src, uint64_t src_offset, uint32_t bytes,
		    struct nv_bo *sem, uint64_t sem_offset, uint32_t payload);
void nv_copy_memset32(struct nv_push *p, struct nv_bo *dst, uint64_t dst_offset,
		      uint32_t value, uint32_t dwords,
		      struct nv_bo *sem, uint64_t sem_offset, uint32_t payload);

/*
 * A 2D surface the engines read or write: pitch (rows of @pitch bytes) or
 * block-linear (GOBs of 64 bytes x 8 rows in blocks of 2^log2_bh GOBs
 * high, one GOB wide and deep), in a BO of its own (nouveau/surface.c).
 */
struct nv_surface {
	struct nv_bo *bo;
	uint32_t width, height;	/* pixels */
	uint32_t cpp;		/* bytes per pixel */
	uint32_t format;	/* NVB197_SET_COLOR_TARGET_FORMAT_V_*, or SET_ZT_FORMAT_V_* */
	uint32_t pitch;		/* pitch layout: bytes from one row to the next; 0: block-linear */
	uint32_t log2_bh;	/* block-linear: log2 of the GOBs per block in y */
};

/* copy engine surfaces: @w x @h pixels from (sx, sy) of @src to (dx, dy) of @dst */
void nv_copy_rect(struct nv_push *p, const struct nv_surface *dst, uint32_t dx, uint32_t dy,
		  const struct nv_surface *src, uint32_t sx, uint32_t sy, uint32_t w, uint32_t h,
		  struct nv_bo *sem, uint64_t sem_offset, uint32_t payload);

/* 2D class (NV902D, nouveau/push_2d.c) on NV_SUBC_2D */
void nv_2d_dst(struct nv_push *p, const struct nv_surface *dst);
void nv_2d_src(struct nv_push *p, const struct nv_surface *src);
/* a solid rectangle [x0, x1) x [y0, y1) of @a8r8g8b8 into the destination */
void nv_2d_fill(struct nv_push *p, uint32_t a8r8g8b8, uint32_t x0, uint32_t y0, uint32_t x1,
		uint32_t y1);
/* an unscaled blit of @w x @h pixels from (sx, sy) of the source to (dx, dy) */
void nv_2d_blit(struct nv_push *p, uint32_t dx, uint32_t dy, uint32_t w, uint32_t h, uint32_t sx,
		uint32_t sy);

/* 3D class (NVB097/NVB197, nouveau/push_3d.c): report semaphores, WFI, MME */
nv_push_sem_fn nv_3d_sem_release;
/* 16 bytes: {u32 payload, u32 report value (0: REPORT NONE), u64 GPU timestamp} */
nv_push_sem_fn nv_3d_sem_release_ts;
void nv_3d_wfi(struct nv_push *p);
/* upload @n instructions at MME RAM @start as macro @macro; call it */
void nv_mme_upload(struct nv_push *p, uint32_t macro, uint32_t start,
		   const uint32_t *insns, uint32_t n);
void nv_mme_call(struct nv_push *p, uint32_t macro, const uint32_t *params, uint32_t n);

/* 3D targets and clears (nouveau/push_clear.c) */
void nv_3d_color_target(struct nv_push *p, const struct nv_surface *rt);
void nv_3d_zeta_target(struct nv_push *p, const struct nv_surface *zt);
/* clear @channels (bit 0 R .. bit 3 A) of colour target 0 to @rgba in [x, x+w) x [y, y+h) */
void nv_3d_clear_color(struct nv_push *p, const float rgba[4], uint32_t channels, uint32_t x,
		       uint32_t y, uint32_t w, uint32_t h);
/* clear depth (@z) and/or stencil (@stencil, under @stencil_mask) of the zeta target */
void nv_3d_clear_zs(struct nv_push *p, const float *z, const uint32_t *stencil,
		    uint32_t stencil_mask, uint32_t x, uint32_t y, uint32_t w, uint32_t h);
/* load @n words at byte @at of the @size-byte constant buffer at @bo + @offset */
void nv_3d_cb_load(struct nv_push *p, struct nv_bo *bo, uint64_t offset, uint32_t size,
		   uint32_t at, const uint32_t *values, uint32_t n);

#endif
