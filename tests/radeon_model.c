// SPDX-License-Identifier: MIT
/*
 * radeon_model: the radeon device model's own promise that nothing it
 * accepts passes silently. A CS the kernel's checker accepts but the model
 * cannot execute (here a VYUY colour buffer: r300_cs_parse takes it at one
 * byte per pixel, the model renders no YUV targets) must be reported: the
 * model prints "drmsub-model: radeon: CS not executed: <why>" on stderr
 * and counts it as a GPU reset (RADEON_INFO_GPU_RESET_COUNTER, which
 * radeon_gpu_reset() raises for a hang), and nothing after the fault in
 * that IB runs. Runs on the model only (DRMSUB_MODEL set): a board would
 * render the stream.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "radeon_render.h"

IGT_TEST_DESCRIPTION("The radeon model reports every CS it cannot execute: a stderr line, the "
		     "GPU reset counter, and no pixel written after the fault.");

#define FILL 0x11223344u

static struct render r;
static const float red[4] = { 1, 0, 0, 1 };

static uint32_t reset_counter(void)
{
	uint32_t v = 0;

	igt_assert_eq(__r300_info(r.dev->fd, RADEON_INFO_GPU_RESET_COUNTER, &v), 0);
	return v;
}

/* Run the stream with stderr in @log (the model's GPU thread writes there), then restore it. */
static void run_logged(FILE *log)
{
	int saved;

	fflush(stderr);
	saved = dup(STDERR_FILENO);
	igt_assert(saved >= 0);
	igt_assert(dup2(fileno(log), STDERR_FILENO) >= 0);
	render_run(&r, r.fb);
	fflush(stderr);
	igt_assert(dup2(saved, STDERR_FILENO) >= 0);
	close(saved);
}

static bool log_has(FILE *log, const char *text)
{
	char line[512];

	rewind(log);
	while (fgets(line, sizeof(line), log))
		if (strstr(line, text))
			return true;
	return false;
}

igt_main
{
	igt_fixture {
		igt_require_f(getenv("DRMSUB_MODEL"), "DRMSUB_MODEL is not set: the model's own "
			      "reporting\n");
		render_open(&r);
	}

	igt_describe("a draw into a VYUY colour buffer is not executed and says so: the stderr "
		     "line, GPU_RESET_COUNTER + 1, and the draw after it in the IB does not run");
	igt_subtest("unexecutable-draw-is-reported") {
		FILE *log = tmpfile();
		uint32_t before = reset_counter();

		igt_assert(log);
		render_begin(&r, FILL);
		r300_emit_colorbuffer0(r.cs, r.fb, 0, RENDER_W, COLOR_FORMAT_VYUY);
		render_columns(&r, 0, RENDER_W, 0, red);
		/* back to ARGB8888: a model that went on would draw this one */
		r300_emit_colorbuffer(r.cs, r.fb, 0, RENDER_W);
		render_columns(&r, 0, RENDER_W, 0, red);
		run_logged(log);
		igt_assert_f(log_has(log, "drmsub-model: radeon: CS not executed: "),
			     "no \"CS not executed\" line on stderr\n");
		igt_assert_eq_u32(reset_counter(), before + 1);
		render_expect_columns(&r, 0, RENDER_W, FILL);
		fclose(log);
	}

	igt_describe("a CS the model executes raises no reset and prints nothing");
	igt_subtest("executed-draw-is-silent") {
		FILE *log = tmpfile();
		uint32_t before = reset_counter();

		igt_assert(log);
		render_begin(&r, FILL);
		render_columns(&r, 0, RENDER_W, 0, red);
		run_logged(log);
		igt_assert(!log_has(log, "CS not executed"));
		igt_assert_eq_u32(reset_counter(), before);
		render_expect_columns(&r, 0, RENDER_W, 0xffff0000);
		fclose(log);
	}

	igt_fixture
		render_close(&r);
}
