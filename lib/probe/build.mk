# lib/probe: claims files for the discovery probes (tests/*_probe.c). The
# databases are found at run time as drmsub-decode finds them:
# $DRMSUB_REGISTERS, the source tree while it exists, else the installed
# $(PREFIX)/share/drmsub/registers.
$(eval $(call drmsub_archive,probe,$(wildcard lib/probe/*.c)))
$(call obj_of,lib/probe/verdict.c): CPPFLAGS += -DDRMSUB_SRCDIR='"$(CURDIR)"' \
	-DDRMSUB_DATADIR='"$(PREFIX)/share/drmsub/registers"'
