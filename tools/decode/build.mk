# tools/decode: drmsub-decode, the command-stream decoder (lib/decode plus
# the <driver>/decode.c backends). It reads the register databases at run
# time: the source tree's <driver>/registers/ while it exists, else the
# installed $(PREFIX)/share/drmsub/registers/<driver>/.
DECODE_BINARY := $(O)/bin/drmsub-decode
DECODE_SRCS := $(wildcard tools/decode/*.c)
$(call obj_of,$(DECODE_SRCS)): CPPFLAGS += -DDRMSUB_SRCDIR='"$(CURDIR)"' \
	-DDRMSUB_DATADIR='"$(PREFIX)/share/drmsub/registers"'
$(eval $(call drmsub_binary,$(DECODE_BINARY),$(DECODE_SRCS)))
TOOL_BINARIES += $(DECODE_BINARY)
