// SPDX-License-Identifier: MIT
/*
 * The GPU's register file as command streams see it: storage for the
 * registers the chip's database knows, the always-on counter (a modelled
 * 19.2 MHz clock), and CP_PROTECT: an access the kernel's protect list
 * forbids faults (a6xx RDONLY ranges allow reads; the last a6xx+ entry
 * extends to the end of the register space).
 *
 * Which registers exist comes from the same XML the harness is built
 * from: rnn-headergen -r turns msm/registers/a5xx.xml and a6xx.xml into
 * tables of the dword offsets each variant's registers cover
 * ($(O)/gen/msm/<file>.xml.regs.h): the A5XX domain for a5xx, the A6XX
 * domain's A6XX variant for a6xx and its A7XX variant for a7xx. As on
 * hardware, where an offset that is no register reads back 0, an
 * unprotected offset no table entry covers drops writes and reads 0 here,
 * so a register probe (tests/msm_probe) can refute a claimed offset.
 * Protection is checked first: a protected offset faults whether or not a
 * register lives there.
 */
#include <stdlib.h>
#include <time.h>

#include "msm/a5xx.xml.h"
#include "msm/a5xx.xml.regs.h"
#include "msm/a6xx.xml.h"
#include "msm/a6xx.xml.regs.h"
#include "msm/model/cp.h"

#define NR_REGS 0x40000u	/* what an 18-bit pkt4 register field reaches */

struct msm_regs {
	const struct msm_chip_info *info;
	uint32_t alwayson_lo;		/* the counter's low register */
	uint64_t draws;			/* accepted, not rasterised (cp_draw_state.c) */
	uint8_t *gmem;			/* info->gmem bytes, allocated on first use */
	uint8_t exists[NR_REGS];	/* a register of the chip's database */
	uint32_t v[NR_REGS];
};

/* Mark the offsets of @list's runs whose variant mask has a bit of @variant. */
static void add_reglist(struct msm_regs *regs, const uint32_t (*list)[3], uint32_t variant)
{
	for (; list[0][1]; list++)
		if (list[0][2] & variant)
			for (uint32_t r = list[0][0]; r < list[0][0] + list[0][1] && r < NR_REGS; r++)
				regs->exists[r] = 1;
}

struct msm_regs *msm_regs_new(const struct msm_chip_info *info)
{
	struct msm_regs *regs = calloc(1, sizeof(*regs));

	if (!regs)
		return NULL;
	regs->info = info;
	if (info->gen == 5)
		add_reglist(regs, A5XX_reglist, ~0u);	/* no A5XX register has variants */
	else
		add_reglist(regs, A6XX_reglist,
			    info->gen >= 7 ? A6XX_REGLIST_A7XX : A6XX_REGLIST_A6XX);
	regs->alwayson_lo = info->gen == 5 ? REG_A5XX_RBBM_ALWAYSON_COUNTER_LO :
			    REG_A6XX_CP_ALWAYS_ON_COUNTER;
	return regs;
}

void msm_regs_count_draw(struct msm_regs *regs)
{
	regs->draws++;
}

uint64_t msm_regs_draws(const struct msm_regs *regs)
{
	return regs->draws;
}

/* GMEM, the chip's on-chip tile memory: what blits clear, load and resolve. */
uint8_t *msm_regs_gmem(struct msm_regs *regs)
{
	if (!regs->gmem && regs->info->gmem)
		regs->gmem = calloc(1, regs->info->gmem);
	return regs->gmem;
}

uint32_t msm_scratch_offset(const struct msm_chip_info *info, unsigned int i)
{
	return info->gen == 5 ? REG_A5XX_CP_SCRATCH(i) : REG_A6XX_CP_SCRATCH(i);
}

/*
 * 19.2 MHz ticks of CLOCK_MONOTONIC: the XO clock the always-on counter
 * counts. One clock for everything that reads it, as on the chip: the
 * counter registers, timestamp events (cp_packets.c) and
 * MSM_PARAM_TIMESTAMP, which the kernel reads from the same counter
 * (a5xx_gpu.c a5xx_get_timestamp, a6xx_gpu.c a6xx_get_timestamp).
 */
uint64_t msm_alwayson_now(void)
{
	struct timespec ts;
	uint64_t ns;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	ns = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
	return ns / 1250 * 24 + ns % 1250 * 24 / 1250;
}

/* The protect entry covering @reg, or NULL. */
static const struct msm_protect *protected(const struct msm_regs *regs, uint32_t reg)
{
	const struct msm_chip_info *info = regs->info;

	for (unsigned int i = 0; i < info->nr_protect; i++) {
		const struct msm_protect *p = &info->protect[i];
		bool last = i + 1 == info->nr_protect && info->gen >= 6;

		if (reg >= p->base && (last || reg - p->base <= p->count))
			return p;
	}
	return NULL;
}

bool msm_reg_write(struct msm_regs *regs, uint32_t reg, uint32_t value)
{
	if (reg >= NR_REGS || protected(regs, reg))
		return false;
	if (regs->exists[reg])
		regs->v[reg] = value;
	return true;
}

bool msm_reg_read(struct msm_regs *regs, uint32_t reg, uint32_t *value)
{
	const struct msm_protect *p = reg < NR_REGS ? protected(regs, reg) : NULL;

	if (reg >= NR_REGS || (p && !p->read_ok))
		return false;
	if (reg == regs->alwayson_lo || reg == regs->alwayson_lo + 1) {
		uint64_t now = msm_alwayson_now();

		*value = reg == regs->alwayson_lo ? (uint32_t)now : (uint32_t)(now >> 32);
		return true;
	}
	*value = regs->exists[reg] ? regs->v[reg] : 0;
	return true;
}

/* The kernel's own writes from the ringbuffer are privileged. */
void msm_reg_write_kernel(struct msm_regs *regs, uint32_t reg, uint32_t value)
{
	if (reg < NR_REGS && regs->exists[reg])
		regs->v[reg] = value;
}
