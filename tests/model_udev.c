// SPDX-License-Identifier: MIT
/*
 * model_udev: the model's devices as libudev (systemd's sd-device) sees
 * them, which is how IGT finds devices (lib/igt_device_scan.c): the "drm"
 * subsystem lists two nodes per DRMSUB_MODEL entry with the properties of
 * a kernel uevent plus the udev database that systemd's rules write, each
 * node's parent is its PCI or platform device with its sysfs attributes,
 * and a device number or a class path leads to the same device. Runs on
 * the model (DRMSUB_MODEL set); skips elsewhere.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <libudev.h>

#include "core/test.h"

IGT_TEST_DESCRIPTION("libudev enumeration, properties, parents and attributes of the model's "
		     "DRM devices.");

#define MAX_NODES 32

static struct udev *udev;
static struct udev_device *nodes[MAX_NODES];
static int nr_nodes, nr_entries;

static const char *prop(struct udev_device *d, const char *key)
{
	const char *v = udev_device_get_property_value(d, key);

	igt_assert_f(v, "%s has no property %s\n", udev_device_get_syspath(d), key);
	return v;
}

static bool has_tag(struct udev_device *d, const char *tag)
{
	struct udev_list_entry *e;

	udev_list_entry_foreach(e, udev_device_get_tags_list_entry(d))
		if (!strcmp(udev_list_entry_get_name(e), tag))
			return true;
	return false;
}

/* The bus device above a node: its PCI device or its platform device. */
static struct udev_device *bus_parent(struct udev_device *node)
{
	struct udev_device *p = udev_device_get_parent_with_subsystem_devtype(node, "pci", NULL);

	return p ?: udev_device_get_parent_with_subsystem_devtype(node, "platform", NULL);
}

/* How often @syspath is among the devices of @what ("subsystem" or "tag") @value. */
static int count_matches(const char *what, const char *value, const char *syspath)
{
	struct udev_enumerate *e = udev_enumerate_new(udev);
	struct udev_list_entry *entry;
	int n = 0;

	igt_assert(e);
	if (!strcmp(what, "tag"))
		igt_assert_eq(udev_enumerate_add_match_tag(e, value), 0);
	else
		igt_assert_eq(udev_enumerate_add_match_subsystem(e, value), 0);
	igt_assert_eq(udev_enumerate_scan_devices(e), 0);
	udev_list_entry_foreach(entry, udev_enumerate_get_list_entry(e))
		n += !strcmp(udev_list_entry_get_name(entry), syspath);
	udev_enumerate_unref(e);
	return n;
}

static void enumerate(void)
{
	struct udev_enumerate *e = udev_enumerate_new(udev);
	struct udev_list_entry *entry;

	igt_assert(e);
	/* what IGT's scan_drm_devices asks for */
	igt_assert_eq(udev_enumerate_add_match_subsystem(e, "drm"), 0);
	igt_assert_eq(udev_enumerate_add_match_property(e, "DEVNAME", "/dev/dri/*"), 0);
	igt_assert_eq(udev_enumerate_scan_devices(e), 0);
	udev_list_entry_foreach(entry, udev_enumerate_get_list_entry(e)) {
		igt_assert(nr_nodes < MAX_NODES);
		nodes[nr_nodes] = udev_device_new_from_syspath(udev, udev_list_entry_get_name(entry));
		igt_assert(nodes[nr_nodes]);
		nr_nodes++;
	}
	udev_enumerate_unref(e);
}

