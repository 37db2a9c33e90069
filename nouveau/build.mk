# nouveau/: the Maxwell harness library (libdrm_nouveau wrapper, push builder).
$(eval $(call drmsub_archive,nouveau,$(wildcard nouveau/*.c)))
