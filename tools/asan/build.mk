# tools/asan: llvm-symbolizer for sanitizer builds (SANITIZE=1, native):
# a static program, so that the model in LD_PRELOAD does not load into the
# symbolizer ASan starts (see symbolizer.c). Built without the sanitizers,
# which a static binary cannot have.
ifneq ($(SANITIZE),)
ifeq ($(CROSS_COMPILE),)
ASAN_SYMBOLIZER := $(O)/tools/asan/llvm-symbolizer
ALL_TARGETS += $(ASAN_SYMBOLIZER)
$(ASAN_SYMBOLIZER): tools/asan/symbolizer.c
	$(quiet) LD $@
	@mkdir -p $(@D)
	$(Q)$(CC) $(CSTD) $(OPT) $(WARN) $(DEFS) -static -o $@ $<
endif
endif
