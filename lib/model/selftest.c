// SPDX-License-Identifier: MIT
/*
 * Entry points for the model's own unit tests (tests/model_*.c), found
 * with dlsym(RTLD_DEFAULT) when the library is preloaded. They reach the
 * GPU core, which has no UAPI of its own until drivers queue jobs; nothing
 * here is reachable through an ioctl.
 */
#include <errno.h>

#include "model/model.h"
#include "model/fence.h"

int drmsub_model_test_submit(unsigned int device, struct model_job *job, struct model_fence **fence);
int drmsub_model_test_wait(struct model_fence *fence, int64_t deadline_ns);
int drmsub_model_test_wait_wakeups(struct model_fence *fence, int64_t deadline_ns,
				   unsigned int *wakeups);
void drmsub_model_test_fence_put(struct model_fence *fence);
unsigned int drmsub_model_test_hangcheck_ms(void);
int drmsub_model_test_sync_file(struct model_fence *fence);
void *drmsub_model_test_bo_vaddr(int fd, uint32_t handle);

int drmsub_model_test_submit(unsigned int device, struct model_job *job, struct model_fence **fence)
{
	int ret;

	if (!model_active() || device >= model_config.nr_devices)
		return -ENODEV;
	pthread_mutex_lock(&model_lock);
	ret = model_gpu_submit(&model_config.devices[device], job, fence);
	pthread_mutex_unlock(&model_lock);
	return ret;
}

/*
 * 0 when signalled without error, the fence's -errno, or -ETIMEDOUT when
 * the deadline passed first: a distinct code, so that a test can tell a
 * fence the hangcheck ended with -ETIME from a wait that gave up.
 */
int drmsub_model_test_wait(struct model_fence *fence, int64_t deadline_ns)
{
	return drmsub_model_test_wait_wakeups(fence, deadline_ns, NULL);
}

/* The same, counting in @wakeups how often the waiting thread woke up. */
int drmsub_model_test_wait_wakeups(struct model_fence *fence, int64_t deadline_ns,
				   unsigned int *wakeups)
{
	int ret;

	pthread_mutex_lock(&model_lock);
	ret = model_fence_wait_counted(fence, deadline_ns, wakeups);
	if (ret == -ETIME)
		ret = -ETIMEDOUT;
	else if (!ret)
		ret = fence->error;
	pthread_mutex_unlock(&model_lock);
	return ret;
}

void drmsub_model_test_fence_put(struct model_fence *fence)
{
	pthread_mutex_lock(&model_lock);
	model_fence_put(fence);
	pthread_mutex_unlock(&model_lock);
}

unsigned int drmsub_model_test_hangcheck_ms(void)
{
	return model_hangcheck_ms(&model_config.devices[0]);
}

/* A sync_file fd for @fence, as a driver's submit ioctl would return one. */
int drmsub_model_test_sync_file(struct model_fence *fence)
{
	int fd, ret;

	pthread_mutex_lock(&model_lock);
	ret = model_sync_file_create(fence, &fd);
	pthread_mutex_unlock(&model_lock);
	return ret ? ret : fd;
}

/* The GPU's view of the object @handle of the DRM fd @fd, or NULL. */
void *drmsub_model_test_bo_vaddr(int fd, uint32_t handle)
{
	struct model_fd_ref ref;
	struct model_bo *bo;
	void *vaddr = NULL;

	if (!model_active())
		return NULL;
	pthread_mutex_lock(&model_lock);
	ref = model_fd_lookup(fd);
	bo = ref.kind == MODEL_FD_DRM ? model_gem_lookup(ref.obj, handle) : NULL;
	if (bo) {
		vaddr = model_bo_vaddr(bo);
		model_bo_put_locked(bo);
	}
	pthread_mutex_unlock(&model_lock);
	return vaddr;
}
