// SPDX-License-Identifier: MIT
/*
 * Claim experiments on the harness's minimal pipeline (r300_3d.h); see
 * r300_probe.h. The one register or program word each experiment adds is
 * the claim being tested, not a form this file asserts.
 */
#include <stdlib.h>

#include "core/test.h"
#include "radeon/r300_probe.h"

#define SIZE R300_PROBE_SIZE

struct r300_probe *r300_probe_new(struct r300_device *dev)
{
	struct r300_probe *p;

	igt_require_f(dev->accel_working, "acceleration is not working\n");
	igt_require_f(r300_chip_vert_fpus(dev->family),
		      "%s has no vertex shader hardware (an IGP without TCL)\n",
		      r300_chip_name(dev->family));
	p = calloc(1, sizeof(*p));
	igt_assert(p);
	p->dev = dev;
	p->fb = r300_bo_new(dev, SIZE * SIZE * 4, RADEON_GEM_DOMAIN_VRAM);
	p->zb = r300_bo_new(dev, SIZE * SIZE * 4, RADEON_GEM_DOMAIN_VRAM);
	p->tex = r300_bo_new(dev, SIZE * SIZE * 4, RADEON_GEM_DOMAIN_VRAM);
	p->cs = r300_cs_new(dev, 4096);
	return p;
}

void r300_probe_free(struct r300_probe *p)
{
	if (!p)
		return;
	r300_cs_free(p->cs);
	r300_bo_free(p->tex);
	r300_bo_free(p->zb);
	r300_bo_free(p->fb);
	free(p);
}

void r300_probe_begin(struct r300_probe *p, uint32_t fill)
{
	r300_cs_reset(p->cs);
	r300_bo_fill32(p->fb, fill);
	r300_emit_3d_setup(p->cs, p->fb, 0, SIZE, SIZE, SIZE);
}

int r300_probe_finish(struct r300_probe *p)
{
	int ret;

	r300_emit_flush(p->cs);
	ret = __r300_cs_submit(p->cs);
	if (!ret)
		r300_bo_wait(p->fb);
	return ret;
}

uint32_t r300_probe_pixel(const struct r300_probe *p, uint32_t x, uint32_t y)
{
	return r300_bo_read32(p->fb, (y * SIZE + x) * 4);
}

static void full_quad(struct r300_probe *p, const float rgba[4])
{
	r300_draw_quad(p->cs, -1, -1, 1, 1, 0, rgba);
}

int r300_probe_alpha(struct r300_probe *p, uint32_t reg, uint32_t value, unsigned int *drawn)
{
	static const float alpha[3] = { 64 / 255.0f, 128 / 255.0f, 192 / 255.0f };
	int ret;

	r300_probe_begin(p, R300_PROBE_FILL);
	r300_cs_reg(p->cs, reg, value);
	for (int i = 0; i < 3; i++) {
		const float rgba[4] = { 1, 1, 1, alpha[i] };
		float x0 = -1 + 2 * i / 3.0f, x1 = -1 + 2 * (i + 1) / 3.0f;

		r300_draw_quad(p->cs, x0, -1, x1, 1, 0, rgba);
	}
	ret = r300_probe_finish(p);
	*drawn = 0;
	for (uint32_t i = 0; !ret && i < 3; i++)
		if (r300_probe_pixel(p, SIZE / 6 + i * SIZE / 3, SIZE / 2) != R300_PROBE_FILL)
			*drawn |= 1u << i;
	return ret;
}

int r300_probe_blend(struct r300_probe *p, const uint32_t *regs, const uint32_t *values,
		     unsigned int n, uint32_t dst_argb, uint32_t const_argb, const float src[4],
		     uint32_t *argb)
{
	int ret;

	r300_probe_begin(p, dst_argb);
	r300_emit_blend_color(p->cs, const_argb);
	for (unsigned int i = 0; i < n; i++)
		r300_cs_reg(p->cs, regs[i], values[i]);
	full_quad(p, src);
	ret = r300_probe_finish(p);
	*argb = r300_probe_pixel(p, SIZE / 2, SIZE / 2);
	return ret;
}

int r300_probe_mask(struct r300_probe *p, uint32_t reg, uint32_t value, uint32_t *argb)
{
	static const float white[4] = { 1, 1, 1, 1 };
	int ret;

	r300_probe_begin(p, R300_PROBE_FILL);
	r300_cs_reg(p->cs, reg, value);
	full_quad(p, white);
	ret = r300_probe_finish(p);
	*argb = r300_probe_pixel(p, SIZE / 2, SIZE / 2);
	return ret;
}

int r300_probe_vs(struct r300_probe *p, const struct r300_pvs_inst *prog, unsigned int n,
		  const float (*consts)[4], unsigned int nr_consts, const float colour[4],
		  uint32_t *argb)
{
	struct r300_vs vs;
	int ret;

	r300_probe_begin(p, R300_PROBE_FILL);
	r300_vs_init(&vs, 2, 2);
	r300_vs_add(&vs, r300_pvs_mov(R300_PVS_OUT(0), R300_PVS_IN(0)));
	for (unsigned int i = 0; i < n; i++)
		r300_vs_add(&vs, prog[i]);
	for (unsigned int i = 0; i < nr_consts; i++)
		r300_vs_const(&vs, i, consts[i][0], consts[i][1], consts[i][2], consts[i][3]);
	r300_emit_vs(p->cs, &vs);
	full_quad(p, colour);
	ret = r300_probe_finish(p);
	*argb = r300_probe_pixel(p, SIZE / 2, SIZE / 2);
	return ret;
}

int r300_probe_write(struct r300_probe *p, uint32_t reg, uint32_t value)
{
	r300_cs_reset(p->cs);
	r300_cs_reg(p->cs, reg, value);
	return __r300_cs_submit(p->cs);
}
