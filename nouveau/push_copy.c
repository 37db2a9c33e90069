// SPDX-License-Identifier: MIT
/*
 * Copy engine (MAXWELL_DMA_COPY_A, NVB0B5) on NV_SUBC_COPY: pitch copies
 * and remap memsets, each followed by a one-word semaphore release that
 * the engine writes once the transfer is done.
 */
#include "core/test.h"
#include "nouveau/nv.h"
#include "nouveau/nvb0b5.xml.h"
#include "nouveau/push.h"

static void check_range(struct nv_bo *bo, uint64_t offset, uint64_t bytes)
{
	igt_assert_f(bytes && offset + bytes <= bo->size,
		     "%llu bytes at %#llx do not fit a BO of %#llx bytes\n",
		     (unsigned long long)bytes, (unsigned long long)offset,
		     (unsigned long long)bo->size);
}

/*
 * SET_SEMAPHORE_A/B/PAYLOAD, then LAUNCH_DMA (which also releases it).
 * The semaphore methods are those of NVIDIA's UVM
 * uvm_hal_maxwell_ce_semaphore_release (uvm_maxwell_ce.c, MAXWELL_DMA_COPY_A).
 *
 * HARDWARE CLAIM: one LAUNCH_DMA both transfers and then releases the
 * one-word semaphore (SEMAPHORE_TYPE with DATA_TRANSFER_TYPE
 * NON_PIPELINED) — not found in kernel/Mesa; verify on silicon. NVK
 * (nvk_upload_queue.c) and the kernel (nvc0b5_migrate_copy,
 * nouveau_dmem.c) launch with SEMAPHORE_TYPE NONE; UVM releases in a
 * launch of its own with DATA_TRANSFER_TYPE NONE, and notes that a
 * transfer's FLUSH_ENABLE works only when paired with a semaphore release.
 */
static void sem_and_launch(struct nv_push *p, struct nv_bo *sem, uint64_t sem_offset,
			   uint32_t payload, uint32_t launch)
{
	uint64_t va = nv_push_addr(p, sem, sem_offset, NV_ACCESS_WRITE);

	nv_mthd(p, NV_SUBC_COPY, REG_NVB0B5_SET_SEMAPHORE_A);
	NV_VAL(p, NVB0B5, SET_SEMAPHORE_A, .upper = va >> 32);
	NV_VAL(p, NVB0B5, SET_SEMAPHORE_B, .lower = (uint32_t)va);
	NV_VAL(p, NVB0B5, SET_SEMAPHORE_PAYLOAD, .payload = payload);
	nv_mthd(p, NV_SUBC_COPY, REG_NVB0B5_LAUNCH_DMA);
	nv_val(p, REG_NVB0B5_LAUNCH_DMA, launch);
}

/*
 * Non-pipelined (waits for earlier copies), flushed, pitch to pitch, one
 * line: NVK's nvk_upload_queue_upload_locked and nvk_upload_queue_fill_locked
 * (remap) LAUNCH_DMA; plus the one-word release (the claim above): 0x18e.
 */
static uint32_t launch_bits(bool remap)
{
	return NVB0B5_LAUNCH_DMA(
		.data_transfer_type = NVB0B5_LAUNCH_DMA_DATA_TRANSFER_TYPE_NON_PIPELINED,
		.flush_enable = NVB0B5_LAUNCH_DMA_FLUSH_ENABLE_TRUE,
		.semaphore_type = NVB0B5_LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_ONE_WORD_SEMAPHORE,
		.src_memory_layout = NVB0B5_LAUNCH_DMA_SRC_MEMORY_LAYOUT_PITCH,
		.dst_memory_layout = NVB0B5_LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH,
		.remap_enable = remap ? NVB0B5_LAUNCH_DMA_REMAP_ENABLE_TRUE
				      : NVB0B5_LAUNCH_DMA_REMAP_ENABLE_FALSE);
}

/*
 * OFFSET_IN_UPPER through LINE_COUNT, 0x400..0x41c: consecutive, so one INC
 * header of 8, the methods and values of NVK's
 * nvk_upload_queue_upload_locked and the kernel's nvc0b5_migrate_copy
 * (nouveau_dmem.c). @line_length counts bytes without remap, elements with.
 */
static void copy_lines(struct nv_push *p, uint64_t in, uint32_t pitch_in, uint64_t out,
		       uint32_t pitch_out, uint32_t line_length, uint32_t line_count)
{
	nv_mthd(p, NV_SUBC_COPY, REG_NVB0B5_OFFSET_IN_UPPER);
	NV_VAL(p, NVB0B5, OFFSET_IN_UPPER, .upper = in >> 32);
	NV_VAL(p, NVB0B5, OFFSET_IN_LOWER, .value = (uint32_t)in);
	NV_VAL(p, NVB0B5, OFFSET_OUT_UPPER, .upper = out >> 32);
	NV_VAL(p, NVB0B5, OFFSET_OUT_LOWER, .value = (uint32_t)out);
	NV_VAL(p, NVB0B5, PITCH_IN, .value = pitch_in);
	NV_VAL(p, NVB0B5, PITCH_OUT, .value = pitch_out);
	NV_VAL(p, NVB0B5, LINE_LENGTH_IN, .value = line_length);
	NV_VAL(p, NVB0B5, LINE_COUNT, .value = line_count);
}

