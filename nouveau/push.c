// SPDX-License-Identifier: MIT
/* The Maxwell push builder: buffer, headers, order checks, BO references. */
#include <stdlib.h>

#include "core/test.h"
#include "nouveau/nv.h"
#include "nouveau/nvb06f.xml.h"
#include "nouveau/push.h"

struct nv_push *nv_push_new(uint32_t max_dwords)
{
	struct nv_push *p = calloc(1, sizeof(*p) + max_dwords * sizeof(p->start[0]));

	igt_assert(p);
	p->cur = p->start;
	p->end = p->start + max_dwords;
	return p;
}

void nv_push_free(struct nv_push *p)
{
	free(p);
}

void nv_push_reset(struct nv_push *p)
{
	p->cur = p->start;
	p->last_hdr = NULL;
	p->nr_refs = 0;
	for (int i = 0; i < 8; i++)
		p->bound[i] = 0;
}

static void emit(struct nv_push *p, uint32_t dw)
{
	igt_assert_f(p->cur < p->end, "push buffer full (%u dwords)\n",
		     (unsigned int)(p->end - p->start));
	*p->cur++ = dw;
}

static void open_hdr(struct nv_push *p, enum nv_sec_op op, uint32_t subc, uint32_t mthd)
{
	igt_assert_f(subc <= NV_PUSH_MAX_SUBC && mthd <= NV_PUSH_MAX_METHOD && !(mthd & 3),
		     "method %#x on subchannel %u does not fit a header\n", mthd, subc);
	emit(p, nv_push_hdr(op, subc, mthd, 0));
	p->last_hdr = p->cur - 1;
}

void nv_mthd(struct nv_push *p, uint32_t subc, uint32_t mthd)
{
	open_hdr(p, NV_SEC_OP_INC_METHOD, subc, mthd);
}

void nv_mthd_ni(struct nv_push *p, uint32_t subc, uint32_t mthd)
{
	open_hdr(p, NV_SEC_OP_NON_INC_METHOD, subc, mthd);
}

void nv_mthd_1i(struct nv_push *p, uint32_t subc, uint32_t mthd)
{
	open_hdr(p, NV_SEC_OP_ONE_INC, subc, mthd);
}

void nv_data(struct nv_push *p, uint32_t value)
{
	uint32_t count;

	igt_assert_f(p->last_hdr, "push data %#x without an open method header\n", value);
	count = nv_method_header_COUNT__get(*p->last_hdr);
	/* one more would carry into SEC_OP and change the header's meaning */
	igt_assert_f(count < NV_PUSH_MAX_COUNT, "method header count overflows %u\n",
		     NV_PUSH_MAX_COUNT);
	emit(p, value);
	*p->last_hdr += nv_method_header_COUNT(1);
}

uint32_t nv_push_next_mthd(const struct nv_push *p)
{
	struct nv_push_method m;

	igt_assert_f(p->last_hdr, "no open method header\n");
	m = nv_push_parse(*p->last_hdr);
	switch (m.kind) {
	case NV_PUSH_INC:
		return m.method + 4 * m.count;
	case NV_PUSH_ONE_INC:
		return m.count ? m.method + 4 : m.method;
	default:
		return m.method;
	}
}

void nv_val(struct nv_push *p, uint32_t mthd, uint32_t value)
{
#ifndef NDEBUG
	uint32_t next = nv_push_next_mthd(p);

	igt_assert_f(mthd == next, "push: method %#x appended where the header feeds %#x\n",
		     mthd, next);
#endif
	nv_data(p, value);
}

void nv_immd(struct nv_push *p, uint32_t subc, uint32_t mthd, uint32_t value)
{
	if (nv_push_immd_fits(value)) {
		open_hdr(p, NV_SEC_OP_IMMD_DATA_METHOD, subc, mthd);
		*p->last_hdr |= nv_method_header_IMMD_DATA(value);
	} else {
		nv_mthd(p, subc, mthd);
		nv_data(p, value);
	}
	/* nothing may be appended to an immediate, nor to this one-value INC */
	p->last_hdr = NULL;
}

void nv_raw(struct nv_push *p, uint32_t dw)
{
	p->last_hdr = NULL;
	emit(p, dw);
}

/* SET_OBJECT with the class id as data, as Mesa's nvc0_screen_create binds each subchannel */
void nv_set_object(struct nv_push *p, uint32_t subc, uint32_t cls)
{
	nv_mthd(p, subc, REG_NVB06F_SET_OBJECT);
	NV_VAL(p, NVB06F, SET_OBJECT, .nvclass = cls);
	p->bound[subc] = cls;
}

uint32_t nv_push_ref(struct nv_push *p, struct nv_bo *bo, uint32_t access)
{
	for (uint32_t i = 0; i < p->nr_refs; i++) {
		if (p->refs[i].bo == bo) {
			p->refs[i].access |= access;
			return i;
		}
	}
	igt_assert_f(p->nr_refs < NV_PUSH_MAX_BOS, "more than %d BOs in one push\n",
		     NV_PUSH_MAX_BOS);
	p->refs[p->nr_refs] = (struct nv_push_ref){ .bo = bo, .access = access };
	return p->nr_refs++;
}

uint64_t nv_push_addr(struct nv_push *p, struct nv_bo *bo, uint64_t offset, uint32_t access)
{
	igt_assert_f(offset < bo->size, "offset %#llx outside a BO of %#llx bytes\n",
		     (unsigned long long)offset, (unsigned long long)bo->size);
	nv_push_ref(p, bo, access);
	return bo->va + offset;
}

struct nv_gp_entry nv_push_gp_entry(const struct nv_push *p, uint64_t va)
{
	uint32_t n = nv_push_dwords(p);

	igt_assert_f(!(va & 3) && va >> 32 <= NV_GP_MAX_ADDR_HI && n <= NV_GP_MAX_DWORDS,
		     "segment of %u dwords at %#llx does not fit a GPFIFO entry\n", n,
		     (unsigned long long)va);
	return (struct nv_gp_entry){ .addr = va, .dwords = n };
}
