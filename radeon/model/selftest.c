// SPDX-License-Identifier: MIT
/*
 * Entry point for the model's unit tests of the radeon texture unit's
 * texel decoding (tests/model_radeon_texels.c), found with
 * dlsym(RTLD_DEFAULT) when the library is preloaded: the texel formats
 * Mesa's r300 programs, decoded without a draw around them. Nothing here
 * is reachable through an ioctl.
 */
#include <errno.h>
#include <stdint.h>

#include "radeon/model/format.h"

int drmsub_model_test_radeon_texel(uint32_t format1, uint32_t format2, uint32_t filter1, int r500,
				   const uint8_t *texels, uint32_t bx, uint32_t by, float out[4]);

/*
 * X, Y, Z, W of texel (@bx, @by) of the 4x4 block at @texels (of the texel
 * at @texels for a plain format) as a unit with TX_FORMAT1/2 and
 * TX_FILTER1 set so decodes it; -EINVAL for a format the model does not
 * decode.
 */
int drmsub_model_test_radeon_texel(uint32_t format1, uint32_t format2, uint32_t filter1, int r500,
				   const uint8_t *texels, uint32_t bx, uint32_t by, float out[4])
{
	struct rp_tx_format f;

	if (rp_tx_format_read(&f, format1, format2, r500))
		return -EINVAL;
	rp_tx_format_filter1(&f, filter1);
	rp_tx_decode(&f, texels, f.block ? bx : 0, f.block ? by : 0, out);
	return 0;
}
