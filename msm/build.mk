# msm/: the Adreno harness library (device wrapper, builders).
$(eval $(call drmsub_archive,msm,$(wildcard msm/*.c)))
