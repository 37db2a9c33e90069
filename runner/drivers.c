// SPDX-License-Identifier: MIT
/*
 * Hardware or model, per driver. Before the run each driver's
 * <driver>_device binary is asked to open its device: if it passes, that
 * driver's binaries run on the hardware; otherwise, when the model library
 * exists, they run with it preloaded (LD_PRELOAD, DRMSUB_MODEL=<entry>);
 * otherwise they run as they are and skip. --hardware / --model force the
 * choice. Two groups have no driver of their own: core_* binaries (the DRM
 * core) use the first device any driver's probe found, else the model's
 * first configured device; model_* binaries (the model's own tests) only
 * run on the model. drivers.txt records the choice and the identity:
 *
 *	<driver> <hardware|model|none> <model entry> <identity...>
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/capture.h"
#include "runner/runner.h"

#define PROBE_TIMEOUT 60.0
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static void model_entry(const struct settings *s, const char *drv, char *out, size_t size)
{
	char *list = xstrdup(s->model_config), *tok, *save = NULL;
	size_t len = strlen(drv);

	snprintf(out, size, "%s", drv);
	for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
		if (!strncmp(tok, drv, len) && (tok[len] == ':' || tok[len] == '\0'))
			snprintf(out, size, "%s", tok);
	free(list);
}

/* "driver: msm 1.12.0 (...)" and "device: platform:..." from device-info */
static void parse_identity(const char *out, char *id, size_t size)
{
	const char *drv = strstr(out, "\ndriver: "), *dev = strstr(out, "\ndevice: ");
	int dl = drv ? (int)strcspn(drv + 9, "\n") : 0;
	int vl = dev ? (int)strcspn(dev + 9, "\n") : 0;

	if (!drv && !dev) {
		snprintf(id, size, "unknown");
		return;
	}
	snprintf(id, size, "%.*s%s%.*s", dl, drv ? drv + 9 : "", drv && dev ? "; " : "",
		 vl, dev ? dev + 9 : "");
}

/* Run <drv>_device's device-info subtest; true if it passed. */
/* "model msm:a630<suffix>" (a copy first: snprintf must not read its target) */
static void model_identity(struct driver_env *e, const char *suffix)
{
	char entry[sizeof(e->model_entry)];

	memcpy(entry, e->model_entry, sizeof(entry));
	snprintf(e->identity, sizeof(e->identity), "model %s%s", entry, suffix);
}

static bool probe(const struct settings *s, const char *drv, bool model,
		  const char *entry, char *id, size_t size)
{
	char *path = xasprintf("%s/%s_device", s->test_root, drv);
	char *argv[] = { path, "--run-subtest", "device-info", NULL };
	char *env[5] = { NULL };
	char *out = NULL;
	int n = 0, rc;

	if (access(path, X_OK)) {
		snprintf(id, size, "no %s_device to probe with", drv);
		free(path);
		return false;
	}
	env[n++] = xstrdup("IGT_PLAIN_OUTPUT=1");
	if (s->kmsg_path)
		env[n++] = xasprintf("DRMSUB_KMSG=%s", s->kmsg_path);
	if (model) {
		env[n++] = xasprintf("LD_PRELOAD=%s", s->model_library);
		env[n++] = xasprintf("DRMSUB_MODEL=%s", entry);
	} else {
		/* a model configured in our environment must not pass for hardware */
		env[n++] = xstrdup("DRMSUB_MODEL");
	}
	rc = capture_run(argv, env, PROBE_TIMEOUT, &out);
	if (rc == 0)
		parse_identity(out ? out : "", id, size);
	else
		snprintf(id, size, "no device (probe status %d)", rc);
	free(out);
	for (int i = 0; i < n; i++)
		free(env[i]);
	free(path);
	return rc == 0;
}

static void choose(struct driver_env *e, const struct settings *s)
{
	bool have_model = !access(s->model_library, R_OK);

	if (s->mode != MODE_MODEL &&
	    probe(s, e->name, false, e->model_entry, e->identity, sizeof(e->identity))) {
		snprintf(e->ran_on, sizeof(e->ran_on), "hardware");
		return;
	}
	if (s->mode == MODE_HARDWARE || !have_model) {
		/* run anyway: the binaries skip, saying why */
		snprintf(e->ran_on, sizeof(e->ran_on), "%s",
			 s->mode == MODE_HARDWARE ? "hardware" : "none");
		if (!have_model && s->mode == MODE_AUTO)
			snprintf(e->identity, sizeof(e->identity),
				 "no device, no model library (%s)", s->model_library);
		return;
	}
	snprintf(e->ran_on, sizeof(e->ran_on), "model");
	if (!probe(s, e->name, true, e->model_entry, e->identity, sizeof(e->identity)))
		model_identity(e, " (probe failed)");
}

