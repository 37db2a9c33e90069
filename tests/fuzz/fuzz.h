/* SPDX-License-Identifier: MIT */
/*
 * What the fuzz targets of tests/fuzz share. Each target defines
 * LLVMFuzzerTestOneInput (libFuzzer's entry point): 'make fuzz' links it
 * with libFuzzer, every build links it with replay.c, which runs files
 * through it (the seed corpus and tests/fuzz/regress/ in make check).
 */
#ifndef DRMSUB_TESTS_FUZZ_H
#define DRMSUB_TESTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * A directory of the process for the target's temporary files, created on
 * first use and removed at exit; a path in it for @name.
 */
const char *fuzz_tmp_path(const char *name);

#endif
