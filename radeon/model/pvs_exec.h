/* SPDX-License-Identifier: MIT */
/*
 * The model's PVS vertex-program interpreter (pvs_exec.c); vertex.c runs
 * it once per vertex of a draw after the fetch.
 */
#ifndef DRMSUB_RADEON_MODEL_PVS_EXEC_H
#define DRMSUB_RADEON_MODEL_PVS_EXEC_H

#include <stdbool.h>
#include <stdint.h>

#include "radeon/model/pipe.h"

#define PVS_TEMPS 32
#define PVS_INSTS 1024		/* R5xx code memory; R3xx has 256 */

/*
 * Run the vertex program (VAP_PVS_CODE_CNTL_0 first..last) on @in into
 * @out. Returns false with a fault, leaving @out partly written, at the
 * first instruction the model does not execute.
 */
bool radeon_pvs_run(struct radeon_exec *x, float in[RP_INPUTS][4], float out[RP_OUTPUTS][4]);

#endif
