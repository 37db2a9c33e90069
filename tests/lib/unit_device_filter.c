// SPDX-License-Identifier: MIT
/* Unit tests of IGT_DEVICE filter parsing and matching (lib/device/filter.c). */
#include <string.h>

#include "core/test.h"
#include "device/device.h"

static struct drmsub_filter parse_ok(const char *text)
{
	struct drmsub_filter f;
	char err[160] = "";

	igt_assert_f(drmsub_filter_parse(text, &f, err, sizeof(err)) == 0,
		     "\"%s\" rejected: %s\n", text, err);
	return f;
}

static void parse_bad(const char *text, const char *want_err)
{
	struct drmsub_filter f;
	char err[160] = "";

	igt_assert_eq(drmsub_filter_parse(text, &f, err, sizeof(err)), -1);
	igt_assert_eq_str(err, want_err);
}

/* A fake PCI device as libdrm would describe it. */
static drmDevice pci_device(drmPciBusInfo *bus, drmPciDeviceInfo *info)
{
	drmDevice dev = { .bustype = DRM_BUS_PCI };

	dev.businfo.pci = bus;
	dev.deviceinfo.pci = info;
	return dev;
}

igt_main
{
	igt_describe("drm: and sys: filters keep their path");
	igt_subtest("parse-paths") {
		struct drmsub_filter f = parse_ok("drm:/dev/dri/card1");

		igt_assert_eq(f.kind, FILTER_DRM);
		igt_assert_eq_str(f.path, "/dev/dri/card1");
		f = parse_ok("sys:/sys/devices/platform/soc/5000000.gpu");
		igt_assert_eq(f.kind, FILTER_SYS);
		igt_assert_eq_str(f.path, "/sys/devices/platform/soc/5000000.gpu");
	}

	igt_describe("pci: vendor and device in hex or by vendor name, card index");
	igt_subtest("parse-pci-ids") {
		struct drmsub_filter f = parse_ok("pci:vendor=1002,device=5460,card=1");

		igt_assert_eq(f.kind, FILTER_PCI);
		igt_assert_eq(f.vendor, 0x1002);
		igt_assert_eq(f.device, 0x5460);
		igt_assert_eq(f.card, 1);
		f = parse_ok("pci:vendor=NVIDIA");
		igt_assert_eq(f.vendor, 0x10de);
		igt_assert_eq(f.device, -1);
		igt_assert_eq(f.card, 0);
	}

	igt_describe("pci:slot= takes domain:bus:device.function");
	igt_subtest("parse-pci-slot") {
		struct drmsub_filter f = parse_ok("pci:slot=0000:01:00.0");

		igt_assert(f.has_slot);
		igt_assert_eq(f.bus, 1);
		igt_assert_eq(f.dev, 0);
		igt_assert_eq(f.func, 0);
	}

	igt_describe("malformed filters are rejected with a reason");
	igt_subtest("parse-errors") {
		parse_bad("card0", "\"card0\": expected drm:, sys: or pci:");
		parse_bad("usb:1", "\"usb\": unknown filter (drm, sys, pci)");
		parse_bad("drm:card0", "\"drm:card0\": expected an absolute path");
		parse_bad("pci:vendor=zz", "bad id \"zz\" (hex, e.g. 1002)");
		parse_bad("pci:device", "expected key=value in \"device\"");
		parse_bad("pci:colour=red", "unknown pci key \"colour\" (vendor, device, card, slot)");
		parse_bad("pci:card=x", "card wants a number 0..63");
		parse_bad("pci:slot=1:2", "slot wants domain:bus:device.function, e.g. 0000:01:00.0");
	}

	igt_describe("pci filters match ids; card=N picks the N-th match");
	igt_subtest("match-pci") {
		drmPciBusInfo bus_a = { 0, 1, 0, 0 }, bus_b = { 0, 2, 0, 0 };
		drmPciDeviceInfo rv350 = { .vendor_id = 0x1002, .device_id = 0x4150 };
		drmPciDeviceInfo gm107 = { .vendor_id = 0x10de, .device_id = 0x1381 };
		drmDevice a = pci_device(&bus_a, &rv350), b = pci_device(&bus_b, &rv350);
		drmDevice nv = pci_device(&bus_a, &gm107);
		struct drmsub_filter second = parse_ok("pci:vendor=1002,card=1");
		struct drmsub_filter slot = parse_ok("pci:slot=0000:02:00.0");
		int nth = 0;

		igt_assert(!drmsub_filter_matches(&second, &nv, &nth));
		igt_assert(!drmsub_filter_matches(&second, &a, &nth));
		igt_assert(drmsub_filter_matches(&second, &b, &nth));
		nth = 0;
		igt_assert(!drmsub_filter_matches(&slot, &a, &nth));
		igt_assert(drmsub_filter_matches(&slot, &b, &nth));
	}

	igt_describe("pci filters never match platform devices");
	igt_subtest("match-platform") {
		drmDevice soc = { .bustype = DRM_BUS_PLATFORM };
		struct drmsub_filter any = parse_ok("pci:vendor=5143");
		int nth = 0;

		igt_assert(!drmsub_filter_matches(&any, &soc, &nth));
	}
}
