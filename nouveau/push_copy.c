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

void nv_copy_linear(struct nv_push *p, struct nv_bo *dst, uint64_t dst_offset,
		    struct nv_bo *src, uint64_t src_offset, uint32_t bytes,
		    struct nv_bo *sem, uint64_t sem_offset, uint32_t payload)
{
	uint64_t in, out;

	check_range(src, src_offset, bytes);
	check_range(dst, dst_offset, bytes);
	in = nv_push_addr(p, src, src_offset, NV_ACCESS_READ);
	out = nv_push_addr(p, dst, dst_offset, NV_ACCESS_WRITE);
	/*
	 * 0x400..0x41c are consecutive: one INC header of 8, the methods and
	 * values of NVK's nvk_upload_queue_upload_locked and the kernel's
	 * nvc0b5_migrate_copy (nouveau_dmem.c)
	 */
	nv_mthd(p, NV_SUBC_COPY, REG_NVB0B5_OFFSET_IN_UPPER);
	NV_VAL(p, NVB0B5, OFFSET_IN_UPPER, .upper = in >> 32);
	NV_VAL(p, NVB0B5, OFFSET_IN_LOWER, .value = (uint32_t)in);
	NV_VAL(p, NVB0B5, OFFSET_OUT_UPPER, .upper = out >> 32);
	NV_VAL(p, NVB0B5, OFFSET_OUT_LOWER, .value = (uint32_t)out);
	NV_VAL(p, NVB0B5, PITCH_IN, .value = bytes);
	NV_VAL(p, NVB0B5, PITCH_OUT, .value = bytes);
	/* without remap, LINE_LENGTH_IN counts bytes (registers.md trap 17) */
	NV_VAL(p, NVB0B5, LINE_LENGTH_IN, .value = bytes);
	NV_VAL(p, NVB0B5, LINE_COUNT, .value = 1);
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