void nv_copy_linear(struct nv_push *p, struct nv_bo *dst, uint64_t dst_offset,
		    struct nv_bo *src, uint64_t src_offset, uint32_t bytes,
		    struct nv_bo *sem, uint64_t sem_offset, uint32_t payload)
{
	uint64_t in, out;

	check_range(src, src_offset, bytes);
	check_range(dst, dst_offset, bytes);
	in = nv_push_addr(p, src, src_offset, NV_ACCESS_READ);
	out = nv_push_addr(p, dst, dst_offset, NV_ACCESS_WRITE);
	/* without remap, LINE_LENGTH_IN counts bytes (clb0b5.h LINE_LENGTH_IN; NVK nvk_upload_queue_upload_locked) */
	copy_lines(p, in, bytes, out, bytes, bytes, 1);
	sem_and_launch(p, sem, sem_offset, payload, launch_bits(false));
}

void nv_copy_memset32(struct nv_push *p, struct nv_bo *dst, uint64_t dst_offset,
		      uint32_t value, uint32_t dwords,
		      struct nv_bo *sem, uint64_t sem_offset, uint32_t payload)
{
	uint64_t out;

	check_range(dst, dst_offset, 4ull * dwords);
	out = nv_push_addr(p, dst, dst_offset, NV_ACCESS_WRITE);
	nv_mthd(p, NV_SUBC_COPY, REG_NVB0B5_SET_REMAP_CONST_A);
	NV_VAL(p, NVB0B5, SET_REMAP_CONST_A, .v = value);
	/*
	 * every destination element is CONST_A: one 4-byte component in, one
	 * out — NVK's nvk_upload_queue_fill_locked remap (NVK also sets DST_Y..W,
	 * unused with one component; the kernel's nvc0b5_migrate_clear sends the
	 * same methods: REMAP_CONST, REMAP_COMPONENTS, OFFSET_OUT, LINE_LENGTH_IN,
	 * LAUNCH_DMA with REMAP_ENABLE)
	 */
	nv_mthd(p, NV_SUBC_COPY, REG_NVB0B5_SET_REMAP_COMPONENTS);
	NV_VAL(p, NVB0B5, SET_REMAP_COMPONENTS,
	       .dst_x = NVB0B5_SET_REMAP_COMPONENTS_DST_X_CONST_A,
	       .component_size = NVB0B5_SET_REMAP_COMPONENTS_COMPONENT_SIZE_FOUR,
	       .num_src_components = NVB0B5_SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS_ONE,
	       .num_dst_components = NVB0B5_SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS_ONE);
	nv_mthd(p, NV_SUBC_COPY, REG_NVB0B5_OFFSET_OUT_UPPER);
	NV_VAL(p, NVB0B5, OFFSET_OUT_UPPER, .upper = out >> 32);
	NV_VAL(p, NVB0B5, OFFSET_OUT_LOWER, .value = (uint32_t)out);
	/* with remap, LINE_LENGTH_IN counts elements, not bytes */
	nv_mthd(p, NV_SUBC_COPY, REG_NVB0B5_LINE_LENGTH_IN);
	NV_VAL(p, NVB0B5, LINE_LENGTH_IN, .value = dwords);
	NV_VAL(p, NVB0B5, LINE_COUNT, .value = 1);
	sem_and_launch(p, sem, sem_offset, payload, launch_bits(true));
}

/*
 * The components Mesa's nve4_m2mf_transfer_rect (nvc0_transfer.c) splits a
 * pixel of @cpp bytes into: @nc components of @cs bytes.
 */
static void pixel_components(uint32_t cpp, uint32_t *cs, uint32_t *nc)
{
	static const uint8_t split[17][2] = {
		[1] = { 1, 1 }, [2] = { 1, 2 }, [3] = { 1, 3 }, [4] = { 1, 4 }, [6] = { 2, 3 },
		[8] = { 2, 4 }, [9] = { 3, 3 }, [12] = { 3, 4 }, [16] = { 4, 4 },
	};

	igt_assert_f(cpp < 17 && split[cpp][0], "no copy-engine split for %u-byte pixels\n", cpp);
	*cs = split[cpp][0];
	*nc = split[cpp][1];
}

/* SET_{SRC,DST}_BLOCK_SIZE .. ORIGIN of a block-linear side, as Mesa sends them. */
static void block_linear_side(struct nv_push *p, bool dst, const struct nv_surface *s, uint32_t x,
			      uint32_t y)
{
	nv_mthd(p, NV_SUBC_COPY, dst ? REG_NVB0B5_SET_DST_BLOCK_SIZE : REG_NVB0B5_SET_SRC_BLOCK_SIZE);
	/* the source methods take the destination ones' packers: the same fields */
	nv_data(p, NVB0B5_SET_DST_BLOCK_SIZE(.height = s->log2_bh,
			.gob_height = NVB0B5_SET_DST_BLOCK_SIZE_GOB_HEIGHT_GOB_HEIGHT_FERMI_8));
	nv_data(p, NVB0B5_SET_DST_WIDTH(.v = s->width));
	nv_data(p, NVB0B5_SET_DST_HEIGHT(.v = s->height));
	nv_data(p, NVB0B5_SET_DST_DEPTH(.v = 1));
	nv_data(p, NVB0B5_SET_DST_LAYER(.v = 0));
	nv_data(p, NVB0B5_SET_DST_ORIGIN(.x = x, .y = y));
}

