// SPDX-License-Identifier: MIT
/*
 * Maxwell chipsets and the classes drmsub binds on each. Chipset ids from
 * envytools (docs/hw/gpu.rst); classes from nvkm's gr sclass tables
 * (gm107.c: MAXWELL_A family, gm200.c/gm20b.c: MAXWELL_B family), as
 * collected in nouveau/registers/nv_classes.xml.
 */
#include <stddef.h>
#include <stdio.h>

#include "nouveau/nv.h"
#include "nouveau/nv_classes.xml.h"
#include "nouveau/push.h"
#include "util/util.h"

#define MAXWELL_A_FAMILY MAXWELL_A, MAXWELL_COMPUTE_A
#define MAXWELL_B_FAMILY MAXWELL_B, MAXWELL_COMPUTE_B
#define COMMON MAXWELL_DMA_COPY_A, KEPLER_INLINE_TO_MEMORY_B, FERMI_TWOD_A

static const struct nv_chip chips[] = {
	{ GM107, "GM107", MAXWELL_A_FAMILY, COMMON },
	{ GM108, "GM108", MAXWELL_A_FAMILY, COMMON },
	{ GM200, "GM200", MAXWELL_B_FAMILY, COMMON },
	{ GM204, "GM204", MAXWELL_B_FAMILY, COMMON },
	{ GM206, "GM206", MAXWELL_B_FAMILY, COMMON },
	{ GM20B, "GM20B", MAXWELL_B_FAMILY, COMMON },	/* Tegra X1 */
};

const struct nv_chip *nv_chip_lookup(uint32_t chipset)
{
	for (size_t i = 0; i < ARRAY_SIZE(chips); i++)
		if (chips[i].chipset == chipset)
			return &chips[i];
	return NULL;
}

const char *nv_chip_names(void)
{
	static char names[256];
	size_t len = 0;

	for (size_t i = 0; i < ARRAY_SIZE(chips); i++)
		len += (size_t)snprintf(names + len, sizeof(names) - len, "%s%s (%#x)",
					i ? ", " : "", chips[i].name, chips[i].chipset);
	return names;
}

uint32_t nv_chip_subc_class(const struct nv_chip *chip, uint32_t subc)
{
	switch (subc) {
	case NV_SUBC_3D:
		return chip->cls_3d;
	case NV_SUBC_COMPUTE:
		return chip->cls_compute;
	case NV_SUBC_I2M:
		return chip->cls_i2m;
	case NV_SUBC_2D:
		return chip->cls_2d;
	case NV_SUBC_COPY:
		return chip->cls_copy;
	default:
		return 0;
	}
}
