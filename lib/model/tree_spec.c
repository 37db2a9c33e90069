// SPDX-License-Identifier: MIT
/*
 * What the fake tree holds for each configured device, as the kernel's
 * sysfs and systemd's udev would show it (PCI shown; a platform device
 * lives at /sys/devices/platform/<name> with OF_* uevent keys instead):
 *
 *   /sys/devices/pci0000:00/0000:00:0<k>.0/0000:0<k>:00.0/
 *	uevent vendor device ... config, subsystem -> bus/pci, driver -> bus/pci/drivers/<drv>
 *	drm/card<i>/{uevent,dev}, device -> the GPU, subsystem -> class/drm; renderD<n> alike
 *   /sys/class/drm/<node>, /sys/dev/char/226:<minor> -> the node's directory
 *   /sys/class/drm/version
 *   /dev/dri/card<i>, renderD<n> (stat says 226:<minor>: shim_stat.c)
 *   /dev/dri/by-path/<ID_PATH>-card, -render -> ../<node>
 *   /run/udev/data/c226:<minor>: the udev database entry of the node,
 *	/run/udev/tags/<tag>/c226:<minor> for each of its tags
 *   /sys/bus/pci/devices/<slot> -> the device, /sys/bus/pci/drivers/<drv>/<slot> alike
 *   /sys/kernel/debug/dri/<slot>/name and the driver's attributes, dri/<minor> -> <slot>
 *
 * Symlink targets are relative the way kernfs_get_target_path makes them
 * (up to the nearest directory above the target's parent, then down), so
 * readlink answers what a real sysfs answers.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/limits.h>

#include "model/debugfs.h"
#include "model/model.h"
#include "model/tree.h"
#include "util/util.h"

#define FNV_OFFSET 0xcbf29ce484222325ull
#define FNV_PRIME 0x100000001b3ull

/* drm_sysfs.c: the class attribute "version", CORE_NAME/MAJOR/MINOR/PATCHLEVEL/DATE */
#define DRM_CLASS_VERSION "drm 1.1.0 20060810\n"
/* sd-device's database format version, LATEST_UDEV_DATABASE_VERSION */
#define UDEV_DB_VERSION 1
/*
 * When udev initialised the devices (the database's I: line, CLOCK_MONOTONIC
 * microseconds): a fixed second after boot, so that the tree stays the same.
 */
#define UDEV_USEC_INITIALIZED 1000000

static uint64_t fnv(uint64_t h, const void *data, size_t len)
{
	const unsigned char *p = data;

	for (size_t i = 0; i < len; i++)
		h = (h ^ p[i]) * FNV_PRIME;
	return h;
}

static void add(struct tree_spec *spec, enum tree_kind kind, const char *vpath,
		const char *data, size_t len)
{
	struct tree_entry *e;

	if (spec->err)
		return;
	if (spec->nr == spec->alloc) {
		size_t alloc = spec->alloc ? 2 * spec->alloc : 64;
		struct tree_entry *entries = realloc(spec->entries, alloc * sizeof(*entries));

		if (!entries) {
			spec->err = -ENOMEM;
			return;
		}
		spec->entries = entries;
		spec->alloc = alloc;
	}
	e = &spec->entries[spec->nr];
	e->kind = kind;
	e->vpath = strdup(vpath);
	e->data = malloc(len + 1);
	e->len = len;
	if (!e->vpath || !e->data) {
		free(e->vpath);
		free(e->data);
		spec->err = -ENOMEM;
		return;
	}
	memcpy(e->data, data, len);
	e->data[len] = '\0';
	spec->nr++;
	spec->hash = fnv(spec->hash, &kind, sizeof(kind));
	spec->hash = fnv(spec->hash, vpath, strlen(vpath) + 1);
	spec->hash = fnv(spec->hash, data, len);
}

static void add_dir(struct tree_spec *spec, const char *vpath)
{
	add(spec, TREE_DIR, vpath, "", 0);
}

