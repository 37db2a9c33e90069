// SPDX-License-Identifier: MIT
/*
 * Configuration from the environment, read once per process:
 *
 *   DRMSUB_MODEL=msm:a630,nouveau:gm20b,radeon:rv350
 *	the devices, in order: device i gets /dev/dri/card<i> and
 *	renderD<128+i>. "driver" alone takes the driver's first chip.
 *	Unset or empty: the model is off and every call passes through.
 *	A value naming an unknown driver or chip ends the process with a
 *	message listing what is supported: running the tests on the real
 *	machine instead would be a silent lie.
 *   DRMSUB_MODEL_KERNEL=6.8	the kernel version whose behaviour is modelled,
 *				at most the newest modelled release (6.19);
 *				unset, the model sets it to its default, so
 *				that the program reads the modelled kernel
 *				from here alone (tests/kernel_version.h)
 *   DRMSUB_MODEL_HANGCHECK_MS=N	GPU hangcheck period (default: each driver's kernel value)
 *   DRMSUB_MODEL_DEBUG=1	one line on stderr per rejected ioctl
 *   DRMSUB_MODEL_KMSG=FILE	the model's kernel log (kmsg.c); set for children if unset
 */
#include <errno.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/kmsg.h"
#include "model/model.h"

#define DEFAULT_KERNEL_MAJOR 6
#define DEFAULT_KERNEL_MINOR 8
/*
 * The newest release whose changes the drivers model. A later one would
 * silently behave as this one, missing whatever it changed: refused.
 * scripts/check runs the msm suites at it (tests/lib/model_kernels.sh).
 */
#define NEWEST_KERNEL_MAJOR 6
#define NEWEST_KERNEL_MINOR 19
/* Exit status for an unusable configuration (IGT's "abort"). */
#define EXIT_BAD_CONFIG 112

struct model_config model_config;

extern const struct model_driver *const __start_drmsub_model_drivers[];
extern const struct model_driver *const __stop_drmsub_model_drivers[];

/*
 * The drivers MODEL_DRIVER placed in the section: the linker's bounds are
 * two objects as C sees them, so the count comes from their addresses
 * (comparing the pointers themselves is cppcheck's comparePointers).
 */
static size_t nr_drivers(void)
{
	return ((uintptr_t)__stop_drmsub_model_drivers - (uintptr_t)__start_drmsub_model_drivers) /
	       sizeof(__start_drmsub_model_drivers[0]);
}

