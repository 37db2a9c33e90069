// SPDX-License-Identifier: MIT
/* msm command streams: the dword buffer, BO references and upload. */
#include <stdlib.h>
#include <string.h>

#include "core/test.h"
#include "msm/cs.h"
#include "msm/pm4_header.h"

struct msm_cs *msm_cs_new(struct msm_device *dev, uint32_t max_dwords)
{
	struct msm_cs *cs = calloc(1, sizeof(*cs) + max_dwords * sizeof(cs->dw[0]));

	igt_assert(cs);
	cs->dev = dev;
	cs->cap = max_dwords;
	return cs;
}

void msm_cs_free(struct msm_cs *cs)
{
	if (!cs)
		return;
	msm_bo_free(cs->cmd_bo);
	free(cs);
}

static void append(struct msm_cs *cs, uint32_t dw)
{
	igt_assert_f(cs->len < cs->cap, "command stream full (%u dwords)\n", cs->cap);
	cs->dw[cs->len++] = dw;
}

static uint32_t payload_len(const struct msm_cs *cs)
{
	return cs->len - cs->pkt.header_at - 1;
}

static uint32_t header(const struct msm_cs_packet *pkt, uint32_t count)
{
	return pkt->pkt7 ? pm4_pkt7_hdr(pkt->code, count) : pm4_pkt4_hdr(pkt->code, count);
}

void msm_cs_end(struct msm_cs *cs)
{
	struct msm_cs_packet *pkt = &cs->pkt;

	if (!pkt->open)
		return;
	pkt->open = false;
	igt_assert_f(payload_len(cs) == pkt->announced,
		     "%s %#x announced %u payload dwords and got %u\n", pkt->pkt7 ? "pkt7" : "pkt4",
		     pkt->code, pkt->announced, payload_len(cs));
}

static void open_packet(struct msm_cs *cs, bool pkt7, uint32_t code, uint32_t count)
{
	msm_cs_end(cs);
	cs->pkt = (struct msm_cs_packet){
		.open = true, .pkt7 = pkt7, .header_at = cs->len, .code = code, .announced = count,
	};
	append(cs, header(&cs->pkt, 0));
}

void msm_cs_emit(struct msm_cs *cs, uint32_t dw)
{
	struct msm_cs_packet *pkt = &cs->pkt;

	igt_assert_f(pkt->open, "payload dword %#x outside a packet (msm_cs_raw builds raw "
		     "streams)\n", dw);
	igt_assert_f(payload_len(cs) < pkt->announced, "%s %#x announced %u payload dwords, "
		     "and this is one more\n", pkt->pkt7 ? "pkt7" : "pkt4", pkt->code,
		     pkt->announced);
	append(cs, dw);
	/* the count always says what follows, as nv_data grows NVIDIA's headers */
	cs->dw[pkt->header_at] = header(pkt, payload_len(cs));
}

void msm_cs_raw(struct msm_cs *cs, uint32_t dw)
{
	msm_cs_end(cs);
	append(cs, dw);
}

void msm_cs_append(struct msm_cs *cs, struct msm_cs *other)
{
	msm_cs_end(other);
	msm_cs_end(cs);
	for (uint32_t i = 0; i < other->len; i++)
		append(cs, other->dw[i]);
	msm_cs_attach_all(cs, other);
}

void msm_cs_pkt4(struct msm_cs *cs, uint32_t reg, uint32_t count)
{
	igt_assert_f(count <= PM4_TYPE4_MAX_COUNT && reg <= PM4_TYPE4_MAX_REG,
		     "pkt4 of %u registers at %#x does not fit a header\n", count, reg);
	open_packet(cs, false, reg, count);
}

void msm_cs_pkt7(struct msm_cs *cs, uint32_t opcode, uint32_t count)
{
	igt_assert_f(count <= PM4_TYPE7_MAX_COUNT && opcode <= PM4_TYPE7_MAX_OPCODE,
		     "pkt7 %#x with %u dwords does not fit a header\n", opcode, count);
	open_packet(cs, true, opcode, count);
}

uint32_t msm_cs_attach(struct msm_cs *cs, struct msm_bo *bo, uint32_t flags)
{
	for (uint32_t i = 0; i < cs->nr_bos; i++) {
		if (cs->bos[i].bo == bo) {
			cs->bos[i].flags |= flags;
			return i;
		}
	}
	igt_assert_f(cs->nr_bos < MSM_CS_MAX_BOS, "more than %d BOs in one submit\n",
		     MSM_CS_MAX_BOS);
	cs->bos[cs->nr_bos].bo = bo;
	cs->bos[cs->nr_bos].flags = flags;
	return cs->nr_bos++;
}

void msm_cs_attach_all(struct msm_cs *cs, const struct msm_cs *child)
{
	for (uint32_t i = 0; i < child->nr_bos; i++)
		msm_cs_attach(cs, child->bos[i].bo, child->bos[i].flags);
}

void msm_cs_iova(struct msm_cs *cs, uint64_t iova)
{
	msm_cs_emit(cs, (uint32_t)iova);
	msm_cs_emit(cs, (uint32_t)(iova >> 32));
}

uint64_t msm_cs_ref(struct msm_cs *cs, struct msm_bo *bo, uint64_t offset, uint32_t flags)
{
	igt_assert_f(offset < bo->size, "offset %#llx outside a BO of %#llx bytes\n",
		     (unsigned long long)offset, (unsigned long long)bo->size);
	igt_assert_f(bo->iova, "a BO mapped nowhere (VM_BIND mode: name the address you "
		     "bound with the _iova helpers)\n");
	msm_cs_attach(cs, bo, flags);
	return bo->iova + offset;
}

void msm_cs_addr(struct msm_cs *cs, struct msm_bo *bo, uint64_t offset, uint32_t flags)
{
	msm_cs_iova(cs, msm_cs_ref(cs, bo, offset, flags));
}

struct msm_bo *msm_cs_upload(struct msm_cs *cs)
{
	msm_cs_end(cs);
	if (!cs->cmd_bo) {
		cs->cmd_bo = msm_bo_new(cs->dev, cs->len ? 4ull * cs->len : 4);
		memcpy(msm_bo_map(cs->cmd_bo), cs->dw, 4ull * cs->len);
	}
	return cs->cmd_bo;
}
