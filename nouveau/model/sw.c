// SPDX-License-Identifier: MIT
/*
 * The software subchannels 5-7: NVIDIA's dev_ram.ref (open-gpu-doc, e.g.
 * manuals/volta/gv100/dev_ram.ref.txt) says any method on them, SET_OBJECT
 * included, is kicked back to software through the PBDMA's DEVICE
 * interrupt; the kernel hands it to the channel's software object
 * (gf100_runq_intr -> nvkm_sw_mthd), which exists once an object of
 * NVIF_CLASS_SW_GF100 was created on the channel (Mesa's
 * nvc0_screen_create creates it, binds it on subchannel 7 with its handle,
 * 0x906e). nvkm_sw_chan_mthd and gf100_sw_chan_mthd (nvkm/engine/sw)
 * handle (nouveau/registers/nv906e.xml names them):
 *	0x000	SET_OBJECT: accepted
 *	0x500	page-flip event: sent (no one listens in the model)
 *	0x400, 0x404, 0x408	vblank semaphore offset (upper 8 bits, lower) and value
 *	0x40c	vblank semaphore release on head @data: the model has no
 *		display heads, so no head exists (as on Tegra, where nvkm has
 *		no display engine)
 *	0x600, 0x6ac	MP performance-monitor registers: written
 *	0x644	MP.TRAP_WARP_ERROR_EN: accepted when data & ~0x1ffffe is 0
 * Anything else is a method the kernel does not handle: it logs a PBDMA
 * DEVICE error and drops the method; the model, stricter, kills the
 * channel (as for every unknown method) and logs why.
 */
#include <errno.h>
#include <stdint.h>
#include "model/model.h"
#include "nouveau/model/nv_model.h"
#include "nouveau/nv906e.xml.h"

static bool sw_handles(struct nvm_channel *chan, uint32_t mthd, uint32_t data)
{
	switch (mthd) {
	case REG_NV906E_SET_OBJECT:
	case REG_NV906E_PAGE_FLIP:
	case REG_NV906E_SET_MP_PM_UNK000:
	case REG_NV906E_SET_MP_PM_UNK0AC:
		return true;
	case REG_NV906E_SET_VBLANK_SEMAPHORE_OFFSET_UPPER:
		chan->sw_vblank_offset = nvm_addr(NV906E_SET_VBLANK_SEMAPHORE_OFFSET_UPPER_UPPER__get(data),
						  (uint32_t)chan->sw_vblank_offset);
		return true;
	case REG_NV906E_SET_VBLANK_SEMAPHORE_OFFSET_LOWER:
		chan->sw_vblank_offset = nvm_addr((uint32_t)(chan->sw_vblank_offset >> 32), data);
		return true;
	case REG_NV906E_SET_VBLANK_SEMAPHORE_VALUE:
		chan->sw_vblank_value = data;
		return true;
	case REG_NV906E_SET_MP_TRAP_WARP_ERROR_ENABLE:
		return !(data & ~NV906E_SET_MP_TRAP_WARP_ERROR_ENABLE_ENABLE__MASK);
	default:
		return false;	/* VBLANK_SEMAPHORE_RELEASE: no display head; others: none */
	}
}

int nvm_sw_method(struct nvm_job *job, uint32_t subc, uint32_t mthd, uint32_t data)
{
	struct nvm_channel *chan = job->chan;

	if (!nvm_channel_has_object(chan, (uint32_t)NVM_CLASS_SW_GF100)) {
		model_debug("nouveau: channel %d: method %#x on software subchannel %u without a "
			    "software object", chan->id, mthd, subc);
		return -ENODEV;
	}
	if (!sw_handles(chan, mthd, data)) {
		model_debug("nouveau: channel %d: software method %#x (data %#x) not handled "
			    "(nvkm_sw_chan_mthd)", chan->id, mthd, data);
		return -ENODEV;
	}
	return 0;
}
