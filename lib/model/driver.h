/* SPDX-License-Identifier: MIT */
/*
 * The interface between the device model's DRM core (lib/model) and the
 * per-driver models (msm/model, nouveau/model, radeon/model).
 *
 * A driver describes itself with a const struct model_driver and registers
 * it with MODEL_DRIVER(); the core then offers its chips in DRMSUB_MODEL,
 * answers DRM_IOCTL_VERSION and GET_CAP from it, and dispatches ioctl
 * numbers DRM_COMMAND_BASE + i to ioctls[i] with drm_ioctl's size and
 * permission rules. Handlers run with the model lock held (see model.h)
 * and return 0 or a negative errno, never set errno themselves.
 */
#ifndef DRMSUB_MODEL_DRIVER_H
#define DRMSUB_MODEL_DRIVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

struct model_device;
struct model_file;
struct model_bo;
struct model_job;
struct model_fence;

/* drm_ioctl_desc flags, as the kernel's DRM_AUTH ... DRM_RENDER_ALLOW. */
#define MODEL_AUTH		(1u << 0)
#define MODEL_MASTER		(1u << 1)
#define MODEL_ROOT_ONLY		(1u << 2)
#define MODEL_RENDER_ALLOW	(1u << 5)

/* drm_driver.driver_features bits the core looks at. */
#define MODEL_FEAT_GEM			(1u << 0)
#define MODEL_FEAT_MODESET		(1u << 1)
#define MODEL_FEAT_RENDER		(1u << 3)
#define MODEL_FEAT_ATOMIC		(1u << 4)
#define MODEL_FEAT_SYNCOBJ		(1u << 5)
#define MODEL_FEAT_SYNCOBJ_TIMELINE	(1u << 6)

typedef int (*model_ioctl_fn)(struct model_file *file, void *data);

struct model_ioctl_desc {
	unsigned int cmd;	/* the kernel's request: direction and size */
	model_ioctl_fn func;
	unsigned int flags;	/* MODEL_AUTH ... MODEL_RENDER_ALLOW */
	const char *name;	/* "DRM_IOCTL_MSM_GEM_SUBMIT", for debug lines */
};

/*
 * One table entry. @name is a string literal given by the table itself:
 * stringifying @req here would show whatever macros the request was
 * built from, not its name.
 */
#define MODEL_IOCTL(nm, req, fn, fl) { .cmd = (req), .func = (fn), .flags = (fl), .name = (nm) }

enum model_bus {
	MODEL_BUS_PCI,
	MODEL_BUS_PLATFORM,
};

/* One chip a driver can present: its bus identity as sysfs shows it. */
struct model_chip {
	const char *name;		/* DRMSUB_MODEL spelling: "a630", "gm20b" */
	const char *marketing;		/* for humans: "Adreno 630 (SDM845)" */
	enum model_bus bus;
	/* PCI */
	uint16_t vendor, device, subvendor, subdevice;
	uint8_t revision;
	uint32_t pci_class;
	/* platform (device tree) */
	const char *of_fullname;	/* "/soc@0/gpu@5000000" */
	const char *sysfs_name;		/* "5000000.gpu": directory under /sys/devices/platform */
	const char *const *compatible;	/* NULL-terminated, most specific first */
	const void *data;		/* driver facts about the chip */
};

struct model_version {
	int major, minor, patchlevel;
	const char *date;		/* the driver's date; the core reports "0" from 6.14 */
};

/*
 * A debugfs_create_bool file in the device's DRM debugfs directory
 * (debugfs.c), such as msm's disable_err_irq: the driver's flag it reads
 * and sets. The GPU thread may read the flag while a program writes it:
 * both sides use relaxed atomics.
 */
struct model_debugfs_bool {
	const char *name;
	bool *(*value)(struct model_device *dev);
};

struct model_driver {
	const char *name;		/* DRM driver name: "msm" */
	const char *desc;
	unsigned int features;		/* MODEL_FEAT_* of every modelled kernel */
	/* Optional: features that depend on the kernel version, added to the above. */
	unsigned int (*kernel_features)(const struct model_device *dev);
	const struct model_chip *chips;	/* the first is the default */
	/* How long a job may make no progress before the kernel resets (ms). */
	unsigned int hangcheck_ms;
	unsigned int nr_chips;
	const struct model_ioctl_desc *ioctls;	/* index = nr - DRM_COMMAND_BASE */
	unsigned int num_ioctls;
	/* Optional: the driver's debugfs_init files the model serves. */
	const struct model_debugfs_bool *debugfs_bools;
	unsigned int nr_debugfs_bools;

