// SPDX-License-Identifier: MIT
/*
 * The model's msm_rd: with DRMSUB_MODEL_MSM_RD=<file>, every submit the
 * CP runs is appended to <file> as the kernel's debugfs "rd" node writes
 * it (msm_rd.c: msm_rd_debugfs_open writes RD_GPU_ID and RD_CHIP_ID,
 * msm_rd_dump_submit an RD_CMD label, then RD_GPUADDR +
 * RD_BUFFER_CONTENTS per buffer and RD_CMDSTREAM_ADDR per command
 * buffer). The buffers are every mapping of the submit's VM version, as
 * with the kernel's rd_full: what a userspace driver (freedreno) submits
 * can then be read with drmsub-decode or Mesa's cffdump.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode/rd.h"
#include "msm/model/cp.h"
#include "msm/model/vm.h"

static void section(FILE *f, uint32_t type, const void *data, uint32_t size)
{
	uint32_t head[2] = { type, size };

	fwrite(head, sizeof(head), 1, f);
	fwrite(data, 1, size, f);
}

static void write_mapping(struct msm_map *m, void *arg)
{
	FILE *f = arg;
	const struct msm_mapping *r = &m->range;
	uint32_t addr[3] = { (uint32_t)r->iova, (uint32_t)r->size, (uint32_t)(r->iova >> 32) };

	if (!r->pages || !msm_pages_vaddr(r->pages) || r->size > UINT32_MAX)
		return;
	section(f, RD_GPUADDR, addr, sizeof(addr));
	section(f, RD_BUFFER_CONTENTS, msm_mapping_at(r, r->iova), (uint32_t)r->size);
}

void msm_cp_rd_dump(struct msm_gem_submit *submit)
{
	static int first = 1;
	const char *path = getenv("DRMSUB_MODEL_MSM_RD");
	const struct msm_chip_info *info = submit->mdev->info;
	char label[64];
	FILE *f;

	if (!path || !*path || !(f = fopen(path, first ? "w" : "a")))
		return;
	if (first) {
		uint32_t gpu_id = info->revn;

		section(f, RD_GPU_ID, &gpu_id, sizeof(gpu_id));
		section(f, RD_CHIP_ID, &info->chip_id, sizeof(info->chip_id));
		first = 0;
	}
	snprintf(label, sizeof(label), "queue %u: fence=%u", submit->queue->id, submit->fence_id);
	section(f, RD_CMD, label, (uint32_t)strlen(label));
	msm_map_for_each(submit->vm.root, write_mapping, f);
	for (unsigned int i = 0; i < submit->nr_cmds; i++) {
		uint64_t iova = submit->cmds[i].iova;
		uint32_t cmd[3] = { (uint32_t)iova, submit->cmds[i].dwords, (uint32_t)(iova >> 32) };

		section(f, RD_CMDSTREAM_ADDR, cmd, sizeof(cmd));
	}
	fclose(f);
}
