// SPDX-License-Identifier: MIT
/*
 * The a6xx CP's draw-side packets: CP_SET_DRAW_STATE groups, the render
 * mode they are masked with, IB2 skipping, bins, and the draws that run
 * the groups.
 *
 * A group is a little command stream (pkt4 writes, CP_LOAD_STATE6) named
 * by address and size; it stays in force until replaced, disabled or
 * DISABLE_ALL_GROUPS (freedreno re-emits only the groups that change
 * between draws: fd6_emit.c fd6_emit_state), and the CP runs the groups in
 * force at each draw, in group-id order, each only in the render modes its
 * BINNING/GMEM/SYSMEM bits allow; the mode is the last CP_SET_MARKER's
 * (Mesa's decoder does the same: cffdec.c load_all_groups, cp_set_marker).
 * A group's contents run at the IB level of the draw, not one below (the
 * CP's draw-state engine is no IB2: freedreno's draws sit in IB2 already).
 *
 * Draws are accepted and counted, not rasterised: the model has no shader
 * core. The state they consume (the groups, the index buffer's address) is
 * checked as the GPU would touch it.
 */
#include "msm/adreno_pm4.xml.h"
#include "msm/model/cp.h"
#include "msm/pm4_header.h"

/* The group at @p (3 dwords: header, address lo/hi on a5xx+). */
static bool set_group(struct cp *cp, const uint32_t *p)
{
	uint32_t d0 = p[0];
	uint32_t id = CP_SET_DRAW_STATE_GROUP_0_GROUP_ID__get(d0);
	struct cp_state_group *g;

	if (CP_SET_DRAW_STATE_GROUP_0_DISABLE_ALL_GROUPS__get(d0)) {
		for (unsigned int i = 0; i < CP_STATE_GROUPS; i++)
			cp->draw.groups[i].dwords = 0;
		return true;
	}
	if (id >= CP_STATE_GROUPS)
		return cp_fault(cp, "CP_SET_DRAW_STATE group %u (a6xx has %u)", id, CP_STATE_GROUPS);
	g = &cp->draw.groups[id];
	if (CP_SET_DRAW_STATE_GROUP_0_DISABLE__get(d0)) {
		g->dwords = 0;
		return true;
	}
	/* LOAD_IMMED is an a5xx bit (adreno_pm4.xml): unknown on a6xx */
	if (d0 & CP_SET_DRAW_STATE_GROUP_0_LOAD_IMMED__MASK)
		return cp_fault(cp, "CP_SET_DRAW_STATE LOAD_IMMED is not modelled on a%uxx",
				cp->info->gen);
	g->addr = cp_addr(&p[1]);
	g->dwords = CP_SET_DRAW_STATE_GROUP_0_COUNT__get(d0);
	g->modes = (CP_SET_DRAW_STATE_GROUP_0_BINNING__get(d0) ? CP_DRAW_MODE_BINNING : 0) |
		   (CP_SET_DRAW_STATE_GROUP_0_GMEM__get(d0) ? CP_DRAW_MODE_GMEM : 0) |
		   (CP_SET_DRAW_STATE_GROUP_0_SYSMEM__get(d0) ? CP_DRAW_MODE_SYSMEM : 0);
	return true;
}

bool cp_set_draw_state(struct cp *cp, const uint32_t *p, uint32_t count)
{
	const uint32_t stride = REG_CP_SET_DRAW_STATE_GROUP__ESIZE;

	if (cp->draw.in_group)
		return cp_fault(cp, "CP_SET_DRAW_STATE inside a draw-state group");
	if (!count || count % stride)
		return cp_fault(cp, "CP_SET_DRAW_STATE with %u dwords (groups of %u)", count, stride);
	for (uint32_t i = 0; i < count; i += stride)
		if (!set_group(cp, &p[i]))
			return false;
	return true;
}

/* Run the groups in force that the current mode enables. */
static bool run_groups(struct cp *cp)
{
	bool ok = true;

	cp->draw.in_group = true;
	for (unsigned int i = 0; i < CP_STATE_GROUPS && ok; i++) {
		const struct cp_state_group *g = &cp->draw.groups[i];
		const uint32_t *dw;

		if (!g->dwords || !(g->modes & cp->draw.mode))
			continue;
		dw = cp_map(cp, g->addr, 4ull * g->dwords);
		ok = dw && cp_exec_mapped(cp, dw, g->dwords);
	}
	cp->draw.in_group = false;
	return ok;
}

/*
 * The render mode from CP_SET_MARKER's SET_RENDER_MODE form: the modes
 * that select draw-state groups (cffdec.c cp_set_marker: BYPASS is
 * RM6_DIRECT_RENDER, BINNING RM6_BIN_VISIBILITY, GMEM
 * RM6_BIN_RENDER_START); the other markers leave it.
 */
bool cp_set_marker(struct cp *cp, const uint32_t *p, uint32_t count)
{
	if (A6XX_CP_SET_MARKER_0_MARKER_MODE__get(p[0]) != SET_RENDER_MODE)
		return true;	/* IFPC: power collapse, nothing the model has */
	switch (A6XX_CP_SET_MARKER_0_MODE__get(p[0])) {
	case RM6_DIRECT_RENDER:
		cp->draw.mode = CP_DRAW_MODE_SYSMEM;
		break;
	case RM6_BIN_VISIBILITY:
		cp->draw.mode = CP_DRAW_MODE_BINNING;
		break;
	case RM6_BIN_RENDER_START:
		cp->draw.mode = CP_DRAW_MODE_GMEM;
		break;
	}
	return true;
}