	/* Version for the kernel being modelled (model_kernel_at_least). */
	void (*version)(const struct model_device *dev, struct model_version *v);
	/* Optional hooks. */
	int (*device_init)(struct model_device *dev);
	int (*file_open)(struct model_file *file);
	void (*file_close)(struct model_file *file);
	void (*bo_free)(struct model_bo *bo);
	/* gem_object_funcs.export: 0, or the -errno PRIME_HANDLE_TO_FD returns. */
	int (*gem_export)(struct model_bo *bo);
	/*
	 * The hangcheck saw @job make no progress for a whole period. Called
	 * with the model lock held; the driver resets what it models and
	 * normally ends the job with model_job_cancel(). Without this hook
	 * the core cancels the job with -ETIME.
	 */
	void (*recover)(struct model_device *dev, struct model_job *job);
};

/*
 * Registration: a pointer in a named section, collected by the core through
 * the linker's __start_/__stop_ symbols, so no constructor order matters.
 */
#define MODEL_DRIVER(drv)                                                       \
	static const struct model_driver *const drvreg_##drv                    \
		__attribute__((used, section("drmsub_model_drivers"))) = &drv

/* ---- services of the core for drivers -------------------------------- */

/* The chip of a device and the driver's per-device state. */
const struct model_chip *model_device_chip(const struct model_device *dev);
void *model_device_priv(const struct model_device *dev);
void model_device_set_priv(struct model_device *dev, void *priv);
struct model_device *model_file_device(const struct model_file *file);
void *model_file_priv(const struct model_file *file);
void model_file_set_priv(struct model_file *file, void *priv);

/*
 * The size the caller encoded in the request being handled (_IOC_SIZE),
 * for variable-size ioctls such as nouveau's NVIF, whose table entry has
 * size 0: the handler's buffer holds that many bytes.
 */
unsigned int model_ioctl_size(void);

/* DRMSUB_MODEL_KERNEL is at least @major.@minor. */
bool model_kernel_at_least(int major, int minor);

/*
 * Create a GEM object of @size bytes (page aligned by the caller's rules)
 * and a handle for it in @file. Returns 0 or -errno; the object's only
 * reference is then the handle.
 */
int model_gem_create(struct model_file *file, uint64_t size, uint32_t *handle,
		     struct model_bo **bo);
/* The object of @handle with a reference, or NULL; release with model_bo_put. */
struct model_bo *model_gem_lookup(struct model_file *file, uint32_t handle);
/* @handle names an object of @file: a lookup that keeps nothing (GEM_CPU_FINI). */
bool model_gem_handle_valid(struct model_file *file, uint32_t handle);
/* NULL is a no-op, as for drm_gem_object_put (include/drm/drm_gem.h). */
void model_bo_put(struct model_bo *bo);
/* Put each of @count objects (NULL ones too) and free their array. */
void model_bo_array_free(struct model_bo **bos, size_t count);
uint64_t model_bo_size(const struct model_bo *bo);
/* The fake offset for mmap() of the DRM fd (allocated on first use). */
uint64_t model_bo_mmap_offset(struct model_bo *bo);
/*
 * The object's memory as the model's GPU sees it: a shared mapping of the
 * same pages the program maps, so CPU and GPU writes are coherent. Mapped
 * on first use, unmapped when the object is freed; NULL if mapping fails.
 */
void *model_bo_vaddr(struct model_bo *bo);
/*
 * Hand that mapping to the driver, which munmaps it (model_bo_size bytes)
 * when its GPU's view of the pages ends, perhaps after the object: NULL
 * when it was never mapped. For the driver's bo_free.
 */
void *model_bo_take_vaddr(struct model_bo *bo);
void *model_bo_priv(const struct model_bo *bo);
void model_bo_set_priv(struct model_bo *bo, void *priv);

/* ---- the GPU: one thread per device, jobs in order per ring (gpu.c) --- */

#define MODEL_MAX_RINGS 8

struct model_job {
	unsigned int ring;		/* < MODEL_MAX_RINGS */
	/*
	 * Execute the job on the device's GPU thread, without the model lock.
	 * Report forward progress with model_job_progress(); wait for
	 * anything (a register, memory, a semaphore, recovery) only through
	 * model_job_poll_sleep(); return once model_job_cancelled() is true.
	 * Returns 0 or the -errno the job's fence completes with.
	 */
	int (*run)(struct model_job *job);
	void (*free)(struct model_job *job);	/* after the fence signalled */
	void *priv;

	/* owned by the core */
	struct model_device *dev;
	struct model_fence *fence;
	uint64_t progress;
	int64_t polled_ns;		/* GPU time credited by model_job_poll_sleep */
	int64_t stalled_ns;		/* credited time without progress when the hangcheck ended it */
	int cancel_error;
	bool cancelled;
	struct model_job *next;
};

