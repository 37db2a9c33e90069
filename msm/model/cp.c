// SPDX-License-Identifier: MIT
/*
 * The command processor, on the device's GPU thread: it runs a submit as
 * the kernel's ringbuffer would — each command buffer as an IB1, then
 * CP_SCRATCH[2] = the ring seqno — walking pkt4/pkt7 headers with the
 * parse half of msm/pm4_header.h and dispatching pkt7s through the
 * generation's opcode table (cp_packets.c). Memory goes through the
 * submit's VM snapshot (cp_mem.c). A bad header, an opcode the model does
 * not execute, a protected register or an unmapped address stops the CP
 * (a fault): it makes no more progress, the hangcheck notices and recovery
 * ends the submit (recover.c).
 */
#include <stdarg.h>
#include <stdio.h>
#include <time.h>

#include "msm/adreno_pm4.xml.h"
#include "msm/pm4_header.h"
#include "msm/model/cp.h"
#include "msm/model/klog.h"

bool cp_fault(struct cp *cp, const char *fmt, ...)
{
	char msg[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	model_debug("msm: CP fault in submit %u of queue %u: %s", cp->submit->fence_id,
		    cp->submit->queue->id, msg);
	cp->faulted = true;
	return false;
}

/*
 * One more packet done. The CP is the only writer of the job's progress
 * counter, so a plain store does (no read-modify-write per packet); the
 * hangcheck (lib/model/gpu.c) reads it with a relaxed load.
 */
static inline void cp_progress_by(struct cp *cp, uint64_t packets)
{
	cp->progress += packets;
	__atomic_store_n(&cp->submit->job.progress, cp->progress, __ATOMIC_RELAXED);
}

static inline void cp_progress(struct cp *cp)
{
	cp_progress_by(cp, 1);
}

static bool exec_pkt4(struct cp *cp, const struct pm4_packet *pkt, const uint32_t *p)
{
	for (uint32_t i = 0; i < pkt->count; i++)
		if (!cp_write_reg(cp, pkt->reg + i, p[i]))
			return false;
	return true;
}

/*
 * The packet with the (checked) header @h and payload @p. Out of line and
 * given the header, not the parsed packet, so that the walk's loop stays
 * in registers for the common CP_NOP.
 */
static __attribute__((noinline)) bool exec_packet(struct cp *cp, uint32_t h, const uint32_t *p)
{
	struct pm4_packet pkt = pm4_parse_a5xx(h);
	const struct cp_packet *pk;

	if (pkt.type == PM4_TYPE4)
		return exec_pkt4(cp, &pkt, p);
	pk = &cp->packets[pkt.opcode];
	if (!pk->fn) {
		msm_klog_opcode(cp, h);
		return cp_fault(cp, "pkt7 %#x%s%s is not modelled on a%uxx", pkt.opcode,
				pk->name ? " " : "", pk->name ? pk->name : "", cp->info->gen);
	}
	cp->packet = pk->name;
	if (!cp_need(cp, pk->name, pkt.count, pk->min, pk->max))
		return false;
	return pk->fn(cp, p, pkt.count);
}

/* What CP_COND_EXEC, when not taken, drops of the @left dwords after it. */
static uint32_t take_skip(struct cp *cp, size_t left)
{
	uint32_t skip = cp->skip < left ? cp->skip : (uint32_t)left;

	cp->skip = 0;
	return skip;
}

/*
 * Walk the @dwords of an IB mapped at @ib. The walk is one load of a header
 * after another, each at an address the previous one gives: the loop keeps
 * that chain short (a pointer, CP_NOP without a call). Padding comes in
 * runs of one NOP form, so the header of the last CP_NOP is remembered:
 * a header equal to it advances by a length already in a register, and
 * the next load no longer waits for this one (the compare is a branch the
 * CPU predicts, not an address it must compute). A run reports its
 * progress and looks for cancellation once, at its end (a run is bounded
 * by its IB: a few milliseconds at most).
 */
static bool walk_dwords(struct cp *cp, const uint32_t *ib, uint32_t dwords)
{
	struct model_job *job = &cp->submit->job;
	const uint32_t *p = ib, *end = ib + dwords;
	uint32_t nop_header = 0;
	size_t nop_dwords = 0;		/* 0: no CP_NOP seen yet */

	while (p < end) {
		if (*p == nop_header && nop_dwords && nop_dwords <= (size_t)(end - p)) {
			uint64_t run = 0;

			/* the whole run, then its progress and a look at cancellation */
			do {
				p += nop_dwords;
				run++;
			} while (nop_dwords <= (size_t)(end - p) && *p == nop_header);
			cp_progress_by(cp, run);
			if (model_job_cancelled(job))
				return true;
			continue;
		}
		struct pm4_packet pkt = pm4_parse_a5xx(*p);
		const uint32_t *next = p + 1 + pkt.count;

		if (model_job_cancelled(job))
			return true;
		if (pkt.type == PM4_INVALID || !pkt.parity_ok) {
			msm_klog_opcode(cp, *p);
			return cp_fault(cp, "bad packet header %#010x at IB%u dword %zu", *p,
					cp->ib_level, (size_t)(p - ib));
		}
		if (pkt.count >= (size_t)(end - p))
			return cp_fault(cp, "packet %#010x runs past the end of IB%u", *p,
					cp->ib_level);
		if (pkt.type != PM4_TYPE7 || pkt.opcode != CP_NOP) {
			if (!exec_packet(cp, *p, p + 1))
				return false;
			next += take_skip(cp, (size_t)(end - next));
		} else {
			nop_header = *p;
			nop_dwords = 1 + pkt.count;
		}
		p = next;
		cp_progress(cp);
	}
	return true;
}

/* The walk, with cp->ib_end telling packets (CP_START_BIN) where the IB ends. */
static bool exec_dwords(struct cp *cp, const uint32_t *ib, uint32_t dwords)
{
	const uint32_t *outer_end = cp->ib_end;
	bool ok;

	cp->ib_end = ib + dwords;
	ok = walk_dwords(cp, ib, dwords);
	cp->ib_end = outer_end;
	return ok;
}

bool cp_exec_body(struct cp *cp, const uint32_t *p, uint32_t dwords)
{
	if (!cp->ib_end || p > cp->ib_end || dwords > (size_t)(cp->ib_end - p))
		return cp_fault(cp, "%u dwords run past the end of IB%u", dwords, cp->ib_level);
	return exec_dwords(cp, p, dwords);
}

bool cp_exec_mapped(struct cp *cp, const uint32_t *dw, uint32_t dwords)
{
	return exec_dwords(cp, dw, dwords);
}

bool cp_exec_ib(struct cp *cp, uint64_t iova, uint32_t dwords)
{
	const uint32_t *ib;
	bool ok;

	if (cp->ib_level >= CP_MAX_IB_LEVEL)
		return cp_fault(cp, "indirect buffer below IB%u", CP_MAX_IB_LEVEL);
	if (!dwords)
		return true;
	ib = cp_map(cp, iova, 4ull * dwords);
	if (!ib)
		return false;
	cp->ib_level++;
	ok = exec_dwords(cp, ib, dwords);
	cp->ib_level--;
	return ok;
}

/* A stopped CP waits for the hangcheck: no progress until the job is cancelled. */
static void cp_stall(struct cp *cp)
{
	while (!model_job_cancelled(&cp->submit->job))
		model_job_stopped_sleep(&cp->submit->job, 1000000);
}

int msm_cp_run(struct model_job *job)
{
	struct msm_gem_submit *submit = (struct msm_gem_submit *)job;
	struct msm_dev *mdev = submit->mdev;
	struct cp cp = {
		.submit = submit,
		.info = mdev->info,
		.regs = mdev->regs,
		.packets = cp_packet_table(mdev->info->gen),
		/* a job restarted in a forked child goes on counting */
		.progress = __atomic_load_n(&job->progress, __ATOMIC_RELAXED),
		.draw = { .mode = CP_DRAW_MODE_ALL },
	};
	uint32_t *last_ctx = &mdev->ring_ctx_seqno[job->ring];

	msm_cp_rd_dump(submit);

	for (unsigned int i = 0; i < submit->nr_cmds && !cp.faulted; i++) {
		/* CTX_RESTORE_BUF: ignored when there was no context switch */
		if (submit->cmds[i].ctx_restore && *last_ctx == submit->ctx_seqno)
			continue;
		cp_exec_ib(&cp, submit->cmds[i].iova, submit->cmds[i].dwords);
		if (model_job_cancelled(job))
			return 0;
	}
	*last_ctx = submit->ctx_seqno;
	if (cp.faulted) {
		cp_stall(&cp);
		return 0;
	}
	/* the kernel's ring: OUT_PKT4(CP_SCRATCH(2)) = seqno, then the fence event */
	msm_reg_write_kernel(mdev->regs, msm_scratch_offset(mdev->info, 2), submit->seqno);
	cp_progress(&cp);
	return 0;
}
