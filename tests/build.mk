# tests/: the IGT-style test binaries, one per tests/<name>.c, installed and
# listed in test-list.txt (except model_*). tests/device.c is built once
# per driver as <driver>_device.

DEVICE_DRIVERS := msm nouveau radeon
SUITE_SRCS := $(filter-out tests/device.c,$(wildcard tests/*.c))

define device_binary
$(O)/obj/tests/$(1)_device.o: tests/device.c $$(FLAGS_STAMP) | deps-check
	$$(quiet) CC $$@
	@mkdir -p $$(@D)
	$(Q)$$(CC) $$(CPPFLAGS_ALL) $$(CFLAGS_ALL) -DDRMSUB_DRIVER='"$(1)"' -MMD -MP -c -o $$@ $$<
$$(eval $$(call drmsub_binary,$(O)/tests/$(1)_device,tests/$(1)_device.c))
TEST_BINARIES += $(O)/tests/$(1)_device
endef
$(foreach d,$(DEVICE_DRIVERS),$(eval $(call device_binary,$(d))))

$(foreach s,$(SUITE_SRCS),$(eval $(call drmsub_binary,$(O)/tests/$(basename $(notdir $(s))),$(s))))
# model_* test the device model itself through its test entry points: they
# are built and run by make check, but not installed on boards.
TEST_BINARIES += $(foreach s,$(filter-out tests/model_%,$(SUITE_SRCS)),$(O)/tests/$(basename $(notdir $(s))))