/*
 * Queue @job on its ring; the core creates its fence, which signals when
 * the job has run. @fence (optional) receives a reference to it. Caller
 * holds the model lock (ioctl handlers do). 0 or -errno.
 */
int model_gpu_submit(struct model_device *dev, struct model_job *job, struct model_fence **fence);

/* The running job advanced (the hangcheck watches this counter). */
static inline void model_job_progress(struct model_job *job)
{
	__atomic_add_fetch(&job->progress, 1, __ATOMIC_RELAXED);
}

/* What one poll may credit at most, unless its own quantum is longer. */
#define MODEL_POLL_CREDIT_MAX_NS 1000000ll

static inline int64_t model_job_clock_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

/* Sleep @quantum_ns and credit the job the time slept, at most @cap_ns. */
static inline void model_job_sleep_credited(struct model_job *job, int64_t quantum_ns,
					    int64_t cap_ns)
{
	struct timespec q = { quantum_ns / 1000000000ll, quantum_ns % 1000000000ll };
	int64_t start = model_job_clock_ns(), slept;

	nanosleep(&q, NULL);
	slept = model_job_clock_ns() - start;
	__atomic_add_fetch(&job->polled_ns, slept < cap_ns ? slept : cap_ns, __ATOMIC_RELAXED);
}

/*
 * A polling job waits @quantum_ns before it looks again (CP_WAIT_REG_MEM,
 * a semaphore acquire). The time slept is credited to the job as GPU
 * time, which is what the hangcheck counts (gpu.c): a sleep that lasted
 * longer because the host did not run the GPU thread credits at most
 * MODEL_POLL_CREDIT_MAX_NS (or @quantum_ns when that is longer), so a
 * starved GPU thread — or a starved CPU thread that would have released
 * the wait — is not a hung GPU. Time a job spends otherwise without
 * progress, computing or descheduled, is not credited either: the model
 * being slow is no GPU hang.
 */
static inline void model_job_poll_sleep(struct model_job *job, int64_t quantum_ns)
{
	model_job_sleep_credited(job, quantum_ns, quantum_ns > MODEL_POLL_CREDIT_MAX_NS ?
							  quantum_ns : MODEL_POLL_CREDIT_MAX_NS);
}

/*
 * A job that can make no progress any more (a CP stopped by a fault)
 * waits @quantum_ns at a time for the hangcheck to end it. Nothing the
 * host could be late with would release it, so all the time it waits is
 * credited: it is ended one to one and a half periods after it stopped,
 * however loaded the host.
 */
static inline void model_job_stopped_sleep(struct model_job *job, int64_t quantum_ns)
{
	model_job_sleep_credited(job, quantum_ns, INT64_MAX);
}

static inline bool model_job_cancelled(struct model_job *job)
{
	return __atomic_load_n(&job->cancelled, __ATOMIC_ACQUIRE);
}

/* End @job early: run() sees model_job_cancelled(); its fence gets @error. */
static inline void model_job_cancel(struct model_job *job, int error)
{
	job->cancel_error = error;
	__atomic_store_n(&job->cancelled, true, __ATOMIC_RELEASE);
}

/* NULL is a no-op, as for dma_fence_put (include/linux/dma-fence.h). */
void model_fence_put(struct model_fence *f);
/* Put each of @count fences (NULL ones too) and free their array (which may be NULL). */
void model_fence_array_free(struct model_fence **fences, size_t count);

/* The ring seqno of @job's fence, and the last one queued on @ring (gpu.c). */
uint64_t model_job_seqno(const struct model_job *job);
uint64_t model_ring_last_seqno(const struct model_device *dev, unsigned int ring);

/* Debug line, printed when DRMSUB_MODEL_DEBUG is set. */
void model_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * The kernel's log (lib/model/kmsg.c): what the kernel would printk, with
 * its text and level, where it would; readers of /dev/kmsg on the model
 * and drmsub-run see it. model_dev_kmsg() prefixes "<driver> <device>: "
 * as dev_printk does (dev_err, dev_warn, DRM_DEV_ERROR, NV_PRINTK).
 */
#define MODEL_KERN_ERR		3
#define MODEL_KERN_WARNING	4
#define MODEL_KERN_INFO		6
void model_kmsg(unsigned int level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void model_dev_kmsg(const struct model_device *dev, unsigned int level, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The kernel's page size for size rounding. */
#define MODEL_PAGE_SIZE 4096u
#define MODEL_PAGE_ALIGN(x) (((x) + MODEL_PAGE_SIZE - 1) & ~(uint64_t)(MODEL_PAGE_SIZE - 1))

#endif
