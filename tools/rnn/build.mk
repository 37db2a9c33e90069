# rnn-headergen: built with $(HOSTCC) for the build machine into
# $(HOST_O) (also when cross-compiling), from lib/rnn and tools/rnn, then
# run on every <driver>/registers/*.xml (not registers/seed/: those are
# claims to check at run time) to write $(O)/gen/<driver>/<file>.xml.h.
# A header is rebuilt when its XML, a file it imports, or the tool changes.

# the build machine's libxml2, whatever PKG_CONFIG_* says about the target's
HOST_PKG_CONFIG ?= env -u PKG_CONFIG_LIBDIR -u PKG_CONFIG_PATH -u PKG_CONFIG_SYSROOT_DIR pkg-config
HOST_XML_CFLAGS = $(shell $(HOST_PKG_CONFIG) --cflags libxml-2.0 2>/dev/null)
HOST_XML_LIBS = $(shell $(HOST_PKG_CONFIG) --libs libxml-2.0 2>/dev/null)
HOST_CFLAGS := $(CSTD) -O2 -g $(WARN) -D_GNU_SOURCE -Ilib

RNN_HEADERGEN := $(HOST_O)/bin/rnn-headergen
RNN_HOST_OBJS := $(patsubst %.c,$(HOST_O)/obj/%.o,$(sort $(wildcard lib/rnn/*.c tools/rnn/*.c)))

$(HOST_O)/obj/%.o: %.c | deps-check
	$(quiet) HOSTCC $<
	@mkdir -p $(@D)
	$(Q)$(HOSTCC) $(HOST_CFLAGS) $(HOST_XML_CFLAGS) -MMD -MP -c -o $@ $<

$(RNN_HEADERGEN): $(RNN_HOST_OBJS)
	$(quiet) HOSTLD $@
	@mkdir -p $(@D)
	$(Q)$(HOSTCC) -o $@ $^ $(HOST_XML_LIBS)

-include $(RNN_HOST_OBJS:.o=.d)

RNN_XML := $(sort $(wildcard msm/registers/*.xml nouveau/registers/*.xml radeon/registers/*.xml))
rnn_header = $(O)/gen/$(patsubst %/registers/,%,$(dir $(1)))/$(notdir $(1)).h

define rnn_header_rule
$(call rnn_header,$(1)): $(1) $(RNN_HEADERGEN)
	$$(quiet) GEN $$@
	@mkdir -p $$(@D)
	$(Q)$(RNN_HEADERGEN) -d $$@.d $(1) $$@
endef
$(foreach x,$(RNN_XML),$(eval $(call rnn_header_rule,$(x))))

RNN_HEADERS := $(foreach x,$(RNN_XML),$(call rnn_header,$(x)))
GENERATED_HEADERS += $(RNN_HEADERS)
ALL_TARGETS += $(RNN_HEADERGEN) $(RNN_HEADERS)
-include $(RNN_HEADERS:=.d)

# Register lists (rnn-headergen -r) of the databases the device model
# builds its register files and method tables from: $(O)/gen/msm/<file>.xml.regs.h, included
# by msm/model/regs.c (an offset no database register covers reads 0 there).
RNN_REGLIST_XML := msm/registers/a5xx.xml msm/registers/a6xx.xml
# the Maxwell engine classes: the methods and their kinds for the nouveau model and probe
RNN_REGLIST_XML += $(filter-out %/nvb06f.xml %/nv_classes.xml %/nv_push.xml %/nv_method_kinds.xml %/nv906e.xml,$(wildcard nouveau/registers/nv*.xml))
rnn_reglist = $(patsubst %.h,%.regs.h,$(call rnn_header,$(1)))
define rnn_reglist_rule
$(call rnn_reglist,$(1)): $(1) $(RNN_HEADERGEN)
	$$(quiet) GEN $$@
	@mkdir -p $$(@D)
	$(Q)$(RNN_HEADERGEN) -r -d $$@.d $(1) $$@
endef
$(foreach x,$(RNN_REGLIST_XML),$(eval $(call rnn_reglist_rule,$(x))))
RNN_REGLISTS := $(foreach x,$(RNN_REGLIST_XML),$(call rnn_reglist,$(x)))
GENERATED_HEADERS += $(RNN_REGLISTS)
ALL_TARGETS += $(RNN_REGLISTS)
-include $(RNN_REGLISTS:=.d)
