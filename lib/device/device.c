// SPDX-License-Identifier: MIT
/*
 * Open the DRM device of a kernel driver: enumerate with drmGetDevices2,
 * identify each device with drmGetVersion, prefer its render node. No path
 * or minor number is ever assumed.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "device/device.h"

#define MAX_DEVICES 64
#define MAX_FILTERS 8
/* After loading a module, give the driver this long to probe. */
#define PROBE_WAIT_MS 3000

/* Small append-only string builder for the "looked at" explanation. */
struct text {
	char *buf;
	size_t len, size;
};

static void text_add(struct text *t, const char *fmt, ...) DRMSUB_PRINTF(2, 3);
static void text_add(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (t->len >= t->size)
		return;
	va_start(ap, fmt);
	n = vsnprintf(t->buf + t->len, t->size - t->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		t->len = t->len + n < t->size ? t->len + n : t->size - 1;
}

static int driver_name(const char *node, char *name, size_t len)
{
	drmVersionPtr v;
	int fd;

	fd = open(node, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	v = drmGetVersion(fd);
	close(fd);
	if (!v)
		return -EINVAL;
	snprintf(name, len, "%s", v->name);
	drmFreeVersion(v);
	return 0;
}

static const char *pick_node(drmDevicePtr dev, enum drmsub_node_pref pref)
{
	if (pref == DRMSUB_NODE_RENDER && (dev->available_nodes & (1 << DRM_NODE_RENDER)))
		return dev->nodes[DRM_NODE_RENDER];
	if (dev->available_nodes & (1 << DRM_NODE_PRIMARY))
		return dev->nodes[DRM_NODE_PRIMARY];
	return NULL;
}

static int parse_filters(struct drmsub_filter *filters, struct text *why)
{
	const char *env = getenv("IGT_DEVICE");
	char *copy, *save = NULL;
	int n = 0;

	if (!env || !*env)
		return 0;
	copy = strdup(env);
	if (!copy)
		return -1;
	for (char *tok = strtok_r(copy, ";", &save); tok; tok = strtok_r(NULL, ";", &save)) {
		char err[160];

		if (n == MAX_FILTERS)
			break;
		if (drmsub_filter_parse(tok, &filters[n], err, sizeof(err))) {
			why->len = 0;
			text_add(why, "bad IGT_DEVICE filter: %s", err);
			free(copy);
			return -1;
		}
		n++;
	}
	free(copy);
	return n;
}

/* Does some filter select @dev? With no filters, every device is selected. */
static bool selected_by_filters(const struct drmsub_filter *filters, int nr_filters,
				drmDevicePtr dev, int *nth)
{
	if (!nr_filters)
		return true;
	for (int i = 0; i < nr_filters; i++)
		if (drmsub_filter_matches(&filters[i], dev, &nth[i]))
			return true;
	return false;
}

/*
 * One pass over the devices present. Returns an open fd of a device driven
 * by @driver and selected by the filters, or -1 after describing in @why
 * what was seen.
 */
static int scan(const char *driver, enum drmsub_node_pref pref,
		const struct drmsub_filter *filters, int nr_filters,
		char *opened, size_t openedlen, struct text *why)
{
	drmDevicePtr devs[MAX_DEVICES];
	int nth[MAX_FILTERS] = { 0 };
	int n, fd = -1, seen = 0;

	n = drmGetDevices2(0, devs, MAX_DEVICES);
	if (n < 0)
		n = 0;
	for (int i = 0; i < n && fd < 0; i++) {
		const char *node = pick_node(devs[i], pref);
		char name[32];

		if (!node || !selected_by_filters(filters, nr_filters, devs[i], nth))
			continue;
		if (driver_name(node, name, sizeof(name)) < 0)
			snprintf(name, sizeof(name), "unreadable");
		text_add(why, "%s%s (%s)", seen++ ? ", " : "", node, name);
		if (strcmp(name, driver))
			continue;
		fd = open(node, O_RDWR | O_CLOEXEC);
		if (fd >= 0)
			snprintf(opened, openedlen, "%s", node);
		else
			text_add(why, ": %s", strerror(errno));
	}
	if (fd < 0 && !seen)
		text_add(why, nr_filters ? "IGT_DEVICE=%s matched no device" : "/dev/dri/*",
			 getenv("IGT_DEVICE"));
	drmFreeDevices(devs, n);
	return fd;
}

static void sleep_ms(int ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

int drmsub_try_open_driver(const char *driver, enum drmsub_node_pref pref,
			   struct drmsub_device_info *info, char *why, size_t whylen)
{
	struct drmsub_filter filters[MAX_FILTERS];
	const char *forced = getenv("IGT_FORCE_DRIVER");
	struct text t = { why, 0, whylen };
	char opened[64] = "", modmsg[160];
	int nr_filters, fd, loaded;

	why[0] = '\0';
	text_add(&t, "no %s device (looked at ", driver);
	if (forced && *forced && strcmp(forced, driver)) {
		t.len = 0;
		text_add(&t, "no %s device (IGT_FORCE_DRIVER=%s)", driver, forced);
		return -1;
	}
	nr_filters = parse_filters(filters, &t);
	if (nr_filters < 0)
		return -2;
	fd = scan(driver, pref, filters, nr_filters, opened, sizeof(opened), &t);
	if (fd < 0) {
		/* no device yet: load the driver and look again, as IGT does */
		loaded = drmsub_kmod_load(driver, modmsg, sizeof(modmsg));
		text_add(&t, "; %s", modmsg);
		for (int waited = 0; loaded == 1 && fd < 0 && waited < PROBE_WAIT_MS; waited += 100) {
			char scratch[512];
			struct text again = { scratch, 0, sizeof(scratch) };

			sleep_ms(100);
			fd = scan(driver, pref, filters, nr_filters, opened, sizeof(opened), &again);
		}
		if (loaded == 1 && fd < 0)
			text_add(&t, ", but no %s device appeared", driver);
	}
	if (fd < 0) {
		text_add(&t, ")");
		return -1;
	}
	why[0] = '\0';
	if (info && drmsub_device_describe(fd, info) == 0)
		snprintf(info->node, sizeof(info->node), "%s", opened);
	igt_info("Opened device: %s\n", opened);
	return fd;
}

static int open_or_skip(const char *driver, enum drmsub_node_pref pref)
{
	char why[1024];
	int fd = drmsub_try_open_driver(driver, pref, NULL, why, sizeof(why));

	if (fd == -2) {
		/* a misconfigured run must not pass as a skip */
		igt_critical("%s\n", why);
		igt_fail(IGT_EXIT_FAILURE);
	}
	if (fd < 0)
		igt_skip("Test requirement not met: %s; no GPU? run on the device model: "
			 "scripts/with-model %s build/tests/%s (see --help)\n",
			 why, driver, drmsub_test_name());
	return fd;
}

int drmsub_open_driver(const char *driver)
{
	return open_or_skip(driver, DRMSUB_NODE_RENDER);
}

int drmsub_open_driver_primary(const char *driver)
{
	return open_or_skip(driver, DRMSUB_NODE_PRIMARY);
}

static void describe_bus(drmDevicePtr dev, char *out, size_t len)
{
	switch (dev->bustype) {
	case DRM_BUS_PCI: {
		drmPciBusInfoPtr b = dev->businfo.pci;
		drmPciDeviceInfoPtr d = dev->deviceinfo.pci;

		snprintf(out, len, "pci %04x:%04x at %04x:%02x:%02x.%u", d->vendor_id,
			 d->device_id, b->domain, b->bus, b->dev, b->func);
		break;
	}
	case DRM_BUS_PLATFORM:
	case DRM_BUS_HOST1X: {
		char **compat = dev->bustype == DRM_BUS_PLATFORM
					? dev->deviceinfo.platform->compatible
					: dev->deviceinfo.host1x->compatible;
		const char *name = dev->bustype == DRM_BUS_PLATFORM
					   ? dev->businfo.platform->fullname
					   : dev->businfo.host1x->fullname;

		snprintf(out, len, "%s %.80s at %.120s",
			 dev->bustype == DRM_BUS_PLATFORM ? "platform" : "host1x",
			 compat && compat[0] ? compat[0] : "?", name);
		break;
	}
	default:
		snprintf(out, len, "bus type %d", dev->bustype);
	}
}

int drmsub_device_describe(int fd, struct drmsub_device_info *info)
{
	drmDevicePtr dev = NULL;
	drmVersionPtr v;
	char *node;

	memset(info, 0, sizeof(*info));
	v = drmGetVersion(fd);
	if (!v)
		return -errno ? -errno : -EINVAL;
	snprintf(info->driver, sizeof(info->driver), "%s", v->name);
	snprintf(info->desc, sizeof(info->desc), "%s", v->desc ? v->desc : "");
	info->version_major = v->version_major;
	info->version_minor = v->version_minor;
	info->version_patch = v->version_patchlevel;
	drmFreeVersion(v);

	node = drmGetDeviceNameFromFd2(fd);
	snprintf(info->node, sizeof(info->node), "%s", node ? node : "?");
	free(node);

	if (drmGetDevice2(fd, 0, &dev) == 0) {
		info->bustype = dev->bustype;
		describe_bus(dev, info->identity, sizeof(info->identity));
		drmFreeDevice(&dev);
	} else {
		snprintf(info->identity, sizeof(info->identity), "unknown bus");
	}
	return 0;
}
