# lib/core: the IGT-compatible test core.
$(eval $(call drmsub_archive,core,$(wildcard lib/core/*.c)))
