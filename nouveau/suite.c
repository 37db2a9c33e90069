// SPDX-License-Identifier: MIT
/* The per-mode fixtures of the nouveau suites (nouveau/suite.h). */
#include <stddef.h>

#include "nouveau/suite.h"

void nv_suite_open(const struct nv_suite *s, enum nv_mode mode)
{
	*s->dev = nv_device_open_mode(mode);
	*s->gr = nv_channel_new(*s->dev, NV_ENGINE_GR);
	if (s->ce)
		*s->ce = nv_channel_new(*s->dev, NV_ENGINE_CE);
}

void nv_suite_close(const struct nv_suite *s)
{
	if (s->ce) {
		nv_channel_free(*s->ce);
		*s->ce = NULL;
	}
	nv_channel_free(*s->gr);
	nv_device_close(*s->dev);
	*s->gr = NULL;
	*s->dev = NULL;
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
