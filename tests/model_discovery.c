// SPDX-License-Identifier: MIT
/*
 * model_discovery: libdrm's discovery of the devices DRMSUB_MODEL lists:
 * one drmDevice per entry with both nodes, the bus the driver sits on, and
 * the same answers from drmGetDevice2, drmGetVersion and the node-name
 * helpers that a kernel's sysfs gives. Skips without the device model.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xf86drm.h>

#include "core/test.h"
#include "util/util.h"

IGT_TEST_DESCRIPTION("libdrm discovery (drmGetDevices2, drmGetDevice2, node names) of every "
		     "device the model is configured with.");

#define MAX_DEVICES 16

static drmDevicePtr devs[MAX_DEVICES];
static int nr_devs;
static char spec[256];

/* The driver of the i-th DRMSUB_MODEL entry. */
static void entry_driver(int i, char *out, size_t len)
{
	char copy[256], *save = NULL, *tok;

	snprintf(copy, sizeof(copy), "%s", spec);
	tok = strtok_r(copy, ",", &save);
	while (tok && i--)
		tok = strtok_r(NULL, ",", &save);
	igt_assert(tok);
	snprintf(out, len, "%.*s", (int)strcspn(tok, ":"), tok);
}

static char *driver_of(const char *node)
{
	int fd = open(node, O_RDWR | O_CLOEXEC);
	drmVersionPtr v;
	char *name;

	igt_assert_fd(fd);
	v = drmGetVersion(fd);
	igt_assert(v);
	name = strdup(v->name);
	drmFreeVersion(v);
	close(fd);
	return name;
}

igt_main
{
	igt_fixture {
		const char *env = getenv("DRMSUB_MODEL");

		igt_require_f(env && *env, "DRMSUB_MODEL is not set\n");
		snprintf(spec, sizeof(spec), "%s", env);
		nr_devs = drmGetDevices2(0, devs, MAX_DEVICES);
	}

	igt_describe("drmGetDevices2 lists one device per DRMSUB_MODEL entry, each with a "
		     "primary and a render node; counting without an array agrees.");
	igt_subtest("count") {
		int entries = 1;

		for (const char *p = spec; *p; p++)
			entries += *p == ',';
		igt_assert_eq(nr_devs, entries);
		igt_assert_eq(drmGetDevices2(0, NULL, 0), entries);
		for (int i = 0; i < nr_devs; i++)
			igt_assert_eq(devs[i]->available_nodes,
				      (1 << DRM_NODE_PRIMARY) | (1 << DRM_NODE_RENDER));
	}

	igt_describe("Each device is driven by its entry's driver: radeon on PCI with ATI's "
		     "vendor id, nouveau with NVIDIA's or as a platform device, msm as a "
		     "platform device with a compatible list.");
	igt_subtest("identity") {
		for (int i = 0; i < nr_devs; i++) {
			char want[32], *got = driver_of(devs[i]->nodes[DRM_NODE_RENDER]);
			int bus = devs[i]->bustype, card;

			/* the model gives card<i> to its i-th entry */
			igt_assert_eq(sscanf(devs[i]->nodes[DRM_NODE_PRIMARY], "/dev/dri/card%d", &card), 1);
			entry_driver(card, want, sizeof(want));
			igt_assert_eq_str(got, want);
			if (bus == DRM_BUS_PCI) {
				igt_assert(strcmp(want, "msm"));
				igt_assert_eq(devs[i]->deviceinfo.pci->vendor_id,
					      !strcmp(want, "radeon") ? 0x1002 : 0x10de);
			} else {
				igt_assert_eq(bus, DRM_BUS_PLATFORM);
				igt_assert(strcmp(want, "radeon"));
				igt_assert(devs[i]->deviceinfo.platform->compatible[0]);
				igt_assert(devs[i]->businfo.platform->fullname[0] == '/');
			}
			free(got);
		}
	}

	igt_describe("drmGetDevice2 on an open node returns the device drmGetDevices2 listed; "
		     "the node-name helpers name the right nodes.");
	igt_subtest("device-of-fd") {
		for (int i = 0; i < nr_devs; i++) {
			int fd = open(devs[i]->nodes[DRM_NODE_PRIMARY], O_RDWR | O_CLOEXEC);
			drmDevicePtr dev = NULL;
			char *render, *primary;

			igt_assert_fd(fd);
			igt_assert_eq(drmGetDevice2(fd, 0, &dev), 0);
			igt_assert(drmDevicesEqual(dev, devs[i]));
			igt_assert_eq(drmGetNodeTypeFromFd(fd), DRM_NODE_PRIMARY);
			render = drmGetRenderDeviceNameFromFd(fd);
			primary = drmGetPrimaryDeviceNameFromFd(fd);
			igt_assert_eq_str(render, devs[i]->nodes[DRM_NODE_RENDER]);
			igt_assert_eq_str(primary, devs[i]->nodes[DRM_NODE_PRIMARY]);
			free(render);
			free(primary);
			drmFreeDevice(&dev);
			close(fd);
		}
	}

	igt_describe("With DRM_DEVICE_GET_PCI_REVISION the revision is read; other flags are "
		     "EINVAL.");
	igt_subtest("flags") {
		drmDevicePtr more[MAX_DEVICES];
		int n = drmGetDevices2(DRM_DEVICE_GET_PCI_REVISION, more, MAX_DEVICES);

		igt_assert_eq(n, nr_devs);
		drmFreeDevices(more, n);
		igt_assert_eq(drmGetDevices2(0x100, more, MAX_DEVICES), -EINVAL);
	}

	/*
	 * drm_driver.date of each driver (msm_drv.c, nouveau_drv.h,
	 * radeon_drv.c) until 6.14 removed the field and the core reports "0".
	 */
	igt_describe("VERSION's date is the driver's until 6.14, then \"0\" for every driver.");
	igt_subtest("version-date") {
		static const char *const dates[][2] = {
			{ "msm", "20130625" }, { "nouveau", "20120801" }, { "radeon", "20080528" },
		};
		const char *k = getenv("DRMSUB_MODEL_KERNEL");
		int major = 6, minor = 8;	/* the model's default kernel */

		if (k)
			igt_assert_eq(sscanf(k, "%d.%d", &major, &minor), 2);
		for (int i = 0; i < nr_devs; i++) {
			int fd = open(devs[i]->nodes[DRM_NODE_PRIMARY], O_RDWR | O_CLOEXEC);
			drmVersionPtr v;
			const char *want = NULL;

			igt_assert_fd(fd);
			v = drmGetVersion(fd);
			igt_assert(v);
			for (size_t d = 0; d < ARRAY_SIZE(dates); d++)
				if (!strcmp(v->name, dates[d][0]))
					want = dates[d][1];
			igt_assert_f(want, "no date known for %s\n", v->name);
			if (major > 6 || (major == 6 && minor >= 14))
				want = "0";
			igt_assert_eq_str(v->date, want);
			drmFreeVersion(v);
			close(fd);
		}
	}

	igt_fixture
		drmFreeDevices(devs, nr_devs);
}
