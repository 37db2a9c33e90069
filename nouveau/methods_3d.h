/* SPDX-License-Identifier: MIT */
/*
 * Which methods of the Maxwell 3D classes (MAXWELL_A/B, NVB097/NVB197)
 * are actions rather than state: writing one does something (draws,
 * clears, releases a semaphore, feeds the macro engine, flushes a cache,
 * checks a version), so the value written is not simply kept. The class
 * headers say nothing about this; the table below is drmsub's reading of
 * the method names, shared by the device model (which executes the
 * actions it models and refuses the others) and the method-state probe
 * (tests/nouveau_probe.c, which never writes an action method: such a
 * claim is untestable). Every other method of the class is state: its
 * last value lives in the MME shadow RAM, where a macro's read op finds
 * it.
 *
 * Offsets are NVB197's: MAXWELL_A lacks some of these methods but moves
 * none (the offsets of every NVB097 method are the same in NVB197).
 */
#ifndef DRMSUB_NOUVEAU_METHODS_3D_H
#define DRMSUB_NOUVEAU_METHODS_3D_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nouveau/nvb197.xml.h"

static inline bool nv_3d_in_array(uint32_t mthd, uint32_t first, uint32_t len, uint32_t esize)
{
	return mthd >= first && mthd < first + len * esize && (mthd - first) % esize == 0;
}

