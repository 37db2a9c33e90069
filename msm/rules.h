/* SPDX-License-Identifier: MIT */
/*
 * msm errno rules that changed between kernel versions: one table for the
 * model (which follows DRMSUB_MODEL_KERNEL) and the tests (which follow
 * the running kernel), so both name the same rule and the same version.
 * It sits beside the harness, not in msm/model: a test may include it, and
 * it holds facts about kernels only, no model state.
 */
#ifndef DRMSUB_MSM_RULES_H
#define DRMSUB_MSM_RULES_H

#include <errno.h>
#include <stdbool.h>

enum msm_rule {
	MSM_RULE_SUBMIT_DUPLICATE_BO,	/* the same handle twice in bos[] */
	MSM_RULE_GET_NAME_SHORT,	/* GEM_INFO GET_NAME into a short buffer */
	MSM_RULE_COUNT,
};

struct msm_rule_errno {
	int since_major, since_minor;	/* the kernel that changed it */
	int now, before;		/* errno from then on, and before */
	const char *rule;		/* the kernel rule, for messages */
};

static const struct msm_rule_errno msm_rules[MSM_RULE_COUNT] __attribute__((unused)) = {
	[MSM_RULE_SUBMIT_DUPLICATE_BO] = {
		6, 8, EALREADY, EINVAL,
		"submit_lock_objects: a handle twice in bos[] — the ww_mutex EALREADY escapes "
		"since the drm_exec conversion (6.8); before, 'already on submit list' EINVAL",
	},
	/*
	 * The metadata series (driver version 1.12) turned this EINVAL into
	 * ETOOSMALL (525); that it reached 6.8 with the metadata infos is our
	 * reading of the series, not a checked release note.
	 */
	[MSM_RULE_GET_NAME_SHORT] = {
		6, 8, 525 /* ETOOSMALL */, EINVAL,
		"msm_ioctl_gem_info: GET_NAME with len shorter than the name",
	},
};

/* The errno of @rule on kernel @major.@minor. */
static inline int msm_rule_errno_for(enum msm_rule rule, int major, int minor)
{
	const struct msm_rule_errno *r = &msm_rules[rule];
	bool now = major > r->since_major || (major == r->since_major && minor >= r->since_minor);

	return now ? r->now : r->before;
}

#endif
