# radeon/: the R300-family harness library (device wrapper, builders).
$(eval $(call drmsub_archive,radeon,$(filter-out $(DECODE_BACKEND_SRCS),$(wildcard radeon/*.c))))
