# lib/probe: claims files and verdict lines for the discovery probes
# (tests/*_probe.c); databases are found with lib/rnn's rnn_find_database.
$(eval $(call drmsub_archive,probe,$(wildcard lib/probe/*.c)))
