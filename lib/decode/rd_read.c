// SPDX-License-Identifier: MIT
/*
 * The .rd reader (format in decode/rd.h): sections into GPU buffers and
 * command streams. A section that claims more bytes than are left ends
 * reading with dec_input.truncated set; what came before is kept.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode/decode.h"
#include "decode/internal.h"

static uint32_t get32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

int dec_rd_parse(struct dec_input *in, const uint8_t *data, size_t size)
{
	size_t off = 0;
	unsigned submit = 0;
	bool cmd_seen = false;	/* a cmdstream since the last RD_GPUADDR */
	const uint8_t *pending = NULL;	/* the last RD_GPUADDR payload */
	uint32_t pending_len = 0;
	const char *label = NULL;

	while (off + 8 <= size) {
		uint32_t type = get32(data + off), len = get32(data + off + 4);
		const uint8_t *p = data + off + 8;

		/* blob/libwrap captures pad with 0xffffffff pairs */
		if (type == 0xffffffffu && len == 0xffffffffu) {
			off += 8;
			continue;
		}
		if ((int32_t)len < 0 || len > size - off - 8) {
			in->truncated = true;
			in->trunc_offset = off;
			snprintf(in->trunc_reason, sizeof(in->trunc_reason),
				 "section type %u claims %u bytes, %zu left", type, len,
				 size - off - 8);
			return -1;
		}
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
			label = s;
			break;
		}
		case RD_GPUADDR:
			/* cffdump's rule: buffers after a cmdstream start the next submit */
			if (cmd_seen) {
				submit++;
				cmd_seen = false;
			}
			pending = p;
			pending_len = len;
			break;
		case RD_BUFFER_CONTENTS:
			if (pending && pending_len >= 8) {
				uint64_t addr = get32(pending);
				uint32_t bsize = get32(pending + 4);

				if (pending_len >= 12)
					addr |= (uint64_t)get32(pending + 8) << 32;
				dec_input_add_buf(in, addr, p, bsize < len ? bsize : len, submit);
			}
			pending = NULL;
			break;
		case RD_CMDSTREAM_ADDR:
			if (len >= 8) {
				uint64_t addr = get32(p);

				if (len >= 12)
					addr |= (uint64_t)get32(p + 8) << 32;
				in->cmds = dec_grow(in->cmds, in->ncmds, sizeof(*in->cmds));
				in->cmds[in->ncmds++] = (struct dec_cmd){
					.gpuaddr = addr, .ndwords = get32(p + 4),
					.submit = submit, .label = label,
				};
				cmd_seen = true;
			}
			break;
		default:
			break;
		}
		off += 8 + (size_t)len;
	}
	if (off < size) {
		in->truncated = true;
		in->trunc_offset = off;
		snprintf(in->trunc_reason, sizeof(in->trunc_reason),
			 "%zu bytes after the last section are not a section header", size - off);
		return -1;
	}
	return 0;
}