_Static_assert(REG_NVB0B5_SET_SRC_ORIGIN - REG_NVB0B5_SET_SRC_BLOCK_SIZE ==
		       REG_NVB0B5_SET_DST_ORIGIN - REG_NVB0B5_SET_DST_BLOCK_SIZE &&
	       NVB0B5_SET_SRC_BLOCK_SIZE_HEIGHT__MASK == NVB0B5_SET_DST_BLOCK_SIZE_HEIGHT__MASK &&
	       NVB0B5_SET_SRC_ORIGIN_Y__MASK == NVB0B5_SET_DST_ORIGIN_Y__MASK,
	       "the copy engine's source and destination surface methods differ");

/* A pitch side's address of (x, y); a block-linear side's methods and its base. */
static uint64_t side(struct nv_push *p, bool dst, const struct nv_surface *s, uint32_t x, uint32_t y,
		     uint32_t w, uint32_t h)
{
	igt_assert_f(x + w <= s->width && y + h <= s->height,
		     "copy of %ux%u at (%u,%u) past a %ux%u surface\n", w, h, x, y, s->width,
		     s->height);
	if (!s->pitch) {
		block_linear_side(p, dst, s, x, y);
		return nv_push_addr(p, s->bo, 0, dst ? NV_ACCESS_WRITE : NV_ACCESS_READ);
	}
	return nv_push_addr(p, s->bo, (uint64_t)y * s->pitch + (uint64_t)x * s->cpp,
			    dst ? NV_ACCESS_WRITE : NV_ACCESS_READ);
}

void nv_copy_rect(struct nv_push *p, const struct nv_surface *dst, uint32_t dx, uint32_t dy,
		  const struct nv_surface *src, uint32_t sx, uint32_t sy, uint32_t w, uint32_t h,
		  struct nv_bo *sem, uint64_t sem_offset, uint32_t payload)
{
	uint32_t cs, nc;
	uint64_t in, out;

	igt_assert_f(dst->cpp == src->cpp, "copy between %u- and %u-byte pixels\n", src->cpp,
		     dst->cpp);
	pixel_components(dst->cpp, &cs, &nc);
	/* every destination component from the same source one (Mesa's SWIZZLE) */
	nv_mthd(p, NV_SUBC_COPY, REG_NVB0B5_SET_REMAP_COMPONENTS);
	NV_VAL(p, NVB0B5, SET_REMAP_COMPONENTS,
	       .dst_x = NVB0B5_SET_REMAP_COMPONENTS_DST_X_SRC_X,
	       .dst_y = NVB0B5_SET_REMAP_COMPONENTS_DST_Y_SRC_Y,
	       .dst_z = NVB0B5_SET_REMAP_COMPONENTS_DST_Z_SRC_Z,
	       .dst_w = NVB0B5_SET_REMAP_COMPONENTS_DST_W_SRC_W,
	       .component_size = cs - 1, .num_src_components = nc - 1,
	       .num_dst_components = nc - 1);
	out = side(p, true, dst, dx, dy, w, h);
	in = side(p, false, src, sx, sy, w, h);
	/* with remap: elements (pixels) per line */
	copy_lines(p, in, src->pitch, out, dst->pitch, w, h);
	/* Mesa's EXEC: SWIZZLE_ENABLE, 2D_ENABLE, FLUSH, NON_PIPELINED, the two layouts */
	sem_and_launch(p, sem, sem_offset, payload, NVB0B5_LAUNCH_DMA(
		.data_transfer_type = NVB0B5_LAUNCH_DMA_DATA_TRANSFER_TYPE_NON_PIPELINED,
		.flush_enable = NVB0B5_LAUNCH_DMA_FLUSH_ENABLE_TRUE,
		.semaphore_type = NVB0B5_LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_ONE_WORD_SEMAPHORE,
		.src_memory_layout = src->pitch ? NVB0B5_LAUNCH_DMA_SRC_MEMORY_LAYOUT_PITCH
						: NVB0B5_LAUNCH_DMA_SRC_MEMORY_LAYOUT_BLOCKLINEAR,
		.dst_memory_layout = dst->pitch ? NVB0B5_LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH
						: NVB0B5_LAUNCH_DMA_DST_MEMORY_LAYOUT_BLOCKLINEAR,
		.multi_line_enable = NVB0B5_LAUNCH_DMA_MULTI_LINE_ENABLE_TRUE,
		.remap_enable = NVB0B5_LAUNCH_DMA_REMAP_ENABLE_TRUE));
}
