// SPDX-License-Identifier: MIT
/*
 * A writer of freedreno .rd captures (section layout: u32 type, u32 byte
 * size, payload; little-endian), plain or gzip'd through zlib. The msm
 * harness uses it to capture what it submits; the tests use it to make
 * inputs for the decoder.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "decode/rd.h"

struct rd_writer {
	gzFile f;
	bool failed;
};

static struct rd_writer *open_mode(const char *path, const char *mode)
{
	struct rd_writer *w = calloc(1, sizeof(*w));

	if (!w)
		return NULL;
	w->f = gzopen(path, mode);
	if (!w->f) {
		int e = errno ? errno : ENOMEM;

		free(w);
		errno = e;
		return NULL;
	}
	return w;
}

struct rd_writer *rd_writer_open(const char *path, bool gzip)
{
	/* "T": zlib writes the bytes unchanged (a plain .rd) */
	return open_mode(path, gzip ? "wb9" : "wbT");
}

struct rd_writer *rd_writer_append(const char *path)
{
	return open_mode(path, "abT");
}

static void put(struct rd_writer *w, const void *data, uint32_t size)
{
	if (size && gzwrite(w->f, data, size) != (int)size)
		w->failed = true;
}

static void put32(struct rd_writer *w, uint32_t v)
{
	uint8_t b[4] = { v, v >> 8, v >> 16, v >> 24 };

	put(w, b, 4);
}

int rd_write_section(struct rd_writer *w, enum rd_section type, const void *data,
		     uint32_t size)
{
	put32(w, type);
	put32(w, size);
	put(w, data, size);
	return w->failed ? -1 : 0;
}

static int write_words(struct rd_writer *w, enum rd_section type, const uint32_t *v,
		       unsigned n)
{
	put32(w, type);
	put32(w, n * 4);
	for (unsigned i = 0; i < n; i++)
		put32(w, v[i]);
	return w->failed ? -1 : 0;
}

int rd_write_gpu_id(struct rd_writer *w, uint32_t gpu_id)
{
	return write_words(w, RD_GPU_ID, &gpu_id, 1);
}

int rd_write_chip_id(struct rd_writer *w, uint64_t chip_id)
{
	uint32_t v[2] = { (uint32_t)chip_id, (uint32_t)(chip_id >> 32) };

	return write_words(w, RD_CHIP_ID, v, 2);
}

int rd_write_cmd(struct rd_writer *w, const char *text)
{
	size_t len = strlen(text);
	char pad[4] = { 0 };

	/* NUL-terminated and padded to a dword, as the kernel writes it */
	put32(w, RD_CMD);
	put32(w, (uint32_t)((len + 4) & ~(size_t)3));
	put(w, text, (uint32_t)len);
	put(w, pad, (uint32_t)(((len + 4) & ~(size_t)3) - len));
	return w->failed ? -1 : 0;
}

int rd_write_buffer(struct rd_writer *w, uint64_t gpuaddr, const void *data, uint32_t size)
{
	uint32_t addr[3] = { (uint32_t)gpuaddr, size, (uint32_t)(gpuaddr >> 32) };

	write_words(w, RD_GPUADDR, addr, 3);
	return rd_write_section(w, RD_BUFFER_CONTENTS, data, size);
}

int rd_write_cmdstream(struct rd_writer *w, uint64_t gpuaddr, uint32_t ndwords)
{
	uint32_t v[3] = { (uint32_t)gpuaddr, ndwords, (uint32_t)(gpuaddr >> 32) };

	return write_words(w, RD_CMDSTREAM_ADDR, v, 3);
}

int rd_writer_close(struct rd_writer *w)
{
	int ret = w->failed ? -1 : 0;

	if (gzclose(w->f) != Z_OK)
		ret = -1;
	free(w);
	return ret;
}
