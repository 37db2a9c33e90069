# tools/: programs for the build machine and for users. Each tool describes
# itself in tools/<name>/build.mk.
include $(sort $(wildcard tools/*/build.mk))
