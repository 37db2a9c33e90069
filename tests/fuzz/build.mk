# tests/fuzz: fuzz targets for what reads untrusted files: the decoder's
# loaders and backends (decode_input) and the register-database loader
# (rnn_xml). Each target is one LLVMFuzzerTestOneInput, built twice:
#
#   $(O)/tests/fuzz/replay_<target>   every build: replay.c runs files through
#                                     it (make check: seeds and regress/)
#   build/fuzz/bin/<target>           'make fuzz': clang's libFuzzer with ASan
#                                     and UBSan, objects in build/fuzz/obj
#
# 'make fuzz' also fills build/fuzz/corpus/<target> with the seed corpus of
# the tree. FUZZ_CC chooses the compiler (default clang).

FUZZ_TARGETS := decode_input rnn_xml
# What the targets exercise: the decoder, the database loader, the backends.
FUZZ_LIB_SRCS := $(wildcard lib/decode/*.c lib/rnn/*.c) $(DECODE_BACKEND_SRCS) tests/fuzz/tmpdir.c
FUZZ_SEEDS_decode_input := $(wildcard tests/lib/decode/*.hex tests/fuzz/seed/decode_input/*)
FUZZ_SEEDS_rnn_xml := $(wildcard msm/registers/*.xml nouveau/registers/*.xml \
	radeon/registers/*.xml */registers/seed/*.xml tests/lib/rnn/*.xml)
FUZZ_CC ?= clang
FUZZ_O := build/fuzz

# $(1) output, $(2) sources, $(3) extra link flags
define fuzz_link
$(1): $$(call obj_of,$(2) $$(FUZZ_LIB_SRCS))
	$$(quiet) LD $$@
	@mkdir -p $$(@D)
	$(Q)$$(CC) $$(LDFLAGS_ALL) $(3) -o $$@ $$^ $$(LDLIBS_ALL)
endef

$(foreach t,$(FUZZ_TARGETS),$(eval $(call fuzz_link,$(O)/tests/fuzz/replay_$(t),\
	tests/fuzz/$(t).c tests/fuzz/replay.c)))
ALL_TARGETS += $(foreach t,$(FUZZ_TARGETS),$(O)/tests/fuzz/replay_$(t))

.PHONY: fuzz fuzz-build
ifneq ($(FUZZ),)
# Inside 'make fuzz' (config.mk: FUZZ=1 instruments every object for libFuzzer).
$(foreach t,$(FUZZ_TARGETS),$(eval $(call fuzz_link,$(O)/bin/$(t),tests/fuzz/$(t).c,\
	-fsanitize=fuzzer)))
fuzz-build: $(foreach t,$(FUZZ_TARGETS),$(O)/bin/$(t))
	$(Q)for t in $(FUZZ_TARGETS); do rm -rf $(O)/corpus/$$t && mkdir -p $(O)/corpus/$$t; done
	$(Q)cp $(FUZZ_SEEDS_decode_input) $(O)/corpus/decode_input/
	$(Q)for f in $(FUZZ_SEEDS_rnn_xml); do cp $$f $(O)/corpus/rnn_xml/$$(echo $$f | tr / _); done
else
fuzz:
	$(Q)scripts/deps ensure
	$(Q)$(MAKE) --no-print-directory FUZZ=1 CC=$(FUZZ_CC) O=$(FUZZ_O) fuzz-build
endif

# make check runs the libFuzzer targets briefly when $(CC) can build them
# (clang with libFuzzer, Debian libclang-rt-14-dev), else tests/lib/fuzz.sh
# prints a SKIP line with the reason written here.
check-build: $(O)/fuzz-status
$(O)/fuzz-status: FORCE
	@mkdir -p $(@D)
	$(Q)if printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }\n' | \
		$(CC) -fsanitize=fuzzer -x c -o /dev/null - >/dev/null 2>&1; then \
		$(MAKE) --no-print-directory fuzz FUZZ_CC=$(CC) && echo "ok $(FUZZ_O)" >$@; \
	else \
		echo "skip: $(CC) cannot link libFuzzer targets (-fsanitize=fuzzer needs clang" \
			"and libclang-rt-dev); make check CC=clang runs them" >$@; \
	fi
