# tests/mesa: drmsub's own OpenGL ES client for `make check-mesa`
# (scripts/check-mesa). It needs EGL and GLES headers and libraries (Debian:
# libegl-dev, libgles-dev), which the rest of drmsub does not, so it is
# built only by `make mesa-client` (check-mesa's first step), not by `make`.
MESA_CLIENT := $(O)/mesa/gles_client
MESA_PKGS := egl glesv2
$(call obj_of,tests/mesa/gles_client.c): CPPFLAGS += $(shell $(PKG_CONFIG) --cflags $(MESA_PKGS) 2>/dev/null)
$(MESA_CLIENT): $(call obj_of,tests/mesa/gles_client.c) $(DRMSUB_ARCHIVES)
	$(quiet) LD $@
	@mkdir -p $(@D)
	$(Q)$(CC) $(LDFLAGS_ALL) -o $@ $(call obj_of,tests/mesa/gles_client.c) \
		-Wl,--start-group $(DRMSUB_ARCHIVES) -Wl,--end-group \
		$(shell $(PKG_CONFIG) --libs $(MESA_PKGS) 2>/dev/null) $(LDLIBS_ALL)

.PHONY: mesa-client
mesa-client: $(MESA_CLIENT)
