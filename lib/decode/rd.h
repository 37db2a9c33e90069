/* SPDX-License-Identifier: MIT */
/*
 * freedreno .rd captures: the section types and a writer.
 *
 * An .rd file is a run of sections {u32 type, u32 byte size, payload},
 * little-endian, optionally gzip'd: RD_GPU_ID/RD_CHIP_ID name the GPU,
 * RD_GPUADDR {iova_lo, size, iova_hi} + RD_BUFFER_CONTENTS give one
 * buffer, RD_CMDSTREAM_ADDR {iova_lo, dwords, iova_hi} one command stream
 * to decode (Mesa's redump.h and the kernel's msm_rd.c write the same).
 * The msm harness captures its submits with this writer; drmsub-decode
 * (lib/decode/input.c) reads them.
 */
#ifndef DRMSUB_DECODE_RD_H
#define DRMSUB_DECODE_RD_H

#include <stdbool.h>
#include <stdint.h>

enum rd_section {
	RD_NONE = 0,
	RD_TEST = 1,
	RD_CMD = 2,
	RD_GPUADDR = 3,
	RD_CONTEXT = 4,
	RD_CMDSTREAM = 5,
	RD_CMDSTREAM_ADDR = 6,
	RD_PARAM = 7,
	RD_FLUSH = 8,
	RD_PROGRAM = 9,
	RD_VERT_SHADER = 10,
	RD_FRAG_SHADER = 11,
	RD_BUFFER_CONTENTS = 12,
	RD_GPU_ID = 13,
	RD_CHIP_ID = 14,
};

/* A writer of .rd captures, for the msm harness and the tests. */
struct rd_writer;

/* @gzip: write .rd.gz. Returns NULL with errno set on failure. */
struct rd_writer *rd_writer_open(const char *path, bool gzip);
/*
 * Append plain .rd sections to @path (created if missing): a capture that
 * grows one submit at a time, closed after each, so nothing is lost when a
 * process ends with _exit or a crash.
 */
struct rd_writer *rd_writer_append(const char *path);
int rd_write_section(struct rd_writer *w, enum rd_section type, const void *data,
		     uint32_t size);
int rd_write_gpu_id(struct rd_writer *w, uint32_t gpu_id);
int rd_write_chip_id(struct rd_writer *w, uint64_t chip_id);
/* RD_CMD: the submit's label, e.g. "deqp/1234: fence=5" */
int rd_write_cmd(struct rd_writer *w, const char *text);
/* RD_GPUADDR + RD_BUFFER_CONTENTS */
int rd_write_buffer(struct rd_writer *w, uint64_t gpuaddr, const void *data, uint32_t size);
/* RD_CMDSTREAM_ADDR: @ndwords at @gpuaddr (inside a buffer written before) */
int rd_write_cmdstream(struct rd_writer *w, uint64_t gpuaddr, uint32_t ndwords);
/* Returns 0, or -1 if any write failed. Frees @w. */
int rd_writer_close(struct rd_writer *w);

#endif
