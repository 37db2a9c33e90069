// SPDX-License-Identifier: MIT
/*
 * Inputs: the file is read whole (through zlib, which reads plain files
 * unchanged), then parsed as .rd, raw dwords or hex text into GPU buffers
 * and command streams (struct dec_input).
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "decode/decode.h"
#include "decode/internal.h"

void *dec_grow(void *p, size_t n, size_t size)
{
	if (n && (n & (n - 1)))
		return p;	/* still room: capacity is the next power of two */
	return dec_xrealloc(p, (n ? 2 * n : 1) * size);
}

void *dec_xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		abort();
	return p;
}

__attribute__((format(printf, 3, 4)))
static void seterr(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

/* Read all of @path, gunzipping if it is gzip'd. */
static int read_file(const char *path, uint8_t **data, size_t *size, char *err, size_t errlen)
{
	gzFile f = gzopen(path, "rb");
	size_t cap = 1 << 16, n = 0;
	uint8_t *buf;
	int r;

	if (!f) {
		seterr(err, errlen, "%s: %s", path, strerror(errno ? errno : ENOMEM));
		return -1;
	}
	buf = dec_xrealloc(NULL, cap);
	while ((r = gzread(f, buf + n, (unsigned)(cap - n))) > 0) {
		n += (size_t)r;
		if (n == cap)
			buf = dec_xrealloc(buf, cap *= 2);
	}
	if (r < 0) {
		int e;
		const char *msg = gzerror(f, &e);

		/* a cut-off .rd.gz: keep what was inflated */
		if (e != Z_BUF_ERROR && e != Z_DATA_ERROR) {
			seterr(err, errlen, "%s: read error after %zu bytes: %s", path, n, msg);
			gzclose(f);
			free(buf);
			return -1;
		}
	}
	gzclose(f);
	*data = buf;
	*size = n;
	return 0;
}

static void keep_blob(struct dec_input *in, void *blob)
{
	in->blobs = dec_grow(in->blobs, in->nblobs, sizeof(*in->blobs));
	in->blobs[in->nblobs++] = blob;
}

static bool looks_like_text(const uint8_t *d, size_t n)
{
	if (!n)
		return false;
	/* bytes >= 0x80: UTF-8 in comments */
	for (size_t i = 0; i < n; i++)
		if (d[i] < 0x80 && !isprint(d[i]) && !isspace(d[i]))
			return false;
	return true;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);

	return a >= b && !strcmp(s + a - b, suffix);
}

