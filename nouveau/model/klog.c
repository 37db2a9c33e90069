// SPDX-License-Identifier: MIT
/*
 * What nouveau prints when a channel dies, with the kernel's text and
 * levels, into the model's kernel log (lib/model/kmsg.c). NV_PRINTK
 * (nouveau_drv.h) is dev_<level> on the DRM device with "<client>: "
 * first, a user client being "<comm>[<pid>]" (nouveau_drm.c
 * nouveau_drm_open); nvkm's CHAN_ERROR (engine/fifo/chan.h) prints
 * "fifo:<runlist>:<group>:<channel>:[<client>] ..." at KERN_ERR.
 */
#include <errno.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "nouveau/model/klog.h"

static void client_name(char *out, size_t size)
{
	char comm[16] = "?";

	prctl(PR_GET_NAME, comm);
	snprintf(out, size, "%s[%d]", comm, (int)getpid());
}

void nvm_klog_channel_killed(const struct nvm_job *job, int why)
{
	const struct model_device *dev = job->base.dev;
	int chid = job->chan->id;
	char cli[40];

	client_name(cli, sizeof(cli));
	if (why == -ETIME) {
		/*
		 * nouveau_exec.c nouveau_exec_job_timeout: the scheduler's
		 * timeout of an EXEC job. The kernel times out no GEM_PUSHBUF
		 * channel; the model's kill of one has no kernel text.
		 */
		if (job->done)
			model_dev_kmsg(dev, MODEL_KERN_WARNING, "%s: job timeout, channel %d killed!",
				       cli, chid);
		return;
	}
	/*
	 * engine/fifo/chan.c nvkm_chan_error. The runlist (0) and the group
	 * (the channel's own, with its id) are the model's values.
	 */
	model_dev_kmsg(dev, MODEL_KERN_ERR, "fifo:%06x:%04x:%04x:[%s] errored - disabling channel",
		       0, chid, chid, cli);
	/* nouveau_chan.c nouveau_channel_killed: the kill event reaches the client */
	model_dev_kmsg(dev, MODEL_KERN_WARNING, "%s: channel %d killed!", cli, chid);
}
