// SPDX-License-Identifier: MIT
/*
 * <driver>_device: open the device of one kernel driver and report what it
 * is. Built once per driver (msm_device, nouveau_device, radeon_device)
 * with DRMSUB_DRIVER set, so discovery is exercised for every driver.
 */
#include <unistd.h>

#include "core/test.h"
#include "device/device.h"

#ifndef DRMSUB_DRIVER
#error "build with -DDRMSUB_DRIVER=\"<kernel driver name>\""
#endif

IGT_TEST_DESCRIPTION("Finds the " DRMSUB_DRIVER " DRM device through libdrm, opens it "
		     "and reports the kernel driver's name, version and the device's "
		     "bus identity.");

static int fd = -1;

igt_main
{
	igt_fixture
		fd = drmsub_open_driver(DRMSUB_DRIVER);

	igt_describe("The opened node is driven by " DRMSUB_DRIVER "; prints its "
		     "driver version and bus identity.");
	igt_subtest("device-info") {
		struct drmsub_device_info info;

		igt_assert_eq(drmsub_device_describe(fd, &info), 0);
		igt_assert_eq_str(info.driver, DRMSUB_DRIVER);
		igt_info("node: %s\n", info.node);
		igt_info("driver: %s %d.%d.%d (%s)\n", info.driver, info.version_major,
			 info.version_minor, info.version_patch, info.desc);
		igt_info("device: %s\n", info.identity);
	}

	igt_fixture
		close(fd);
}