int dec_parse_hex(const char *text, size_t len, uint32_t **dwords, size_t *n,
		  const char *path, char *err, size_t errlen)
{
	size_t cap = 256, count = 0, line = 1;
	uint32_t *out = dec_xrealloc(NULL, cap * sizeof(*out));
	const char *p = text, *end = text + len;

	while (p < end) {
		const char *tok, *line_start;
		uint64_t v = 0;
		unsigned digits = 0;

		if (*p == '\n') {
			line++;
			p++;
			continue;
		}
		if (isspace((unsigned char)*p) || *p == ',') {
			p++;
			continue;
		}
		if (*p == '#') {
			while (p < end && *p != '\n')
				p++;
			continue;
		}
		tok = p;
		if (end - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
			p += 2;
		while (p < end && isxdigit((unsigned char)*p)) {
			v = v << 4 | (uint64_t)(isdigit((unsigned char)*p) ? *p - '0'
							   : (tolower((unsigned char)*p) - 'a' + 10));
			digits++;
			p++;
		}
		if (!digits || digits > 8 ||
		    (p < end && !isspace((unsigned char)*p) && *p != ',' && *p != '#')) {
			for (line_start = tok; line_start > text && line_start[-1] != '\n'; line_start--)
				;
			seterr(err, errlen, "%s:%zu:%zu: not a hex dword: '%.*s'", path, line,
			       (size_t)(tok - line_start) + 1, (int)strcspn(tok, " \t\r\n,#"), tok);
			free(out);
			return -1;
		}
		if (count == cap)
			out = dec_xrealloc(out, (cap *= 2) * sizeof(*out));
		out[count++] = (uint32_t)v;
	}
	*dwords = out;
	*n = count;
	return 0;
}

static int cmp_buf(const void *a, const void *b)
{
	const struct dec_buf *x = a, *y = b;

	if (x->submit != y->submit)
		return x->submit < y->submit ? -1 : 1;
	if (x->gpuaddr != y->gpuaddr)
		return x->gpuaddr < y->gpuaddr ? -1 : 1;
	return 0;
}

/* Turn a raw/hex file's bytes into dwords; a partial last dword is truncation. */
static int to_dwords(struct dec_input *in, const char *path, uint8_t *data, size_t size,
		     enum dec_format format, uint32_t **dw, size_t *n, char *err, size_t errlen)
{
	if (format == DEC_FORMAT_HEX) {
		int r = dec_parse_hex((const char *)data, size, dw, n, path, err, errlen);

		free(data);
		return r;
	}
	if (size % 4 && in) {
		in->truncated = true;
		in->trunc_offset = size & ~(size_t)3;
		snprintf(in->trunc_reason, sizeof(in->trunc_reason),
			 "%zu trailing bytes are not a whole dword", size % 4);
	}
	*dw = (uint32_t *)data;	/* little-endian hosts only, as the harness */
	*n = size / 4;
	return 0;
}

void dec_input_add_buf(struct dec_input *in, uint64_t gpuaddr, const void *data,
		       uint64_t size, unsigned submit)
{
	in->bufs = dec_grow(in->bufs, in->nbufs, sizeof(*in->bufs));
	in->bufs[in->nbufs++] = (struct dec_buf){
		.gpuaddr = gpuaddr, .size = size, .data = data, .submit = submit,
	};
}

int dec_input_load(struct dec_input *in, const char *path, enum dec_format format,
		   uint64_t base, char *err, size_t errlen)
{
	uint8_t *data;
	size_t size, n;
	uint32_t *dw;

	memset(in, 0, sizeof(*in));
	in->path = strdup(path);
	if (read_file(path, &data, &size, err, errlen))
		return -1;
	if (format == DEC_FORMAT_AUTO) {
		if (ends_with(path, ".rd") || ends_with(path, ".rd.gz"))
			format = DEC_FORMAT_RD;
		else if (looks_like_text(data, size))
			format = DEC_FORMAT_HEX;
		else
			format = DEC_FORMAT_RAW;
	}
	in->format = format;
	if (format == DEC_FORMAT_RD) {
		keep_blob(in, data);
		dec_rd_parse(in, data, size);
	} else {
		if (to_dwords(in, path, data, size, format, &dw, &n, err, errlen))
			return -1;
		keep_blob(in, dw);
		dec_input_add_buf(in, base, dw, (uint64_t)n * 4, 0);
		in->cmds = dec_xrealloc(NULL, sizeof(*in->cmds));
		in->cmds[0] = (struct dec_cmd){ .gpuaddr = base, .ndwords = (uint32_t)n };
		in->ncmds = 1;
	}
	if (in->nbufs)
		qsort(in->bufs, in->nbufs, sizeof(*in->bufs), cmp_buf);
	return 0;
}

int dec_input_add_buffer(struct dec_input *in, const char *path, uint64_t gpuaddr,
			 char *err, size_t errlen)
{
	uint8_t *data;
	size_t size, n;
	uint32_t *dw;
	enum dec_format f;

	if (read_file(path, &data, &size, err, errlen))
		return -1;
	f = looks_like_text(data, size) ? DEC_FORMAT_HEX : DEC_FORMAT_RAW;
	if (to_dwords(NULL, path, data, size, f, &dw, &n, err, errlen))
		return -1;
	keep_blob(in, dw);
	/* extra buffers belong to every submit: give one copy to each */
	for (unsigned s = 0, last = in->ncmds ? in->cmds[in->ncmds - 1].submit : 0; s <= last; s++)
		dec_input_add_buf(in, gpuaddr, dw, (uint64_t)n * 4, s);
	qsort(in->bufs, in->nbufs, sizeof(*in->bufs), cmp_buf);
	return 0;
}

size_t dec_input_find(const struct dec_input *in, unsigned submit, uint64_t gpuaddr,
		      const uint32_t **out)
{
	size_t lo = 0, hi = in->nbufs;

	/*
	 * The last buffer of @submit starting at or below @gpuaddr, then
	 * earlier ones (a submit holds few buffers; overlaps are rare).
	 */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct dec_buf *b = &in->bufs[mid];

		if (b->submit < submit || (b->submit == submit && b->gpuaddr <= gpuaddr))
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = lo; i-- > 0;) {
		const struct dec_buf *b = &in->bufs[i];

		if (b->submit != submit)
			break;
		if (gpuaddr < b->gpuaddr + b->size && !((gpuaddr - b->gpuaddr) & 3)) {
			*out = (const uint32_t *)(b->data + (gpuaddr - b->gpuaddr));
			return (b->gpuaddr + b->size - gpuaddr) / 4;
		}
	}
	return 0;
}

void dec_input_free(struct dec_input *in)
{
	for (size_t i = 0; i < in->nblobs; i++)
		free(in->blobs[i]);
	for (size_t i = 0; i < in->nstrings; i++)
		free(in->strings[i]);
	free(in->blobs);
	free(in->strings);
	free(in->bufs);
	free(in->cmds);
	free(in->path);
	memset(in, 0, sizeof(*in));
}
