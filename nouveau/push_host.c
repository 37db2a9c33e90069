// SPDX-License-Identifier: MIT
/*
 * Host-class methods (MAXWELL_CHANNEL_GPFIFO_A, NVB06F 0x000-0x0fc): the
 * only place that knows the semaphore sequence. Field facts are NVIDIA's
 * clb06f.h, through the generated nouveau/nvb06f.xml.h. Each helper names
 * the referee that emits the same form (docs/contributing.md).
 */
#include "core/test.h"
#include "nouveau/nv.h"
#include "nouveau/nvb06f.xml.h"
#include "nouveau/push.h"

/*
 * SEMAPHOREA..C: address (upper 7:0, lower 31:2 — dword aligned) and
 * payload, one INC header with D, as the kernel's nvc0_fence_emit32 and
 * nvc0_fence_sync32 (nvc0_fence.c) send them: B holds the address itself.
 */
static void sem_address(struct nv_push *p, struct nv_bo *bo, uint64_t offset,
			uint32_t payload, uint32_t access)
{
	uint64_t va = nv_push_addr(p, bo, offset, access);

	igt_assert_f(!(va & 3), "semaphore address %#llx is not dword aligned\n",
		     (unsigned long long)va);
	nv_mthd(p, NV_SUBC_HOST, REG_NVB06F_SEMAPHOREA);
	NV_VAL(p, NVB06F, SEMAPHOREA, .offset_upper = va >> 32);
	NV_VAL(p, NVB06F, SEMAPHOREB, .offset_lower = (uint32_t)va);
	NV_VAL(p, NVB06F, SEMAPHOREC, .payload = payload);
}

void nv_host_sem_release(struct nv_push *p, struct nv_bo *bo, uint64_t offset,
			 uint32_t payload)
{
	sem_address(p, bo, offset, payload, NV_ACCESS_WRITE);
	/*
	 * Both defaults are traps (clb06f.h SEMAPHORED): RELEASE_SIZE 0 writes 16
	 * bytes (payload and a timestamp), RELEASE_WFI 0 means "wait for idle".
	 * Say both explicitly.
	 *
	 * HARDWARE CLAIM: RELEASE_WFI EN together with RELEASE_SIZE 4BYTE waits
	 * for idle, then writes the one payload word — not found in kernel/Mesa;
	 * verify on silicon. The kernel's nvc0_fence_emit32 pairs WFI EN with
	 * 16BYTE; NVIDIA's UVM (uvm_maxwell_host.c,
	 * uvm_hal_maxwell_host_semaphore_release) pairs 4BYTE with WFI DIS
	 * after a host WFI. clb06f.h defines the two fields independently.
	 */
	NV_VAL(p, NVB06F, SEMAPHORED, .operation = NVB06F_SEMAPHORED_OPERATION_RELEASE,
	       .release_wfi = NVB06F_SEMAPHORED_RELEASE_WFI_EN,
	       .release_size = NVB06F_SEMAPHORED_RELEASE_SIZE_4BYTE);
}

/*
 * RELEASE_SIZE 16BYTE: the payload, a zero word, then the 64-bit GPU
 * timestamp; with RELEASE_WFI EN, the form of the kernel's
 * nvc0_fence_emit32 (nvc0_fence.c).
 */
void nv_host_sem_release16(struct nv_push *p, struct nv_bo *bo, uint64_t offset,
			   uint32_t payload)
{
	igt_assert_f(!(offset & 15) && offset + 16 <= bo->size,
		     "16-byte release at %#llx: misaligned or past the BO\n",
		     (unsigned long long)offset);
	sem_address(p, bo, offset, payload, NV_ACCESS_WRITE);
	NV_VAL(p, NVB06F, SEMAPHORED, .operation = NVB06F_SEMAPHORED_OPERATION_RELEASE,
	       .release_wfi = NVB06F_SEMAPHORED_RELEASE_WFI_EN,
	       .release_size = NVB06F_SEMAPHORED_RELEASE_SIZE_16BYTE);
}

static void sem_acquire(struct nv_push *p, struct nv_bo *bo, uint64_t offset,
			uint32_t payload, uint32_t operation)
{
	sem_address(p, bo, offset, payload, NV_ACCESS_READ);
	/*
	 * ACQUIRE_SWITCH lets the scheduler run other channels while this one
	 * waits: ACQ_GEQ as the kernel's nvc0_fence_sync32 sends it, ACQUIRE as
	 * NVK's nvk_CmdResetQueryPool (nvk_query_pool.c) does (NVK also sets
	 * RELEASE_SIZE 4BYTE, a release field an acquire does not use).
	 */
	NV_VAL(p, NVB06F, SEMAPHORED, .operation = operation,
	       .acquire_switch = NVB06F_SEMAPHORED_ACQUIRE_SWITCH_ENABLED);
}

void nv_host_sem_acquire(struct nv_push *p, struct nv_bo *bo, uint64_t offset,
			 uint32_t payload)
{
	sem_acquire(p, bo, offset, payload, NVB06F_SEMAPHORED_OPERATION_ACQUIRE);
}

void nv_host_sem_acquire_geq(struct nv_push *p, struct nv_bo *bo, uint64_t offset,
			     uint32_t payload)
{
	sem_acquire(p, bo, offset, payload, NVB06F_SEMAPHORED_OPERATION_ACQ_GEQ);
}

/* NON_STALL_INTERRUPT 0, as the kernel's nvc0_fence_emit32 ends a fence (an IMMD here) */
void nv_host_nonstall_intr(struct nv_push *p)
{
	nv_immd(p, NV_SUBC_HOST, REG_NVB06F_NON_STALL_INTERRUPT,
		NVB06F_NON_STALL_INTERRUPT(.handle = 0));
}

/* WFI with data 0 (SCOPE CURRENT_SCG_TYPE), as NVIDIA's UVM uvm_hal_maxwell_host_wait_for_idle */
void nv_host_wfi(struct nv_push *p)
{
	nv_immd(p, NV_SUBC_HOST, REG_NVB06F_WFI,
		NVB06F_WFI(.scope = NVB06F_WFI_SCOPE_CURRENT_SCG_TYPE));
}

/*
 * NOP as filler, which NVIDIA's UVM uvm_hal_maxwell_host_noop sends as a
 * NON_INC header with its words following; here one NOP method with data
 * 0 in an IMMD header (the header kinds carry the same method writes,
 * clb06f.h).
 */
void nv_host_nop(struct nv_push *p)
{
	nv_immd(p, NV_SUBC_HOST, REG_NVB06F_NOP, NVB06F_NOP(.handle = 0));
}
