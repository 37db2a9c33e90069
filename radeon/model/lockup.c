// SPDX-License-Identifier: MIT
/*
 * The hangcheck saw the ring make no progress for radeon_lockup_timeout:
 * radeon_fence.c radeon_fence_check_lockup warns of the lockup, and
 * radeon_device.c radeon_gpu_reset counts the reset in
 * rdev->gpu_reset_counter (RADEON_INFO_GPU_RESET_COUNTER, which Mesa's
 * robustness query reads), resets the GPU and says so; the messages go
 * into the model's kernel log. The job then ends as the core ends a hung
 * job (-ETIME), as before the model printed anything.
 */
#include <errno.h>

#include "model/driver.h"
#include "radeon/model/radeon_model.h"

void radeon_recover(struct model_device *dev, struct model_job *job)
{
	struct radeon_mdev *rdev = model_device_priv(dev);
	unsigned long long seqno = model_job_seqno(job);

	/* the ring retires in order: the last fence done is the one before this job */
	model_dev_kmsg(dev, MODEL_KERN_WARNING,
		       "GPU lockup (current fence id 0x%016llx last fence id 0x%016llx on ring %u)",
		       seqno - 1, (unsigned long long)model_ring_last_seqno(dev, job->ring),
		       job->ring);
	__atomic_add_fetch(&rdev->gpu_reset_counter, 1, __ATOMIC_RELAXED);
	model_dev_kmsg(dev, MODEL_KERN_INFO, "GPU reset succeeded, trying to resume");
	model_job_cancel(job, -ETIME);
}
