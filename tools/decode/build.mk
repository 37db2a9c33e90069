# tools/decode: drmsub-decode, the command-stream decoder (lib/decode plus
# the <driver>/decode.c backends). It reads the register databases at run
# time, found by lib/rnn's rnn_find_database.
DECODE_BINARY := $(O)/bin/drmsub-decode
DECODE_SRCS := $(wildcard tools/decode/*.c) $(DECODE_BACKEND_SRCS)
$(eval $(call drmsub_binary,$(DECODE_BINARY),$(DECODE_SRCS)))
TOOL_BINARIES += $(DECODE_BINARY)
