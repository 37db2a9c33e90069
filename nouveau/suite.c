// SPDX-License-Identifier: MIT
/* The per-mode fixtures of the nouveau suites (nouveau/suite.h). */
#include <stddef.h>

#include "nouveau/push.h"
#include "nouveau/suite.h"

void nv_suite_open(const struct nv_suite *s, enum nv_mode mode)
{
	*s->dev = nv_device_open_mode(mode);
	*s->gr = nv_channel_new(*s->dev, NV_ENGINE_GR);
	if (s->ce)
		*s->ce = nv_channel_new(*s->dev, NV_ENGINE_CE);
	if (s->results)
		*s->results = nv_bo_new_guarded(*s->dev, NV_SUITE_RESULTS_SIZE, NV_BO_GART);
	if (s->push)
		*s->push = nv_push_new(NV_SUITE_PUSH_DWORDS);
}

void nv_suite_close(const struct nv_suite *s)
{
	if (s->push) {
		nv_push_free(*s->push);
		*s->push = NULL;
	}
	if (s->results) {
		nv_bo_free(*s->results);
		*s->results = NULL;
	}
	if (s->ce) {
		nv_channel_free(*s->ce);
		*s->ce = NULL;
	}
	nv_channel_free(*s->gr);
	nv_device_close(*s->dev);
	*s->gr = NULL;
	*s->dev = NULL;
}

void nv_suite_fresh(const struct nv_suite *s)
{
	if (s->results)
		nv_bo_fill_guard(*s->results);
	if (s->push)
		nv_push_reset(*s->push);
}

/* A fixture in a function of its own: its siglongjmp lands while the function still runs. */
bool nv_suite_fixture_open(const struct nv_suite *s, enum nv_mode mode)
{
	igt_fixture
		nv_suite_open(s, mode);
	return true;
}

bool nv_suite_fixture_close(const struct nv_suite *s)
{
	igt_fixture
		nv_suite_close(s);
	return false;
}

bool nv_mode_group_get(int i, const char *legacy_prefix, struct nv_mode_group *g)
{
	switch (i) {
	case 0:
		*g = (struct nv_mode_group){ NV_MODE_LEGACY, legacy_prefix };
		return true;
	case 1:
		*g = (struct nv_mode_group){ NV_MODE_VM_BIND, "vm-bind-" };
		return true;
	default:
		return false;
	}
}
