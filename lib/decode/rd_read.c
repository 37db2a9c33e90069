// SPDX-License-Identifier: MIT
/*
 * The .rd reader (format in decode/rd.h): sections into GPU buffers and
 * command streams. A section that claims more bytes than are left ends
 * reading with dec_input.truncated set; what came before is kept.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode/decode.h"
#include "decode/internal.h"

static uint32_t get32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The reading state across sections. */
struct rd_reader {
	struct dec_input *in;
	unsigned submit;
	bool cmd_seen;			/* a cmdstream since the last RD_GPUADDR */
	const uint8_t *pending;		/* the last RD_GPUADDR payload */
	uint32_t pending_len;
	const char *label;		/* the last RD_CMD */
};

/*
 * The address of an RD_GPUADDR or RD_CMDSTREAM_ADDR payload: the low word
 * first, the high word after the size when the payload has one (12 bytes).
 */
static uint64_t rd_addr(const uint8_t *p, uint32_t len)
{
	uint64_t addr = get32(p);

	if (len >= 12)
		addr |= (uint64_t)get32(p + 8) << 32;
	return addr;
}

__attribute__((format(printf, 3, 4)))
static int truncated(struct dec_input *in, size_t off, const char *fmt, ...)
{
	va_list ap;

	in->truncated = true;
	in->trunc_offset = off;
	va_start(ap, fmt);
	vsnprintf(in->trunc_reason, sizeof(in->trunc_reason), fmt, ap);
	va_end(ap);
	return -1;
}

static void read_section(struct rd_reader *r, uint32_t type, const uint8_t *p, uint32_t len)
{
	struct dec_input *in = r->in;

	switch (type) {
	case RD_GPU_ID:
		if (len >= 4) {
			in->gpu_id = get32(p);
			in->has_gpu_id = true;
		}
		break;
	case RD_CHIP_ID:
		if (len >= 8) {
			in->chip_id = get32(p) | (uint64_t)get32(p + 4) << 32;
			in->has_chip_id = true;
		}
		break;
	case RD_CMD: {
		char *s = strndup((const char *)p, len);

		in->strings = dec_grow(in->strings, in->nstrings, sizeof(char *));
		in->strings[in->nstrings++] = s;
		r->label = s;
		break;
	}
	case RD_GPUADDR:
		/* cffdump's rule: buffers after a cmdstream start the next submit */
		if (r->cmd_seen) {
			r->submit++;
			r->cmd_seen = false;
		}
		r->pending = p;
		r->pending_len = len;
		break;
	case RD_BUFFER_CONTENTS:
		if (r->pending && r->pending_len >= 8) {
			uint32_t bsize = get32(r->pending + 4);

			dec_input_add_buf(in, rd_addr(r->pending, r->pending_len), p,
					  bsize < len ? bsize : len, r->submit);
		}
		r->pending = NULL;
		break;
	case RD_CMDSTREAM_ADDR:
		if (len >= 8) {
			in->cmds = dec_grow(in->cmds, in->ncmds, sizeof(*in->cmds));
			in->cmds[in->ncmds++] = (struct dec_cmd){
				.gpuaddr = rd_addr(p, len), .ndwords = get32(p + 4),
				.submit = r->submit, .label = r->label,
			};
			r->cmd_seen = true;
		}
		break;
	default:
		break;
	}
}

int dec_rd_parse(struct dec_input *in, const uint8_t *data, size_t size)
{
	struct rd_reader r = { .in = in };
	size_t off = 0;

	while (off + 8 <= size) {
		uint32_t type = get32(data + off), len = get32(data + off + 4);

		/* blob/libwrap captures pad with 0xffffffff pairs */
		if (type == 0xffffffffu && len == 0xffffffffu) {
			off += 8;
			continue;
		}
		if ((int32_t)len < 0 || len > size - off - 8)
			return truncated(in, off, "section type %u claims %u bytes, %zu left", type,
					 len, size - off - 8);
		read_section(&r, type, data + off + 8, len);
		off += 8 + (size_t)len;
	}
	if (off < size)
		return truncated(in, off, "%zu bytes after the last section are not a section header",
				 size - off);
	return 0;
}
