/* SPDX-License-Identifier: MIT */
/*
 * The R300-family classes both the harness (radeon/chip.c) and the device
 * model (radeon/model) tell apart, from the chip enum of r300.xml, as
 * Mesa's r300_chipset.c sets is_r500 and is_r400.
 */
#ifndef DRMSUB_RADEON_CHIP_CLASS_H
#define DRMSUB_RADEON_CHIP_CLASS_H

#include <stdbool.h>

#include "radeon/r300.xml.h"

/* R5xx (RV515 and later): another fragment shader, RS layout and scissor origin. */
static inline bool r300_family_is_r500(enum r300_chip chip)
{
	return chip >= RV515;
}

/* R420-class US extensions; RS400/RS480 are R300-class IGPs. */
static inline bool r300_family_is_r400(enum r300_chip chip)
{
	return chip == R420 || chip == RV410 || (chip >= RS600 && chip <= RS740);
}

#endif
