// SPDX-License-Identifier: MIT
/*
 * Inline-to-memory writes: KEPLER_INLINE_TO_MEMORY_B (NVA140) on its own
 * subchannel, and the same methods at the same offsets inside the 3D
 * classes (NVB097, and NVB197 which extends it) on subchannel 0.
 */
#include "core/test.h"
#include "nouveau/nv.h"
#include "nouveau/nva140.xml.h"
#include "nouveau/nvb097.xml.h"
#include "nouveau/nvb197.xml.h"
#include "nouveau/push.h"

/* The shared sequence is written with NVA140's offsets: they must agree. */
#define SAME_OFFSET(M)                                                          \
	_Static_assert(REG_NVA140_##M == REG_NVB097_##M && REG_NVA140_##M == REG_NVB197_##M, \
		       #M " differs between the I2M and 3D classes")
SAME_OFFSET(LINE_LENGTH_IN);
SAME_OFFSET(LINE_COUNT);
SAME_OFFSET(OFFSET_OUT_UPPER);
SAME_OFFSET(OFFSET_OUT);
SAME_OFFSET(LAUNCH_DMA);
SAME_OFFSET(LOAD_INLINE_DATA);

/*
 * One pitch line of 4 * @n bytes: INC LINE_LENGTH_IN..OFFSET_OUT, then one
 * 1INC header: LAUNCH_DMA, then every data dword to LOAD_INLINE_DATA —
 * the sequence of NVK's nvk_cmd_compute_indirect_copy (nvk_cmd_dispatch.c)
 * on the compute class's copy of these methods, and of Mesa's
 * nve4_p2mf_push_linear (nvc0_transfer.c) on KEPLER_INLINE_TO_MEMORY,
 * which splits the same writes over two INC headers. @upper and @launch
 * come packed by the caller's class: OFFSET_OUT_UPPER is 24:0 on NVA140
 * but 7:0 on the 3D classes.
 */
static void i2m_line(struct nv_push *p, uint32_t subc, uint64_t va, uint32_t upper,
		     uint32_t launch, const uint32_t *values, uint32_t n)
{
	nv_mthd(p, subc, REG_NVA140_LINE_LENGTH_IN);
	NV_VAL(p, NVA140, LINE_LENGTH_IN, .value = 4 * n);
	NV_VAL(p, NVA140, LINE_COUNT, .value = 1);
	nv_val(p, REG_NVA140_OFFSET_OUT_UPPER, upper);
	NV_VAL(p, NVA140, OFFSET_OUT, .value = (uint32_t)va);
	nv_mthd_1i(p, subc, REG_NVA140_LAUNCH_DMA);
	nv_val(p, REG_NVA140_LAUNCH_DMA, launch);
	for (uint32_t i = 0; i < n; i++)
		NV_VAL(p, NVA140, LOAD_INLINE_DATA, .v = values[i]);
}

/*
 * @subc NV_SUBC_I2M: NVA140's packers; NV_SUBC_3D: NVB097's, the field
 * layout NVB197 inherits. LAUNCH_DMA is Mesa's nve4_p2mf_push_linear
 * 0x1001: pitch, COMPLETION_TYPE FLUSH_DISABLE (no completion semaphore:
 * the submission's fence orders the write), SEMAPHORE_STRUCT_SIZE
 * ONE_WORD (unused without a semaphore).
 */
static void i2m_write(struct nv_push *p, uint32_t subc, struct nv_bo *bo, uint64_t offset,
		      const uint32_t *values, uint32_t n)
{
	bool i2m = subc == NV_SUBC_I2M;
	uint32_t upper, launch;
	uint64_t va;

	igt_assert_f(n > 0 && offset + 4ull * n <= bo->size && !(offset & 3),
		     "inline write of %u dwords at %#llx does not fit the BO\n", n,
		     (unsigned long long)offset);
	va = nv_push_addr(p, bo, offset, NV_ACCESS_WRITE);
	upper = i2m ? NVA140_OFFSET_OUT_UPPER(.value = va >> 32)
		    : NVB097_OFFSET_OUT_UPPER(.value = va >> 32);
	launch = i2m ? NVA140_LAUNCH_DMA(.dst_memory_layout =
					 NVA140_LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH,
					 .semaphore_struct_size =
					 NVA140_LAUNCH_DMA_SEMAPHORE_STRUCT_SIZE_ONE_WORD)
		     : NVB097_LAUNCH_DMA(.dst_memory_layout =
					 NVB097_LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH,
					 .semaphore_struct_size =
					 NVB097_LAUNCH_DMA_SEMAPHORE_STRUCT_SIZE_ONE_WORD);
	i2m_line(p, subc, va, upper, launch, values, n);
}

void nv_i2m_write(struct nv_push *p, struct nv_bo *bo, uint64_t offset,
		  const uint32_t *values, uint32_t n)
{
	i2m_write(p, NV_SUBC_I2M, bo, offset, values, n);
}

void nv_3d_i2m_write(struct nv_push *p, struct nv_bo *bo, uint64_t offset,
		     const uint32_t *values, uint32_t n)
{
	i2m_write(p, NV_SUBC_3D, bo, offset, values, n);
}
