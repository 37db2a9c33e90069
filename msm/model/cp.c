// SPDX-License-Identifier: MIT
/*
 * The command processor, on the device's GPU thread: it runs a submit as
 * the kernel's ringbuffer would — each command buffer as an IB1, then
 * CP_SCRATCH[2] = the ring seqno — walking pkt4/pkt7 headers with the
 * parse half of msm/pm4_header.h. Memory goes through the submit's VM
 * snapshot. A bad header, an unknown opcode, a protected register or an
 * unmapped address stops the CP (a fault): it makes no more progress, the
 * hangcheck notices and recovery ends the submit (recover.c).
 */
#include <stdarg.h>
#include <stdio.h>
#include <time.h>

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

static void *cp_map(struct cp *cp, uint64_t iova, uint64_t len, bool write)
{
	void *p = msm_vm_lookup(&cp->submit->vm, iova, len);

	if (!p) {
		msm_klog_iova_fault(cp, iova, write);
		cp_fault(cp, "page fault at iova %#llx (%llu bytes)", (unsigned long long)iova,
			 (unsigned long long)len);
	}
	return p;
}

bool cp_read32(struct cp *cp, uint64_t iova, uint32_t *value)
{
	volatile uint32_t *p = cp_map(cp, iova, 4, false);

	if (p)
		*value = *p;
	return p;
}

bool cp_write32(struct cp *cp, uint64_t iova, uint32_t value)
{
	volatile uint32_t *p = cp_map(cp, iova, 4, true);

	if (p)
		*p = value;
	return p;
}

bool cp_read64(struct cp *cp, uint64_t iova, uint64_t *value)
{
	uint32_t lo, hi;

	if (!cp_read32(cp, iova, &lo) || !cp_read32(cp, iova + 4, &hi))
		return false;
	*value = lo | (uint64_t)hi << 32;
	return true;
}

bool cp_write64(struct cp *cp, uint64_t iova, uint64_t value)
{
	return cp_write32(cp, iova, (uint32_t)value) && cp_write32(cp, iova + 4, value >> 32);
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
	const char *name = NULL;
	cp_packet_fn fn;

	if (pkt->type == PM4_TYPE4)
		return exec_pkt4(cp, pkt, p);
	fn = cp_packet_handler(cp, pkt->opcode, &name);
	if (!fn) {
		msm_klog_opcode(cp, p[-1]);	/* the header, before the payload */
		return cp_fault(cp, "opcode error: pkt7 %#x%s%s is not supported on a%uxx",
				pkt->opcode, name ? " " : "", name ? name : "", cp->info->gen);
	}
	cp->packet = name;
	return fn(cp, p, pkt->count);
}

bool cp_exec_ib(struct cp *cp, uint64_t iova, uint32_t dwords)
{
	const uint32_t *ib;
	bool ok = true;

	if (cp->ib_level >= CP_MAX_IB_LEVEL)
		return cp_fault(cp, "indirect buffer below IB%u", CP_MAX_IB_LEVEL);
	if (!dwords)
		return true;
	ib = cp_map(cp, iova, 4ull * dwords, false);
	if (!ib)
		return false;
	cp->ib_level++;
	for (uint32_t i = 0; i < dwords && ok;) {
		struct pm4_packet pkt = pm4_parse_a5xx(ib[i]);

		if (model_job_cancelled(&cp->submit->job))
			break;
		if (pkt.type == PM4_INVALID || !pkt.parity_ok) {
			msm_klog_opcode(cp, ib[i]);
			ok = cp_fault(cp, "bad packet header %#010x at IB%u dword %u", ib[i],
				      cp->ib_level, i);
			break;
		}
		if (pkt.count > dwords - i - 1) {
			ok = cp_fault(cp, "packet %#010x runs past the end of IB%u", ib[i],
				      cp->ib_level);
			break;
		}
		ok = exec_packet(cp, &pkt, &ib[i + 1]);
		i += 1 + pkt.count;
		if (cp->skip) {
			/* CP_COND_EXEC not taken: drop what it guarded */
			i += cp->skip < dwords - i ? cp->skip : dwords - i;
			cp->skip = 0;
		}
		model_job_progress(&cp->submit->job);
	}
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
	struct cp cp = { .submit = submit, .info = mdev->info, .regs = mdev->regs };
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
	model_job_progress(job);
	return 0;
}