static void add_file(struct tree_spec *spec, const char *vpath, const void *data, size_t len)
{
	add(spec, TREE_FILE, vpath, data, len);
}

static void __attribute__((format(printf, 3, 4)))
add_text(struct tree_spec *spec, const char *vpath, const char *fmt, ...)
{
	char text[2048];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	if (n < 0 || n >= (int)sizeof(text)) {
		spec->err = spec->err ?: -ENAMETOOLONG;
		return;
	}
	add_file(spec, vpath, text, n);
}

/* @dir is @path or a directory above it. */
static bool is_at_or_above(const char *dir, size_t dirlen, const char *path)
{
	return dirlen <= 1 || (!strncmp(path, dir, dirlen) && (!path[dirlen] || path[dirlen] == '/'));
}

/* A symlink at @vlink to @vtarget, relative as kernfs_get_target_path writes it. */
static void add_link(struct tree_spec *spec, const char *vlink, const char *vtarget)
{
	size_t base = strrchr(vlink, '/') - vlink;	/* the link's directory */
	size_t parent = strrchr(vtarget, '/') - vtarget;	/* the target's */
	char target[PATH_MAX] = "";
	size_t n = 0;

	while (!is_at_or_above(vlink, base, vtarget) || base > parent) {
		if (n + 3 >= sizeof(target))
			break;
		memcpy(target + n, "../", 4);
		n += 3;
		while (base > 0 && vlink[--base] != '/')
			;
	}
	snprintf(target + n, sizeof(target) - n, "%s", vtarget + base + 1);
	add(spec, TREE_LINK, vlink, target, strlen(target));
}

static void add_pci_device(struct tree_spec *spec, const struct model_device *dev)
{
	const struct model_chip *c = dev->chip;
	const char *d = dev->sysfs_dir;
	/* pci-sysfs.c: the id attributes, as "0x%04x\n" (class 0x%06x, revision 0x%02x) */
	const struct { const char *name; unsigned int value; int width; } ids[] = {
		{ "vendor", c->vendor, 4 }, { "device", c->device, 4 },
		{ "subsystem_vendor", c->subvendor, 4 }, { "subsystem_device", c->subdevice, 4 },
		{ "revision", c->revision, 2 }, { "class", c->pci_class, 6 },
	};
	unsigned char config[256] = { 0 };
	char path[256];

	add_dir(spec, d);
	for (size_t i = 0; i < ARRAY_SIZE(ids); i++) {
		snprintf(path, sizeof(path), "%s/%s", d, ids[i].name);
		add_text(spec, path, "0x%0*x\n", ids[i].width, ids[i].value);
	}
	/* the first 64 bytes of configuration space, little endian */
	config[0] = c->vendor; config[1] = c->vendor >> 8;
	config[2] = c->device; config[3] = c->device >> 8;
	config[8] = c->revision;
	config[9] = c->pci_class; config[10] = c->pci_class >> 8; config[11] = c->pci_class >> 16;
	config[44] = c->subvendor; config[45] = c->subvendor >> 8;
	config[46] = c->subdevice; config[47] = c->subdevice >> 8;
	snprintf(path, sizeof(path), "%s/config", d);
	add_file(spec, path, config, sizeof(config));
	/* pci_uevent and dev_uevent's DRIVER= */
	snprintf(path, sizeof(path), "%s/uevent", d);
	add_text(spec, path,
		 "DRIVER=%s\nPCI_CLASS=%X\nPCI_ID=%04X:%04X\nPCI_SUBSYS_ID=%04X:%04X\n"
		 "PCI_SLOT_NAME=%s\nMODALIAS=pci:v%08Xd%08Xsv%08Xsd%08Xbc%02Xsc%02Xi%02X\n",
		 dev->driver->name, c->pci_class, c->vendor, c->device, c->subvendor, c->subdevice,
		 dev->pci_slot, c->vendor, c->device, c->subvendor, c->subdevice,
		 c->pci_class >> 16, (c->pci_class >> 8) & 0xff, c->pci_class & 0xff);
}

