// SPDX-License-Identifier: MIT
/*
 * The RS (rasteriser setup) of the model: which vertex outputs are
 * interpolated, and into which fragment-shader temporaries they go.
 *
 * The RS reads colours (RS_COUNT.IC_COUNT, the VAP's colours in order)
 * and a stream of texture-coordinate components (IT_COUNT of them): for
 * each texture set n, its components from the VAP (VAP_OUT_VTX_FMT_1), or
 * with GB_ENABLE.POINT_STUFF_ENABLE and TEXn_SOURCE ST or STR the point
 * coordinates the GA generates (2 or 3 components), as Mesa's
 * r300_state_derived.c r300_update_rs_block lays them out ("VAP outputs
 * have precedence over GA", tex_ptr += 2 for sprite coordinates).
 *
 * RS_IP(i) says how interpolator i forms a colour (COL_PTR, COL_FMT) and a
 * texture coordinate (R3xx: TEX_PTR and SEL_S..Q picking C0-C3 or the
 * constants 0 and 1; R5xx: one pointer per component, 62 = 0, 63 = 1);
 * RS_INST(i) which interpolator's colour and texture coordinate are
 * written to which temporary. R5xx's COL_CN WRITE_BACKFACE writes 1 for a
 * back face and 0 for a front one (Mesa rc_transform_fragment_face: "the
 * FACE input in hardware contains 1 if it's a back face").
 *
 * Two-sided colour: when the VAP has four colours and the RS rasterises
 * two, back faces take colours 2 and 3 (Mesa: "the rasterizer will do the
 * color selection automatically"; an inference from that comment and
 * the layout it builds, to verify on silicon).
 */
#include <string.h>

#include "radeon/model/fmath.h"
#include "radeon/model/pipe.h"

#define K0_PTR 62	/* R5xx RS_IP pointer values of the constants 0 and 1 (Mesa R500_RS_IP_PTR_K0/K1) */
#define K1_PTR 63

bool rp_rs_setup(struct radeon_exec *x, struct rp_rs *rs, const struct rp_layout *l)
{
	const struct radeon_gpu_state *s = x->state;
	uint32_t count = REG(s, REG_R300_RS_COUNT), gb = REG(s, REG_R300_GB_ENABLE);
	uint32_t comps = 0, set = 0;

	*rs = (struct rp_rs){
		.nr_inst = R300_RS_INST_COUNT_INST_COUNT__get(REG(s, REG_R300_RS_INST_COUNT)) + 1,
		.it_count = R300_RS_COUNT_IT_COUNT__get(count),
		.ic_count = R300_RS_COUNT_IC_COUNT__get(count),
		.gb_enable = gb, .r500 = x->family >= RV515,
	};
	if (gb & (R300_GB_ENABLE_LINE_STUFF_ENABLE__MASK | R300_GB_ENABLE_TRIANGLE_STUFF_ENABLE__MASK))
		return radeon_fault(x, "GB_ENABLE line/triangle stuffing not modelled");
	for (unsigned int i = 0; i < rs->nr_inst; i++) {
		rs->ip[i] = REG(s, rs->r500 ? REG_R300_R500_RS_IP(i) : REG_R300_RS_IP(i));
		rs->inst[i] = REG(s, rs->r500 ? REG_R300_R500_RS_INST(i) : REG_R300_RS_INST(i));
	}
	for (unsigned int n = 0; n < 8; n++) {
		uint32_t src = (gb >> (R300_GB_ENABLE_TEX0_SOURCE__SHIFT + 2 * n)) &
			       (R300_GB_ENABLE_TEX0_SOURCE__MASK >> R300_GB_ENABLE_TEX0_SOURCE__SHIFT);

		rs->tex_base[n] = (uint8_t)comps;
		rs->vap_set[n] = -1;
		if (set < l->nr_tex && l->tex_unit[set] == n) {	/* the VAP's come first */
			rs->vap_set[n] = (int8_t)set;
			comps += l->tex_comps[set++];
		} else if (R300_GB_ENABLE_POINT_STUFF_ENABLE__get(gb) && src != GB_TEX_REPLICATE) {
			rs->stuffed[n] = src == GB_TEX_STR ? 3 : 2;
			comps += rs->stuffed[n];
		}
	}
	if (comps > RP_TEX_COMPS)
		return radeon_fault(x, "%u texture coordinate components to rasterise", comps);
	rs->two_sided = l->nr_colours == 4 && rs->ic_count <= 2;
	return true;
}

void rp_rs_vertex(const struct rp_rs *rs, const struct rp_layout *l, const struct rp_vertex *v,
		  struct rp_rs_vertex *out)
{
	memset(out, 0, sizeof(*out));
	for (unsigned int i = 0; i < l->nr_colours; i++)
		memcpy(out->col[i], v->out[l->colour[i]], sizeof(out->col[i]));
	for (unsigned int n = 0; n < 8; n++) {
		int set = rs->vap_set[n];

		if (set < 0)
			continue;
		for (unsigned int c = 0; c < l->tex_comps[set]; c++)
			out->tex[rs->tex_base[n] + c] = v->out[l->tex[set]][c];
	}
	out->inv_w = v->win[3];
}

