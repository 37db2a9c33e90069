// SPDX-License-Identifier: MIT
/*
 * .rd capture of what the harness submits: with DRMSUB_RD_CAPTURE=<dir>,
 * every submit is appended to <dir>/<binary>@<subtest>[@<dynamic>].rd as
 * the kernel's msm_rd records one: the GPU identity (once per file), a
 * label, the address and contents of every BO of the submit as it is
 * handed to the kernel, then the command stream's address. drmsub-decode
 * and Mesa's cffdump read these files.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/test.h"
#include "decode/rd.h"
#include "msm/cs.h"

static void capture_path(const char *dir, char *path, size_t len)
{
	const char *sub = drmsub_subtest_name(), *dyn = drmsub_dynamic_name();

	snprintf(path, len, "%s/%s@%s%s%s.rd", dir, drmsub_test_name(), sub ? sub : "main",
		 dyn ? "@" : "", dyn ? dyn : "");
}

/*
 * A BO mapped nowhere (VM_BIND mode, msm_bo_new_unmapped) has no address
 * to record. The kernel's msm_rd_dump_submit records every VMA of a
 * VM_BIND VM instead; the harness records the BOs the stream names.
 */
static void write_bo(struct rd_writer *w, struct msm_bo *bo)
{
	if (bo->iova)
		rd_write_buffer(w, bo->iova, msm_bo_map(bo), (uint32_t)bo->size);
}

void msm_capture_submit(struct msm_cs *cs, struct msm_queue *q, struct msm_bo *cmd_bo)
{
	const char *dir = getenv("DRMSUB_RD_CAPTURE");
	struct rd_writer *w;
	char path[512], label[128];
	bool first;

	if (!dir || !*dir)
		return;
	mkdir(dir, 0777);
	capture_path(dir, path, sizeof(path));
	first = access(path, F_OK) != 0;
	w = rd_writer_append(path);
	if (!w) {
		igt_warn("DRMSUB_RD_CAPTURE: cannot write %s: %s\n", path, strerror(errno));
		return;
	}
	if (first) {
		if (cs->dev->gpu_id)
			rd_write_gpu_id(w, cs->dev->gpu_id);
		rd_write_chip_id(w, cs->dev->chip_id);
	}
	snprintf(label, sizeof(label), "%s/%d: queue=%u", drmsub_test_name(), (int)getpid(), q->id);
	rd_write_cmd(w, label);
	for (uint32_t i = 0; i < cs->nr_bos; i++)
		write_bo(w, cs->bos[i].bo);
	write_bo(w, cmd_bo);
	rd_write_cmdstream(w, cmd_bo->iova, cs->len);
	if (rd_writer_close(w))
		igt_warn("DRMSUB_RD_CAPTURE: writing %s failed\n", path);
}