static void add_platform_device(struct tree_spec *spec, const struct model_device *dev)
{
	const struct model_chip *c = dev->chip;
	const char *of_name = strrchr(c->of_fullname, '/') + 1;
	int name_len = strcspn(of_name, "@"), n = 0;
	char path[256], text[1024];
	size_t off;

	add_dir(spec, dev->sysfs_dir);
	/* of_device_uevent: OF_NAME, OF_FULLNAME, OF_COMPATIBLE_<n>, then MODALIAS */
	off = snprintf(text, sizeof(text), "DRIVER=%s\nOF_NAME=%.*s\nOF_FULLNAME=%s\n",
		       dev->driver->name, name_len, of_name, c->of_fullname);
	for (; c->compatible[n] && off < sizeof(text); n++)
		off += snprintf(text + off, sizeof(text) - off, "OF_COMPATIBLE_%d=%s\n", n,
				c->compatible[n]);
	if (off < sizeof(text))
		off += snprintf(text + off, sizeof(text) - off,
				"OF_COMPATIBLE_N=%d\nMODALIAS=of:N%.*sT(null)", n, name_len, of_name);
	for (int i = 0; i < n && off < sizeof(text); i++)
		off += snprintf(text + off, sizeof(text) - off, "C%s", c->compatible[i]);
	snprintf(path, sizeof(path), "%s/uevent", dev->sysfs_dir);
	add_text(spec, path, "%.*s\n", (int)(off < sizeof(text) ? off : sizeof(text) - 1), text);
}

/*
 * ID_PATH as systemd's path_id builtin composes it for a DRM node: the
 * PCI slot or the platform device's name (builtin_path_id), and its tag
 * form with every other character as one '_'.
 */
static void id_path(const struct model_device *dev, char *path, char *tag, size_t len)
{
	size_t i = 0;

	if (dev->chip->bus == MODEL_BUS_PCI)
		snprintf(path, len, "pci-%s", dev->pci_slot);
	else
		snprintf(path, len, "platform-%s", dev->chip->sysfs_name);
	for (const char *p = path; *p && i + 1 < len; p++) {
		if ((*p >= '0' && *p <= '9') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= 'a' && *p <= 'z') || *p == '-')
			tag[i++] = *p;
		else if (i && tag[i - 1] != '_')
			tag[i++] = '_';
	}
	while (i && tag[i - 1] == '_')
		i--;
	tag[i] = '\0';
}

/*
 * The udev database entry of a node (sd-device's device_update_db format)
 * as systemd 252's rules leave it: 60-drm.rules imports path_id and adds
 * the dri/by-path link, 70-uaccess.rules tags "uaccess", 71-seat.rules
 * tags "seat" (cards also "master-of-seat") and sets ID_FOR_SEAT.
 */
