// SPDX-License-Identifier: MIT
/*
 * R300-family identification by PCI device id, and the per-family facts
 * the command builders need. Ids are from the kernel's radeon PCI id list
 * (drm_pciids.h); R423/R430/R480 parts are folded into R420 and RV370 into
 * RV350, as the register database's variant enum has no separate entries.
 */
#include <stddef.h>

#include "radeon/chip_class.h"
#include "radeon/r300.h"
#include "util/util.h"

/* Inclusive ranges of device ids; each range is one family. */
static const struct {
	uint16_t first, last;
	enum r300_chip chip;
} pci_ids[] = {
	{ 0x3150, 0x3150, RV380 }, { 0x3152, 0x3152, RV380 }, { 0x3154, 0x3155, RV380 },
	{ 0x3e50, 0x3e50, RV380 }, { 0x3e54, 0x3e54, RV380 },
	{ 0x4144, 0x4147, R300 },
	{ 0x4148, 0x414b, R350 },
	{ 0x4150, 0x4156, RV350 },
	{ 0x4a48, 0x4a4f, R420 }, { 0x4a50, 0x4a50, R420 }, { 0x4a54, 0x4a54, R420 },
	{ 0x4b48, 0x4b4c, R420 },
	{ 0x4e44, 0x4e47, R300 },
	{ 0x4e48, 0x4e4b, R350 },
	{ 0x4e50, 0x4e54, RV350 }, { 0x4e56, 0x4e56, RV350 },
	{ 0x5460, 0x5460, RV380 }, { 0x5462, 0x5462, RV380 }, { 0x5464, 0x5464, RV380 },
	{ 0x5548, 0x5552, R420 }, { 0x5554, 0x5554, R420 },
	{ 0x564a, 0x564b, RV410 }, { 0x564f, 0x564f, RV410 }, { 0x5652, 0x5653, RV410 },
	{ 0x5657, 0x5657, RV410 },
	{ 0x5954, 0x5955, RS480 }, { 0x5974, 0x5975, RS480 },
	{ 0x5a41, 0x5a42, RS400 }, { 0x5a61, 0x5a62, RS400 },
	{ 0x5b60, 0x5b60, RV380 }, { 0x5b62, 0x5b65, RV380 },
	{ 0x5d48, 0x5d4a, R420 }, { 0x5d4c, 0x5d4f, R420 }, { 0x5d50, 0x5d50, R420 },
	{ 0x5d52, 0x5d52, R420 }, { 0x5d57, 0x5d57, R420 },
	{ 0x5e48, 0x5e48, RV410 }, { 0x5e4a, 0x5e4d, RV410 }, { 0x5e4f, 0x5e4f, RV410 },
	{ 0x7100, 0x7105, R520 }, { 0x7108, 0x710f, R520 },
	{ 0x7140, 0x7147, RV515 }, { 0x7149, 0x714f, RV515 }, { 0x7151, 0x7157, RV515 },
	{ 0x715e, 0x715f, RV515 }, { 0x7180, 0x7183, RV515 }, { 0x7186, 0x7188, RV515 },
	{ 0x718a, 0x718d, RV515 }, { 0x718f, 0x718f, RV515 }, { 0x7193, 0x7193, RV515 },
	{ 0x7196, 0x7196, RV515 }, { 0x719b, 0x719b, RV515 }, { 0x719f, 0x719f, RV515 },
	{ 0x71c0, 0x71c7, RV530 }, { 0x71cd, 0x71ce, RV530 }, { 0x71d2, 0x71d2, RV530 },
	{ 0x71d4, 0x71d6, RV530 }, { 0x71da, 0x71da, RV530 }, { 0x71de, 0x71de, RV530 },
	{ 0x791e, 0x791f, RS690 },
	{ 0x793f, 0x793f, RS600 }, { 0x7941, 0x7942, RS600 },
	{ 0x796c, 0x796f, RS740 },
};

bool r300_chip_from_pci_id(uint32_t pci_id, enum r300_chip *chip)
{
	for (size_t i = 0; i < ARRAY_SIZE(pci_ids); i++) {
		if (pci_id >= pci_ids[i].first && pci_id <= pci_ids[i].last) {
			*chip = pci_ids[i].chip;
			return true;
		}
	}
	return false;
}

const char *r300_chip_name(enum r300_chip chip)
{
	static const char *const names[] = {
		[R300] = "R300", [R350] = "R350", [RV350] = "RV350", [RV380] = "RV380",
		[R420] = "R420", [RV410] = "RV410", [RS400] = "RS400", [RS480] = "RS480",
		[RS600] = "RS600", [RS690] = "RS690", [RS740] = "RS740", [RV515] = "RV515",
		[R520] = "R520", [RV530] = "RV530", [RV560] = "RV560", [RV570] = "RV570",
		[R580] = "R580",
	};

	if ((unsigned int)chip < ARRAY_SIZE(names) && names[chip])
		return names[chip];
	return "unknown";
}

bool r300_chip_is_r500(enum r300_chip chip)
{
	return r300_family_is_r500(chip);
}

bool r300_chip_is_r400(enum r300_chip chip)
{
	return r300_family_is_r400(chip);
}

unsigned int r300_chip_vert_fpus(enum r300_chip chip)
{
	/* Mesa r300_chipset.c; the IGPs have no vertex shader hardware */
	switch (chip) {
	case R300: case R350:
		return 4;
	case RV350: case RV380: case RV515:
		return 2;
	case R420: case RV410:
		return 6;
	case RV530:
		return 5;
	case R520: case RV560: case RV570: case R580:
		return 8;
	default:
		return 0;
	}
}

bool r300_chip_high_second_pipe(enum r300_chip chip)
{
	/* Mesa: "RV380 and older are special" for ZPASS_ADDR per pipe */
	return chip <= RV380;
}
