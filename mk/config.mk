# Toolchain, flags and output directory.

CROSS_COMPILE ?=
CC := $(if $(filter default,$(origin CC)),$(CROSS_COMPILE)gcc,$(CC))
AR := $(if $(filter default,$(origin AR)),$(CROSS_COMPILE)ar,$(AR))
# Cross builds use <triplet>-pkg-config when it exists, else pkg-config
# restricted to Debian's multiarch directory of the target.
ifneq ($(CROSS_COMPILE),)
TRIPLET := $(patsubst %-,%,$(CROSS_COMPILE))
ifneq ($(shell command -v $(CROSS_COMPILE)pkg-config 2>/dev/null),)
PKG_CONFIG ?= $(CROSS_COMPILE)pkg-config
else
export PKG_CONFIG_LIBDIR ?= /usr/lib/$(TRIPLET)/pkgconfig:/usr/share/pkgconfig
endif
endif
PKG_CONFIG ?= pkg-config
HOSTCC ?= cc
PREFIX ?= /usr/local
DESTDIR ?=
SANITIZE ?=

# One output tree per configuration so objects built with different
# toolchains or flags never mix.
ifneq ($(CROSS_COMPILE),)
O ?= build/$(patsubst %-,%,$(CROSS_COMPILE))
else ifneq ($(SANITIZE),)
O ?= build/sanitize
else
O ?= build
endif

# Build-time tools (generators) run on the build machine, even when cross-compiling.
HOST_O := build/host

VERSION := 0.1
GIT_SHA := $(shell git rev-parse --short=8 HEAD 2>/dev/null || echo unknown)

# Packages found through pkg-config, with the Debian package providing each.
# libudev: the device model's self-test of udev enumeration (IGT enumerates that way).
PKGS := libdrm libdrm_nouveau libdrm_radeon libkmod libxml-2.0 zlib libudev
deb_package = $(patsubst libudev,libudev-dev,$(patsubst libdrm%,libdrm-dev,$(patsubst libkmod,libkmod-dev,$(patsubst libxml-2.0,libxml2-dev,$(patsubst zlib,zlib1g-dev,$(1))))))

WARN := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	-Wno-unused-parameter -Wpointer-arith -Wvla -Wformat=2
CSTD := -std=gnu11
OPT := -O2 -g
# VERSION and GIT_SHA reach the code through $(O)/gen/version.h (mk/rules.mk),
# not the flags: a new commit rebuilds the one file that prints them, not all.
DEFS := -D_GNU_SOURCE

ifneq ($(SANITIZE),)
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
OPT := -O1 -g
endif
# 'make fuzz' (tests/fuzz/build.mk) builds with FUZZ=1 in its own tree:
# every object also gets libFuzzer's coverage instrumentation.
ifneq ($(FUZZ),)
SAN_FLAGS := -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
OPT := -O1 -g
endif

CPPFLAGS_ALL = $(DEFS) -I. -Iinclude -Ilib -I$(O)/gen $(PKG_CFLAGS) $(CPPFLAGS)
CFLAGS_ALL = $(CSTD) $(OPT) $(WARN) -fPIC $(SAN_FLAGS) $(CFLAGS)
LDFLAGS_ALL = $(SAN_FLAGS) -Wl,--as-needed $(LDFLAGS)
LDLIBS_ALL = $(PKG_LIBS) -lpthread -ldl -lm $(LDLIBS)

# pkg-config is queried lazily so that 'make deps' and 'make clean' work
# before the dependencies exist.
PKG_CFLAGS = $(call pkg_query,--cflags)
PKG_LIBS = $(call pkg_query,--libs)
pkg_query = $(shell $(PKG_CONFIG) $(1) $(PKGS) 2>/dev/null)

ifeq ($(V),1)
Q :=
quiet = @:
else
Q := @
quiet = @printf '  %-7s %s\n'
endif
