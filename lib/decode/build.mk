# lib/decode: the driver-neutral half of drmsub-decode (inputs, .rd reader
# and writer, packet model, text/JSON output, register state and diff).
# The per-driver backends are <driver>/decode.c, the CLI tools/decode.
$(eval $(call drmsub_archive,decode,$(wildcard lib/decode/*.c)))
