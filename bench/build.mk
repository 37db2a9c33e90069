# bench/: measurements, never assertions; run by `make bench`.
# bench.c holds the measuring helpers every benchmark links (bench.h).
BENCH_COMMON := bench/bench.c

# $(call bench_binary,<name>,<more sources>): $(O)/bench/<name> from
# bench/<name>.c, the measuring helpers and <more sources>; `make bench`
# runs the benchmarks in the order they are declared here.
define bench_binary
$$(eval $$(call drmsub_binary,$(O)/bench/$(1),bench/$(1).c $(BENCH_COMMON) $(2)))
BENCH_BINARIES += $(O)/bench/$(1)
endef

# The same for a benchmark that runs on the device model: built after it.
define bench_model_binary
$(call bench_binary,$(1),$(2))
$(O)/bench/$(1): | $(MODEL_LIBRARY)
endef

# decode_bench: drmsub-decode's time for N and 8N dwords per backend (the
# ratio shows whether decoding is linear in the stream size).
$(call obj_of,bench/decode_bench.c): CPPFLAGS += -DDRMSUB_SRCDIR='"$(CURDIR)"'
$(eval $(call bench_binary,decode_bench,$(DECODE_BACKEND_SRCS)))
# msm_cp_bench: the msm model's command processor through real submits
# against memcpy (it re-executes itself on the model library beside bench/).
$(eval $(call bench_model_binary,msm_cp_bench))
# startup_bench: one test process (fork + exec + wait) on the device model
# against /bin/true, CPU and wall (issue #18: target <= 3).
$(call obj_of,bench/startup_bench.c): CPPFLAGS += -DDRMSUB_BUILD_DIR='"$(abspath $(O))"'
$(eval $(call bench_binary,startup_bench))
# msm_scaling: the msm device model's costs at N, 8N and 64N (GEM_SUBMIT
# BO tables, GPU address allocation, handles, outstanding submits, mapped
# address spaces); runs itself on the model.
$(eval $(call bench_model_binary,msm_scaling))
# model_bench: one submit+wait on the device model (msm, nouveau, radeon)
# against a bare two-thread condvar ping-pong, with context switches per
# iteration; it re-executes itself on $(O)/lib/libdrmsub-model.so.
$(eval $(call bench_model_binary,model_bench,bench/model_submit.c))
# kmsg_bench: read()/write() through the model's /dev/kmsg interposition
# against libc's own, in one process with the model preloaded.
$(call obj_of,bench/kmsg_bench.c): CPPFLAGS += -DDRMSUB_MODEL_LIBRARY='"$(abspath $(MODEL_LIBRARY))"'
$(eval $(call bench_binary,kmsg_bench))