void rp_rs_point_coords(const struct rp_rs *rs, const struct radeon_gpu_state *s, float fx,
			float fy, struct rp_rs_vertex *a)
{
	float s0 = rp_regf(s, REG_R300_GA_POINT_S0), t0 = rp_regf(s, REG_R300_GA_POINT_T0);
	float s1 = rp_regf(s, REG_R300_GA_POINT_S1), t1 = rp_regf(s, REG_R300_GA_POINT_T1);

	for (unsigned int n = 0; n < 8; n++) {
		if (!rs->stuffed[n])
			continue;
		/* S0 at the left edge, S1 at the right; T1 at the top (lowest y), T0 at the bottom */
		a->tex[rs->tex_base[n]] = s0 + (s1 - s0) * fx;
		a->tex[rs->tex_base[n] + 1] = t1 + (t0 - t1) * fy;
		if (rs->stuffed[n] == 3)
			a->tex[rs->tex_base[n] + 2] = 0.0f;
	}
}

/* COL_FMT applied to colour @c. */
static void colour_format(uint32_t fmt, const float c[4], float out[4])
{
	static const int8_t pick[][4] = {
		/* -1: 0, -2: 1 */
		[RS_COL_FMT_RGBA] = { 0, 1, 2, 3 }, [RS_COL_FMT_RGB0] = { 0, 1, 2, -1 },
		[RS_COL_FMT_RGB1] = { 0, 1, 2, -2 }, [RS_COL_FMT_000A] = { -1, -1, -1, 3 },
		[RS_COL_FMT_0000] = { -1, -1, -1, -1 }, [RS_COL_FMT_0001] = { -1, -1, -1, -2 },
		[RS_COL_FMT_111A] = { -2, -2, -2, 3 }, [RS_COL_FMT_1110] = { -2, -2, -2, -1 },
		[RS_COL_FMT_1111] = { -2, -2, -2, -2 },
	};
	const int8_t *p = fmt < sizeof(pick) / sizeof(pick[0]) ? pick[fmt] : pick[RS_COL_FMT_0000];

	for (int k = 0; k < 4; k++)
		out[k] = p[k] >= 0 ? c[p[k]] : p[k] == -2 ? 1.0f : 0.0f;
}

static float tex_component(const struct rp_rs_vertex *a, uint32_t ptr)
{
	if (ptr == K0_PTR)
		return 0.0f;
	if (ptr == K1_PTR)
		return 1.0f;
	return ptr < RP_TEX_COMPS ? a->tex[ptr] : 0.0f;
}

/* Interpolator @ip's texture coordinate. */
static void texcoord(const struct rp_rs *rs, uint32_t ip, const struct rp_rs_vertex *a, float t[4])
{
	if (rs->r500) {
		t[0] = tex_component(a, R300_R500_RS_IP_TEX_PTR_S__get(ip));
		t[1] = tex_component(a, R300_R500_RS_IP_TEX_PTR_T__get(ip));
		t[2] = tex_component(a, R300_R500_RS_IP_TEX_PTR_R__get(ip));
		t[3] = tex_component(a, R300_R500_RS_IP_TEX_PTR_Q__get(ip));
		return;
	}
	for (int k = 0; k < 4; k++) {
		uint32_t sel = (ip >> (R300_RS_IP_SEL_S__SHIFT + 3 * k)) & 7;

		t[k] = sel <= RS_SEL_C3 ? tex_component(a, R300_RS_IP_TEX_PTR__get(ip) + sel) :
		       sel == RS_SEL_K1 ? 1.0f : 0.0f;
	}
}

static void colour(const struct rp_rs *rs, uint32_t ip, const struct rp_rs_vertex *a, bool back,
		   float c[4])
{
	uint32_t ptr = rs->r500 ? R300_R500_RS_IP_COL_PTR__get(ip) : R300_RS_IP_COL_PTR__get(ip);
	uint32_t fmt = rs->r500 ? R300_R500_RS_IP_COL_FMT__get(ip) : R300_RS_IP_COL_FMT__get(ip);

	if (back && rs->two_sided && ptr < 2)
		ptr += 2;
	colour_format(fmt, a->col[ptr % RP_COLOURS], c);
}

void rp_rs_pixel(const struct rp_rs *rs, const struct rp_rs_vertex *a, bool back,
		 float in[RP_TEMPS][4])
{
	for (unsigned int i = 0; i < rs->nr_inst; i++) {
		uint32_t inst = rs->inst[i];

		if (rs->r500) {
			uint32_t cn = R300_R500_RS_INST_COL_CN__get(inst);

			if (R300_R500_RS_INST_TEX_CN_WRITE__get(inst))
				texcoord(rs, rs->ip[R300_R500_RS_INST_TEX_ID__get(inst) % 16], a,
					 in[R300_R500_RS_INST_TEX_ADDR__get(inst) % RP_TEMPS]);
			if (cn == RS_INST_COL_CN_WRITE_BACKFACE) {
				float *t = in[R300_R500_RS_INST_COL_ADDR__get(inst) % RP_TEMPS];

				t[0] = t[1] = t[2] = t[3] = back ? 1.0f : 0.0f;
			} else if (cn != RS_INST_COL_CN_NO_WRITE) {
				colour(rs, rs->ip[R300_R500_RS_INST_COL_ID__get(inst) % 16], a, back,
				       in[R300_R500_RS_INST_COL_ADDR__get(inst) % RP_TEMPS]);
			}
			continue;
		}
		if (R300_RS_INST_TEX_CN_WRITE__get(inst))
			texcoord(rs, rs->ip[R300_RS_INST_TEX_ID__get(inst) % 8], a,
				 in[R300_RS_INST_TEX_ADDR__get(inst)]);
		if (R300_RS_INST_COL_CN_WRITE__get(inst))
			colour(rs, rs->ip[R300_RS_INST_COL_ID__get(inst) % 8], a, back,
			       in[R300_RS_INST_COL_ADDR__get(inst)]);
	}
}
