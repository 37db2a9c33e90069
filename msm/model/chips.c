// SPDX-License-Identifier: MIT
/*
 * The modelled Adreno chips: identity as the kernel's catalog gives it
 * (adreno_device.c, a6xx_catalog.c: chip id, revn, GMEM, address-space
 * size) and the CP_PROTECT ranges the kernel programs at hw_init
 * (a5xx_gpu.c a5xx_hw_init; a6xx_catalog.c a630/a660/a690/a730 lists).
 */
#include <stddef.h>

#include "msm/model/msm_model.h"
#include "util/array.h"

#define SZ_1M (1024ull * 1024)
#define SZ_4G (4ull << 30)
#define SZ_16G (16ull << 30)

/* ADRENO_PROTECT_RW(reg, cnt): cnt (a power of two) registers, no access. */
#define A5_RW(reg, cnt) { (reg), (cnt) - 1, false }
/* A6XX_PROTECT_NORDWR / _RDONLY(reg, count): registers reg..reg+count. */
#define A6_NORDWR(reg, cnt) { (reg), (cnt), false }
#define A6_RDONLY(reg, cnt) { (reg), (cnt), true }

static const struct msm_protect a530_protect[] = {
	A5_RW(0x04, 4), A5_RW(0x08, 8), A5_RW(0x10, 16), A5_RW(0x20, 32),
	A5_RW(0x40, 64), A5_RW(0x80, 64),
	A5_RW(0xf800, 16),	/* RBBM_SECVID_TSB_TRUSTED_BASE_LO */
	A5_RW(0xf400, 2),	/* RBBM_SECVID_TRUST_CNTL */
	A5_RW(0x800, 64), A5_RW(0x840, 8), A5_RW(0x880, 32), A5_RW(0xaa0, 1),
	A5_RW(0xcc0, 1), A5_RW(0xcf0, 2),
	A5_RW(0xe68, 8), A5_RW(0xe70, 4),
	A5_RW(0xe80, 16),
	A5_RW(0x10000, 0x8000),	/* a530 only: SMMU */
};

/* a615, a616, a618, a619, a630, a640, a680 */
static const struct msm_protect a630_protect[] = {
	A6_RDONLY(0x00000, 0x04ff), A6_RDONLY(0x00501, 0x0005), A6_RDONLY(0x0050b, 0x02f4),
	A6_NORDWR(0x0050e, 0x0000), A6_NORDWR(0x00510, 0x0000), A6_NORDWR(0x00534, 0x0000),
	A6_NORDWR(0x00800, 0x0082), A6_NORDWR(0x008a0, 0x0008), A6_NORDWR(0x008ab, 0x0024),
	A6_RDONLY(0x008de, 0x00ae), A6_NORDWR(0x00900, 0x004d), A6_NORDWR(0x0098d, 0x0272),
	A6_NORDWR(0x00e00, 0x0001), A6_NORDWR(0x00e03, 0x000c), A6_NORDWR(0x03c00, 0x00c3),
	A6_RDONLY(0x03cc4, 0x1fff), A6_NORDWR(0x08630, 0x01cf), A6_NORDWR(0x08e00, 0x0000),
	A6_NORDWR(0x08e08, 0x0000), A6_NORDWR(0x08e50, 0x001f), A6_NORDWR(0x09624, 0x01db),
	A6_NORDWR(0x09e70, 0x0001), A6_NORDWR(0x09e78, 0x0187), A6_NORDWR(0x0a630, 0x01cf),
	A6_NORDWR(0x0ae02, 0x0000), A6_NORDWR(0x0ae50, 0x032f), A6_NORDWR(0x0b604, 0x0000),
	A6_NORDWR(0x0be02, 0x0001), A6_NORDWR(0x0be20, 0x17df), A6_NORDWR(0x0f000, 0x0bff),
	A6_RDONLY(0x0fc00, 0x1fff), A6_NORDWR(0x11c00, 0x0000),
};

