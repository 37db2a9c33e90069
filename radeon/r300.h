/* SPDX-License-Identifier: MIT */
/*
 * radeon (R300 family) device wrapper: the device, INFO queries, chip
 * identification and buffer objects, on top of libdrm_radeon's GEM
 * managers (the same code path Mesa's r300 driver and the DDX used).
 * Helpers named r300_x() assert success; __r300_x() return 0 or -errno
 * for tests that are about the error.
 *
 * Command streams are built by radeon/r300_cs.h and submitted through
 * libdrm_radeon's CS API (radeon/submit.c).
 */
#ifndef DRMSUB_RADEON_R300_H
#define DRMSUB_RADEON_R300_H

#include <stdbool.h>
#include <stdint.h>

#include <radeon_drm.h>

#include "radeon/r300.xml.h"

struct radeon_bo;
struct radeon_bo_manager;
struct radeon_cs_manager;

struct r300_device {
	int fd;
	uint32_t device_id;		/* RADEON_INFO_DEVICE_ID: the PCI device id */
	enum r300_chip family;		/* from the PCI id (the database's variant enum) */
	uint32_t num_gb_pipes;		/* RADEON_INFO_NUM_GB_PIPES */
	uint32_t num_z_pipes;		/* RADEON_INFO_NUM_Z_PIPES */
	bool accel_working;		/* RADEON_INFO_ACCEL_WORKING2 */
	uint64_t gart_size, vram_size;	/* GEM_INFO: the CS space-check limits */
	struct radeon_bo_manager *bom;
	struct radeon_cs_manager *csm;
};

/* ---- chips (radeon/chip.c) ---------------------------------------------- */

/*
 * The family of PCI device @pci_id (vendor 0x1002), from the kernel's radeon
 * PCI id list; false for ids that are not R300-family chips.
 */
bool r300_chip_from_pci_id(uint32_t pci_id, enum r300_chip *chip);
/* "R300", "RV350", ... */
const char *r300_chip_name(enum r300_chip chip);
/* R5xx (RV515 and later): another fragment shader, RS layout and scissor origin. */
bool r300_chip_is_r500(enum r300_chip chip);
/* R420-class US extensions (US_CODE_BANK/EXT): R420, RV410 and the RS6xx IGPs. */
bool r300_chip_is_r400(enum r300_chip chip);
/* Vertex FPUs (Mesa's num_vert_fpus); 0 on IGPs without hardware TCL. */
unsigned int r300_chip_vert_fpus(enum r300_chip chip);
/* On R3xx the second GB pipe is selected by bit 3 of SU_REG_DEST, not bit 1. */
bool r300_chip_high_second_pipe(enum r300_chip chip);

/* ---- device (radeon/device.c) -------------------------------------------- */

/*
 * Open the radeon device (skips without one, or when it is not an R300-family
 * chip), read its identity and create libdrm_radeon's BO and CS managers.
 */
struct r300_device *r300_device_open(void);
void r300_device_close(struct r300_device *dev);

/*
 * DRM_RADEON_INFO: @value is passed as a user pointer, as the kernel
 * expects; 4 bytes for most requests (the kernel reads an input from the
 * same place for WANT_HYPERZ, WANT_CMASK, ...), 8 bytes for the 64-bit ones.
 */
int __r300_info(int fd, uint32_t request, uint32_t *value);
int __r300_info64(int fd, uint32_t request, uint64_t *value);
uint32_t r300_info(struct r300_device *dev, uint32_t request);

/* ---- buffer objects (radeon/bo.c) ------------------------------------------ */

struct r300_bo {
	struct r300_device *dev;
	struct radeon_bo *bo;	/* libdrm's; NULL for a stand-in in unit tests */
	uint32_t handle;
	uint32_t size;
	uint32_t domain;	/* RADEON_GEM_DOMAIN_GTT or _VRAM: used in every reloc */
	void *map;		/* NULL until r300_bo_map() */
};

/* radeon_bo_open(handle 0) = GEM_CREATE; 0 or -errno. */
int __r300_bo_new(struct r300_device *dev, uint32_t size, uint32_t domain,
		  struct r300_bo **out);
struct r300_bo *r300_bo_new(struct r300_device *dev, uint32_t size, uint32_t domain);
void r300_bo_free(struct r300_bo *bo);

/* radeon_bo_map (GEM_MMAP + mmap, then waits for idle). */
void *r300_bo_map(struct r300_bo *bo);
uint32_t r300_bo_read32(struct r300_bo *bo, uint32_t offset);
void r300_bo_write32(struct r300_bo *bo, uint32_t offset, uint32_t value);
void r300_bo_fill32(struct r300_bo *bo, uint32_t value);

/* radeon_bo_wait: GEM_WAIT_IDLE, retried while -EBUSY. */
int __r300_bo_wait(struct r300_bo *bo);
void r300_bo_wait(struct r300_bo *bo);
/* radeon_bo_is_busy: GEM_BUSY; 0 idle, -EBUSY busy; @domain may be NULL. */
/* GEM_SET_TILING: RADEON_TILING_* @flags and the pitch in bytes. */
void r300_bo_set_tiling(struct r300_bo *bo, uint32_t flags, uint32_t pitch_bytes);
int __r300_bo_busy(struct r300_bo *bo, uint32_t *domain);

#endif
