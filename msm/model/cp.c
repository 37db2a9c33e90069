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
static inline void cp_progress(struct cp *cp)
{
	__atomic_store_n(&cp->submit->job.progress, ++cp->progress, __ATOMIC_RELAXED);
}

static bool exec_pkt4(struct cp *cp, const struct pm4_packet *pkt, const uint32_t *p)
{
	for (uint32_t i = 0; i < pkt->count; i++)
		if (!cp_write_reg(cp, pkt->reg + i, p[i]))
			return false;
	return true;
}

static bool exec_packet(struct cp *cp, const struct pm4_packet *pkt, const uint32_t *p)
{
	const struct cp_packet *pk;

	if (pkt->type == PM4_TYPE4)
		return exec_pkt4(cp, pkt, p);
	pk = &cp->packets[pkt->opcode];
	if (!pk->fn)
		return cp_fault(cp, "pkt7 %#x%s%s is not modelled on a%uxx", pkt->opcode,
				pk->name ? " " : "", pk->name ? pk->name : "", cp->info->gen);
	cp->packet = pk->name;
	return pk->fn(cp, p, pkt->count);
}

/* Walk @dwords of an IB already mapped at @ib. */
static bool exec_dwords(struct cp *cp, const uint32_t *ib, uint32_t dwords)
{
	for (uint32_t i = 0; i < dwords;) {
		struct pm4_packet pkt = pm4_parse_a5xx(ib[i]);

		if (model_job_cancelled(&cp->submit->job))
			return true;
		if (pkt.type == PM4_INVALID || !pkt.parity_ok)
			return cp_fault(cp, "bad packet header %#010x at IB%u dword %u", ib[i],
					cp->ib_level, i);
		if (pkt.count > dwords - i - 1)
			return cp_fault(cp, "packet %#010x runs past the end of IB%u", ib[i],
					cp->ib_level);
		/* CP_NOP, the most common packet, without a call */
		if ((pkt.type != PM4_TYPE7 || pkt.opcode != CP_NOP) &&
		    !exec_packet(cp, &pkt, &ib[i + 1]))
			return false;
		i += 1 + pkt.count;
		if (cp->skip) {
			/* CP_COND_EXEC not taken: drop what it guarded */
			i += cp->skip < dwords - i ? cp->skip : dwords - i;
			cp->skip = 0;
		}
		cp_progress(cp);
	}
	return true;
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
	const struct timespec ms = { 0, 1000000 };

	while (!model_job_cancelled(&cp->submit->job))
		nanosleep(&ms, NULL);
}

int msm_cp_run(struct model_job *job)
{
	struct msm_submit *submit = (struct msm_submit *)job;
	struct msm_dev *mdev = submit->mdev;
	struct cp cp = {
		.submit = submit,
		.info = mdev->info,
		.regs = mdev->regs,
		.packets = cp_packet_table(mdev->info->gen),
		/* a job restarted in a forked child goes on counting */
		.progress = __atomic_load_n(&job->progress, __ATOMIC_RELAXED),
	};
	uint32_t *last_ctx = &mdev->ring_ctx_seqno[job->ring];

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