static void add_udev_db(struct tree_spec *spec, const struct model_device *dev, const char *name,
			unsigned int minor, bool card)
{
	char path[128], idp[96], tag[96], target[40];

	id_path(dev, idp, tag, sizeof(idp));
	snprintf(path, sizeof(path), "/run/udev/data/c%d:%u", DRM_MAJOR_NR, minor);
	add_text(spec, path,
		 "S:dri/by-path/%s-%s\nI:%u\nE:ID_PATH=%s\nE:ID_PATH_TAG=%s\nE:ID_FOR_SEAT=drm-%s\n"
		 "G:uaccess\nG:seat\n%sQ:uaccess\nQ:seat\n%sV:%d\n",
		 idp, card ? "card" : "render", UDEV_USEC_INITIALIZED, idp, tag, tag,
		 card ? "G:master-of-seat\n" : "", card ? "Q:master-of-seat\n" : "",
		 UDEV_DB_VERSION);
	/* the tag index udev keeps beside the database (udev_node_update_tag...) */
	snprintf(path, sizeof(path), "/run/udev/tags/uaccess/c%d:%u", DRM_MAJOR_NR, minor);
	add_file(spec, path, "", 0);
	snprintf(path, sizeof(path), "/run/udev/tags/seat/c%d:%u", DRM_MAJOR_NR, minor);
	add_file(spec, path, "", 0);
	if (card) {
		snprintf(path, sizeof(path), "/run/udev/tags/master-of-seat/c%d:%u", DRM_MAJOR_NR,
			 minor);
		add_file(spec, path, "", 0);
	}
	/* udev's node_symlink: a relative link next to the node */
	snprintf(path, sizeof(path), "/dev/dri/by-path/%s-%s", idp, card ? "card" : "render");
	snprintf(target, sizeof(target), "../%s", name);
	add(spec, TREE_LINK, path, target, strlen(target));
}

/* A DRM minor's device (drm_minor_register -> drm_sysfs_minor_alloc): card<i> or renderD<n>. */
static void add_node(struct tree_spec *spec, const struct model_device *dev, bool card)
{
	unsigned int minor = card ? dev->card_minor : dev->render_minor;
	char name[32], dir[256], path[300];

	snprintf(name, sizeof(name), "%s%u", card ? "card" : "renderD", minor);
	snprintf(dir, sizeof(dir), "%s/drm/%s", dev->sysfs_dir, name);
	add_dir(spec, dir);
	snprintf(path, sizeof(path), "%s/uevent", dir);
	add_text(spec, path, "MAJOR=%d\nMINOR=%u\nDEVNAME=dri/%s\nDEVTYPE=drm_minor\n", DRM_MAJOR_NR,
		 minor, name);
	snprintf(path, sizeof(path), "%s/dev", dir);
	add_text(spec, path, "%d:%u\n", DRM_MAJOR_NR, minor);
	snprintf(path, sizeof(path), "%s/device", dir);
	add_link(spec, path, dev->sysfs_dir);
	snprintf(path, sizeof(path), "%s/subsystem", dir);
	add_link(spec, path, "/sys/class/drm");
	snprintf(path, sizeof(path), "/sys/dev/char/%d:%u", DRM_MAJOR_NR, minor);
	add_link(spec, path, dir);
	snprintf(path, sizeof(path), "/sys/class/drm/%s", name);
	add_link(spec, path, dir);
	snprintf(path, sizeof(path), "/dev/dri/%s", name);
	add_file(spec, path, "", 0);
	add_udev_db(spec, dev, name, minor, card);
}

static void add_device(struct tree_spec *spec, const struct model_device *dev)
{
	bool pci = dev->chip->bus == MODEL_BUS_PCI;
	const char *bus = pci ? "/sys/bus/pci" : "/sys/bus/platform";
	char path[256], drv[128];

	if (pci)
		add_pci_device(spec, dev);
	else
		add_platform_device(spec, dev);
	snprintf(path, sizeof(path), "%s/subsystem", dev->sysfs_dir);
	add_link(spec, path, bus);
	/* bus_add_device: the bus's link to the device */
	snprintf(path, sizeof(path), "%s/devices/%s", bus, strrchr(dev->sysfs_dir, '/') + 1);
	add_link(spec, path, dev->sysfs_dir);
	/* driver_sysfs_add: the device and its bound driver link each other */
	snprintf(drv, sizeof(drv), "%s/drivers/%s", bus, dev->driver->name);
	add_dir(spec, drv);
	snprintf(path, sizeof(path), "%s/%s", drv, strrchr(dev->sysfs_dir, '/') + 1);
	add_link(spec, path, dev->sysfs_dir);
	snprintf(path, sizeof(path), "%s/driver", dev->sysfs_dir);
	add_link(spec, path, drv);
	add_node(spec, dev, true);
	add_node(spec, dev, false);
}