/* One line on stderr, "drmsub-model: " and the message. */
__attribute__((format(printf, 1, 0))) static void say(const char *fmt, va_list ap)
{
	fprintf(stderr, "drmsub-model: ");
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void model_fatal(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say(fmt, ap);
	va_end(ap);
	_exit(EXIT_BAD_CONFIG);
}

void model_debug(const char *fmt, ...)
{
	va_list ap;

	if (!model_config.debug)
		return;
	va_start(ap, fmt);
	say(fmt, ap);
	va_end(ap);
}

static const struct model_driver *find_driver(const char *name)
{
	for (size_t i = 0; i < nr_drivers(); i++)
		if (!strcmp(__start_drmsub_model_drivers[i]->name, name))
			return __start_drmsub_model_drivers[i];
	return NULL;
}

static void list_supported(char *buf, size_t len)
{
	size_t off = 0;

	buf[0] = '\0';
	for (size_t n = 0; n < nr_drivers(); n++) {
		const struct model_driver *d = __start_drmsub_model_drivers[n];

		for (unsigned int i = 0; i < d->nr_chips && off < len; i++)
			off += snprintf(buf + off, len - off, "%s%s:%s", off ? " " : "", d->name,
					d->chips[i].name);
	}
}

static void add_device(const char *spec)
{
	char driver[32], supported[512];
	const char *colon = strchr(spec, ':');
	const struct model_driver *drv;
	struct model_device *dev;
	size_t n = colon ? (size_t)(colon - spec) : strlen(spec);

	list_supported(supported, sizeof(supported));
	if (n >= sizeof(driver))
		n = sizeof(driver) - 1;
	memcpy(driver, spec, n);
	driver[n] = '\0';
	drv = find_driver(driver);
	if (!drv)
		model_fatal("DRMSUB_MODEL: unknown driver \"%s\"; supported: %s", driver, supported);
	if (model_config.nr_devices == MODEL_MAX_DEVICES)
		model_fatal("DRMSUB_MODEL: more than %d devices", MODEL_MAX_DEVICES);
	dev = &model_config.devices[model_config.nr_devices];
	dev->driver = drv;
	dev->chip = &drv->chips[0];
	if (colon) {
		dev->chip = NULL;
		for (unsigned int i = 0; i < drv->nr_chips; i++)
			if (!strcmp(drv->chips[i].name, colon + 1))
				dev->chip = &drv->chips[i];
		if (!dev->chip)
			model_fatal("DRMSUB_MODEL: unknown chip \"%s\"; supported: %s", spec,
				    supported);
	}
	dev->index = model_config.nr_devices++;
	dev->card_minor = dev->index;
	dev->render_minor = 128 + dev->index;
}

static void parse_devices(const char *env)
{
	char *copy = strdup(env), *save = NULL;

	if (!copy)
		model_fatal("out of memory");
	for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
		add_device(tok);
	free(copy);
}

static void parse_kernel(const char *env)
{
	int major, minor;

	if (!env || !*env) {
		char value[16];

		model_config.kernel_major = DEFAULT_KERNEL_MAJOR;
		model_config.kernel_minor = DEFAULT_KERNEL_MINOR;
		snprintf(value, sizeof(value), "%d.%d", DEFAULT_KERNEL_MAJOR, DEFAULT_KERNEL_MINOR);
		setenv("DRMSUB_MODEL_KERNEL", value, 1);
		return;
	}
	if (sscanf(env, "%d.%d", &major, &minor) != 2 || major < 4)
		model_fatal("DRMSUB_MODEL_KERNEL=%s: expected <major>.<minor>, e.g. 6.8", env);
	if (major > NEWEST_KERNEL_MAJOR ||
	    (major == NEWEST_KERNEL_MAJOR && minor > NEWEST_KERNEL_MINOR))
		model_fatal("DRMSUB_MODEL_KERNEL=%s: newer than %d.%d, the newest modelled release",
			    env, NEWEST_KERNEL_MAJOR, NEWEST_KERNEL_MINOR);
	model_config.kernel_major = major;
	model_config.kernel_minor = minor;
}

static void parse_hangcheck(const char *env)
{
	char *end;
	long ms;

	model_config.hangcheck_ms = 0;	/* each driver's kernel period */
	if (!env || !*env)
		return;
	ms = strtol(env, &end, 10);
	if (*end || ms <= 0 || ms > 600000)
		model_fatal("DRMSUB_MODEL_HANGCHECK_MS=%s: expected 1..600000", env);
	model_config.hangcheck_ms = ms;
}

static void setup_devices(void)
{
	for (unsigned int i = 0; i < model_config.nr_devices; i++) {
		struct model_device *dev = &model_config.devices[i];

		dev->flink_names = model_idr_new();
		/* the first page stays unused, as DRM_FILE_PAGE_OFFSET keeps 0 free */
		dev->next_mmap_offset = 0x100000000ull;
		if (dev->driver->device_init && dev->driver->device_init(dev))
			model_fatal("%s: device initialisation failed", dev->driver->name);
	}
}

static bool model_enabled;
static pthread_once_t model_once = PTHREAD_ONCE_INIT;

static void init_once(void)
{
	const char *env = getenv("DRMSUB_MODEL");

	if (!env || !*env)
		return;
	model_config.debug = getenv("DRMSUB_MODEL_DEBUG") && *getenv("DRMSUB_MODEL_DEBUG");
	model_kmsg_init();	/* before model_lock_init: fork handlers' order */
	parse_kernel(getenv("DRMSUB_MODEL_KERNEL"));
	parse_hangcheck(getenv("DRMSUB_MODEL_HANGCHECK_MS"));
	parse_devices(env);
	if (!model_config.nr_devices)
		return;
	model_lock_init();
	setup_devices();
	/* the files themselves wait until a path of theirs is used (tree.c) */
	model_tree_layout();
	model_paths_layout();
	model_kmsg_export();
	model_config.enabled = true;
	__atomic_store_n(&model_enabled, true, __ATOMIC_RELEASE);
}

/*
 * Calls that arrive before this library's constructor (a sanitizer runtime
 * starting up, other libraries' constructors) pass through: the process
 * is not fully set up yet, and no program code has run.
 */
static bool model_constructed;

bool model_init(void)
{
	if (!__atomic_load_n(&model_constructed, __ATOMIC_ACQUIRE))
		return false;
	pthread_once(&model_once, init_once);
	return __atomic_load_n(&model_enabled, __ATOMIC_ACQUIRE);
}

/* Initialise before main(): the configuration is checked before any program code runs. */
__attribute__((constructor)) static void model_constructor(void)
{
	__atomic_store_n(&model_constructed, true, __ATOMIC_RELEASE);
	model_init();
}

bool model_kernel_at_least(int major, int minor)
{
	return model_config.kernel_major > major ||
	       (model_config.kernel_major == major && model_config.kernel_minor >= minor);
}

bool model_has_feature(const struct model_device *dev, unsigned int feat)
{
	unsigned int have = dev->driver->features;

	if (dev->driver->kernel_features)
		have |= dev->driver->kernel_features(dev);
	return (have & feat) == feat;
}

const struct model_chip *model_device_chip(const struct model_device *dev)
{
	return dev->chip;
}

void *model_device_priv(const struct model_device *dev)
{
	return dev->priv;
}

void model_device_set_priv(struct model_device *dev, void *priv)
{
	dev->priv = priv;
}
