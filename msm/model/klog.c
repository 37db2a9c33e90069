// SPDX-License-Identifier: MIT
/*
 * What the msm driver prints when its GPU faults or hangs, with the
 * kernel's text and levels, into the model's kernel log (lib/model/kmsg.c).
 * DRM_DEV_ERROR is dev_printk at KERN_ERR with "[drm:<function>] *ERROR* "
 * (drm_print.c drm_dev_printk; a built-in msm's form: a module adds
 * " [msm]" after the function), gpu->name is the chip id as
 * "core.major.minor.patch" (adreno_gpu.c adreno_gpu_init, ADRENO_CHIPID_FMT).
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "model/shim_real.h"
#include "msm/model/cp.h"
#include "msm/model/klog.h"

static void gpu_name(const struct msm_chip_info *info, char *out, size_t size)
{
	uint64_t id = info->chip_id;

	snprintf(out, size, "%u.%u.%u.%u", (unsigned int)(id >> 24) & 0xff,
		 (unsigned int)(id >> 16) & 0xff, (unsigned int)(id >> 8) & 0xff,
		 (unsigned int)id & 0xff);
}

#define DRM_DEV_ERROR(mdev, func, fmt, ...)                                     \
	do {                                                                    \
		char name_[24];                                                 \
		gpu_name((mdev)->info, name_, sizeof(name_));                   \
		model_dev_kmsg((mdev)->dev, MODEL_KERN_ERR,                     \
			       "[drm:" func "] *ERROR* %s: " fmt, name_, ##__VA_ARGS__); \
	} while (0)

/* msm_gpu.c hangcheck_handler: no progress on the ring in a whole period. */
void msm_klog_hangcheck(const struct msm_gem_submit *submit)
{
	const struct msm_dev *mdev = submit->mdev;
	unsigned int ring = submit->job.ring;

	DRM_DEV_ERROR(mdev, "hangcheck_handler", "hangcheck detected gpu lockup rb %u!", ring);
	/* the ring retires in order: what completed is what came before this submit */
	DRM_DEV_ERROR(mdev, "hangcheck_handler", "    completed fence: %u", submit->seqno - 1);
	DRM_DEV_ERROR(mdev, "hangcheck_handler", "    submitted fence: %u",
		      (unsigned int)mdev->ring_seqno[ring]);
}

/* get_comm_cmdline: the task's comm and its command line, arguments spaced. */
static void task_names(char *comm, size_t comm_size, char *cmd, size_t cmd_size)
{
	int fd = REAL(openat)(AT_FDCWD, "/proc/self/cmdline", O_RDONLY | O_CLOEXEC, 0);
	ssize_t n = fd >= 0 ? REAL(read)(fd, cmd, cmd_size - 1) : -1;

	if (fd >= 0)
		REAL(close)(fd);
	if (n < 0)
		n = 0;
	cmd[n] = '\0';
	while (n > 0 && !cmd[n - 1])
		n--;
	for (ssize_t i = 0; i < n; i++)
		if (!cmd[i])
			cmd[i] = ' ';
	if (comm_size >= 16 && prctl(PR_GET_NAME, comm) == 0)
		return;
	snprintf(comm, comm_size, "?");
}

/* msm_gpu.c recover_worker, the submit at fault: its process is the model's. */
void msm_klog_recover(const struct msm_gem_submit *submit)
{
	char comm[16], cmd[256];

	DRM_DEV_ERROR(submit->mdev, "recover_worker", "hangcheck recover!");
	task_names(comm, sizeof(comm), cmd, sizeof(cmd));
	DRM_DEV_ERROR(submit->mdev, "recover_worker", "offending task: %s (%s)", comm, cmd);
}

static uint32_t scratch(const struct cp *cp, unsigned int i)
{
	uint32_t v = 0;

	msm_reg_read(cp->regs, msm_scratch_offset(cp->info, i), &v);
	return v;
}

