// SPDX-License-Identifier: MIT
/*
 * The fake filesystem: a private directory tree that mirrors what libdrm
 * reads of /dev/dri and sysfs for each configured device. Paths the model
 * owns are redirected into it (paths.c), so opendir/readdir, fopen+getline,
 * readlink and realpath all work on real files; only stat answers are
 * patched to show character devices 226:<minor>.
 *
 * Layout for device i (PCI shown; platform devices live under
 * /sys/devices/platform/<name> with OF_* uevent keys instead):
 *	dev/dri/card<i>, dev/dri/renderD<128+i>
 *	sys/devices/pci0000:00/0000:00:0<k>.0/0000:0<k>:00.0/{uevent,vendor,...,config}
 *	    .../subsystem -> bus/pci, .../drm/{card<i>,renderD<n>}/{uevent,dev,device}
 *	sys/dev/char/226:<minor> -> .../drm/<node>, sys/class/drm/<node> -> same
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/model.h"
#include "model/shim_real.h"

char model_tree_root[128];
static pid_t tree_owner;

static int write_file(const char *vpath, const void *data, size_t len)
{
	char path[512];
	int fd;

	snprintf(path, sizeof(path), "%s%s", model_tree_root, vpath);
	fd = REAL(open)(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	if (len && write(fd, data, len) != (ssize_t)len) {
		REAL(close)(fd);
		return -EIO;
	}
	REAL(close)(fd);
	return 0;
}

static int write_text(const char *vpath, const char *text)
{
	return write_file(vpath, text, strlen(text));
}

/* mkdir -p of a virtual directory inside the tree. */
static int make_dirs(const char *vdir)
{
	char path[512];

	snprintf(path, sizeof(path), "%s%s", model_tree_root, vdir);
	for (char *p = path + strlen(model_tree_root) + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(path, 0755) && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	if (mkdir(path, 0755) && errno != EEXIST)
		return -errno;
	return 0;
}

/* A symlink at virtual @vlink to virtual @vtarget, relative as sysfs has them. */
static int make_link(const char *vlink, const char *vtarget)
{
	char target[512] = "", path[512];
	int depth = 0;

	for (const char *p = vlink + 1; *p; p++)
		depth += *p == '/';
	for (int i = 0; i < depth; i++)
		strcat(target, "../");
	strncat(target, vtarget + 1, sizeof(target) - strlen(target) - 1);
	snprintf(path, sizeof(path), "%s%s", model_tree_root, vlink);
	if (symlink(target, path) && errno != EEXIST)
		return -errno;
	return 0;
}

static void pci_sysfs_dir(struct model_device *dev, unsigned int pci_index)
{
	/* each PCI device sits behind its own root port 00:<n>.0, on bus <n> */
	snprintf(dev->pci_slot, sizeof(dev->pci_slot), "0000:%02x:00.0", pci_index);
	snprintf(dev->sysfs_dir, sizeof(dev->sysfs_dir),
		 "/sys/devices/pci0000:00/0000:00:%02x.0/0000:%02x:00.0", pci_index, pci_index);
}

static int write_pci_files(struct model_device *dev)
{
	const struct model_chip *c = dev->chip;
	unsigned char config[256] = { 0 };
	char path[256], text[512];
	struct { const char *name; unsigned int value; int width; } ids[] = {
		{ "vendor", c->vendor, 4 }, { "device", c->device, 4 },
		{ "subsystem_vendor", c->subvendor, 4 }, { "subsystem_device", c->subdevice, 4 },
		{ "revision", c->revision, 2 }, { "class", c->pci_class, 6 },
	};
	int err = 0;

	for (unsigned int i = 0; i < sizeof(ids) / sizeof(ids[0]) && !err; i++) {
		snprintf(path, sizeof(path), "%s/%s", dev->sysfs_dir, ids[i].name);
		snprintf(text, sizeof(text), "0x%0*x\n", ids[i].width, ids[i].value);
		err = write_text(path, text);
	}
	/* the first 64 bytes of configuration space, little endian */
	config[0] = c->vendor; config[1] = c->vendor >> 8;
	config[2] = c->device; config[3] = c->device >> 8;
	config[8] = c->revision;
	config[9] = c->pci_class; config[10] = c->pci_class >> 8; config[11] = c->pci_class >> 16;
	config[44] = c->subvendor; config[45] = c->subvendor >> 8;
	config[46] = c->subdevice; config[47] = c->subdevice >> 8;
	snprintf(path, sizeof(path), "%s/config", dev->sysfs_dir);
	err = err ?: write_file(path, config, sizeof(config));
	snprintf(path, sizeof(path), "%s/uevent", dev->sysfs_dir);
	snprintf(text, sizeof(text),
		 "DRIVER=%s\nPCI_CLASS=%X\nPCI_ID=%04X:%04X\nPCI_SUBSYS_ID=%04X:%04X\n"
		 "PCI_SLOT_NAME=%s\nMODALIAS=pci:v%08Xd%08Xsv%08Xsd%08Xbc%02Xsc%02Xi%02X\n",
		 dev->driver->name, c->pci_class, c->vendor, c->device, c->subvendor,
		 c->subdevice, dev->pci_slot, c->vendor, c->device, c->subvendor, c->subdevice,
		 c->pci_class >> 16, (c->pci_class >> 8) & 0xff, c->pci_class & 0xff);
	err = err ?: write_text(path, text);
	snprintf(path, sizeof(path), "%s/subsystem", dev->sysfs_dir);
	return err ?: make_link(path, "/sys/bus/pci");
}

static int write_platform_files(struct model_device *dev)
{
	const struct model_chip *c = dev->chip;
	char path[256], text[1024];
	const char *of_name = strrchr(c->of_fullname, '/') + 1;
	size_t off;
	int n = 0;

	off = snprintf(text, sizeof(text), "DRIVER=%s\nOF_NAME=%.*s\nOF_FULLNAME=%s\n",
		       dev->driver->name, (int)strcspn(of_name, "@"), of_name, c->of_fullname);
	for (; c->compatible[n]; n++)
		off += snprintf(text + off, sizeof(text) - off, "OF_COMPATIBLE_%d=%s\n", n,
				c->compatible[n]);
	off += snprintf(text + off, sizeof(text) - off, "OF_COMPATIBLE_N=%d\nMODALIAS=of:N%.*sT(null)",
			n, (int)strcspn(of_name, "@"), of_name);
	for (int i = 0; i < n; i++)
		off += snprintf(text + off, sizeof(text) - off, "C%s", c->compatible[i]);
	snprintf(text + off, sizeof(text) - off, "\n");
	snprintf(path, sizeof(path), "%s/uevent", dev->sysfs_dir);
	n = write_text(path, text);
	snprintf(path, sizeof(path), "%s/subsystem", dev->sysfs_dir);
	return n ?: make_link(path, "/sys/bus/platform");
}

static int write_node(struct model_device *dev, const char *name, unsigned int minor, int type)
{
	char dir[256], path[300], text[160], tree_path[512];
	int err;

	snprintf(dir, sizeof(dir), "%s/drm/%s", dev->sysfs_dir, name);
	err = make_dirs(dir);
	snprintf(path, sizeof(path), "%s/uevent", dir);
	snprintf(text, sizeof(text), "MAJOR=%d\nMINOR=%u\nDEVNAME=dri/%s\nDEVTYPE=drm_minor\n",
		 DRM_MAJOR_NR, minor, name);
	err = err ?: write_text(path, text);
	snprintf(path, sizeof(path), "%s/dev", dir);
	snprintf(text, sizeof(text), "%d:%u\n", DRM_MAJOR_NR, minor);
	err = err ?: write_text(path, text);
	snprintf(path, sizeof(path), "%s/device", dir);
	err = err ?: make_link(path, dev->sysfs_dir);
	snprintf(path, sizeof(path), "%s/subsystem", dir);
	err = err ?: make_link(path, "/sys/class/drm");
	snprintf(path, sizeof(path), "/sys/dev/char/%d:%u", DRM_MAJOR_NR, minor);
	err = err ?: make_link(path, dir);
	snprintf(path, sizeof(path), "/sys/class/drm/%s", name);
	err = err ?: make_link(path, dir);
	snprintf(path, sizeof(path), "/dev/dri/%s", name);
	err = err ?: write_text(path, "");
	if (err)
		return err;
	snprintf(tree_path, sizeof(tree_path), "%s%s", model_tree_root, path);
	if (REAL(stat)(tree_path, &dev->node_stat[type ? 1 : 0]))
		return -errno;
	return 0;
}

static int build_device(struct model_device *dev, unsigned int *pci_index)
{
	char name[32];
	int err;

	if (dev->chip->bus == MODEL_BUS_PCI)
		pci_sysfs_dir(dev, ++*pci_index);
	else
		snprintf(dev->sysfs_dir, sizeof(dev->sysfs_dir), "/sys/devices/platform/%s",
			 dev->chip->sysfs_name);
	err = make_dirs(dev->sysfs_dir);
	if (err)
		return err;
	err = dev->chip->bus == MODEL_BUS_PCI ? write_pci_files(dev) : write_platform_files(dev);
	snprintf(name, sizeof(name), "card%u", dev->card_minor);
	err = err ?: write_node(dev, name, dev->card_minor, 0);
	snprintf(name, sizeof(name), "renderD%u", dev->render_minor);
	return err ?: write_node(dev, name, dev->render_minor, 2);
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	return remove(path);
}

static void remove_tree(void)
{
	if (getpid() == tree_owner && model_tree_root[0])
		nftw(model_tree_root, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/*
 * A process that exec()s or is killed leaves its tree behind; the next
 * process to start removes the trees of processes that no longer exist.
 */
static void remove_stale_trees(const char *tmp)
{
	DIR *dir = REAL(opendir)(tmp);
	struct dirent *ent;
	char path[512];
	int pid;

	if (!dir)
		return;
	while ((ent = readdir(dir))) {
		if (sscanf(ent->d_name, "drmsub-model.%d.", &pid) != 1 || pid <= 0 ||
		    kill(pid, 0) == 0 || errno != ESRCH)
			continue;
		snprintf(path, sizeof(path), "%s/%s", tmp, ent->d_name);
		nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
	}
	closedir(dir);
}

int model_tree_build(void)
{
	const char *tmp = getenv("TMPDIR");
	const char *dirs[] = { "/dev/dri", "/sys/dev/char", "/sys/class/drm", "/sys/bus/pci",
			       "/sys/bus/platform" };
	unsigned int pci_index = 0;
	int err = 0;

	tmp = tmp && *tmp ? tmp : "/tmp";
	remove_stale_trees(tmp);
	snprintf(model_tree_root, sizeof(model_tree_root), "%s/drmsub-model.%d.XXXXXX", tmp,
		 (int)getpid());
	if (!mkdtemp(model_tree_root))
		return -errno;
	tree_owner = getpid();
	atexit(remove_tree);
	for (unsigned int i = 0; i < sizeof(dirs) / sizeof(dirs[0]) && !err; i++)
		err = make_dirs(dirs[i]);
	for (unsigned int i = 0; i < model_config.nr_devices && !err; i++)
		err = build_device(&model_config.devices[i], &pci_index);
	/* debugfs' sw_sync file (opened by sw_sync.c), root-only as debugfs is */
	err = err ?: make_dirs("/sys/kernel/debug/sync");
	return err ?: write_text("/sys/kernel/debug/sync/sw_sync", "");
}
