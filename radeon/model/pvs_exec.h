/* SPDX-License-Identifier: MIT */
/*
 * The model's R300 vertex path before the viewport (pvs_exec.c): vertex
 * fetch through VAP_PROG_STREAM_CNTL(_EXT) and the PVS vertex-program
 * interpreter. exec.c calls them once per vertex of a draw.
 */
#ifndef DRMSUB_RADEON_MODEL_PVS_EXEC_H
#define DRMSUB_RADEON_MODEL_PVS_EXEC_H

#include <stdbool.h>
#include <stdint.h>

#include "radeon/model/radeon_model.h"

#define PVS_INPUTS 16
#define PVS_TEMPS 32
#define PVS_OUTPUTS 8

/*
 * One vertex's stream elements (@data, @dwords = VAP_VTX_SIZE) into PVS
 * inputs; false when the stream format wants more dwords than the vertex
 * has (the model reads nothing past it).
 */
bool radeon_pvs_fetch(const struct radeon_gpu_state *s, const uint32_t *data, uint32_t dwords,
		      float in[PVS_INPUTS][4]);

/*
 * Run the vertex program (VAP_PVS_CODE_CNTL_0 first..last) on @in; @r500
 * for RV515 and later (constants at PVS vector 1024, not 512, and the
 * R5xx opcodes). Returns false, leaving @out partly written, at the first
 * instruction the model does not execute.
 */
bool radeon_pvs_run(const struct radeon_gpu_state *s, bool r500, float in[PVS_INPUTS][4],
		    float out[PVS_OUTPUTS][4]);

#endif
