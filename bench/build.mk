# bench/: measurements, never assertions; run by `make bench`.
# decode_bench: drmsub-decode's time for N and 8N dwords per backend (the
# ratio shows whether decoding is linear in the stream size).
BENCH_DECODE := $(O)/bench/decode_bench
$(call obj_of,bench/decode_bench.c): CPPFLAGS += -DDRMSUB_SRCDIR='"$(CURDIR)"'
$(eval $(call drmsub_binary,$(BENCH_DECODE),bench/decode_bench.c))
BENCH_BINARIES += $(BENCH_DECODE)
