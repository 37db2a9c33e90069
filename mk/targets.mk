# User-facing targets. Included last, after every fragment has declared its outputs.

.PHONY: all check check-igt check-mesa check-cffdump run install clean deps deps-check check-build bench

all: $(ALL_TARGETS)

# make check / make run first make sure the build dependencies exist
# (installing them when run as root), then build and run.
check: 
	$(Q)scripts/deps ensure
	$(Q)$(MAKE) --no-print-directory check-build
	$(Q)O=$(O) scripts/check

# make check-igt: IGT's own tests on the device model (scripts/check-igt).
check-igt:
	$(Q)scripts/deps ensure igt
	$(Q)$(MAKE) --no-print-directory all
	$(Q)O=$(O) scripts/check-igt $(CHECK_IGT_ARGS)

# make check-mesa: Mesa's drivers on the device model (scripts/check-mesa).
# Its arm64 cases (freedreno) run Debian's arm64 Mesa under qemu-user with
# the model and the client cross-built (mk/cross.mk).
check-mesa:
	$(Q)scripts/deps ensure mesa
	$(Q)scripts/deps ensure mesa-arm64
	$(Q)$(MAKE) --no-print-directory all mesa-client
	$(Q)$(MAKE) --no-print-directory CROSS_COMPILE=aarch64-linux-gnu- all mesa-client
	$(Q)O=$(O) scripts/check-mesa $(CHECK_MESA_ARGS)

# make check-cffdump: drmsub-decode against Mesa's cffdump on Mesa's traces
# (scripts/check-cffdump; cffdump is built once from Debian's mesa source).
check-cffdump:
	$(Q)scripts/deps ensure cffdump
	$(Q)$(MAKE) --no-print-directory all
	$(Q)O=$(O) scripts/check-cffdump $(CHECK_CFFDUMP_ARGS)

run:
	$(Q)scripts/deps ensure
	$(Q)$(MAKE) --no-print-directory all
	$(Q)O=$(O) scripts/run-suite

check-build: all

deps:
	$(Q)scripts/deps install

deps-check:
	$(Q)scripts/deps check

# Installed layout follows IGT: test binaries and test-list.txt under
# libexec/drmsub, so igt_runner can use that directory as its test root.
TESTDIR := $(PREFIX)/libexec/drmsub
install: all
	$(Q)install -d $(DESTDIR)$(TESTDIR) $(DESTDIR)$(PREFIX)/bin
	$(Q)for t in $(TEST_BINARIES); do install -m 0755 $$t $(DESTDIR)$(TESTDIR)/; done
	$(Q){ echo TESTLIST; for t in $(TEST_BINARIES); do basename $$t; done; echo END TESTLIST; } \
		> $(DESTDIR)$(TESTDIR)/test-list.txt
	$(Q)$(if $(TOOL_BINARIES),for t in $(TOOL_BINARIES); do install -m 0755 $$t $(DESTDIR)$(PREFIX)/bin/; done,:)
	$(Q)for d in msm nouveau radeon; do \
		install -d $(DESTDIR)$(PREFIX)/share/drmsub/registers/$$d && \
		install -m 0644 $$d/registers/*.xml $(DESTDIR)$(PREFIX)/share/drmsub/registers/$$d/ || exit 1; \
		if [ -d $$d/registers/seed ]; then \
			install -d $(DESTDIR)$(PREFIX)/share/drmsub/registers/$$d/seed && \
			install -m 0644 $$d/registers/seed/*.xml \
				$(DESTDIR)$(PREFIX)/share/drmsub/registers/$$d/seed/ || exit 1; \
		fi; \
	done
	$(Q)$(if $(MODEL_LIBRARY),install -d $(DESTDIR)$(PREFIX)/lib/drmsub && install -m 0755 $(MODEL_LIBRARY) $(DESTDIR)$(PREFIX)/lib/drmsub/,:)
	@echo "installed $(words $(TEST_BINARIES)) test binaries in $(DESTDIR)$(TESTDIR)"

# make bench: measurements (bench/), never part of make check.
bench: $(BENCH_BINARIES)
	$(Q)for b in $(BENCH_BINARIES); do echo "== $$b"; $$b || exit 1; done

clean:
	rm -rf build
