/* SPDX-License-Identifier: MIT */
/* The msm driver's kernel messages on faults and hangs (klog.c). */
#ifndef DRMSUB_MSM_MODEL_KLOG_H
#define DRMSUB_MSM_MODEL_KLOG_H

#include <stdbool.h>
#include <stdint.h>

#include "msm/model/msm_model.h"

struct cp;

void msm_klog_hangcheck(const struct msm_submit *submit);
void msm_klog_recover(const struct msm_submit *submit);
void msm_klog_iova_fault(const struct cp *cp, uint64_t iova, bool write);
void msm_klog_protect(const struct cp *cp, uint32_t reg, bool write);
void msm_klog_opcode(const struct cp *cp, uint32_t header);
void msm_klog_illegal(const struct cp *cp);

#endif
