// SPDX-License-Identifier: MIT
/*
 * GPU memory as the CP reaches it: through the submit's version of its
 * VM (msm_vm_mapping), the mapping the last access hit tried first, since
 * a stream touches few BOs. An address no mapping holds is a
 * page fault: the CP stops there (cp_fault) and the hangcheck's recovery
 * ends the submit (recover.c).
 */
#include <string.h>

#include "msm/model/cp.h"
#include "msm/model/klog.h"

/* The mapping that holds @iova, or NULL. */
static const struct msm_mapping *mapping_of(struct cp *cp, uint64_t iova)
{
	const struct msm_mapping *m = cp->last_map;

	if (m && iova - m->iova < m->size)
		return m;
	m = msm_vm_mapping(&cp->submit->vm, iova);
	if (m)
		cp->last_map = m;
	return m;
}

/* adreno_fault_handler's "*** gpu fault" line, then the stop. */
static bool page_fault(struct cp *cp, uint64_t iova, uint64_t len, bool write)
{
	msm_klog_iova_fault(cp, iova, write);
	return cp_fault(cp, "page fault at iova %#llx (%llu bytes)", (unsigned long long)iova,
			(unsigned long long)len);
}

void *cp_map_dir(struct cp *cp, uint64_t iova, uint64_t len, bool write)
{
	const struct msm_mapping *m = mapping_of(cp, iova);

	if (!m || len > m->size - (iova - m->iova)) {
		page_fault(cp, iova, len, write);
		return NULL;
	}
	return (char *)m->vaddr + (iova - m->iova);
}

bool cp_read32(struct cp *cp, uint64_t iova, uint32_t *value)
{
	/* volatile: a wait polls memory that the CPU writes meanwhile */
	volatile uint32_t *p = cp_map(cp, iova, 4);

	if (p)
		*value = *p;
	return p;
}

bool cp_write32(struct cp *cp, uint64_t iova, uint32_t value)
{
	volatile uint32_t *p = cp_map_dir(cp, iova, 4, true);

	if (p)
		*p = value;
	return p;
}

bool cp_read64(struct cp *cp, uint64_t iova, uint64_t *value)
{
	uint32_t lo, hi;

	if (!cp_read32(cp, iova, &lo) || !cp_read32(cp, iova + 4, &hi))
		return false;
	*value = lo | (uint64_t)hi << 32;
	return true;
}

bool cp_write64(struct cp *cp, uint64_t iova, uint64_t value)
{
	return cp_write32(cp, iova, (uint32_t)value) && cp_write32(cp, iova + 4, value >> 32);
}

bool cp_write_dwords(struct cp *cp, uint64_t iova, const uint32_t *src, uint32_t n)
{
	uint64_t left = 4ull * n;

	while (left) {
		const struct msm_mapping *m = mapping_of(cp, iova);
		uint64_t room, len;

		/* whole dwords only: one that straddles the mapping's end faults */
		room = m ? (m->size - (iova - m->iova)) & ~3ull : 0;
		if (!room)
			return page_fault(cp, iova, 4, true);
		len = left < room ? left : room;
		memcpy((char *)m->vaddr + (iova - m->iova), src, len);
		src += len / 4;
		iova += len;
		left -= len;
	}
	return true;
}
