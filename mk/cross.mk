# SPDX-License-Identifier: MIT
# make check-cross: build the suite for another architecture and run its
# self-tests and test binaries under qemu-user, without binfmt_misc (CI
# containers rarely may register it).
#
#   make check-cross                       # aarch64 (the default)
#   make check-cross CROSS_TRIPLET=arm-linux-gnueabihf
#   make check-cross CROSS_MODEL=0         # without the device model
#
# Every cross-built executable gets a host-side stand-in in
# build/<triplet>/qemu/ (same layout as the build tree): a hard link of
# runner/qemu/wrap.c's static program, which runs the real binary under
# qemu-<arch>-static as if it ran natively; the rest of the build tree (lib,
# gen, ...) is linked in. scripts/check then runs against that tree as
# 'make check' does against build/. tests/lib/install.sh is
# left out: it runs 'make install' on the tree it is given, which would
# rebuild the stand-ins natively.
# Needs: qemu-user-static, crossbuild-essential-<arch>, the :<arch>
# multiarch -dev packages (docs/cross.md, "Cross-compiling") and a static libc
# for the host (libc6-dev).

CROSS_TRIPLET ?= aarch64-linux-gnu
# The device model runs under qemu too (its fault-catching user copies work
# there; a thread that blocks SIGSEGV copies through a pipe where
# process_vm_readv is not translated); CROSS_MODEL=0 leaves it out.
CROSS_MODEL ?= 1
cross_qemu_arch = $(patsubst aarch64-%,aarch64,$(patsubst arm-%,arm,$(1)))
CROSS_QEMU ?= qemu-$(call cross_qemu_arch,$(CROSS_TRIPLET))-static
CROSS_BUILD := build/$(CROSS_TRIPLET)
CROSS_WRAP := $(CROSS_BUILD)/qemu
CROSS_SCRIPTS = $(filter-out tests/lib/checklib.sh tests/lib/install.sh,$(wildcard tests/lib/*.sh))

.PHONY: check-cross check-cross-build

check-cross-build:
	$(Q)command -v $(CROSS_QEMU) >/dev/null || \
		{ echo "check-cross: $(CROSS_QEMU) not found (Debian: qemu-user-static)"; exit 1; }
	$(Q)$(MAKE) --no-print-directory CROSS_COMPILE=$(CROSS_TRIPLET)- all
	$(Q)rm -rf $(CROSS_WRAP) && mkdir -p $(CROSS_WRAP)
	$(quiet) HOSTCC $(CROSS_WRAP)/.wrap
	$(Q)$(HOSTCC) -std=gnu11 -O2 $(WARN) -static -o $(CROSS_WRAP)/.wrap runner/qemu/wrap.c \
		-DQEMU='"$(CROSS_QEMU)"' -DWRAP_DIR='"$(CURDIR)/$(CROSS_WRAP)"' \
		-DREAL_DIR='"$(CURDIR)/$(CROSS_BUILD)"'
	$(Q)cd $(CROSS_BUILD) && find bin tests -type f -perm -u+x | while read -r f; do \
		mkdir -p qemu/$${f%/*} && ln qemu/.wrap qemu/$$f || exit 1; \
	done
	$(Q)cd $(CROSS_BUILD) && for e in *; do \
		case $$e in bin|tests|qemu|check|results|lib|*.log) ;; *) ln -sfn ../$$e qemu/$$e ;; esac; \
	done
	$(Q)mkdir -p $(CROSS_WRAP)/lib && for e in $(CROSS_BUILD)/lib/*; do \
		case $$e in */libdrmsub-model.so) [ "$(CROSS_MODEL)" = 1 ] || continue ;; esac; \
		ln -sfn ../../$${e#$(CROSS_BUILD)/} $(CROSS_WRAP)/lib/; \
	done

# One scripts/check for the self-test scripts (each named as a filter) and
# every binary ("/tests/" matches only binary paths).
# DRMSUB_EMULATOR tells the checks that an emulator answers some syscalls
# itself (valgrind can't run the binaries; unknown ioctls are ENOSYS).
check-cross: export DRMSUB_EMULATOR = $(CROSS_QEMU)
check-cross: check-cross-build
	$(Q)O=$(CROSS_WRAP) scripts/check $(CROSS_SCRIPTS) /tests/ >$(CROSS_BUILD)/check-cross.log 2>&1; \
		grep -v '^[0-9]* passed, ' $(CROSS_BUILD)/check-cross.log; \
		awk '/^[0-9]+ passed, / { p += $$1; f += $$3; s += $$5 } \
		     END { printf "%s: %d passed, %d failed, %d skipped\n", \
			   "$(CROSS_TRIPLET)", p, f, s; exit f > 0 }' $(CROSS_BUILD)/check-cross.log
