/* SPDX-License-Identifier: MIT */
/* nouveau's kernel messages when a channel dies (klog.c). */
#ifndef DRMSUB_NOUVEAU_MODEL_KLOG_H
#define DRMSUB_NOUVEAU_MODEL_KLOG_H

#include "nouveau/model/nv_model.h"

/* @why: -ETIME for the hangcheck's timeout, else the channel error's code. */
void nvm_klog_channel_killed(const struct nvm_job *job, int why);

#endif
