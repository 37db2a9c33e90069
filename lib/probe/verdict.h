/* SPDX-License-Identifier: MIT */
/*
 * What every discovery probe prints and how it finds its databases
 * (tests/msm_probe.c, nouveau_probe.c, radeon_probe.c). One line per
 * claim, on stdout:
 *
 *	confirmed CLAIM
 *	refuted CLAIM (what was seen)
 *	untestable CLAIM (reason: why not)
 *
 * CLAIM is the probe's text ("CP_SCRATCH[3] @0x886", "FG_ALPHA_FUNC.AF_FUNC
 * = AF_LESS (1) @0x4bd4"). Whether a refuted claim fails its subtest is
 * the probe's choice (a report of a seed's claims need not); an
 * untestable one skips it. Databases are found with rnn_find_database().
 */
#ifndef DRMSUB_PROBE_VERDICT_H
#define DRMSUB_PROBE_VERDICT_H

#include <stdbool.h>
#include <stddef.h>

#include "rnn/rnn.h"

/* Load and prepare @file; on errors print each as file:line and fail the test. */
struct rnn_db *probe_db_load(const char *file);

/* @name as a dynamic subtest name: [A-Za-z0-9_-], ']' and ')' dropped, others '-'. */
void probe_subtest_name(const char *name, char *out, size_t size);

void probe_claim_confirmed(const char *claim);
void probe_claim_refuted(const char *claim, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
__attribute__((noreturn)) void probe_claim_untestable(const char *claim, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
