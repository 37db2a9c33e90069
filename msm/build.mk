# msm/: the Adreno harness library (device wrapper, builders).
$(eval $(call drmsub_archive,msm,$(filter-out $(DECODE_BACKEND_SRCS),$(wildcard msm/*.c))))