/*
 * adreno_gpu.c adreno_fault_handler, pr_warn_ratelimited (no device
 * prefix): the SMMU's fault report. a6xx+ name the source block
 * (a6xx_fault_block: "CP" for the command processor) and the faulting
 * page table (the model has none: ttbr0 0); a5xx without adreno-smmu
 * fault info prints the short form.
 */
void msm_klog_iova_fault(const struct cp *cp, uint64_t iova, bool write)
{
	unsigned long long a = iova;

	if (cp->info->gen == 5) {
		model_kmsg(MODEL_KERN_WARNING, "*** gpu fault: iova=%.16llx flags=%d (%u,%u,%u,%u)",
			   a, write ? 1 : 0, scratch(cp, 4), scratch(cp, 5), scratch(cp, 6),
			   scratch(cp, 7));
		return;
	}
	model_kmsg(MODEL_KERN_WARNING,
		   "*** gpu fault: ttbr0=%.16llx iova=%.16llx dir=%s type=%s source=%s (%u,%u,%u,%u)",
		   0ull, a, write ? "WRITE" : "READ", "TRANSLATION", "CP", scratch(cp, 4),
		   scratch(cp, 5), scratch(cp, 6), scratch(cp, 7));
}

/*
 * The irq handler sees the CP's error interrupt: not with debugfs
 * disable_err_irq set, where a5xx_irq, a6xx_irq and a7xx_irq keep only the
 * cache-flush timestamp bit of the status (and a5xx CP_SW).
 */
static bool err_irq_seen(const struct cp *cp)
{
	return !__atomic_load_n(&cp->submit->mdev->disable_err_irq, __ATOMIC_RELAXED);
}

/*
 * a6xx_gpu.c a6xx_cp_hw_err_irq / a5xx_gpu.c a5xx_cp_err_irq, at
 * dev_err_ratelimited: CP_PROTECT_STATUS as those decode it (a6xx+: bit 20
 * READ, the dword offset in 17:0; a5xx: bit 24 WRITE, the byte address in
 * 19:0). The status words are the model's encoding of those fields.
 */
void msm_klog_protect(const struct cp *cp, uint32_t reg, bool write)
{
	const struct msm_dev *mdev = cp->submit->mdev;
	uint32_t status;

	if (!err_irq_seen(cp))
		return;
	if (cp->info->gen == 5) {
		status = (write ? 1u << 24 : 0) | ((reg << 2) & 0xfffff);
		model_dev_kmsg(mdev->dev, MODEL_KERN_ERR,
			       "CP | protected mode error | %s | addr=0x%8.8X | status=0x%8.8X",
			       write ? "WRITE" : "READ", (status & 0xfffff) >> 2, status);
		return;
	}
	status = (write ? 0 : 1u << 20) | (reg & 0x3ffff);
	model_dev_kmsg(mdev->dev, MODEL_KERN_ERR,
		       "CP | protected mode error | %s | addr=0x%8.8X | status=0x%8.8X",
		       write ? "WRITE" : "READ", status & 0x3ffff, status);
}

/*
 * a6xx_cp_hw_err_irq / a5xx_cp_err_irq: CP_INT_CP_OPCODE_ERROR, with the
 * SQE's (PFP's) view of the opcode. That the CP raises it for an unknown
 * opcode or a header that fails its parity, and shows the header dword,
 * is a hardware claim still to be verified on silicon.
 */
void msm_klog_opcode(const struct cp *cp, uint32_t header)
{
	if (!err_irq_seen(cp))
		return;
	model_dev_kmsg(cp->submit->mdev->dev, MODEL_KERN_ERR,
		       "CP | opcode error | possible opcode=0x%8.8X", header);
}

/* a6xx_cp_hw_err_irq: CP_INT_CP_ILLEGAL_INSTR_ERROR; a5xx_cp_err_irq reports none. */
void msm_klog_illegal(const struct cp *cp)
{
	if (cp->info->gen >= 6 && err_irq_seen(cp))
		model_dev_kmsg(cp->submit->mdev->dev, MODEL_KERN_ERR,
			       "CP illegal instruction error");
}