/* a635, a660 */
static const struct msm_protect a660_protect[] = {
	A6_RDONLY(0x00000, 0x04ff), A6_RDONLY(0x00501, 0x0005), A6_RDONLY(0x0050b, 0x02f4),
	A6_NORDWR(0x0050e, 0x0000), A6_NORDWR(0x00510, 0x0000), A6_NORDWR(0x00534, 0x0000),
	A6_NORDWR(0x00800, 0x0082), A6_NORDWR(0x008a0, 0x0008), A6_NORDWR(0x008ab, 0x0024),
	A6_RDONLY(0x008de, 0x00ae), A6_NORDWR(0x00900, 0x004d), A6_NORDWR(0x0098d, 0x0272),
	A6_NORDWR(0x00e00, 0x0001), A6_NORDWR(0x00e03, 0x000c), A6_NORDWR(0x03c00, 0x00c3),
	A6_RDONLY(0x03cc4, 0x1fff), A6_NORDWR(0x08630, 0x01cf), A6_NORDWR(0x08e00, 0x0000),
	A6_NORDWR(0x08e08, 0x0000), A6_NORDWR(0x08e50, 0x001f), A6_NORDWR(0x08e80, 0x027f),
	A6_NORDWR(0x09624, 0x01db), A6_NORDWR(0x09e60, 0x0011), A6_NORDWR(0x09e78, 0x0187),
	A6_NORDWR(0x0a630, 0x01cf), A6_NORDWR(0x0ae02, 0x0000), A6_NORDWR(0x0ae50, 0x012f),
	A6_NORDWR(0x0b604, 0x0000), A6_NORDWR(0x0b608, 0x0006), A6_NORDWR(0x0be02, 0x0001),
	A6_NORDWR(0x0be20, 0x015f), A6_NORDWR(0x0d000, 0x05ff), A6_NORDWR(0x0f000, 0x0bff),
	A6_RDONLY(0x0fc00, 0x1fff), A6_NORDWR(0x18400, 0x1fff), A6_NORDWR(0x1a400, 0x1fff),
	A6_NORDWR(0x1f400, 0x0443), A6_RDONLY(0x1f844, 0x007b), A6_NORDWR(0x1f860, 0x0000),
	A6_NORDWR(0x1f887, 0x001b), A6_NORDWR(0x1f8c0, 0x0000),
};

static const struct msm_protect a690_protect[] = {
	A6_RDONLY(0x00000, 0x004ff), A6_RDONLY(0x00501, 0x00001), A6_RDONLY(0x0050b, 0x002f4),
	A6_NORDWR(0x0050e, 0x00000), A6_NORDWR(0x00510, 0x00000), A6_NORDWR(0x00534, 0x00000),
	A6_NORDWR(0x00800, 0x00082), A6_NORDWR(0x008a0, 0x00008), A6_NORDWR(0x008ab, 0x00024),
	A6_RDONLY(0x008de, 0x000ae), A6_NORDWR(0x00900, 0x0004d), A6_NORDWR(0x0098d, 0x00272),
	A6_NORDWR(0x00e00, 0x00001), A6_NORDWR(0x00e03, 0x0000c), A6_NORDWR(0x03c00, 0x000c3),
	A6_RDONLY(0x03cc4, 0x01fff), A6_NORDWR(0x08630, 0x001cf), A6_NORDWR(0x08e00, 0x00000),
	A6_NORDWR(0x08e08, 0x00007), A6_NORDWR(0x08e50, 0x0001f), A6_NORDWR(0x08e80, 0x0027f),
	A6_NORDWR(0x09624, 0x001db), A6_NORDWR(0x09e60, 0x00011), A6_NORDWR(0x09e78, 0x00187),
	A6_NORDWR(0x0a630, 0x001cf), A6_NORDWR(0x0ae02, 0x00000), A6_NORDWR(0x0ae50, 0x0012f),
	A6_NORDWR(0x0b604, 0x00000), A6_NORDWR(0x0b608, 0x00006), A6_NORDWR(0x0be02, 0x00001),
	A6_NORDWR(0x0be20, 0x0015f), A6_NORDWR(0x0d000, 0x005ff), A6_NORDWR(0x0f000, 0x00bff),
	A6_RDONLY(0x0fc00, 0x01fff), A6_NORDWR(0x11c00, 0x00000),
};

