// SPDX-License-Identifier: MIT
/*
 * Deliberate faults in the msm model, for the self-test that shows the
 * msm suite can fail (tests/lib/msm_break.sh): DRMSUB_MODEL_MSM_BREAK is a
 * comma-separated list of the names below. Unset, the model is faithful;
 * nothing else reads these switches.
 */
#include <stdlib.h>
#include <string.h>

#include "msm/model/msm_model.h"

static const char *const names[MSM_BREAK_COUNT] = {
	[MSM_BREAK_MEM_WRITE_OFFSET] = "mem-write-offset",	/* writes land 4 bytes late */
	[MSM_BREAK_MEM_TO_MEM_NEG] = "mem-to-mem-neg",		/* NEG_A/B/C ignored */
	[MSM_BREAK_COND_EXEC_INVERTED] = "cond-exec-inverted",	/* runs what it should skip */
	[MSM_BREAK_RING_ONLY_ALLOWED] = "ring-only-allowed",	/* IBs may run kernel packets */
	[MSM_BREAK_REG_RMW_NO_ADD] = "reg-rmw-no-add",		/* SRC1_ADD ORs instead */
};

bool msm_broken(enum msm_break b)
{
	static int parsed = -1;
	static unsigned int mask;

	if (parsed < 0) {
		const char *env = getenv("DRMSUB_MODEL_MSM_BREAK");

		for (unsigned int i = 0; env && i < MSM_BREAK_COUNT; i++) {
			const char *at = strstr(env, names[i]);
			size_t len = strlen(names[i]);

			if (at && (at == env || at[-1] == ',') && (at[len] == ',' || !at[len]))
				mask |= 1u << i;
		}
		parsed = 1;
	}
	return mask & (1u << b);
}
