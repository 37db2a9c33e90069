// SPDX-License-Identifier: MIT
/*
 * Hang recovery (msm_gpu.c recover_worker), called by the model's
 * hangcheck with the lock held when the running submit made no progress
 * for a period: the submit is guilty — its queue's and its address
 * space's fault counters rise and its fence is signalled without an error
 * (the kernel advances the ring fence past it). The GPU is reset; the
 * submits queued behind it run afterwards, as the kernel replays them.
 */
#include <errno.h>

#include "model/model.h"
#include "msm/model/klog.h"
#include "msm/model/msm_model.h"

void msm_recover(struct model_device *dev, struct model_job *job)
{
	struct msm_submit *submit = (struct msm_submit *)job;
	struct msm_dev *mdev = msm_dev(dev);

	if (job->run != msm_cp_run) {
		/* not a submit (the model's own unit tests): the core's default */
		model_job_cancel(job, -ETIME);
		return;
	}
	model_debug("msm: recovering from a hang in submit %u of queue %u", submit->fence_id,
		    submit->queue->id);
	msm_klog_hangcheck(submit);
	msm_klog_recover(submit);
	submit->queue->faults++;
	if (submit->vmref)
		msm_vm_fault(submit->vmref);
	else
		mdev->global_faults++;
	model_job_cancel(job, 0);
}
