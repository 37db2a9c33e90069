// SPDX-License-Identifier: MIT
/*
 * Inputs: the file is read whole (through zlib, which reads plain files
 * unchanged) up to a size limit, then parsed as .rd, raw dwords or hex
 * text into GPU buffers and command streams (struct dec_input).
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

/* The size of what was read so far, for messages: "12 KiB", "256 MiB". */
static const char *human_size(uint64_t n, char *buf, size_t len)
{
	static const char *const unit[] = { "bytes", "KiB", "MiB", "GiB", "TiB" };
	unsigned u = 0;

	while (n >= 1024 && !(n % 1024) && u < 4) {
		n /= 1024;
		u++;
	}
	snprintf(buf, len, "%llu %s", (unsigned long long)n, unit[u]);
	return buf;
}

struct file_bytes {
	uint8_t *data;
	size_t size;
	bool gzipped;		/* the file began with gzip's magic (zlib inflated it) */
};

/*
 * Read all of @path, gunzipping if it is gzip'd, but never more than
 * @max bytes (after inflating: a small .gz may expand without bound, and
 * /dev/zero never ends). Memory grows with what is read, so a file that
 * does not fit in memory fails with a message instead of aborting.
 */
static int read_file(struct dec_input *in, const char *path, uint64_t max,
		     struct file_bytes *out, char *err, size_t errlen)
{
	gzFile f = gzopen(path, "rb");
	size_t cap = 0, n = 0;
	uint8_t *buf = NULL;
	char human[32];
	bool oom = false;
	int r = 0, e;
	const char *msg;

	if (!f) {
		seterr(err, errlen, "%s: %s", path, strerror(errno ? errno : ENOMEM));
		return -1;
	}
	/* one byte past the limit tells "exactly max" from "more" */
	while (n <= max) {
		size_t want;

		if (n == cap) {
			size_t next = cap ? 2 * cap : 1 << 16;
			uint8_t *grown = realloc(buf, next);

			if (!grown) {
				oom = true;
				break;
			}
			buf = grown;
			cap = next;
		}
		want = cap - n;
		if (want > max + 1 - n)
			want = max + 1 - n;
		if (want > 1u << 30)
			want = 1u << 30;	/* gzread takes an unsigned count */
		r = gzread(f, buf + n, (unsigned)want);
		if (r <= 0)
			break;
		n += (size_t)r;
	}
	if (n > max || oom) {
		if (n > max) {
			in->too_large = true;
			seterr(err, errlen, "%s: larger than the input limit of %s", path,
			       human_size(max, human, sizeof(human)));
		} else {
			seterr(err, errlen, "%s: out of memory after reading %zu bytes", path, n);
		}
		gzclose(f);
		free(buf);
		return -1;
	}
	/* a cut-off .rd.gz: keep what was inflated */
	msg = r < 0 ? gzerror(f, &e) : NULL;
	if (msg && e != Z_BUF_ERROR && e != Z_DATA_ERROR) {
		seterr(err, errlen, "%s: read error after %zu bytes: %s", path, n, msg);
		gzclose(f);
		free(buf);
		return -1;
	}
	out->gzipped = !gzdirect(f);
	gzclose(f);
	out->data = buf;
	out->size = n;
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

/*
 * AUTO: .rd by name, a gzip'd file (gzip's magic, 1f 8b) as a compressed
 * .rd capture whatever its name, text as hex, anything else raw.
 */
static enum dec_format detect_format(const char *path, const struct file_bytes *fb)
{
	if (ends_with(path, ".rd") || ends_with(path, ".rd.gz") || fb->gzipped)
		return DEC_FORMAT_RD;
	return looks_like_text(fb->data, fb->size) ? DEC_FORMAT_HEX : DEC_FORMAT_RAW;
}

int dec_input_load(struct dec_input *in, const char *path, enum dec_format format,
		   uint64_t base, uint64_t max_bytes, char *err, size_t errlen)
{
	struct file_bytes fb;
	size_t n;
	uint32_t *dw;

	memset(in, 0, sizeof(*in));
	in->path = strdup(path);
	if (read_file(in, path, max_bytes ? max_bytes : DEC_INPUT_MAX_DEFAULT, &fb, err, errlen))
		return -1;
	if (format == DEC_FORMAT_AUTO)
		format = detect_format(path, &fb);
	in->format = format;
	if (format == DEC_FORMAT_RD) {
		keep_blob(in, fb.data);
		dec_rd_parse(in, fb.data, fb.size);
	} else {
		if (to_dwords(in, path, fb.data, fb.size, format, &dw, &n, err, errlen))
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
			 uint64_t max_bytes, char *err, size_t errlen)
{
	struct file_bytes fb;
	size_t n;
	uint32_t *dw;
	enum dec_format f;

	if (read_file(in, path, max_bytes ? max_bytes : DEC_INPUT_MAX_DEFAULT, &fb, err, errlen))
		return -1;
	f = looks_like_text(fb.data, fb.size) ? DEC_FORMAT_HEX : DEC_FORMAT_RAW;
	if (to_dwords(NULL, path, fb.data, fb.size, f, &dw, &n, err, errlen))
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
