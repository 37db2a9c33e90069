/* SPDX-License-Identifier: MIT */
/*
 * What every register-discovery probe shares (tests/<driver>_probe.c):
 * finding and loading a claims database (rules-ng XML), the report line of
 * each claim and the dynamic subtest it becomes.
 *
 * Report lines, one per claim, on stdout:
 *
 *	confirmed CLAIM
 *	refuted CLAIM (DETAIL)
 *	untestable CLAIM (reason: REASON)
 *
 * confirmed returns, refuted fails the (dynamic) subtest, untestable skips it.
 */
#ifndef DRMSUB_TESTS_PROBE_REPORT_H
#define DRMSUB_TESTS_PROBE_REPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "rnn/rnn.h"

/*
 * probe_find_registers - @file of @driver's register databases: in
 * $DRMSUB_REGISTERS when set, else in the source tree, else in the
 * installed data directory; each root is searched as <root>/<driver>/registers/,
 * <root>/<driver>/ and <root>/ (as drmsub-decode looks). Writes the path to
 * @out; returns false when no such file exists.
 */
bool probe_find_registers(const char *driver, const char *file, char *out, size_t size);

/*
 * probe_load_db - load and prepare the database at @path; print each load
 * error as file:line: message and fail the test if there are any.
 */
struct rnn_db *probe_load_db(const char *path);

/* @name as a dynamic subtest name: [A-Za-z0-9_-] only, other characters become '-'. */
void probe_subtest_name(const char *name, char *out, size_t size);

void probe_confirmed(const char *claim);
__attribute__((format(printf, 2, 3), noreturn))
void probe_refuted(const char *claim, const char *fmt, ...);
__attribute__((format(printf, 2, 3), noreturn))
void probe_untestable(const char *claim, const char *fmt, ...);

#endif
