/* SPDX-License-Identifier: MIT */
/*
 * radeon in the device model: shared state of the UAPI (info.c,
 * uapi_gem.c, cs_ioctl.c), the r300 CS checker (checker.c, checker_regs.c,
 * track.c, safe_regs.c) and the chip table (radeon.c).
 *
 * Kernel sources the behaviour follows (torvalds/linux,
 * drivers/gpu/drm/radeon): radeon_kms.c (INFO), radeon_gem.c (GEM),
 * radeon_cs.c (CS, packet parsing, relocations), r100.c (packet0 walk,
 * r100_cs_track_*), r300.c (r300_packet0_check, r300_packet3_check,
 * r300_cs_parse), reg_srcs/{r300,rv515} (safe registers).
 */
#ifndef DRMSUB_RADEON_MODEL_H
#define DRMSUB_RADEON_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "model/driver.h"
#include "radeon/r300.xml.h"

/* What the kernel knows about a chip (rdev->family, r300_gpu_init). */
struct radeon_chip_info {
	enum r300_chip family;
	uint32_t num_gb_pipes, num_z_pipes;
};

/* The GPU's state across CSs (exec.c): register file, PVS memory, Z-pass counters. */
#define RADEON_PVS_DWORDS (2048 * 4)	/* code at 0, constants at 512 (R5xx: 1024), planes after */
#define RADEON_ZPASS_PIPES 4		/* SU_REG_DEST selects among four */
#define RADEON_US500_INSTS 512		/* R5xx fragment shader: 6 dwords an instruction */
#define RADEON_US500_CONSTS 256		/* 4 floats a constant */
#define RADEON_MAX_ARRAYS 16		/* 3D_LOAD_VBPNTR */

/* One vertex array of 3D_LOAD_VBPNTR (its address already relocated by the checker). */
struct radeon_array {
	uint32_t addr;
	uint32_t size, stride;		/* dwords */
};

struct radeon_gpu_state {
	uint32_t regs[0x8000 / 4];
	uint32_t pvs[RADEON_PVS_DWORDS];
	uint32_t pvs_addr;		/* next VAP_PVS_UPLOAD_DATA dword */
	uint32_t zpass[RADEON_ZPASS_PIPES];	/* by SU_REG_DEST bit (zbuf.c) */
	uint32_t zmask_cleared;		/* Z-mask RAM dwords 0 .. n - 1 fast-cleared (zbuf.c) */
	/* R5xx US memories behind GA_US_VECTOR_INDEX/DATA (us500.c) */
	uint32_t us500_code[RADEON_US500_INSTS * 6];
	uint32_t us500_const[RADEON_US500_CONSTS * 4];
	uint32_t us500_ptr;		/* next dword of the selected memory */
	bool us500_to_const;
	struct radeon_array arrays[RADEON_MAX_ARRAYS];
	uint32_t nr_arrays;
};

/* Per device (rdev). */
struct radeon_mdev {
	struct radeon_gpu_state *gpu;	/* used by the GPU thread only */
	const struct radeon_chip_info *info;
	struct model_file *hyperz_filp;	/* INFO WANT_HYPERZ owner */
	struct model_file *cmask_filp;	/* INFO WANT_CMASK owner */
	uint32_t gpu_reset_counter;	/* atomic: the GPU thread raises it */
	struct radeon_range *ranges;	/* placed BOs, by address (placement.c) */
	uint32_t nr_ranges, cap_ranges;
};

/* A placed BO's GPU address range. */
struct radeon_range {
	uint64_t start, size;
};

/* Per GEM object (radeon_bo). */
struct radeon_mbo {
	struct model_fence *fence;	/* last CS that used it, NULL = idle */
	uint32_t domain;		/* current placement: RADEON_GEM_DOMAIN_* */
	uint32_t initial_domain;	/* radeon_bo_create, GEM_OP */
	uint32_t tiling_flags, pitch;	/* GEM_SET_TILING */
	uint64_t gpu_offset;		/* where the GPU sees it (placement.c) */
	struct radeon_mdev *rdev;	/* whose address space holds it */
};

struct radeon_mdev *radeon_mdev(struct model_file *file);
/* placement.c: a GPU address for @size bytes at @align (0 or -ENOMEM); freed by radeon_unplace. */
int radeon_place(struct radeon_mdev *rdev, uint64_t size, uint64_t align, uint64_t *addr);
void radeon_unplace(struct radeon_mdev *rdev, uint64_t addr);
/*
 * The object's radeon state, created and placed (page-aligned) on first use
 * (flink/prime imports too); NULL when out of memory or address space.
 */
struct radeon_mbo *radeon_mbo(struct model_bo *bo);
/* radeon_mbo, placed at @align when it is created here (GEM_CREATE's alignment). */
struct radeon_mbo *radeon_mbo_aligned(struct model_bo *bo, uint64_t align);

/* The hangcheck's lockup: the kernel's messages, then the core's end of the job (lockup.c). */
void radeon_recover(struct model_device *dev, struct model_job *job);

/* ioctl handlers (return 0 or -errno) */
int radeon_info_ioctl(struct model_file *file, void *data);
int radeon_gem_info_ioctl(struct model_file *file, void *data);
int radeon_gem_create_ioctl(struct model_file *file, void *data);
int radeon_gem_mmap_ioctl(struct model_file *file, void *data);
int radeon_gem_set_domain_ioctl(struct model_file *file, void *data);
int radeon_gem_wait_idle_ioctl(struct model_file *file, void *data);
int radeon_gem_busy_ioctl(struct model_file *file, void *data);
int radeon_gem_set_tiling_ioctl(struct model_file *file, void *data);
int radeon_gem_get_tiling_ioctl(struct model_file *file, void *data);
int radeon_gem_va_ioctl(struct model_file *file, void *data);
int radeon_gem_op_ioctl(struct model_file *file, void *data);
int radeon_gem_userptr_ioctl(struct model_file *file, void *data);
int radeon_cs_ioctl(struct model_file *file, void *data);

