# bench/: measurements, never assertions; run by `make bench`.
# bench.c holds the measuring helpers every benchmark links (bench.h).
# decode_bench: drmsub-decode's time for N and 8N dwords per backend (the
# ratio shows whether decoding is linear in the stream size).
BENCH_COMMON := bench/bench.c
BENCH_DECODE := $(O)/bench/decode_bench
$(call obj_of,bench/decode_bench.c): CPPFLAGS += -DDRMSUB_SRCDIR='"$(CURDIR)"'
$(eval $(call drmsub_binary,$(BENCH_DECODE),bench/decode_bench.c $(BENCH_COMMON)))
BENCH_BINARIES += $(BENCH_DECODE)
# kmsg_bench: read()/write() through the model's /dev/kmsg interposition
# against libc's own, in one process with the model preloaded.
BENCH_KMSG := $(O)/bench/kmsg_bench
$(call obj_of,bench/kmsg_bench.c): CPPFLAGS += -DDRMSUB_MODEL_LIBRARY='"$(abspath $(MODEL_LIBRARY))"'
$(eval $(call drmsub_binary,$(BENCH_KMSG),bench/kmsg_bench.c $(BENCH_COMMON)))
BENCH_BINARIES += $(BENCH_KMSG)
