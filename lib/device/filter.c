// SPDX-License-Identifier: MIT
/*
 * IGT_DEVICE filters (the forms IGT's igt_device_scan documents):
 *   drm:/dev/dri/card0
 *   sys:/sys/devices/pci0000:00/0000:00:02.0   (the device or any parent)
 *   pci:vendor=1002,device=5460,card=0         (vendor/device hex or a name)
 *   pci:slot=0000:01:00.0
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "device/device.h"
#include "util/util.h"

static const struct {
	const char *name;
	int id;
} vendor_names[] = {
	{ "amd", 0x1002 }, { "ati", 0x1002 }, { "nvidia", 0x10de },
	{ "intel", 0x8086 }, { "qualcomm", 0x5143 },
};

static int parse_hex_id(const char *s, size_t len, bool vendor)
{
	char buf[16], *end;
	long v;

	if (!len || len >= sizeof(buf))
		return -2;
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (vendor)
		for (size_t i = 0; i < ARRAY_SIZE(vendor_names); i++)
			if (!strcasecmp(buf, vendor_names[i].name))
				return vendor_names[i].id;
	v = strtol(buf, &end, 16);
	if (*end || v < 0 || v > 0xffff)
		return -2;
	return (int)v;
}

static int parse_pci(const char *spec, struct drmsub_filter *f, char *err, size_t errlen)
{
	const char *p = spec;

	f->vendor = f->device = -1;
	f->card = 0;
	while (*p) {
		size_t len = strcspn(p, ",");
		const char *eq = memchr(p, '=', len);
		size_t klen = eq ? (size_t)(eq - p) : len;
		const char *val = eq ? eq + 1 : p + len;
		size_t vlen = eq ? len - klen - 1 : 0;

		if (!eq || !vlen) {
			snprintf(err, errlen, "expected key=value in \"%.*s\"", (int)len, p);
			return -1;
		}
		if (klen == 6 && !strncmp(p, "vendor", 6)) {
			f->vendor = parse_hex_id(val, vlen, true);
		} else if (klen == 6 && !strncmp(p, "device", 6)) {
			f->device = parse_hex_id(val, vlen, false);
		} else if (klen == 4 && !strncmp(p, "card", 4)) {
			char *end;

			f->card = (int)strtol(val, &end, 10);
			if (end != val + vlen || f->card < 0 || f->card > 63) {
				snprintf(err, errlen, "card wants a number 0..63");
				return -1;
			}
		} else if (klen == 4 && !strncmp(p, "slot", 4)) {
			char slot[32];
			char tail;

			snprintf(slot, sizeof(slot), "%.*s", (int)vlen, val);
			if (sscanf(slot, "%x:%x:%x.%x%c", &f->domain, &f->bus, &f->dev,
				   &f->func, &tail) != 4) {
				snprintf(err, errlen, "slot wants domain:bus:device.function, e.g. 0000:01:00.0");
				return -1;
			}
			f->has_slot = true;
		} else {
			snprintf(err, errlen, "unknown pci key \"%.*s\" (vendor, device, card, slot)",
				 (int)klen, p);
			return -1;
		}
		if (f->vendor == -2 || f->device == -2) {
			snprintf(err, errlen, "bad id \"%.*s\" (hex, e.g. 1002)", (int)vlen, val);
			return -1;
		}
		p += len;
		if (*p == ',')
			p++;
	}
	return 0;
}

int drmsub_filter_parse(const char *text, struct drmsub_filter *f, char *err, size_t errlen)
{
	const char *colon = strchr(text, ':');

	memset(f, 0, sizeof(*f));
	if (!colon) {
		snprintf(err, errlen, "\"%s\": expected drm:, sys: or pci:", text);
		return -1;
	}
	if (!strncmp(text, "drm:", 4) || !strncmp(text, "sys:", 4)) {
		f->kind = text[0] == 'd' ? FILTER_DRM : FILTER_SYS;
		if (snprintf(f->path, sizeof(f->path), "%s", colon + 1) >= (int)sizeof(f->path) ||
		    colon[1] != '/') {
			snprintf(err, errlen, "\"%s\": expected an absolute path", text);
			return -1;
		}
		return 0;
	}
	if (!strncmp(text, "pci:", 4)) {
		f->kind = FILTER_PCI;
		return parse_pci(colon + 1, f, err, errlen);
	}
	snprintf(err, errlen, "\"%.*s\": unknown filter (drm, sys, pci)", (int)(colon - text), text);
	return -1;
}

static bool node_is(const char *node, const char *path)
{
	struct stat a, b;

	if (!node)
		return false;
	if (!strcmp(node, path))
		return true;
	return !stat(node, &a) && !stat(path, &b) && S_ISCHR(a.st_mode) &&
	       a.st_rdev == b.st_rdev;
}

/* The sysfs directory of one of @dev's nodes, resolved, with a slash. */
static bool sys_path_of(drmDevicePtr dev, char *out, size_t len)
{
	for (int n = 0; n < DRM_NODE_MAX; n++) {
		char link[PATH_MAX];
		struct stat st;

		if (!(dev->available_nodes & (1 << n)) || stat(dev->nodes[n], &st))
			continue;
		snprintf(link, sizeof(link), "/sys/dev/char/%u:%u/device",
			 major(st.st_rdev), minor(st.st_rdev));
		if (!realpath(link, out))
			continue;
		strncat(out, "/", len - strlen(out) - 1);
		return true;
	}
	return false;
}

bool drmsub_filter_matches(const struct drmsub_filter *f, drmDevicePtr dev, int *nth_match)
{
	switch (f->kind) {
	case FILTER_DRM:
		for (int n = 0; n < DRM_NODE_MAX; n++)
			if ((dev->available_nodes & (1 << n)) && node_is(dev->nodes[n], f->path))
				return true;
		return false;
	case FILTER_SYS: {
		char want[PATH_MAX], have[PATH_MAX];
		size_t wl;

		if (!realpath(f->path, want))
			snprintf(want, sizeof(want), "%s", f->path);
		wl = strlen(want);
		if (!sys_path_of(dev, have, sizeof(have)))
			return false;
		/* the filter names the device or one of its parents */
		return !strncmp(have, want, wl) && (have[wl] == '/' || have[wl] == '\0');
	}
	case FILTER_PCI:
		if (dev->bustype != DRM_BUS_PCI)
			return false;
		if (f->has_slot) {
			drmPciBusInfoPtr b = dev->businfo.pci;

			return b->domain == f->domain && b->bus == f->bus &&
			       b->dev == f->dev && b->func == f->func;
		}
		if (f->vendor >= 0 && dev->deviceinfo.pci->vendor_id != f->vendor)
			return false;
		if (f->device >= 0 && dev->deviceinfo.pci->device_id != f->device)
			return false;
		return (*nth_match)++ == f->card;
	}
	return false;
}