/* a730, a740, a750 (entries 45 and 46 are left unprogrammed) */
static const struct msm_protect a730_protect[] = {
	A6_RDONLY(0x00000, 0x04ff), A6_RDONLY(0x0050b, 0x0058), A6_NORDWR(0x0050e, 0x0000),
	A6_NORDWR(0x00510, 0x0000), A6_NORDWR(0x00534, 0x0000), A6_RDONLY(0x005fb, 0x009d),
	A6_NORDWR(0x00699, 0x01e9), A6_NORDWR(0x008a0, 0x0008), A6_NORDWR(0x008ab, 0x0024),
	/* 0x8d0-0x8dd and 0x8e0-0x8e6 are left open on purpose (perfetto) */
	A6_NORDWR(0x008de, 0x0001), A6_RDONLY(0x008e7, 0x014b), A6_NORDWR(0x00900, 0x004d),
	A6_NORDWR(0x0098d, 0x00b2), A6_NORDWR(0x00a41, 0x01be), A6_NORDWR(0x00df0, 0x0001),
	A6_NORDWR(0x00e01, 0x0000), A6_NORDWR(0x00e07, 0x0008), A6_NORDWR(0x03c00, 0x00c3),
	A6_RDONLY(0x03cc4, 0x1fff), A6_NORDWR(0x08630, 0x01cf), A6_NORDWR(0x08e00, 0x0000),
	A6_NORDWR(0x08e08, 0x0000), A6_NORDWR(0x08e50, 0x001f), A6_NORDWR(0x08e80, 0x0280),
	A6_NORDWR(0x09624, 0x01db), A6_NORDWR(0x09e40, 0x0000), A6_NORDWR(0x09e64, 0x000d),
	A6_NORDWR(0x09e78, 0x0187), A6_NORDWR(0x0a630, 0x01cf), A6_NORDWR(0x0ae02, 0x0000),
	A6_NORDWR(0x0ae50, 0x000f), A6_NORDWR(0x0ae66, 0x0003), A6_NORDWR(0x0ae6f, 0x0003),
	A6_NORDWR(0x0b604, 0x0003), A6_NORDWR(0x0ec00, 0x0fff), A6_RDONLY(0x0fc00, 0x1fff),
	A6_NORDWR(0x18400, 0x0053), A6_RDONLY(0x18454, 0x0004), A6_NORDWR(0x18459, 0x1fff),
	A6_NORDWR(0x1a459, 0x1fff), A6_NORDWR(0x1c459, 0x1fff), A6_NORDWR(0x1f400, 0x0443),
	A6_RDONLY(0x1f844, 0x007b), A6_NORDWR(0x1f860, 0x0000), A6_NORDWR(0x1f878, 0x002a),
	A6_NORDWR(0x1f8c0, 0x0000),
};

#define PROTECT(list) .protect = list, .nr_protect = ARRAY_SIZE(list)

/*
 * PRR (MSM_PARAM_HAS_PRR): arm-smmu-qcom.c qcom_adreno_smmu_init_context
 * gives the GPU's SMMU a PRR page when its node is "qcom,smmu-500" and
 * "qcom,adreno-smmu", but not "qcom,sm8250-smmu-500". The SoCs' device
 * trees: msm8996, sdm845 and sc7180 have smmu-v2 GPU SMMUs (no PRR);
 * sm8350, sc8280xp, sm8550 and sm8650 smmu-500 ones (PRR).
 */
#define HAS_PRR .has_prr = true

