# bench/: measurements, never assertions; run by `make bench`.
# bench.c holds the measuring helpers every benchmark links (bench.h).
# decode_bench: drmsub-decode's time for N and 8N dwords per backend (the
# ratio shows whether decoding is linear in the stream size).
BENCH_COMMON := bench/bench.c
BENCH_DECODE := $(O)/bench/decode_bench
$(call obj_of,bench/decode_bench.c): CPPFLAGS += -DDRMSUB_SRCDIR='"$(CURDIR)"'
$(eval $(call drmsub_binary,$(BENCH_DECODE),bench/decode_bench.c $(BENCH_COMMON) $(DECODE_BACKEND_SRCS)))
BENCH_BINARIES += $(BENCH_DECODE)
# msm_cp_bench: the msm model's command processor through real submits
# against memcpy (it re-executes itself on the model library beside bench/).
BENCH_MSM_CP := $(O)/bench/msm_cp_bench
$(eval $(call drmsub_binary,$(BENCH_MSM_CP),bench/msm_cp_bench.c $(BENCH_COMMON)))
$(BENCH_MSM_CP): | $(MODEL_LIBRARY)
BENCH_BINARIES += $(BENCH_MSM_CP)
# startup_bench: one test process (fork + exec + wait) on the device model
# against /bin/true, CPU and wall (issue #18: target <= 3).
BENCH_STARTUP := $(O)/bench/startup_bench
$(call obj_of,bench/startup_bench.c): CPPFLAGS += -DDRMSUB_BUILD_DIR='"$(abspath $(O))"'
$(eval $(call drmsub_binary,$(BENCH_STARTUP),bench/startup_bench.c $(BENCH_COMMON)))
BENCH_BINARIES += $(BENCH_STARTUP)
# msm_scaling: the msm device model's costs at N, 8N and 64N (GEM_SUBMIT
# BO tables, GPU address allocation, handles, outstanding submits, mapped
# address spaces); runs itself on the model.
BENCH_MSM := $(O)/bench/msm_scaling
$(eval $(call drmsub_binary,$(BENCH_MSM),bench/msm_scaling.c $(BENCH_COMMON)))
$(BENCH_MSM): | $(MODEL_LIBRARY)
BENCH_BINARIES += $(BENCH_MSM)
# model_bench: one submit+wait on the device model (msm, nouveau, radeon)
# against a bare two-thread condvar ping-pong, with context switches per
# iteration; it re-executes itself on $(O)/lib/libdrmsub-model.so.
BENCH_MODEL := $(O)/bench/model_bench
$(eval $(call drmsub_binary,$(BENCH_MODEL),bench/model_bench.c bench/model_submit.c $(BENCH_COMMON)))
$(BENCH_MODEL): | $(MODEL_LIBRARY)
BENCH_BINARIES += $(BENCH_MODEL)
# kmsg_bench: read()/write() through the model's /dev/kmsg interposition
# against libc's own, in one process with the model preloaded.
BENCH_KMSG := $(O)/bench/kmsg_bench
$(call obj_of,bench/kmsg_bench.c): CPPFLAGS += -DDRMSUB_MODEL_LIBRARY='"$(abspath $(MODEL_LIBRARY))"'
$(eval $(call drmsub_binary,$(BENCH_KMSG),bench/kmsg_bench.c $(BENCH_COMMON)))
BENCH_BINARIES += $(BENCH_KMSG)
