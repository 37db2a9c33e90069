// SPDX-License-Identifier: MIT
/*
 * core_gem: GEM objects as the DRM core manages them: per-file handle
 * tables, GEM_CLOSE, flink names, PRIME dma-bufs shared between files,
 * CPU mappings through the node's fake offsets, and object lifetime.
 */
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core_common.h"

IGT_TEST_DESCRIPTION("GEM handles, flink, PRIME and mmap through the DRM core on the first "
		     "msm, nouveau or radeon device.");

static int fd = -1;

/* Word @i of the dma-buf @dmabuf, @size bytes, set to @value through a mapping of it. */
static void dmabuf_write32(int dmabuf, size_t size, unsigned int i, uint32_t value)
{
	uint32_t *map = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, dmabuf, 0);

	igt_assert(map != MAP_FAILED);
	map[i] = value;
	munmap(map, size);
}

/* Word @i of the dma-buf @dmabuf, @size bytes, read through a read-only mapping. */
static uint32_t dmabuf_read32(int dmabuf, size_t size, unsigned int i)
{
	uint32_t *map = mmap(NULL, size, PROT_READ, MAP_SHARED, dmabuf, 0);
	uint32_t value;

	igt_assert(map != MAP_FAILED);
	value = map[i];
	munmap(map, size);
	return value;
}