/* rdev->mc.gtt_size: the GEM object size limit (radeon_gem_object_create). */
uint64_t radeon_gtt_size(void);
/* Attach @fence to @mbo as its last use (takes a reference). */
void radeon_mbo_fence(struct radeon_mbo *mbo, struct model_fence *fence);

/* ---- the CS parser (radeon_cs_parser) --------------------------------- */

struct radeon_mreloc {
	struct model_bo *bo;
	struct radeon_mbo *mbo;
};

struct r100_track;

struct radeon_parser {
	struct model_file *filp;
	struct radeon_mdev *rdev;
	uint32_t *ib;			/* the IB, patched in place */
	uint32_t ib_len;		/* dwords */
	uint32_t idx;			/* next packet */
	uint32_t cs_flags;		/* FLAGS chunk dword 0 */
	bool has_relocs;
	uint32_t relocs_len_dw;		/* RELOCS chunk length_dw */
	struct radeon_mreloc *relocs;	/* relocs_len_dw / 4 */
	uint32_t nrelocs;
	struct r100_track *track;
};

/* A decoded packet (radeon_cs_packet): count is header count (n - 1), -1 for type 2. */
struct radeon_mpacket {
	uint32_t idx;
	unsigned int type;
	int32_t count;
	uint32_t reg;
	bool one_reg_wr;
	uint32_t opcode;
};

/* radeon_get_ib_value: dwords past the IB read as 0 (the kernel reads its pool). */
static inline uint32_t radeon_ib_get(const struct radeon_parser *p, uint32_t idx)
{
	return idx < p->ib_len ? p->ib[idx] : 0;
}

int radeon_packet_parse(struct radeon_parser *p, struct radeon_mpacket *pkt, uint32_t idx);
int radeon_next_reloc(struct radeon_parser *p, struct radeon_mreloc **reloc);
/* The relocated dword ib[@idx] gets the BO's GPU address added, as the kernel patches its IB. */
void radeon_reloc_patch(struct radeon_parser *p, uint32_t idx, const struct radeon_mreloc *reloc);
/* checker_regs.c: r300_packet0_check for one register write at ib[@idx]. */
int r300_packet0_check(struct radeon_parser *p, uint32_t idx, uint32_t reg);
/* r300_cs_parse: 0 or the kernel's -errno. */
int r300_cs_parse(struct radeon_parser *p);

/* safe_regs.c: the reg_srcs bitmap of @family; bit set = checked. */
const uint32_t *radeon_reg_safe_bm(enum r300_chip family, unsigned int *words);

/* track.c: r100_cs_track */
#define R100_TRACK_MAX_TEXTURE 16
#define R100_TRACK_MAX_ARRAYS 16
#define R100_TRACK_NUM_CB 4

enum r100_track_comp { R100_TRACK_COMP_NONE, R100_TRACK_COMP_DXT1, R100_TRACK_COMP_DXT35 };

struct r100_track_buf {
	struct radeon_mreloc *robj;
	uint32_t pitch, cpp, offset;
};

struct r100_track_array {
	struct radeon_mreloc *robj;
	uint32_t esize;
};

struct r100_track_tex {
	struct radeon_mreloc *robj;
	uint32_t pitch, width, height, width_11, height_11, num_levels;
	uint32_t tex_coord_type, txdepth, cpp;
	enum r100_track_comp compress_format;
	bool use_pitch, enabled, lookup_disable, roundup_w, roundup_h;
};

struct r100_track {
	uint32_t num_cb, num_texture, maxy;
	uint32_t vtx_size, vap_vf_cntl, vap_alt_nverts, immd_dwords;
	uint32_t num_arrays, max_indx, color_channel_mask;
	struct r100_track_array arrays[R100_TRACK_MAX_ARRAYS];
	struct r100_track_buf cb[R100_TRACK_NUM_CB];
	struct r100_track_buf zb;
	struct r100_track_buf aa;
	struct r100_track_tex textures[R100_TRACK_MAX_TEXTURE];
	bool z_enabled, separate_cube, zb_cb_clear, blend_read_enable;
	bool cb_dirty, zb_dirty, tex_dirty, aa_dirty, aaresolve;
};

void r100_track_clear(struct r100_track *track);
int r100_track_check(struct radeon_parser *p, struct r100_track *track);

/* exec.c: run a checked, patched IB on the device's GPU state. */
struct radeon_exec_bo {
	uint64_t gpu_offset, size;
	void *vaddr;
};

struct radeon_exec {
	struct radeon_gpu_state *state;
	enum r300_chip family;
	uint32_t z_pipes;		/* RADEON_INFO_NUM_Z_PIPES */
	const uint32_t *ib;
	uint32_t ib_len;
	const struct radeon_exec_bo *bos;
	uint32_t nr_bos;
	/* set by exec: the first thing the model could not execute ("" when none) */
	char fault[192];
	uint64_t draws;			/* draws executed */
};

/* Run the IB; false (x->fault says why) when it met something not modelled. */
bool radeon_exec(struct radeon_exec *x);

/* us500.c: the R5xx fragment shader's memories. GA_US_VECTOR_INDEX/DATA writes; others are ignored. */
void radeon_us500_reg(struct radeon_gpu_state *s, uint32_t reg, uint32_t v);

/* Rejections go through here: a DRMSUB_MODEL_DEBUG line naming the rule. */
#define radeon_reject(err, ...) (model_debug("radeon: " __VA_ARGS__), (err))

#endif
