// SPDX-License-Identifier: MIT
/*
 * MAXWELL_DMA_COPY_A (NVB0B5, clb0b5.h) in the model: LAUNCH_DMA copies
 * LINE_COUNT lines of LINE_LENGTH_IN elements from the source to the
 * destination surface, each pitch (OFFSET + line * PITCH) or block-linear
 * (SET_*_BLOCK_SIZE, WIDTH, HEIGHT, DEPTH, LAYER, ORIGIN: surface.h), then
 * releases its semaphore. An element is one byte, or with REMAP_ENABLE
 * NUM_*_COMPONENTS components of COMPONENT_SIZE bytes each assembled by
 * SET_REMAP_COMPONENTS DST_X..W (source components or CONST_A/B), as
 * Mesa's nve4_m2mf_transfer_rect (nvc0_transfer.c: SWIZZLE, *_BLOCK_
 * DIMENSIONS, EXEC) and NVK's upload queue use it. Every method's value is
 * latched by engines.c before LAUNCH_DMA reads them.
 */
#include <errno.h>
#include <string.h>

#include "model/model.h"
#include "nouveau/model/nv_model.h"
#include "nouveau/model/surface.h"
#include "nouveau/nvb0b5.xml.h"

/* The most bytes one element may have: 4 components of 4 bytes. */
#define ELEMENT_MAX 16

struct copy_side {
	struct nvm_surface surf;
	uint32_t x0, y0, layer;		/* block-linear: the origin, in elements, and slice */
	uint32_t esize;			/* bytes per element */
};