/*
 * debugfs (6.7+, debugfs.c): the device's directory dri/<unique> with the
 * core's "name" (drm_debugfs.c drm_name_info: the driver, dev= the parent
 * device, unique=; no master= as no master set a unique name, the model
 * having no SET_VERSION) and the driver's attributes, whose data debugfs.c
 * serves; a link dri/<minor> to it for each minor (drm_debugfs_register).
 */
static void add_debugfs(struct tree_spec *spec, const struct model_device *dev)
{
	const char *unique = strrchr(dev->sysfs_dir, '/') + 1;
	char dir[192], path[256];

	model_debugfs_dir(dev, dir, sizeof(dir));
	add_dir(spec, dir);
	snprintf(path, sizeof(path), "%s/name", dir);
	add_text(spec, path, "%s dev=%s unique=%s\n", dev->driver->name, unique, unique);
	for (unsigned int i = 0; i < dev->driver->nr_debugfs_bools; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, dev->driver->debugfs_bools[i].name);
		add_file(spec, path, "", 0);
	}
	snprintf(path, sizeof(path), MODEL_DEBUGFS_DRI "/%u", dev->card_minor);
	add_link(spec, path, dir);
	snprintf(path, sizeof(path), MODEL_DEBUGFS_DRI "/%u", dev->render_minor);
	add_link(spec, path, dir);
}

int model_tree_describe(struct tree_spec *spec)
{
	static const char *const dirs[] = {
		"/dev/dri", "/dev/dri/by-path", "/sys/dev/char", "/sys/class/drm", "/sys/bus/pci",
		"/sys/bus/platform", "/run/udev/data", "/sys/kernel/debug/sync",
	};

	spec->hash = FNV_OFFSET;
	for (size_t i = 0; i < ARRAY_SIZE(dirs); i++)
		add_dir(spec, dirs[i]);
	add_file(spec, "/sys/class/drm/version", DRM_CLASS_VERSION, strlen(DRM_CLASS_VERSION));
	/* debugfs' sw_sync file, which sw_sync.c opens (stat and access see it) */
	add_file(spec, "/sys/kernel/debug/sync/sw_sync", "", 0);
	for (unsigned int i = 0; i < model_config.nr_devices; i++)
		add_device(spec, &model_config.devices[i]);
	if (model_debugfs_modelled()) {
		add_dir(spec, MODEL_DEBUGFS_DRI);
		for (unsigned int i = 0; i < model_config.nr_devices; i++)
			add_debugfs(spec, &model_config.devices[i]);
	}
	if (spec->err)
		tree_spec_free(spec);
	return spec->err;
}

void tree_spec_free(struct tree_spec *spec)
{
	for (size_t i = 0; i < spec->nr; i++) {
		free(spec->entries[i].vpath);
		free(spec->entries[i].data);
	}
	free(spec->entries);
	spec->entries = NULL;
	spec->nr = spec->alloc = 0;
}

void model_tree_layout(void)
{
	unsigned int pci_index = 0;

	for (unsigned int i = 0; i < model_config.nr_devices; i++) {
		struct model_device *dev = &model_config.devices[i];

		if (dev->chip->bus != MODEL_BUS_PCI) {
			snprintf(dev->sysfs_dir, sizeof(dev->sysfs_dir), "/sys/devices/platform/%s",
				 dev->chip->sysfs_name);
			continue;
		}
		/* each PCI device sits behind its own root port 00:<n>.0, on bus <n> */
		pci_index++;
		snprintf(dev->pci_slot, sizeof(dev->pci_slot), "0000:%02x:00.0", pci_index);
		snprintf(dev->sysfs_dir, sizeof(dev->sysfs_dir),
			 "/sys/devices/pci0000:00/0000:00:%02x.0/0000:%02x:00.0", pci_index,
			 pci_index);
	}
}
