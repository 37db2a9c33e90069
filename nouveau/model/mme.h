/* SPDX-License-Identifier: MIT */
/*
 * The Maxwell macro engine (MME) of a 3D object: instruction RAM,
 * start-address RAM, the shadow RAM of method values, and one macro run
 * (registers, carry, method address, delay slots). Maxwell's MME runs the
 * Fermi "macro" ISA; nouveau/model/mme.c interprets it, see there for the
 * encoding and its sources.
 */
#ifndef DRMSUB_NOUVEAU_MODEL_MME_H
#define DRMSUB_NOUVEAU_MODEL_MME_H

#include <stdbool.h>
#include <stdint.h>

/* envytools envydis/macro.c: "code space is 0x800 32-bit words"; Mesa nvc0 asserts it */
#define NVM_MME_CODE_WORDS 0x800
/* CALL_MME_MACRO(j), j < 128 (envytools MACRO length 0x80) */
#define NVM_MME_MACROS 128
/* method words of a class: the 12-bit method field of a push header */
#define NVM_MME_SHADOW_WORDS 0x1000
/*
 * The hardware has a watchdog (envytools: PGRAPH 0x404468 WATCHDOG_TIMEOUT,
 * 30 bits, unit not documented); the model counts instructions instead.
 */
#define NVM_MME_WATCHDOG_STEPS (1u << 20)

/* Why a macro traps: the kernel's gf100_macro_error bits (PGRAPH 0x404490). */
enum nvm_mme_trap {
	NVM_MME_TOO_FEW_PARAMS = 0x01,
	NVM_MME_TOO_MANY_PARAMS = 0x02,
	NVM_MME_ILLEGAL_OPCODE = 0x04,
	NVM_MME_DOUBLE_BRANCH = 0x08,
	NVM_MME_WATCHDOG = 0x10,
};

/* SET_MME_SHADOW_RAM_CONTROL MODE */
enum nvm_mme_shadow_mode {
	NVM_MME_TRACK,			/* keep each value, pass it on */
	NVM_MME_TRACK_WITH_FILTER,	/* modelled as TRACK (the filter is undocumented) */
	NVM_MME_PASSTHROUGH,		/* pass it on, shadow unchanged */
	NVM_MME_REPLAY,			/* pass the shadowed value on instead */
};

struct nvm_mme {
	uint32_t code[NVM_MME_CODE_WORDS];
	uint32_t start[NVM_MME_MACROS];		/* start address of macro j */
	uint32_t code_ptr, start_ptr;		/* LOAD_MME_*_POINTER */
	uint32_t shadow[NVM_MME_SHADOW_WORDS];	/* last value of each method */
	uint32_t shadow_mode;
	/* the macro being run, if any */
	bool running;
	bool waiting;			/* for a CALL_MME_DATA parameter */
	bool have_param;
	uint32_t param;
	uint32_t r[8];			/* r0 reads 0 */
	uint32_t carry;
	uint32_t pc, steps;
	uint32_t maddr, minc;		/* method address and increment, bytes */
	bool branch_pending, exit_pending;	/* the previous instruction's delay slot */
	uint32_t branch_target;
};

struct nvm_job;

/*
 * Emit one method from a macro into the 3D object (@ctx is the caller's):
 * 0, or a negative errno that kills the channel.
 */
typedef int (*nvm_mme_emit_fn)(struct nvm_job *job, void *ctx, uint32_t mthd, uint32_t data);

/*
 * The MME's own methods (LOAD_MME_*, CALL_MME_MACRO/DATA,
 * SET_MME_SHADOW_RAM_CONTROL): 0 once handled, 1 when @mthd is not one of
 * them, a negative errno for a trap or a load out of range. Any method
 * arriving while a macro waits for a parameter traps (TOO_FEW_PARAMS).
 */
int nvm_mme_method(struct nvm_mme *mme, struct nvm_job *job, nvm_mme_emit_fn emit, void *ctx,
		   uint32_t mthd, uint32_t data);
/*
 * Any other method reaching the object (after nvm_mme_method() returned
 * 1): the shadow RAM keeps or replays the value per its mode; *@data is
 * the value to execute.
 */
void nvm_mme_track(struct nvm_mme *mme, uint32_t mthd, uint32_t *data);

#endif
