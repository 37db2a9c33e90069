# Generic compile rules and helpers used by the build.mk fragments.
#
# A fragment adds its sources to a module archive with
#     $(eval $(call drmsub_archive,<name>,<sources>))
# which defines $(<name>_LIB) = $(O)/lib/lib<name>.a and appends it to
# DRMSUB_ARCHIVES (the link set of every binary). Binaries are linked with
#     $(eval $(call drmsub_binary,<output>,<objects or sources>))

# Each driver's command-stream decoder backend registers itself
# (DEC_DRIVER in lib/decode/decode.h); a binary that decodes links them all.
DECODE_BACKEND_SRCS := $(wildcard */decode.c)

DRMSUB_ARCHIVES :=
ALL_TARGETS :=
TEST_BINARIES :=
GENERATED_HEADERS :=

.SECONDEXPANSION:

obj_of = $(patsubst %.c,$(O)/obj/%.o,$(1))

# Rebuild everything when the compiler or flags change.
FLAGS_STAMP := $(O)/.flags
FLAGS_NOW = $(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) $(LDFLAGS_ALL)
$(FLAGS_STAMP): FORCE
	@mkdir -p $(@D)
	@echo '$(FLAGS_NOW)' | cmp -s - $@ || echo '$(FLAGS_NOW)' > $@

# The version the binaries print (lib/core/main.c), rewritten only when it
# changes, so only what includes it is rebuilt after a commit.
VERSION_HEADER := $(O)/gen/version.h
VERSION_NOW = \#define DRMSUB_VERSION "$(VERSION)"\n\#define DRMSUB_GIT_SHA "$(GIT_SHA)"
$(VERSION_HEADER): FORCE
	@mkdir -p $(@D)
	@printf '$(VERSION_NOW)\n' | cmp -s - $@ || printf '$(VERSION_NOW)\n' > $@
GENERATED_HEADERS += $(VERSION_HEADER)

$(O)/obj/%.o: %.c $(FLAGS_STAMP) | deps-check $$(GENERATED_HEADERS)
	$(quiet) CC $<
	@mkdir -p $(@D)
	$(Q)$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) -MMD -MP -c -o $@ $<

define drmsub_archive
$(1)_SRCS := $(2)
$(1)_LIB := $(O)/lib/lib$(1).a
DRMSUB_ARCHIVES := $$($(1)_LIB) $$(DRMSUB_ARCHIVES)
$$($(1)_LIB): $$(call obj_of,$(2))
	$$(quiet) AR $$@
	@mkdir -p $$(@D)
	$(Q)rm -f $$@ && $$(AR) rcs $$@ $$^
endef

# $(1) output path, $(2) sources, $(3) extra per-binary compile flags (optional).
define drmsub_binary
ALL_TARGETS += $(1)
$(1): $$(call obj_of,$(2)) $$(DRMSUB_ARCHIVES)
	$$(quiet) LD $$@
	@mkdir -p $$(@D)
	$(Q)$$(CC) $$(LDFLAGS_ALL) -o $$@ $$(call obj_of,$(2)) \
		-Wl,--start-group $$(DRMSUB_ARCHIVES) -Wl,--end-group $$(LDLIBS_ALL)
endef

.PHONY: FORCE
FORCE:

-include $(shell find $(O)/obj -name '*.d' 2>/dev/null)