#define NV_3D_IN_ARRAY(mthd, M)                                                 \
	nv_3d_in_array(mthd, REG_NVB197_##M(0), REG_NVB197_##M##__LEN, REG_NVB197_##M##__ESIZE)

/* Why @mthd of the 3D class is an action, or NULL when it is state. */
static inline const char *nv_3d_action(uint32_t mthd)
{
	switch (mthd) {
	case REG_NVB197_LOAD_MME_INSTRUCTION_RAM_POINTER:
	case REG_NVB197_LOAD_MME_INSTRUCTION_RAM:
	case REG_NVB197_LOAD_MME_START_ADDRESS_RAM_POINTER:
	case REG_NVB197_LOAD_MME_START_ADDRESS_RAM:
		return "loads the macro engine (MME), which consumes the value";
	case REG_NVB197_SET_MME_SHADOW_RAM_CONTROL:
		return "switches the MME shadow RAM the read-back goes through";
	case REG_NVB197_NOTIFY:
	case REG_NVB197_SET_REPORT_SEMAPHORE_D:
	case REG_NVB197_PEER_SEMAPHORE_RELEASE:
	case REG_NVB197_INCREMENT_SYNC_POINT:
	case REG_NVB197_CLEAR_REPORT_VALUE:
		return "releases a notifier, semaphore, sync point or report";
	case REG_NVB197_LAUNCH_DMA:
	case REG_NVB197_LOAD_INLINE_DATA:
		return "starts or feeds an inline-to-memory transfer";
	case REG_NVB197_BEGIN:
	case REG_NVB197_END:
	case REG_NVB197_DRAW_ZERO_INDEX:
	case REG_NVB197_DRAW_VERTEX_ARRAY:
	case REG_NVB197_DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST:
	case REG_NVB197_DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_SUBSEQUENT:
	case REG_NVB197_DRAW_AUTO:
	case REG_NVB197_DRAW_INLINE_INDEX:
	case REG_NVB197_DRAW_INLINE_INDEX2X16:
	case REG_NVB197_DRAW_INLINE_INDEX4X8:
	case REG_NVB197_DRAW_INDEX_BUFFER:
	case REG_NVB197_DRAW_INDEX_BUFFER32_BEGIN_END_INSTANCE_FIRST:
	case REG_NVB197_DRAW_INDEX_BUFFER16_BEGIN_END_INSTANCE_FIRST:
	case REG_NVB197_DRAW_INDEX_BUFFER8_BEGIN_END_INSTANCE_FIRST:
	case REG_NVB197_DRAW_INDEX_BUFFER32_BEGIN_END_INSTANCE_SUBSEQUENT:
	case REG_NVB197_DRAW_INDEX_BUFFER16_BEGIN_END_INSTANCE_SUBSEQUENT:
	case REG_NVB197_DRAW_INDEX_BUFFER8_BEGIN_END_INSTANCE_SUBSEQUENT:
	case REG_NVB197_ADD_TO_PRIMITIVE_ID:
	case REG_NVB197_LOAD_PRIMITIVE_ID:
	case REG_NVB197_RUN_DS_NOW:
		return "draws (begins, ends or feeds a primitive)";
	case REG_NVB197_CLEAR_SURFACE:
	case REG_NVB197_CLEAR_CLIP_ID_SURFACE:
	case REG_NVB197_CLEAR_ZCULL_REGION:
	case REG_NVB197_DECOMPRESS_SURFACE:
	case REG_NVB197_DECOMPRESS_ZETA_SURFACE:
	case REG_NVB197_STORE_ZCULL:
	case REG_NVB197_LOAD_ZCULL:
	case REG_NVB197_INVALIDATE_ZCULL:
	case REG_NVB197_ASSIGN_ZCULL_SUBREGIONS:
		return "clears, decompresses or saves/restores a surface or zcull";
	case REG_NVB197_NO_OPERATION:
	case REG_NVB197_NO_OPERATION_DATA_HI:
	case REG_NVB197_PIPE_NOP:
	case REG_NVB197_WAIT_FOR_IDLE:
	case REG_NVB197_SEND_GO_IDLE:
	case REG_NVB197_ZCULL_SYNC:
	case REG_NVB197_PIXEL_SHADER_BARRIER:
	case REG_NVB197_FLUSH_PENDING_WRITES:
	case REG_NVB197_FORCE_HEAVYWEIGHT_METHOD_SYNC:
	case REG_NVB197_FORCE_TRANSITION_TO_BETA:
	case REG_NVB197_FLUSH_AND_INVALIDATE_ROP_MINI_CACHE:
	case REG_NVB197_INVALIDATE_SHADER_CACHES:
	case REG_NVB197_INVALIDATE_SHADER_CACHES_NO_WFI:
	case REG_NVB197_INVALIDATE_SAMPLER_CACHE:
	case REG_NVB197_INVALIDATE_SAMPLER_CACHE_NO_WFI:
	case REG_NVB197_INVALIDATE_SAMPLER_CACHE_ALL:
	case REG_NVB197_INVALIDATE_TEXTURE_HEADER_CACHE:
	case REG_NVB197_INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI:
	case REG_NVB197_INVALIDATE_TEXTURE_HEADER_CACHE_ALL:
	case REG_NVB197_INVALIDATE_TEXTURE_DATA_CACHE:
	case REG_NVB197_INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI:
	case REG_NVB197_UNBIND_ALL:
		return "a command (no-op, wait, flush, invalidate, unbind): nothing to keep";
	case REG_NVB197_PM_TRIGGER:
	case REG_NVB197_PM_TRIGGER_WFI:
	case REG_NVB197_PM_TRIGGER_END:
	case REG_NVB197_PM_LOCAL_TRIGGER:
	case REG_NVB197_START_SHADER_PERFORMANCE_COUNTER:
	case REG_NVB197_STOP_SHADER_PERFORMANCE_COUNTER:
		return "a performance-monitor trigger";
	case REG_NVB197_CHECK_CLASS_VERSION:
	case REG_NVB197_CHECK_SPH_VERSION:
	case REG_NVB197_CHECK_AAM_VERSION:
		return "compares a version and raises an error on a mismatch";
	case REG_NVB197_LOAD_ITERATED_BLEND_INSTRUCTION_POINTER:
	case REG_NVB197_LOAD_ITERATED_BLEND_INSTRUCTION:
		return "loads the iterated-blend program RAM";
	case REG_NVB197_SET_SHADER_EXCEPTIONS:
		/* Linux gf100_gr_mthd_sw(): 0x1528 of xx97 classes, from the ILLEGAL_MTHD trap */
		return "no hardware method: the kernel emulates it from the ILLEGAL_MTHD trap";
	case REG_NVB197_SET_RESERVED_SW_METHOD00:
	case REG_NVB197_SET_RESERVED_SW_METHOD01:
	case REG_NVB197_SET_RESERVED_SW_METHOD02:
	case REG_NVB197_SET_RESERVED_SW_METHOD03:
	case REG_NVB197_SET_RESERVED_SW_METHOD04:
	case REG_NVB197_SET_RESERVED_SW_METHOD05:
	case REG_NVB197_SET_RESERVED_SW_METHOD06:
	case REG_NVB197_SET_RESERVED_SW_METHOD07:
	case REG_NVB197_SET_RESERVED_SW_METHOD08:
	case REG_NVB197_SET_RESERVED_SW_METHOD09:
	case REG_NVB197_SET_RESERVED_SW_METHOD10:
	case REG_NVB197_SET_RESERVED_SW_METHOD11:
	case REG_NVB197_SET_RESERVED_SW_METHOD12:
	case REG_NVB197_SET_RESERVED_SW_METHOD13:
	case REG_NVB197_SET_RESERVED_SW_METHOD14:
	case REG_NVB197_SET_RESERVED_SW_METHOD15:
		return "a software method: trapped to the driver, not kept by the hardware";
	default:
		break;
	}
	if (mthd >= REG_NVB197_SET_FALCON00 && mthd <= REG_NVB197_SET_FALCON31)
		return "handed to the context-switch firmware (FECS), not plain state";
	if (NV_3D_IN_ARRAY(mthd, LOAD_CONSTANT_BUFFER) || NV_3D_IN_ARRAY(mthd, BIND_GROUP_RESERVED_A) ||
	    NV_3D_IN_ARRAY(mthd, BIND_GROUP_RESERVED_B) || NV_3D_IN_ARRAY(mthd, BIND_GROUP_RESERVED_C) ||
	    NV_3D_IN_ARRAY(mthd, BIND_GROUP_RESERVED_D) ||
	    NV_3D_IN_ARRAY(mthd, BIND_GROUP_CONSTANT_BUFFER))
		return "loads or binds a constant buffer";
	if (NV_3D_IN_ARRAY(mthd, CALL_MME_MACRO) || NV_3D_IN_ARRAY(mthd, CALL_MME_DATA))
		return "calls a macro or feeds it a parameter";
	return NULL;
}

#endif
