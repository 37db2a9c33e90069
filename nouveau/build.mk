# nouveau/: the Maxwell harness library (libdrm_nouveau wrapper, push builder).
$(eval $(call drmsub_archive,nouveau,$(filter-out $(DECODE_BACKEND_SRCS),$(wildcard nouveau/*.c))))
