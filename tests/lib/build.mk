# tests/lib: self-tests of the harness. Each tests/lib/bins/<name>.c is a
# small binary whose exact behaviour tests/lib/*.sh checks; each
# tests/lib/unit_<name>.c is a test binary of its own. Neither is installed.

SELFTEST_BIN_SRCS := $(wildcard tests/lib/bins/*.c)
SELFTEST_BINS := $(foreach s,$(SELFTEST_BIN_SRCS),$(O)/tests/lib/$(basename $(notdir $(s))))
$(foreach s,$(SELFTEST_BIN_SRCS),$(eval $(call drmsub_binary,$(O)/tests/lib/$(basename $(notdir $(s))),$(s))))

# The golden fixture's header as today's rnn-headergen writes it, for
# unit_rnn_headers to run those packers; rnn_headergen.sh compares the
# same output byte for byte with tests/lib/rnn/golden.xml.h.expected
# (tools/rnn/build.mk, read after this file, names the generator: hence
# $$, expanded a second time when the rule runs).
GOLDEN_HEADER := $(O)/gen/fixtures/golden.xml.h
$(GOLDEN_HEADER): tests/lib/rnn/golden.xml $$(RNN_HEADERGEN)
	$(quiet) GEN $@
	@mkdir -p $(@D)
	$(Q)$(RNN_HEADERGEN) -d $@.d tests/lib/rnn/golden.xml $@
GENERATED_HEADERS += $(GOLDEN_HEADER)
-include $(GOLDEN_HEADER).d

UNIT_SRCS := $(wildcard tests/lib/unit_*.c)
UNIT_BINARIES := $(foreach s,$(UNIT_SRCS),$(O)/tests/lib/$(basename $(notdir $(s))))
# the decoder's unit tests link the registered backends
unit_extra = $(if $(filter unit_decode_%,$(basename $(notdir $(1)))),$(DECODE_BACKEND_SRCS))
$(foreach s,$(UNIT_SRCS),$(eval $(call drmsub_binary,$(O)/tests/lib/$(basename $(notdir $(s))),$(s) $(call unit_extra,$(s)))))

# model_fuzz: the hostile client of the device model, from tests/lib/model_fuzz*.c
# (run by tests/lib/model_fuzz.sh on the model), and the tables of the UAPI
# fields it breaks, which tests/lib/model_fuzz_fields.awk writes from
# tests/lib/model_fuzz_fields.txt: $(O)/gen/model_fuzz_fields.h declares
# them, model_fuzz_fields.c (compiled by the rule of every source, into
# $(O)/obj/$(O)/gen/) holds them. An input the script refuses fails the
# build at its line, and nothing is written.
MODEL_FUZZ_SRCS := $(wildcard tests/lib/model_fuzz*.c)
MODEL_FUZZ_FIELDS := $(O)/gen/model_fuzz_fields
$(MODEL_FUZZ_FIELDS).h $(MODEL_FUZZ_FIELDS).c: $(MODEL_FUZZ_FIELDS).%: \
		tests/lib/model_fuzz_fields.txt tests/lib/model_fuzz_fields.awk
	$(quiet) GEN $@
	@mkdir -p $(@D)
	$(Q)awk -v out=$* -f tests/lib/model_fuzz_fields.awk $< >$@.tmp && mv $@.tmp $@ \
		|| { rm -f $@.tmp; exit 1; }
GENERATED_HEADERS += $(MODEL_FUZZ_FIELDS).h
$(eval $(call drmsub_binary,$(O)/tests/lib/model_fuzz,$(MODEL_FUZZ_SRCS) $(MODEL_FUZZ_FIELDS).c))