/* CP_SET_MODE's dword: kept (cffdec.c cp_set_mode); no effect the model shows. */
bool cp_set_mode(struct cp *cp, const uint32_t *p, uint32_t count)
{
	cp->draw.set_mode = p[0];
	return true;
}

/* The one-dword enables the CP only latches: nonzero is on. */
static bool latch_enable(const uint32_t *p, bool *enable)
{
	*enable = p[0] != 0;
	return true;
}

bool cp_skip_ib2_global(struct cp *cp, const uint32_t *p, uint32_t count)
{
	return latch_enable(p, &cp->draw.skip_ib2_global);
}

bool cp_skip_ib2_local(struct cp *cp, const uint32_t *p, uint32_t count)
{
	return latch_enable(p, &cp->draw.skip_ib2_local);
}

bool cp_set_visibility_override(struct cp *cp, const uint32_t *p, uint32_t count)
{
	return latch_enable(p, &cp->draw.visibility_override);
}

/*
 * The bin's visibility stream (VSC data): 5 dwords, or 7 with the size
 * address (fd6_gmem.c emit_conditional_ib / turnip). Recorded: what the
 * stream says is used only by IB2 skipping (below).
 */
bool cp_set_bin_data5(struct cp *cp, const uint32_t *p, uint32_t count)
{
	cp->draw.bin_data = true;
	return true;
}

/*
 * "If both GLOBAL and LOCAL are 1 and nothing is left in the visibility
 * stream, then CP_INDIRECT_BUFFER will be skipped" (adreno_pm4.xml): with
 * the stream overridden (CP_SET_VISIBILITY_OVERRIDE 1) or none named,
 * nothing is skipped. Reading a stream needs the binning pass, which the
 * model does not rasterise: that case faults, never a guess.
 */
bool cp_ib2_skipped(struct cp *cp, bool *skip)
{
	*skip = false;
	if (!cp->draw.skip_ib2_global || !cp->draw.skip_ib2_local ||
	    cp->draw.visibility_override || !cp->draw.bin_data)
		return true;
	return cp_fault(cp, "IB2 skipping by a visibility stream is not modelled");
}

/*
 * BIN_COUNT bins; for bin i, PREFIX_DWORDS at PREFIX_ADDR + i * PREFIX_DWORDS
 * run as an IB2, then the BODY_DWORDS after this packet; then the walk goes
 * on after the body (adreno_pm4.xml CP_START_BIN).
 */
bool cp_start_bin(struct cp *cp, const uint32_t *p, uint32_t count)
{
	uint32_t bins, prefix, body;
	uint64_t addr;

	bins = p[REG_CP_START_BIN_BIN_COUNT];
	addr = cp_addr(&p[REG_CP_START_BIN_PREFIX_ADDR]);
	prefix = p[REG_CP_START_BIN_PREFIX_DWORDS];
	body = p[REG_CP_START_BIN_BODY_DWORDS];
	for (uint32_t i = 0; i < bins; i++) {
		if (!cp_exec_ib(cp, addr + 4ull * prefix * i, prefix) ||
		    !cp_exec_body(cp, p + count, body))
			return false;
		if (model_job_cancelled(&cp->submit->job))
			return false;
	}
	cp->skip = body;
	return true;
}

/* TRACKER, REG, VALUE: a register write the CP may shadow (adreno_pm4.xml). */
bool cp_reg_write(struct cp *cp, const uint32_t *p, uint32_t count)
{
	return cp_write_reg(cp, p[REG_CP_REG_WRITE_1], p[REG_CP_REG_WRITE_2]);
}

/*
 * A draw: the groups in force run, the index buffer (DMA source) must be
 * mapped, and the draw is counted (msm_regs_count_draw), not rasterised.
 */
bool cp_draw_indx_offset(struct cp *cp, const uint32_t *p, uint32_t count)
{
	if (cp->draw.in_group)
		return cp_fault(cp, "a draw inside a draw-state group");
	if (!run_groups(cp))
		return false;
	if (vgt_draw_initiator_a4xx_SOURCE_SELECT__get(p[REG_CP_DRAW_INDX_OFFSET_0]) ==
	    DI_SRC_SEL_DMA) {
		uint32_t size;

		if (count != 7)
			return cp_fault(cp, "indexed CP_DRAW_INDX_OFFSET with %u dwords", count);
		size = CP_DRAW_INDX_OFFSET_6_MAX_INDICES__get(p[REG_CP_DRAW_INDX_OFFSET_6]);
		if (size && !cp_map(cp, cp_addr(&p[REG_CP_DRAW_INDX_OFFSET_INDX_BASE]), 1))
			return false;
	}
	msm_regs_count_draw(cp->regs);
	model_debug("msm: draw %llu of submit %u accepted, not rasterised",
		    (unsigned long long)msm_regs_draws(cp->regs), cp->submit->fence_id);
	return true;
}