igt_main
{
	igt_fixture
		fd = core_open(DRMSUB_NODE_RENDER);

	igt_describe("Handles are per file and the lowest free number is reused (idr_alloc).");
	igt_subtest("handle-numbers") {
		int other = core_open(DRMSUB_NODE_RENDER);
		uint32_t a = core_bo_new(fd, 4096, NULL), b = core_bo_new(fd, 4096, NULL);
		struct drm_gem_close req = { .handle = b };

		igt_assert_neq_u32(a, b);
		core_bo_close(fd, a);
		igt_assert_eq_u32(core_bo_new(fd, 4096, NULL), a);
		do_ioctl_err(other, DRM_IOCTL_GEM_CLOSE, &req, EINVAL,
			     "drm_gem: another file's handle is unknown here");
		core_bo_close(fd, a);
		core_bo_close(fd, b);
		close(other);
	}

	igt_describe("GEM_CLOSE of an unknown handle is EINVAL, a second close too.");
	igt_subtest("close-invalid") {
		struct drm_gem_close req = { .handle = core_bo_new(fd, 4096, NULL) };

		do_ioctl(fd, DRM_IOCTL_GEM_CLOSE, &req);
		do_ioctl_err(fd, DRM_IOCTL_GEM_CLOSE, &req, EINVAL,
			     "drm_gem: GEM_CLOSE of an unknown handle is EINVAL");
		req.handle = 0;
		do_ioctl_err(fd, DRM_IOCTL_GEM_CLOSE, &req, EINVAL, "drm_gem: handle 0 is never valid");
	}

	igt_describe("flink names: FLINK of an unknown handle is ENOENT; GEM_OPEN finds the "
		     "object and reports its size; the name goes with the last handle (ENOENT).");
	igt_subtest("flink") {
		int card = core_open(DRMSUB_NODE_PRIMARY);
		uint32_t h = core_bo_new(card, 8192, NULL);
		struct drm_gem_flink flink = { .handle = 0x777 }, again;
		struct drm_gem_open op = { 0 };

		do_ioctl_err(card, DRM_IOCTL_GEM_FLINK, &flink, ENOENT, "drm_gem: unknown handle");
		flink.handle = h;
		do_ioctl(card, DRM_IOCTL_GEM_FLINK, &flink);
		again = flink;
		do_ioctl(card, DRM_IOCTL_GEM_FLINK, &again);
		igt_assert_eq_u32(again.name, flink.name);
		op.name = flink.name;
		do_ioctl(card, DRM_IOCTL_GEM_OPEN, &op);
		igt_assert_eq_u64(op.size, 8192);
		igt_assert_neq_u32(op.handle, h);
		core_bo_close(card, op.handle);
		core_bo_close(card, h);
		do_ioctl_err(card, DRM_IOCTL_GEM_OPEN, &op, ENOENT,
			     "drm_gem: the name goes with the last handle");
		close(card);
	}

	igt_describe("PRIME export and import in one file give back the same handle; another "
		     "file gets its own handle; the dma-buf maps the object's memory.");
	igt_subtest("prime-roundtrip") {
		int other = core_open(DRMSUB_NODE_RENDER);
		uint32_t h = core_bo_new(fd, 8192, NULL), h2, h3, h4;
		int dmabuf, dmabuf2;

		igt_assert_eq(drmPrimeHandleToFD(fd, h, DRM_CLOEXEC | DRM_RDWR, &dmabuf), 0);
		igt_assert_eq(drmPrimeFDToHandle(fd, dmabuf, &h2), 0);
		igt_assert_eq_u32(h2, h);
		igt_assert_eq(drmPrimeFDToHandle(other, dmabuf, &h3), 0);
		igt_assert_eq(drmPrimeFDToHandle(other, dmabuf, &h4), 0);
		igt_assert_eq_u32(h4, h3);
		igt_assert_eq(drmPrimeHandleToFD(other, h3, DRM_CLOEXEC, &dmabuf2), 0);
		dmabuf_write32(dmabuf, 8192, 1, 0xdeadbeef);
		igt_assert_eq_u32(dmabuf_read32(dmabuf2, 8192, 1), 0xdeadbeef);
		close(dmabuf2);
		core_bo_close(fd, h);
		close(dmabuf);
		core_bo_close(other, h3);
		close(other);
	}

	igt_describe("A dma-buf keeps the object alive after its last handle: importing it "
		     "again gives a handle to the same memory.");
	igt_subtest("prime-lifetime") {
		uint32_t h = core_bo_new(fd, 4096, NULL);
		uint32_t *map;
		int dmabuf;

		igt_assert_eq(drmPrimeHandleToFD(fd, h, DRM_CLOEXEC | DRM_RDWR, &dmabuf), 0);
		map = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, dmabuf, 0);
		igt_assert(map != MAP_FAILED);
		map[0] = 0xcafe;
		core_bo_close(fd, h);
		igt_assert_eq(drmPrimeFDToHandle(fd, dmabuf, &h), 0);
		close(dmabuf);
		igt_assert_eq(drmPrimeHandleToFD(fd, h, DRM_CLOEXEC, &dmabuf), 0);
		munmap(map, 4096);
		igt_assert_eq_u32(dmabuf_read32(dmabuf, 4096, 0), 0xcafe);
		close(dmabuf);
		core_bo_close(fd, h);
	}

	igt_describe("A dma-buf exported without DRM_RDWR is read-only: a writable shared "
		     "mapping is refused.");
	igt_subtest("prime-readonly") {
		uint32_t h = core_bo_new(fd, 4096, NULL);
		int dmabuf;

		igt_assert_eq(drmPrimeHandleToFD(fd, h, DRM_CLOEXEC, &dmabuf), 0);
		igt_assert(mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, dmabuf, 0) ==
			   MAP_FAILED);
		igt_assert_eq(errno, EACCES);
		close(dmabuf);
		core_bo_close(fd, h);
	}

	igt_describe("PRIME_FD_TO_HANDLE: a closed fd is EBADF, a non-dma-buf fd EINVAL; "
		     "HANDLE_TO_FD of an unknown handle is ENOENT, unknown flags EINVAL.");
	igt_subtest("prime-invalid") {
		uint32_t h;
		int out;

		igt_assert_errno(LIBDRM_ERR(drmPrimeFDToHandle(fd, 1000, &h)), EBADF,
				 "dma_buf_get: not an open fd");
		igt_assert_errno(LIBDRM_ERR(drmPrimeFDToHandle(fd, fd, &h)), EINVAL,
				 "dma_buf_get: not a dma-buf");
		igt_assert_errno(LIBDRM_ERR(drmPrimeHandleToFD(fd, 0x7777, 0, &out)), ENOENT,
				 "drm_prime: unknown handle");
		igt_assert_errno(LIBDRM_ERR(drmPrimeHandleToFD(fd, 1, 0x1, &out)), EINVAL,
				 "drm_prime: flags beyond CLOEXEC|RDWR");
	}

	igt_describe("mmap at an object's fake offset maps its memory; another offset or a "
		     "longer length is EINVAL, a file without a handle gets EACCES; the "
		     "mapping outlives the handle.");
	igt_subtest("mmap-offset") {
		int other = core_open(DRMSUB_NODE_RENDER);
		uint64_t offset;
		uint32_t h = core_bo_new(fd, 8192, &offset);
		uint32_t *map;

		igt_require_f(offset, "%s has no mmap offset in its create ioctl\n", core_driver);
		igt_assert(mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, offset + 4096) == MAP_FAILED);
		igt_assert_eq(errno, EINVAL);
		igt_assert(mmap(NULL, 3 * 4096, PROT_READ, MAP_SHARED, fd, offset) == MAP_FAILED);
		igt_assert_eq(errno, EINVAL);
		igt_assert(mmap(NULL, 4096, PROT_READ, MAP_SHARED, other, offset) == MAP_FAILED);
		igt_assert_eq(errno, EACCES);
		map = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, fd, offset);
		igt_assert(map != MAP_FAILED);
		igt_assert_eq_u32(map[100], 0);
		core_bo_close(fd, h);
		map[100] = 42;
		igt_assert_eq_u32(map[100], 42);
		munmap(map, 8192);
		close(other);
	}

	igt_describe("Closing the DRM fd releases every handle: a new file starts at handle 1.");
	igt_subtest("close-releases") {
		int f = core_open(DRMSUB_NODE_RENDER);

		core_bo_new(f, 4096, NULL);
		core_bo_new(f, 4096, NULL);
		close(f);
		f = core_open(DRMSUB_NODE_RENDER);
		igt_assert_eq_u32(core_bo_new(f, 4096, NULL), 1);
		close(f);
	}

	igt_fixture
		close(fd);
}