igt_main
{
	igt_fixture {
		const char *spec = getenv("DRMSUB_MODEL");

		igt_require_f(spec && *spec, "DRMSUB_MODEL is not set\n");
		nr_entries = 1;
		for (const char *p = spec; *p; p++)
			nr_entries += *p == ',';
		udev = udev_new();
		igt_assert(udev);
		enumerate();
		/* a card and a render node per device, or the loops below check nothing */
		igt_assert_eq(nr_nodes, 2 * nr_entries);
	}

	igt_describe("Subsystem \"drm\" with DEVNAME /dev/dri/* lists a card and a render node "
		     "per device, each a drm_minor with its node's number (drm_sysfs.c).");
	igt_subtest("enumerate") {
		int cards = 0, renders = 0;

		for (int i = 0; i < nr_nodes; i++) {
			struct udev_device *d = nodes[i];
			const char *name = udev_device_get_sysname(d);
			dev_t devnum = udev_device_get_devnum(d);
			char devname[64];

			igt_assert_eq_str(udev_device_get_subsystem(d), "drm");
			igt_assert_eq_str(udev_device_get_devtype(d), "drm_minor");
			snprintf(devname, sizeof(devname), "/dev/dri/%s", name);
			igt_assert_eq_str(udev_device_get_devnode(d), devname);
			igt_assert_eq_str(prop(d, "DEVNAME"), devname);
			igt_assert_eq(major(devnum), 226);
			igt_assert_eq(atoi(prop(d, "MINOR")), (int)minor(devnum));
			igt_assert_eq_str(prop(d, "MAJOR"), "226");
			igt_assert(!strncmp(udev_device_get_syspath(d), "/sys/devices/", 13));
			igt_assert_eq_str(prop(d, "DEVPATH"), udev_device_get_syspath(d) + 4);
			cards += !strncmp(name, "card", 4);
			renders += !strncmp(name, "renderD", 7);
		}
		igt_assert_eq(cards, nr_entries);
		igt_assert_eq(renders, nr_entries);
	}

	igt_describe("Each node's parent is its bus device: PCI with vendor and device "
		     "attributes matching PCI_ID, or platform with the OF compatible list; the "
		     "driver attribute names the DRM driver.");
	igt_subtest("parents") {
		for (int i = 0; i < nr_nodes; i++) {
			struct udev_device *p = bus_parent(nodes[i]);
			const char *subsys;

			igt_assert_f(p, "%s has no pci or platform parent\n",
				     udev_device_get_syspath(nodes[i]));
			igt_assert_eq_ptr(udev_device_get_parent(nodes[i]), p);
			subsys = udev_device_get_subsystem(p);
			igt_assert(udev_device_get_driver(p));
			igt_assert_eq_str(udev_device_get_sysattr_value(p, "driver"),
					  udev_device_get_driver(p));
			if (!strcmp(subsys, "pci")) {
				char id[16];

				snprintf(id, sizeof(id), "%04X:%04X",
					 (unsigned int)strtoul(udev_device_get_sysattr_value(p, "vendor"), NULL, 16),
					 (unsigned int)strtoul(udev_device_get_sysattr_value(p, "device"), NULL, 16));
				igt_assert_eq_str(prop(p, "PCI_ID"), id);
				igt_assert_eq_str(prop(p, "PCI_SLOT_NAME"), udev_device_get_sysname(p));
			} else {
				igt_assert_eq_str(subsys, "platform");
				igt_assert(atoi(prop(p, "OF_COMPATIBLE_N")) > 0);
				igt_assert(prop(p, "OF_COMPATIBLE_0")[0]);
			}
		}
	}

	igt_describe("The udev database gives what systemd's rules add: ID_PATH and ID_PATH_TAG "
		     "from path_id (pci-<slot>, platform-<name>), the dri/by-path link, the seat "
		     "and uaccess tags (master-of-seat for cards), and an initialised device.");
	igt_subtest("database") {
		for (int i = 0; i < nr_nodes; i++) {
			struct udev_device *d = nodes[i], *p = bus_parent(d);
			bool card = !strncmp(udev_device_get_sysname(d), "card", 4);
			char want[128], tag[128], link[160];
			size_t n = 0;

			snprintf(want, sizeof(want), "%s-%s",
				 !strcmp(udev_device_get_subsystem(p), "pci") ? "pci" : "platform",
				 udev_device_get_sysname(p));
			igt_assert_eq_str(prop(d, "ID_PATH"), want);
			/* path_id's tag: other characters become one '_' */
			for (const char *c = want; *c; c++)
				tag[n++] = strchr(":.", *c) ? '_' : *c;
			tag[n] = '\0';
			igt_assert_eq_str(prop(d, "ID_PATH_TAG"), tag);
			snprintf(link, sizeof(link), "/dev/dri/by-path/%s-%s", want,
				 card ? "card" : "render");
			igt_assert_eq_str(udev_list_entry_get_name(udev_device_get_devlinks_list_entry(d)),
					  link);
			igt_assert(udev_device_get_is_initialized(d));
			igt_assert(has_tag(d, "uaccess") && has_tag(d, "seat"));
			igt_assert_eq(has_tag(d, "master-of-seat"), card);
		}
	}

	igt_describe("udev_device_new_from_devnum and new_from_subsystem_sysname find each "
		     "configured node (card<i>, renderD<128+i>) through /sys/dev/char and "
		     "/sys/class/drm at the same syspath; its by-path link stats as the node.");
	igt_subtest("lookups") {
		for (int i = 0; i < 2 * nr_entries; i++) {
			unsigned int minor = i < nr_entries ? i : 128 + i - nr_entries;
			struct udev_device *by_num, *by_name;
			const char *link;
			char name[32];
			struct stat st;

			snprintf(name, sizeof(name), "%s%u", minor < 128 ? "card" : "renderD", minor);
			by_num = udev_device_new_from_devnum(udev, 'c', makedev(226, minor));
			igt_assert_f(by_num, "no udev device for 226:%u\n", minor);
			igt_assert_eq_str(udev_device_get_sysname(by_num), name);
			by_name = udev_device_new_from_subsystem_sysname(udev, "drm", name);
			igt_assert_f(by_name, "no udev device drm/%s\n", name);
			igt_assert_eq_str(udev_device_get_syspath(by_name),
					  udev_device_get_syspath(by_num));
			link = udev_list_entry_get_name(udev_device_get_devlinks_list_entry(by_num));
			igt_assert(link);
			igt_assert_eq(stat(link, &st), 0);
			igt_assert(S_ISCHR(st.st_mode));
			igt_assert_eq_u64(st.st_rdev, makedev(226, minor));
			udev_device_unref(by_num);
			udev_device_unref(by_name);
		}
	}

	igt_describe("Enumerating the bus subsystems lists each node's bus device once "
		     "(bus_add_device's /sys/bus/<bus>/devices link), and a tag lists the nodes "
		     "carrying it: master-of-seat only the cards.");
	igt_subtest("subsystems-and-tags") {
		int cards = 0;

		for (int i = 0; i < nr_nodes; i++) {
			struct udev_device *p = bus_parent(nodes[i]);

			igt_assert_eq(count_matches("subsystem", udev_device_get_subsystem(p),
						    udev_device_get_syspath(p)), 1);
			if (!strncmp(udev_device_get_sysname(nodes[i]), "card", 4)) {
				cards++;
				igt_assert_eq(count_matches("tag", "master-of-seat",
							    udev_device_get_syspath(nodes[i])), 1);
			} else {
				igt_assert_eq(count_matches("tag", "master-of-seat",
							    udev_device_get_syspath(nodes[i])), 0);
			}
			igt_assert_eq(count_matches("tag", "uaccess",
						    udev_device_get_syspath(nodes[i])), 1);
		}
		igt_assert_eq(cards, nr_entries);
	}

	igt_fixture {
		for (int i = 0; i < nr_nodes; i++)
			udev_device_unref(nodes[i]);
		udev_unref(udev);
	}
}
