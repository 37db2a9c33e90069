# radeon/: the R300-family harness library (device wrapper, builders).
$(eval $(call drmsub_archive,radeon,$(wildcard radeon/*.c)))
