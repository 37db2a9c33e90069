# SPDX-License-Identifier: MIT
# runner/: drmsub-run, the test runner (journal, resume, results.json,
# JUnit, kernel-log classification). Installed in $(PREFIX)/bin.
RUNNER_SRCS := $(wildcard runner/*.c)
RUNNER_BINARY := $(O)/bin/drmsub-run
$(eval $(call drmsub_binary,$(RUNNER_BINARY),$(RUNNER_SRCS)))
TOOL_BINARIES += $(RUNNER_BINARY)
