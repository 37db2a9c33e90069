# lib/rnn: the rules-ng-ng register database loader (libxml2) used by the
# header generator (tools/rnn), the decoder and DB-driven probes.
$(eval $(call drmsub_archive,rnn,$(wildcard lib/rnn/*.c)))
$(call obj_of,lib/rnn/find.c): CPPFLAGS += -DDRMSUB_SRCDIR='"$(CURDIR)"' \
	-DDRMSUB_DATADIR='"$(PREFIX)/share/drmsub/registers"'
