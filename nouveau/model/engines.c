// SPDX-License-Identifier: MIT
/*
 * The engine classes the model executes, decoded through the generated
 * class headers: KEPLER_INLINE_TO_MEMORY_B (NVA140, whose methods the 3D
 * classes share); MAXWELL_DMA_COPY_A (NVB0B5: pitch copies, remapped
 * fills, semaphore releases); the 3D classes MAXWELL_A/B in class_3d.c.
 * Compute and 2D objects bind but have no modelled method. A method the
 * model does not know for the bound class is -ENODEV: a channel error.
 */
#include <errno.h>
#include <string.h>

#include "nouveau/model/nv_model.h"
#include "nouveau/nv_classes.xml.h"
#include "nouveau/nva140.xml.h"
#include "nouveau/nvb097.xml.h"
#include "nouveau/nvb0b5.xml.h"
#include "nouveau/nvb197.xml.h"

/* The 3D classes run the I2M methods with NVA140's decoding: they must agree. */
#define SAME_I2M(M)                                                              \
	_Static_assert(REG_NVA140_##M == REG_NVB097_##M && REG_NVA140_##M == REG_NVB197_##M, \
		       #M " differs in 3D")
SAME_I2M(LINE_LENGTH_IN);
SAME_I2M(LINE_COUNT);
SAME_I2M(OFFSET_OUT_UPPER);
SAME_I2M(OFFSET_OUT);
SAME_I2M(PITCH_OUT);
SAME_I2M(LAUNCH_DMA);
SAME_I2M(LOAD_INLINE_DATA);
#define SAME_FIELD(F)                                                            \
	_Static_assert(NVA140_##F##__MASK == NVB097_##F##__MASK &&               \
		       NVA140_##F##__MASK == NVB197_##F##__MASK, #F " differs in 3D")
SAME_FIELD(LAUNCH_DMA_DST_MEMORY_LAYOUT);
SAME_FIELD(LAUNCH_DMA_COMPLETION_TYPE);
SAME_FIELD(LAUNCH_DMA_REDUCTION_ENABLE);

bool nvm_class_known(uint32_t cls)
{
	switch (cls) {
	case KEPLER_INLINE_TO_MEMORY_B:
	case MAXWELL_A:
	case MAXWELL_B:
	case MAXWELL_COMPUTE_A:
	case MAXWELL_COMPUTE_B:
	case FERMI_TWOD_A:
	case MAXWELL_DMA_COPY_A:
		return true;
	default:
		return false;
	}
}

/* Write @v as @bytes (1..4) little-endian bytes. */
static void put_bytes(uint8_t *p, uint32_t v, uint32_t bytes)
{
	for (uint32_t i = 0; i < bytes; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* payload, then (four words) zero and the 64-bit timestamp */
int nvm_release(struct nvm_job *job, uint64_t va, uint32_t payload, bool four_words)
{
	volatile uint32_t *sem = nvm_gpu_addr(job, va, four_words ? 16 : 4);

	if (!sem)
		return -EFAULT;
	if (four_words) {
		uint64_t ts = nvm_gpu_timestamp(job);

		sem[1] = 0;	/* the report value of REPORT NONE (tests/nouveau_push.c's claim) */
		sem[2] = (uint32_t)ts;
		sem[3] = (uint32_t)(ts >> 32);
	}
	__atomic_store_n(&sem[0], payload, __ATOMIC_RELEASE);
	return 0;
}

/* ---- inline to memory -------------------------------------------------- */

/* LOAD_INLINE_DATA: the next dword of the pitch rectangle. */
static int i2m_data(struct nvm_job *job, struct nvm_subc_state *s, uint32_t upper_mask,
		    uint32_t data)
{
	uint64_t base = (uint64_t)(s->i2m_out_upper & upper_mask) << 32 | s->i2m_out;
	uint32_t line, col;
	uint8_t *dst;

	if (!s->i2m_active || !s->i2m_line_length)
		return -ENODEV;
	line = s->i2m_done / s->i2m_line_length;
	col = s->i2m_done % s->i2m_line_length;
	if (line >= s->i2m_line_count)
		return 0;	/* data past the rectangle is dropped */
	dst = nvm_gpu_addr(job, base + (uint64_t)line * s->i2m_pitch_out + col,
			   s->i2m_line_length - col < 4 ? s->i2m_line_length - col : 4);
	if (!dst)
		return -EFAULT;
	put_bytes(dst, data, s->i2m_line_length - col < 4 ? s->i2m_line_length - col : 4);
	s->i2m_done += 4;
	return 0;
}

/* The I2M methods, at the same offsets in NVA140 and the 3D classes. */
int nvm_i2m_method(struct nvm_job *job, struct nvm_subc_state *s, uint32_t upper_mask,
		   uint32_t mthd, uint32_t data)
{
	switch (mthd) {
	case REG_NVA140_LINE_LENGTH_IN:
		s->i2m_line_length = data;
		return 0;
	case REG_NVA140_LINE_COUNT:
		s->i2m_line_count = data;
		return 0;
	case REG_NVA140_OFFSET_OUT_UPPER:
		s->i2m_out_upper = data;
		return 0;
	case REG_NVA140_OFFSET_OUT:
		s->i2m_out = data;
		return 0;
	case REG_NVA140_PITCH_OUT:
		s->i2m_pitch_out = data;
		return 0;
	case REG_NVA140_LAUNCH_DMA:
		/* pitch only; no completion semaphore or reduction modelled */
		if (NVA140_LAUNCH_DMA_DST_MEMORY_LAYOUT__get(data) !=
			    NVA140_LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH ||
		    NVA140_LAUNCH_DMA_COMPLETION_TYPE__get(data) ==
			    NVA140_LAUNCH_DMA_COMPLETION_TYPE_RELEASE_SEMAPHORE ||
		    NVA140_LAUNCH_DMA_REDUCTION_ENABLE__get(data))
			return -ENODEV;
		s->i2m_active = true;
		s->i2m_done = 0;
		if (s->i2m_line_count == 1)
			s->i2m_pitch_out = s->i2m_line_length;
		return 0;
	case REG_NVA140_LOAD_INLINE_DATA:
		return i2m_data(job, s, upper_mask, data);
	default:
		return 1;	/* not an I2M method */
	}
}

static int method_i2m(struct nvm_job *job, struct nvm_subc_state *s, uint32_t mthd, uint32_t data)
{
	int ret = nvm_i2m_method(job, s, NVA140_OFFSET_OUT_UPPER_VALUE__MASK, mthd, data);

	if (ret <= 0)
		return ret;
	return mthd == REG_NVA140_NO_OPERATION || mthd == REG_NVA140_WAIT_FOR_IDLE ? 0 : -ENODEV;
}

/* ---- copy engine ------------------------------------------------------- */

/* SET_REMAP_COMPONENTS DST_X..DST_W: the source of destination component @c. */
static uint32_t remap_source(uint32_t components, uint32_t c)
{
	switch (c) {
	case 0:
		return NVB0B5_SET_REMAP_COMPONENTS_DST_X__get(components);
	case 1:
		return NVB0B5_SET_REMAP_COMPONENTS_DST_Y__get(components);
	case 2:
		return NVB0B5_SET_REMAP_COMPONENTS_DST_Z__get(components);
	default:
		return NVB0B5_SET_REMAP_COMPONENTS_DST_W__get(components);
	}
}

/* One destination element of a remapped transfer (DST_Y..W use DST_X's value names). */
static void remap_element(const struct nvm_subc_state *s, uint8_t *dst, const uint8_t *src,
			  uint32_t csize, uint32_t ndst)
{
	for (uint32_t c = 0; c < ndst; c++) {
		uint32_t sel = remap_source(s->ce_components, c);

		if (sel == NVB0B5_SET_REMAP_COMPONENTS_DST_X_CONST_A)
			put_bytes(dst + c * csize, s->ce_const_a, csize);
		else if (sel == NVB0B5_SET_REMAP_COMPONENTS_DST_X_CONST_B)
			put_bytes(dst + c * csize, s->ce_const_b, csize);
		else if (sel <= NVB0B5_SET_REMAP_COMPONENTS_DST_X_SRC_W && src)
			memmove(dst + c * csize, src + sel * csize, csize);
	}
}

static bool remap_needs_src(const struct nvm_subc_state *s, uint32_t ndst)
{
	for (uint32_t c = 0; c < ndst; c++)
		if (remap_source(s->ce_components, c) <= NVB0B5_SET_REMAP_COMPONENTS_DST_X_SRC_W)
			return true;
	return false;
}

/* LAUNCH_DMA: the pitch transfer (bytes, or remapped elements), then the semaphore. */
static int copy_launch(struct nvm_job *job, struct nvm_subc_state *s, uint32_t d)
{
	uint64_t in = (uint64_t)NVB0B5_OFFSET_IN_UPPER_UPPER__get(s->ce_in_upper) << 32 |
		      s->ce_in_lower;
	uint64_t out = (uint64_t)NVB0B5_OFFSET_OUT_UPPER_UPPER__get(s->ce_out_upper) << 32 |
		       s->ce_out_lower;
	bool remap = NVB0B5_LAUNCH_DMA_REMAP_ENABLE__get(d);
	uint32_t lines = NVB0B5_LAUNCH_DMA_MULTI_LINE_ENABLE__get(d) ? s->ce_line_count : 1;
	uint32_t csize = NVB0B5_SET_REMAP_COMPONENTS_COMPONENT_SIZE__get(s->ce_components) + 1;
	uint32_t nsrc = NVB0B5_SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS__get(s->ce_components) + 1;
	uint32_t ndst = NVB0B5_SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS__get(s->ce_components) + 1;
	uint32_t sem_type = NVB0B5_LAUNCH_DMA_SEMAPHORE_TYPE__get(d);
	bool need_src = !remap || remap_needs_src(s, ndst);
	uint64_t in_len = remap ? (uint64_t)s->ce_line_length * csize * nsrc : s->ce_line_length;
	uint64_t out_len = remap ? (uint64_t)s->ce_line_length * csize * ndst : s->ce_line_length;

	if (NVB0B5_LAUNCH_DMA_SRC_MEMORY_LAYOUT__get(d) != NVB0B5_LAUNCH_DMA_SRC_MEMORY_LAYOUT_PITCH ||
	    NVB0B5_LAUNCH_DMA_DST_MEMORY_LAYOUT__get(d) != NVB0B5_LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH ||
	    NVB0B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_ENABLE__get(d) ||
	    sem_type > NVB0B5_LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_FOUR_WORD_SEMAPHORE)
		return -ENODEV;	/* block-linear, reductions: not modelled */
	if (NVB0B5_LAUNCH_DMA_DATA_TRANSFER_TYPE__get(d) != NVB0B5_LAUNCH_DMA_DATA_TRANSFER_TYPE_NONE) {
		for (uint32_t l = 0; l < lines; l++) {
			uint8_t *dst = nvm_gpu_addr(job, out + (uint64_t)l * s->ce_pitch_out, out_len);
			const uint8_t *src = need_src ? nvm_gpu_addr(job, in + (uint64_t)l * s->ce_pitch_in,
								     in_len) : NULL;

			if (!dst || (need_src && !src))
				return -EFAULT;
			if (!remap) {
				memmove(dst, src, s->ce_line_length);
				continue;
			}
			for (uint32_t e = 0; e < s->ce_line_length; e++)
				remap_element(s, dst + (uint64_t)e * csize * ndst,
					      src ? src + (uint64_t)e * csize * nsrc : NULL, csize, ndst);
		}
	}
	if (sem_type == NVB0B5_LAUNCH_DMA_SEMAPHORE_TYPE_NONE)
		return 0;
	return nvm_release(job, (uint64_t)NVB0B5_SET_SEMAPHORE_A_UPPER__get(s->ce_sem_a) << 32 |
				    NVB0B5_SET_SEMAPHORE_B_LOWER__get(s->ce_sem_b),
		       s->ce_sem_payload,
		       sem_type == NVB0B5_LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_FOUR_WORD_SEMAPHORE);
}

static int method_copy(struct nvm_job *job, struct nvm_subc_state *s, uint32_t mthd, uint32_t data)
{
	uint32_t *reg;

	switch (mthd) {
	case REG_NVB0B5_LAUNCH_DMA:
		return copy_launch(job, s, data);
	case REG_NVB0B5_OFFSET_IN_UPPER: reg = &s->ce_in_upper; break;
	case REG_NVB0B5_OFFSET_IN_LOWER: reg = &s->ce_in_lower; break;
	case REG_NVB0B5_OFFSET_OUT_UPPER: reg = &s->ce_out_upper; break;
	case REG_NVB0B5_OFFSET_OUT_LOWER: reg = &s->ce_out_lower; break;
	case REG_NVB0B5_PITCH_IN: reg = &s->ce_pitch_in; break;
	case REG_NVB0B5_PITCH_OUT: reg = &s->ce_pitch_out; break;
	case REG_NVB0B5_LINE_LENGTH_IN: reg = &s->ce_line_length; break;
	case REG_NVB0B5_LINE_COUNT: reg = &s->ce_line_count; break;
	case REG_NVB0B5_SET_SEMAPHORE_A: reg = &s->ce_sem_a; break;
	case REG_NVB0B5_SET_SEMAPHORE_B: reg = &s->ce_sem_b; break;
	case REG_NVB0B5_SET_SEMAPHORE_PAYLOAD: reg = &s->ce_sem_payload; break;
	case REG_NVB0B5_SET_REMAP_CONST_A: reg = &s->ce_const_a; break;
	case REG_NVB0B5_SET_REMAP_CONST_B: reg = &s->ce_const_b; break;
	case REG_NVB0B5_SET_REMAP_COMPONENTS: reg = &s->ce_components; break;
	default:
		return -ENODEV;
	}
	*reg = data;
	return 0;
}

int nvm_class_method(struct nvm_job *job, struct nvm_subc_state *s, uint32_t cls,
		     uint32_t mthd, uint32_t data)
{
	switch (cls) {
	case KEPLER_INLINE_TO_MEMORY_B:
		return method_i2m(job, s, mthd, data);
	case MAXWELL_A:
	case MAXWELL_B:
		return nvm_3d_method(job, s, cls, mthd, data);
	case MAXWELL_DMA_COPY_A:
		return method_copy(job, s, mthd, data);
	default:
		return -ENODEV;	/* compute and 2D: no method is modelled */
	}
}