/* Write @v as @bytes (1..4) little-endian bytes. */
static void put_bytes(uint8_t *p, uint32_t v, uint32_t bytes)
{
	for (uint32_t i = 0; i < bytes; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

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

/* One destination element (DST_Y..W use DST_X's value names) from @src. */
static void remap_element(const struct nvm_subc_state *s, uint8_t *dst, const uint8_t *src)
{
	uint32_t comp = nvm_state(s, REG_NVB0B5_SET_REMAP_COMPONENTS);
	uint32_t csize = NVB0B5_SET_REMAP_COMPONENTS_COMPONENT_SIZE__get(comp) + 1;
	uint32_t ndst = NVB0B5_SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS__get(comp) + 1;

	for (uint32_t c = 0; c < ndst; c++) {
		uint32_t sel = remap_source(comp, c);

		if (sel == NVB0B5_SET_REMAP_COMPONENTS_DST_X_CONST_A)
			put_bytes(dst + c * csize, nvm_state(s, REG_NVB0B5_SET_REMAP_CONST_A), csize);
		else if (sel == NVB0B5_SET_REMAP_COMPONENTS_DST_X_CONST_B)
			put_bytes(dst + c * csize, nvm_state(s, REG_NVB0B5_SET_REMAP_CONST_B), csize);
		else if (sel <= NVB0B5_SET_REMAP_COMPONENTS_DST_X_SRC_W)
			memcpy(dst + c * csize, src + sel * csize, csize);
		/* NO_WRITE leaves the component as it was */
	}
}

/* The pitch or block-linear geometry of one side, from its latched methods. */
static int copy_side(const struct nvm_subc_state *s, bool dst, bool pitch, uint32_t esize,
		     struct copy_side *side)
{
	uint32_t block = nvm_state(s, dst ? REG_NVB0B5_SET_DST_BLOCK_SIZE : REG_NVB0B5_SET_SRC_BLOCK_SIZE);
	uint32_t origin = nvm_state(s, dst ? REG_NVB0B5_SET_DST_ORIGIN : REG_NVB0B5_SET_SRC_ORIGIN);
	uint32_t upper = nvm_state(s, dst ? REG_NVB0B5_OFFSET_OUT_UPPER : REG_NVB0B5_OFFSET_IN_UPPER);
	uint32_t lower = nvm_state(s, dst ? REG_NVB0B5_OFFSET_OUT_LOWER : REG_NVB0B5_OFFSET_IN_LOWER);

	*side = (struct copy_side){
		.surf = {
			.va = nvm_addr(NVB0B5_OFFSET_IN_UPPER_UPPER__get(upper), lower),
			.pitch = pitch,
			.pitch_bytes = nvm_state(s, dst ? REG_NVB0B5_PITCH_OUT : REG_NVB0B5_PITCH_IN),
			.width_bytes = esize * nvm_state(s, dst ? REG_NVB0B5_SET_DST_WIDTH
								: REG_NVB0B5_SET_SRC_WIDTH),
			.height = nvm_state(s, dst ? REG_NVB0B5_SET_DST_HEIGHT : REG_NVB0B5_SET_SRC_HEIGHT),
			.depth = nvm_state(s, dst ? REG_NVB0B5_SET_DST_DEPTH : REG_NVB0B5_SET_SRC_DEPTH),
			.log2_bw = NVB0B5_SET_SRC_BLOCK_SIZE_WIDTH__get(block),
			.log2_bh = NVB0B5_SET_SRC_BLOCK_SIZE_HEIGHT__get(block),
			.log2_bd = NVB0B5_SET_SRC_BLOCK_SIZE_DEPTH__get(block),
		},
		.x0 = pitch ? 0 : NVB0B5_SET_SRC_ORIGIN_X__get(origin),
		.y0 = pitch ? 0 : NVB0B5_SET_SRC_ORIGIN_Y__get(origin),
		.layer = pitch ? 0 : nvm_state(s, dst ? REG_NVB0B5_SET_DST_LAYER : REG_NVB0B5_SET_SRC_LAYER),
		.esize = esize,
	};
	if (pitch)
		return 0;
	/* the Tesla GOB of 4 rows is not this chip's (GF100+ GOBs have 8) */
	if (NVB0B5_SET_SRC_BLOCK_SIZE_GOB_HEIGHT__get(block) !=
		    NVB0B5_SET_SRC_BLOCK_SIZE_GOB_HEIGHT_GOB_HEIGHT_FERMI_8 ||
	    !nvm_surface_valid(&side->surf)) {
		model_debug("nouveau: copy: block size %#x not modelled", block);
		return -ENODEV;
	}
	return 0;
}

/*
 * The CPU pointer to @n elements from element @e of line @l of @side, and
 * in *@n how many of them are contiguous there (to the end of a GOB row
 * for block-linear memory; an element never crosses one).
 */
static uint8_t *run_at(struct nvm_job *job, const struct copy_side *side, uint32_t e, uint32_t l,
		       uint32_t *n)
{
	uint32_t x = (side->x0 + e) * side->esize;
	uint64_t bytes;

	if (!side->surf.pitch)
		*n = nvm_surface_span(&side->surf, x, *n * side->esize) / side->esize;
	bytes = (uint64_t)*n * side->esize;
	if (side->surf.pitch)
		return nvm_gpu_addr(job, side->surf.va + (uint64_t)l * side->surf.pitch_bytes + x,
				    bytes);
	return nvm_surface_at(job, &side->surf, x, side->y0 + l, side->layer, (uint32_t)bytes);
}

/* @n elements of one run: moved as bytes, or remapped one by one. */
static void copy_run(const struct nvm_subc_state *s, bool remap, uint8_t *to, const uint8_t *from,
		     uint32_t n, const struct copy_side *src, const struct copy_side *dst)
{
	uint8_t in[ELEMENT_MAX] = { 0 };

	if (!remap) {
		memmove(to, from, n);
		return;
	}
	for (uint32_t i = 0; i < n; i++) {
		/* through a copy: source and destination may overlap */
		if (src->esize)
			memcpy(in, from + (uint64_t)i * src->esize, src->esize);
		remap_element(s, to + (uint64_t)i * dst->esize, in);
	}
}

/* Every line, in runs that are contiguous on both sides. */
static int transfer(struct nvm_job *job, const struct nvm_subc_state *s, bool remap,
		    const struct copy_side *src, const struct copy_side *dst, uint32_t lines)
{
	uint32_t len = nvm_state(s, REG_NVB0B5_LINE_LENGTH_IN);

	for (uint32_t l = 0; l < lines; l++) {
		for (uint32_t e = 0; e < len;) {
			uint32_t n = len - e, m;
			const uint8_t *from = NULL;
			uint8_t *to;

			if (src->esize) {
				from = run_at(job, src, e, l, &n);
				if (!from)
					return -EFAULT;
			}
			m = n;
			to = run_at(job, dst, e, l, &m);
			if (!to)
				return -EFAULT;
			copy_run(s, remap, to, from, m, src, dst);
			e += m;
		}
	}
	return 0;
}

/* Bytes per element on each side; a source of 0 bytes when only constants are written. */
static void element_sizes(const struct nvm_subc_state *s, bool remap, uint32_t *src, uint32_t *dst)
{
	uint32_t comp = nvm_state(s, REG_NVB0B5_SET_REMAP_COMPONENTS);
	uint32_t csize = NVB0B5_SET_REMAP_COMPONENTS_COMPONENT_SIZE__get(comp) + 1;
	uint32_t nsrc = NVB0B5_SET_REMAP_COMPONENTS_NUM_SRC_COMPONENTS__get(comp) + 1;
	uint32_t ndst = NVB0B5_SET_REMAP_COMPONENTS_NUM_DST_COMPONENTS__get(comp) + 1;
	bool reads = false;

	*src = *dst = 1;
	if (!remap)
		return;
	for (uint32_t c = 0; c < ndst; c++)
		reads |= remap_source(comp, c) <= NVB0B5_SET_REMAP_COMPONENTS_DST_X_SRC_W;
	*src = reads ? csize * nsrc : 0;
	*dst = csize * ndst;
}

int nvm_copy_launch(struct nvm_job *job, struct nvm_subc_state *s, uint32_t d)
{
	bool remap = NVB0B5_LAUNCH_DMA_REMAP_ENABLE__get(d);
	uint32_t lines = NVB0B5_LAUNCH_DMA_MULTI_LINE_ENABLE__get(d)
			 ? nvm_state(s, REG_NVB0B5_LINE_COUNT) : 1;
	uint32_t sem_type = NVB0B5_LAUNCH_DMA_SEMAPHORE_TYPE__get(d);
	uint32_t sem_a = nvm_state(s, REG_NVB0B5_SET_SEMAPHORE_A);
	struct copy_side src, dst;
	uint32_t src_size, dst_size;
	int ret;

	if (NVB0B5_LAUNCH_DMA_SEMAPHORE_REDUCTION_ENABLE__get(d) ||
	    sem_type > NVB0B5_LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_FOUR_WORD_SEMAPHORE) {
		model_debug("nouveau: copy: LAUNCH_DMA %#x: semaphore reductions not modelled", d);
		return -ENODEV;
	}
	element_sizes(s, remap, &src_size, &dst_size);
	ret = copy_side(s, false, NVB0B5_LAUNCH_DMA_SRC_MEMORY_LAYOUT__get(d) ==
			NVB0B5_LAUNCH_DMA_SRC_MEMORY_LAYOUT_PITCH, src_size, &src);
	if (!ret)
		ret = copy_side(s, true, NVB0B5_LAUNCH_DMA_DST_MEMORY_LAYOUT__get(d) ==
				NVB0B5_LAUNCH_DMA_DST_MEMORY_LAYOUT_PITCH, dst_size, &dst);
	if (!ret && NVB0B5_LAUNCH_DMA_DATA_TRANSFER_TYPE__get(d) !=
			    NVB0B5_LAUNCH_DMA_DATA_TRANSFER_TYPE_NONE)
		ret = transfer(job, s, remap, &src, &dst, lines);
	if (ret || sem_type == NVB0B5_LAUNCH_DMA_SEMAPHORE_TYPE_NONE)
		return ret;
	return nvm_release(job, nvm_addr(NVB0B5_SET_SEMAPHORE_A_UPPER__get(sem_a),
					 NVB0B5_SET_SEMAPHORE_B_LOWER__get(
						 nvm_state(s, REG_NVB0B5_SET_SEMAPHORE_B))),
			   nvm_state(s, REG_NVB0B5_SET_SEMAPHORE_PAYLOAD),
			   sem_type == NVB0B5_LAUNCH_DMA_SEMAPHORE_TYPE_RELEASE_FOUR_WORD_SEMAPHORE);
}
