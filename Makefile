# drmsub — top-level build.
#
#   make              build everything under build/
#   make check        build, then run the self-tests and every test binary
#   make run          build, then run the suite on the hardware present (else the model)
#   make check-igt    build IGT (once, cached) and run its tests on the device model
#   make check-mesa   Mesa's r300, nvc0 and freedreno drivers render on the device model
#   make check-cross  cross-build for aarch64 and run the checks under qemu-user
#   make fuzz         build the libFuzzer targets of tests/fuzz (clang) in build/fuzz
#   make install      install binaries under $(DESTDIR)$(PREFIX)/libexec/drmsub
#   make deps         install the Debian build dependencies (as root)
#   make clean        remove build/
#
# Options: CC=clang, SANITIZE=1 (ASan+UBSan, output under build/sanitize),
# CROSS_COMPILE=aarch64-linux-gnu- (output under build/aarch64-linux-gnu),
# V=1 (show commands), PREFIX=/usr/local, DESTDIR=.
#
# Each directory describes its own outputs in a build.mk fragment; this file
# only sets up the toolchain and includes them.

.DEFAULT_GOAL := all
include mk/config.mk
include mk/rules.mk

# Fragments, in link order: driver libraries depend on lib/ modules.
include $(sort $(wildcard lib/*/build.mk))
include $(sort $(wildcard msm/build.mk nouveau/build.mk radeon/build.mk))
include $(sort $(wildcard tools/build.mk runner/build.mk tests/build.mk tests/*/build.mk bench/build.mk))

include mk/targets.mk
include mk/cross.mk
