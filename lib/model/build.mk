# lib/model: the device model, an LD_PRELOAD library. It is built from the
# DRM core here plus each driver's model (msm/model, nouveau/model,
# radeon/model), registered through a linker section, and links nothing
# of lib/core or libdrm.

MODEL_SRCS := $(wildcard lib/model/*.c) $(wildcard msm/model/*.c nouveau/model/*.c radeon/model/*.c)
MODEL_LIBRARY := $(O)/lib/libdrmsub-model.so
ALL_TARGETS += $(MODEL_LIBRARY)

# Only the interposed libc functions (and unit-test entry points) are exported.
$(MODEL_LIBRARY): $(call obj_of,$(MODEL_SRCS)) lib/model/exports.map
	$(quiet) LD $@
	@mkdir -p $(@D)
	$(Q)$(CC) -shared $(LDFLAGS_ALL) -Wl,--version-script=lib/model/exports.map \
		-o $@ $(call obj_of,$(MODEL_SRCS)) -lpthread -ldl

# The sanitizer runtime that must come first in LD_PRELOAD before the model
# (a gcc SANITIZE=1 model needs libasan, which refuses to load after other
# libraries), or an empty line: scripts/with-model and bench/startup_bench
# read it, so that running a binary on the model spawns no ldd.
MODEL_PRELOAD := $(O)/lib/libdrmsub-model.preload
ALL_TARGETS += $(MODEL_PRELOAD)
$(MODEL_PRELOAD): $(MODEL_LIBRARY)
	$(quiet) GEN $@
	$(Q)soname=$$(readelf -d $< | sed -n 's/.*(NEEDED).*\[\(libasan[^]]*\)\].*/\1/p'); \
	if [ -n "$$soname" ]; then $(CC) -print-file-name=$$soname; else echo; fi >$@