static const char *const real_drivers[] = { "msm", "nouveau", "radeon" };

/* The first DRMSUB_MODEL entry, e.g. "msm:a630". */
static void first_model_entry(const struct settings *s, char *out, size_t size)
{
	snprintf(out, size, "%.*s", (int)strcspn(s->model_config, ","), s->model_config);
}

/* core_*: on the first hardware device of any driver, else on the model. */
static void choose_core(struct driver_env *e, const struct settings *s)
{
	char id[sizeof(e->identity)];

	first_model_entry(s, e->model_entry, sizeof(e->model_entry));
	for (size_t i = 0; s->mode != MODE_MODEL && i < ARRAY_SIZE(real_drivers); i++) {
		if (probe(s, real_drivers[i], false, NULL, id, sizeof(id))) {
			snprintf(e->ran_on, sizeof(e->ran_on), "hardware");
			snprintf(e->identity, sizeof(e->identity), "%s", id);
			return;
		}
	}
	if (s->mode == MODE_HARDWARE || access(s->model_library, R_OK)) {
		snprintf(e->ran_on, sizeof(e->ran_on), "%s",
			 s->mode == MODE_HARDWARE ? "hardware" : "none");
		snprintf(e->identity, sizeof(e->identity), "no device of msm, nouveau or radeon");
		return;
	}
	snprintf(e->ran_on, sizeof(e->ran_on), "model");
	model_identity(e, "");
}

/* model_*: the model's own tests, meaningless anywhere else. */
static void choose_model_tests(struct driver_env *e, const struct settings *s)
{
	first_model_entry(s, e->model_entry, sizeof(e->model_entry));
	if (s->mode == MODE_HARDWARE || access(s->model_library, R_OK)) {
		snprintf(e->ran_on, sizeof(e->ran_on), "none");
		snprintf(e->identity, sizeof(e->identity), "needs the model (%s)", s->model_library);
		return;
	}
	snprintf(e->ran_on, sizeof(e->ran_on), "model");
	model_identity(e, "");
}

void drivers_probe(struct drivers *d, const struct joblist *jl, const struct settings *s)
{
	memset(d, 0, sizeof(*d));
	for (size_t i = 0; i < jl->count; i++) {
		const char *drv = jl->jobs[i].driver;
		struct driver_env *e;

		if (drivers_find(d, drv) || d->count == RUNNER_MAX_DRIVERS)
			continue;
		e = &d->env[d->count++];
		snprintf(e->name, sizeof(e->name), "%s", drv);
		if (!strcmp(drv, "other")) {
			/* harness self-tests and tools: no device behind them */
			snprintf(e->ran_on, sizeof(e->ran_on), "none");
			snprintf(e->identity, sizeof(e->identity), "no device");
			continue;
		}
		if (!strcmp(drv, "core")) {
			choose_core(e, s);
			continue;
		}
		if (!strcmp(drv, "model")) {
			choose_model_tests(e, s);
			continue;
		}
		model_entry(s, drv, e->model_entry, sizeof(e->model_entry));
		choose(e, s);
	}
}

const struct driver_env *drivers_find(const struct drivers *d, const char *name)
{
	for (int i = 0; i < d->count; i++)
		if (!strcmp(d->env[i].name, name))
			return &d->env[i];
	return NULL;
}

int drivers_save(const struct drivers *d, const char *dir)
{
	struct strbuf sb = { 0 };

	for (int i = 0; i < d->count; i++)
		sb_printf(&sb, "%s %s %s %s\n", d->env[i].name, d->env[i].ran_on,
			  d->env[i].model_entry[0] ? d->env[i].model_entry : "-",
			  d->env[i].identity);
	return sb_save(&sb, dir, "drivers.txt");
}

int drivers_load(struct drivers *d, const char *dir)
{
	char *text = read_in_dir(dir, "drivers.txt", LIMIT_SMALL), *line, *save = NULL;

	memset(d, 0, sizeof(*d));
	if (!text)
		return -1;
	for (line = strtok_r(text, "\n", &save); line && d->count < RUNNER_MAX_DRIVERS;
	     line = strtok_r(NULL, "\n", &save)) {
		struct driver_env *e = &d->env[d->count];
		int used = 0;

		if (sscanf(line, "%31s %15s %63s %n", e->name, e->ran_on, e->model_entry,
			   &used) < 3)
			continue;
		if (!strcmp(e->model_entry, "-"))
			e->model_entry[0] = '\0';
		snprintf(e->identity, sizeof(e->identity), "%s", line + used);
		d->count++;
	}
	free(text);
	return 0;
}
