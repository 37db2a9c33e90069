/* SPDX-License-Identifier: MIT */
/*
 * msm errno rules and behaviours that changed between kernel versions:
 * one table for the model (which follows DRMSUB_MODEL_KERNEL) and the
 * tests (which follow the running kernel), so both name the same rule,
 * the same patch and the same version.
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

/*
 * Kernel changes that tests and the model both follow: features by the
 * release that brought them, fixes by the first release that has them
 * (fixes merged in a -rc count for that release; stable backports are
 * not known here: a board running 6.17.3 counts as 6.17).
 */
enum msm_change {
	MSM_TIMELINE_SYNCOBJ,		/* 6.15 */
	MSM_VM_BIND,			/* 6.17 */
	MSM_FIX_IN_PLACE_REMAP,		/* 6.17-rc4 */
	MSM_FIX_SKIP_IBS_UNUSABLE_VM,	/* 6.17-rc4 */
	MSM_FIX_DEFER_FD_INSTALL,	/* 6.17-rc4 */
	MSM_FIX_VM_BIND_RANGE_CHECK,	/* 6.18 (and 6.17.3) */
	MSM_FIX_32B_SIZE,		/* 6.18 */
	MSM_FIX_MAP_NULL_NEEDS_PRR,	/* 6.18-rc4 */
	MSM_FIX_VM_BIND_MAKES_VM,	/* 6.18-rc4 */
	MSM_FIX_LAST_FENCE,		/* 6.18-rc4 */
	MSM_CHANGE_COUNT,
};

struct msm_change_release {
	int major, minor;
	const char *patch;		/* the commit's subject */
};

static const struct msm_change_release msm_changes[MSM_CHANGE_COUNT] __attribute__((unused)) = {
	[MSM_TIMELINE_SYNCOBJ] = { 6, 15, "drm/msm: Expose syncobj timeline support" },
	[MSM_VM_BIND] = { 6, 17, "drm/msm: Add VM_BIND ioctl" },
	[MSM_FIX_IN_PLACE_REMAP] = { 6, 17, "drm/msm: Handle in-place remaps" },
	[MSM_FIX_SKIP_IBS_UNUSABLE_VM] = {
		6, 17, "drm/msm: skip re-emitting IBs for unusable VMs",
	},
	[MSM_FIX_DEFER_FD_INSTALL] = { 6, 17, "drm/msm: Defer fd_install in SUBMIT and VM_BIND" },
	[MSM_FIX_VM_BIND_RANGE_CHECK] = {
		6, 18, "drm/msm: Fix missing VM_BIND offset/range validation",
	},
	[MSM_FIX_32B_SIZE] = { 6, 18, "drm/msm: Fix 32b size truncation" },
	[MSM_FIX_MAP_NULL_NEEDS_PRR] = { 6, 18, "drm/msm: Reject MAP_NULL op if no PRR" },
	[MSM_FIX_VM_BIND_MAKES_VM] = { 6, 18, "drm/msm: Ensure vm is created in VM_BIND ioctl" },
	[MSM_FIX_LAST_FENCE] = { 6, 18, "drm/msm: make sure last_fence is always updated" },
};

/* Kernel @major.@minor has @change. */
static inline bool msm_change_in(enum msm_change change, int major, int minor)
{
	const struct msm_change_release *c = &msm_changes[change];

	return major > c->major || (major == c->major && minor >= c->minor);
}

/* The errno of @rule on kernel @major.@minor. */
static inline int msm_rule_errno_for(enum msm_rule rule, int major, int minor)
{
	const struct msm_rule_errno *r = &msm_rules[rule];
	bool now = major > r->since_major || (major == r->since_major && minor >= r->since_minor);

	return now ? r->now : r->before;
}

#endif
