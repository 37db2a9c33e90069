// SPDX-License-Identifier: MIT
/*
 * One draw of the model from its state to its pixels: the per-draw setup
 * (vertex output layout, RS, back end) and each quad's way through the
 * fragment shader (US_CONFIG, the R3xx/R4xx or R5xx program) to the back
 * end. The fragment's depth is the rasteriser's unless the shader writes
 * it (FG_DEPTH_SRC.SHADER with US_W_FMT W24; Mesa's r300_fs.c sets both
 * for a shader that writes depth).
 */
#include <string.h>

#include "radeon/model/fmath.h"
#include "radeon/model/pipe.h"

bool rp_draw_begin(struct rp_draw *d, struct radeon_exec *x)
{
	const struct radeon_gpu_state *s = x->state;
	uint32_t wfmt = REG(s, REG_R300_US_W_FMT);

	*d = (struct rp_draw){ .x = x, .s = x->state, .r500 = x->family >= RV515 };
	if (R300_US_W_FMT_W_FMT__get(wfmt) == W_FMT_W24FP || R300_US_W_FMT_W_SRC_RAS__get(wfmt))
		return radeon_fault(x, "US_W_FMT %#x not modelled", wfmt);
	d->shader_depth = R300_FG_DEPTH_SRC_SHADER__get(REG(s, REG_R300_FG_DEPTH_SRC)) &&
			  R300_US_W_FMT_W_FMT__get(wfmt) == W_FMT_W24;
	/* the temporaries the program may read: US_PIXSIZE is the highest one it uses */
	d->temps = REG(s, REG_R300_US_PIXSIZE) + 1;
	if (d->temps > RP_TEMPS)
		d->temps = RP_TEMPS;
	return rp_layout_read(x, &d->layout) && rp_rs_setup(x, &d->rs, &d->layout) &&
	       radeon_backend_begin(&d->be, x);
}

bool rp_draw_quad(struct rp_draw *d, struct rp_quad *q)
{
	static _Thread_local struct rp_fs_out o;
	bool ok;

	memset(&o, 0, sizeof(o));
	o.live = q->cover;
	ok = d->r500 ? rp_us500_run(d, q, &o) : rp_us300_run(d, q, &o);
	if (!ok)
		return false;
	for (int i = 0; i < 4; i++) {
		float c[RP_TARGETS][4], z = q->z[i];

		if (!(q->cover & o.live & (1u << i)))
			continue;
		for (int t = 0; t < RP_TARGETS; t++)
			memcpy(c[t], o.colour[t][i], sizeof(c[t]));
		if (d->shader_depth && o.writes_depth)
			z = fm_clamp01(o.depth[i]);
		radeon_backend_fragment(&d->be, (uint32_t)(q->x + (i & 1)), (uint32_t)(q->y + (i >> 1)),
					z, q->back, (const float (*)[4])c);
		d->pixels++;
	}
	return true;
}