/* Pre-a6xx parts have no per-process page tables: one VM from 16 MiB to 4 GiB. */
static const struct msm_chip_info a530 = {
	.gen = 5, .revn = 530, .chip_id = 0x05030002, .gmem = SZ_1M, .gmem_base = 0x100000,
	.max_freq = 624000000, .nr_rings = 4, PROTECT(a530_protect),
};
static const struct msm_chip_info a618 = {
	.cached_coherent = true,
	.gen = 6, .revn = 618, .chip_id = 0x06010800, .gmem = SZ_1M / 2, .gmem_base = 0x100000,
	.max_freq = 800000000, .va_size = SZ_4G, .nr_rings = 1, PROTECT(a630_protect),
};
static const struct msm_chip_info a630 = {
	.gen = 6, .revn = 630, .chip_id = 0x06030002, .gmem = SZ_1M, .gmem_base = 0x100000,
	.max_freq = 710000000, .va_size = SZ_4G, .nr_rings = 1, PROTECT(a630_protect),
};
static const struct msm_chip_info a660 = {
	.cached_coherent = true,
	HAS_PRR,
	.gen = 6, .revn = 660, .chip_id = 0x06060001, .gmem = SZ_1M + SZ_1M / 2, .gmem_base = 0,
	.max_freq = 840000000, .va_size = SZ_16G, .nr_rings = 1, PROTECT(a660_protect),
};
static const struct msm_chip_info a690 = {
	.cached_coherent = true,
	HAS_PRR,
	.gen = 6, .revn = 0, .chip_id = 0x06090000, .gmem = 4 * SZ_1M, .gmem_base = 0,
	.max_freq = 900000000, .va_size = SZ_16G, .nr_rings = 1, PROTECT(a690_protect),
};
static const struct msm_chip_info a740 = {
	.cached_coherent = true,
	HAS_PRR,
	.gen = 7, .revn = 0, .chip_id = 0x43050a01, .gmem = 3 * SZ_1M, .gmem_base = 0,
	.max_freq = 680000000, .va_size = SZ_16G, .nr_rings = 1, PROTECT(a730_protect),
};
static const struct msm_chip_info a750 = {
	.cached_coherent = true,
	HAS_PRR,
	.gen = 7, .revn = 0, .chip_id = 0x43051401, .gmem = 3 * SZ_1M, .gmem_base = 0,
	.max_freq = 903000000, .va_size = SZ_16G, .nr_rings = 1, PROTECT(a730_protect),
};

#define CHIP(n, soc, addr, compat, info)                                        \
	{ .name = n, .marketing = "Adreno " soc, .bus = MODEL_BUS_PLATFORM,      \
	  .of_fullname = "/soc@0/gpu@" addr, .sysfs_name = addr ".gpu",         \
	  .compatible = (const char *const[]){ compat, "qcom,adreno", NULL },   \
	  .data = &info }

/* The first is the default chip of DRMSUB_MODEL=msm. */
const struct model_chip msm_model_chips[MSM_MODEL_NR_CHIPS] = {
	CHIP("a630", "630 (SDM845)", "5000000", "qcom,adreno-630.2", a630),
	CHIP("a618", "618 (SC7180)", "5000000", "qcom,adreno-618.0", a618),
	CHIP("a530", "530 (MSM8996)", "b00000", "qcom,adreno-530.2", a530),
	CHIP("a660", "660 (SM8350)", "3d00000", "qcom,adreno-660.1", a660),
	CHIP("a690", "690 (SC8280XP)", "3d00000", "qcom,adreno-690.0", a690),
	CHIP("a740", "740 (SM8550)", "3d00000", "qcom,adreno-43050a01", a740),
	CHIP("a750", "750 (SM8650)", "3d00000", "qcom,adreno-43051401", a750),
};

const struct msm_chip_info *msm_chip_info(const struct model_device *dev)
{
	return model_device_chip(dev)->data;
}
