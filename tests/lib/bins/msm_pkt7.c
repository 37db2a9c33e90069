// SPDX-License-Identifier: MIT
/*
 * Self-test binary for the msm model's CP messages (tests/lib/msm_cp.sh):
 * the subtest "submit" sends one pkt7 of opcode $PKT7_OPCODE with
 * $PKT7_DWORDS zero payload dwords and waits for its fence (recovery ends
 * it if the CP stops). What the model said goes to stderr with
 * DRMSUB_MODEL_DEBUG=1.
 */
#include <stdlib.h>

#include "core/test.h"
#include "msm/cs.h"

IGT_TEST_DESCRIPTION("Submits one pkt7 chosen by the environment, for the model's self-tests.");

static uint32_t env_u32(const char *name)
{
	const char *v = getenv(name);

	igt_require_f(v, "%s is not set\n", name);
	return (uint32_t)strtoul(v, NULL, 0);
}

static struct msm_device *dev;
static struct msm_queue *q;

igt_main
{
	igt_fixture {
		dev = msm_device_open();
		q = msm_queue_new(dev, 0);
	}

	igt_subtest("submit") {
		uint32_t opcode = env_u32("PKT7_OPCODE"), dwords = env_u32("PKT7_DWORDS");
		struct msm_cs *cs = msm_cs_new(dev, dwords + 1);

		msm_cs_pkt7(cs, opcode, dwords);
		for (uint32_t i = 0; i < dwords; i++)
			msm_cs_emit(cs, 0);
		msm_cs_submit_wait(cs, q, 10 * NSEC_PER_SEC);
		msm_cs_free(cs);
	}

	igt_fixture {
		msm_queue_free(q);
		msm_device_close(dev);
	}
}
