// SPDX-License-Identifier: MIT
/*
 * drmsub-decode: decode msm, nouveau and radeon command streams (.rd
 * captures, raw dwords, hex text) into packets, registers and fields, or
 * diff the register state two streams leave behind. The only part of the
 * decoder that prints; see usage() for the options.
 */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode/decode.h"
#include "rnn/rnn.h"
#include "util/parse.h"
#include "util/util.h"


enum { EXIT_PROBLEMS = 1, EXIT_USAGE = 2 };

struct buffer_opt {
	uint64_t addr;
	const char *path;
};

struct options {
	const struct dec_driver *driver;
	const char *gpu, *registers;
	enum dec_format format;
	uint64_t base;
	struct buffer_opt *buffers;
	size_t nbuffers;
	struct dec_options dec;
	uint64_t max_input;	/* bytes per input file */
	bool json, diff;
};

/* "  msm a306 a420 ...", wrapped, from the backend's own table */
static void print_chips(FILE *f, const struct dec_driver *drv)
{
	int col = fprintf(f, "%27s%s", "", drv->name);
	const char *chip;

	for (size_t i = 0; (chip = drv->chip_name(i)); i++) {
		if (col + 1 + (int)strlen(chip) > 79)
			col = fprintf(f, "\n%*s", 27 + (int)strlen(drv->name), "") - 1;
		col += fprintf(f, " %s", chip);
	}
	fputc('\n', f);
}

static void usage(FILE *f)
{
	fprintf(f,
"usage: drmsub-decode [OPTIONS] FILE\n"
"       drmsub-decode --diff [OPTIONS] A B\n"
"\n"
"Decode a GPU command stream into packets, registers and fields, one packet\n"
"per line, or print the register state that differs between two streams.\n"
"\n"
"Inputs: freedreno .rd and .rd.gz captures (GPU id, buffers and command\n"
"streams inside), raw little-endian dword files, and hex text (words split by\n"
"whitespace or commas, optional 0x, '#' comments to the end of the line).\n"
"\n"
"Options:\n"
"  -d, --driver ");
	for (size_t i = 0; i < dec_driver_count(); i++)
		fprintf(f, "%s%s", i ? "|" : "", dec_driver_at(i)->name);
	fprintf(f,
"  the command-stream format (default: msm for .rd)\n"
"  -g, --gpu CHIP           the GPU, where the input does not say (.rd files do):\n");
	for (size_t i = 0; i < dec_driver_count(); i++)
		print_chips(f, dec_driver_at(i));
	fprintf(f,
"  -f, --format auto|rd|raw|hex   input format (default auto: .rd/.rd.gz by name,\n"
"                           gzip'd files by their magic (1f 8b) as .rd captures,\n"
"                           text as hex, anything else raw)\n"
"      --base ADDR          GPU address of a raw or hex stream (default 0)\n"
"  -b, --buffer ADDR=FILE   GPU memory at ADDR (raw or hex) for IBs and GPFIFO\n"
"                           segments; may be repeated\n"
"      --gpfifo             nouveau: the input holds GPFIFO entries (2 dwords each);\n"
"                           their push-buffer segments are decoded from --buffer memory\n"
"      --no-follow          do not follow IBs or GPFIFO segments\n"
"      --max-input SIZE     read at most SIZE bytes of any input file, after\n"
"                           gunzipping (suffix K, M or G; default %lluM); a larger\n"
"                           file is an input error\n"
"  -j, --json               one JSON document instead of text\n"
"      --diff A B           the registers/methods whose final value differs between\n"
"                           A and B: '+' only in B, '-' only in A, '~' changed\n"
"  -r, --registers DIR      register databases: DIR/<driver>/registers, DIR/<driver>\n"
"                           or DIR itself (default: $DRMSUB_REGISTERS, else the source\n"
"                           tree's, else %s)\n"
"  -h, --help               this text\n"
"\n"
"Exit status: 0 decoded cleanly (unknown opcodes and registers are shown, not\n"
"errors), 1 invalid or truncated packets or a truncated input (everything\n"
"decodable is still printed), 2 usage or input errors (the message names the\n"
"file and the line or offset).\n",
		(unsigned long long)(DEC_INPUT_MAX_DEFAULT >> 20), rnn_installed_dir());
}

__attribute__((format(printf, 1, 2)))
static int fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fprintf(stderr, "drmsub-decode: ");
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	return EXIT_USAGE;
}

/* "unknown driver 'x' (supported: msm nouveau radeon)", from the registered backends. */
static int unknown_driver(const char *name)
{
	fprintf(stderr, "drmsub-decode: unknown driver '%s' (supported:", name);
	for (size_t i = 0; i < dec_driver_count(); i++)
		fprintf(stderr, " %s", dec_driver_at(i)->name);
	fputs(")\n", stderr);
	return EXIT_USAGE;
}

/* The database directory: where rnn_find_database finds the driver's root database. */
static bool find_regdir(const struct options *o, char *out, size_t len)
{
	char *slash;

	if (!rnn_find_database(o->registers, o->driver->name, o->driver->database, out, len))
		return false;
	slash = strrchr(out, '/');
	if (slash)
		*slash = '\0';
	return true;
}

/* "4096", "64K", "512M", "2G" (binary units); 0 is not a size. */
static bool parse_size(const char *s, uint64_t *v)
{
	const char *end;
	unsigned shift = 0;

	if (!util_parse_u64_head(s, 10, v, &end))
		return false;
	if (*end && !end[1])
		shift = *end == 'K' || *end == 'k' ? 10 : *end == 'M' || *end == 'm' ? 20 :
			*end == 'G' || *end == 'g' ? 30 : 64;
	else if (*end)
		return false;
	if (shift == 64 || !*v || *v > (UINT64_MAX >> shift))
		return false;
	*v <<= shift;
	return true;
}

/* --format NAME: the input format, or -1 for a name it is not. */
static enum dec_format parse_format(const char *name)
{
	static const char *const formats[] = { "auto", "rd", "raw", "hex" };

	for (size_t i = 0; i < ARRAY_SIZE(formats); i++)
		if (!strcmp(name, formats[i]))
			return (enum dec_format)i;
	return (enum dec_format)-1;
}

/* --buffer ADDR=FILE, kept for load() */
static int add_buffer(struct options *o, char *arg)
{
	char *eq = strchr(arg, '=');

	o->buffers = realloc(o->buffers, (o->nbuffers + 1) * sizeof(*o->buffers));
	if (!o->buffers)
		abort();
	if (eq)
		*eq = 0;
	if (!eq || !util_parse_u64(arg, 0, &o->buffers[o->nbuffers].addr))
		return fail("--buffer: expected ADDR=FILE, got '%s'", arg);
	o->buffers[o->nbuffers++].path = eq + 1;
	return 0;
}

static int parse_args(int argc, char **argv, struct options *o)
{
	enum { OPT_BASE = 256, OPT_GPFIFO, OPT_NO_FOLLOW, OPT_DIFF, OPT_MAX_INPUT };
	static const struct option longopts[] = {
		{ "driver", required_argument, NULL, 'd' },
		{ "gpu", required_argument, NULL, 'g' },
		{ "format", required_argument, NULL, 'f' },
		{ "base", required_argument, NULL, OPT_BASE },
		{ "buffer", required_argument, NULL, 'b' },
		{ "gpfifo", no_argument, NULL, OPT_GPFIFO },
		{ "no-follow", no_argument, NULL, OPT_NO_FOLLOW },
		{ "max-input", required_argument, NULL, OPT_MAX_INPUT },
		{ "json", no_argument, NULL, 'j' },
		{ "diff", no_argument, NULL, OPT_DIFF },
		{ "registers", required_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "d:g:f:b:jr:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'd':
			o->driver = dec_driver_find(optarg);
			if (!o->driver)
				return unknown_driver(optarg);
			break;
		case 'g':
			o->gpu = optarg;
			break;
		case 'f':
			o->format = parse_format(optarg);
			if (o->format == (enum dec_format)-1)
				return fail("unknown format '%s' (supported: auto rd raw hex)",
					    optarg);
			break;
		case OPT_BASE:
			if (!util_parse_u64(optarg, 0, &o->base))
				return fail("--base: not an address: '%s'", optarg);
			break;
		case 'b':
			if (add_buffer(o, optarg))
				return EXIT_USAGE;
			break;
		case OPT_GPFIFO:
			o->dec.gpfifo = true;
			break;
		case OPT_NO_FOLLOW:
			o->dec.no_follow = true;
			break;
		case OPT_MAX_INPUT:
			if (!parse_size(optarg, &o->max_input))
				return fail("--max-input: not a size: '%s' (e.g. 4096, 64K, 1G)",
					    optarg);
			break;
		case 'j':
			o->json = true;
			break;
		case OPT_DIFF:
			o->diff = true;
			break;
		case 'r':
			o->registers = optarg;
			break;
		case 'h':
			usage(stdout);
			exit(0);
		default:
			usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (argc - optind != (o->diff ? 2 : 1)) {
		usage(stderr);
		return EXIT_USAGE;
	}
	return 0;
}

static bool known_chip(const struct dec_driver *drv, const char *chip)
{
	const char *name;

	for (size_t i = 0; (name = drv->chip_name(i)); i++)
		if (!strcmp(name, chip))
			return true;
	return false;
}

static int load_error(const struct dec_input *in, const char *err)
{
	fprintf(stderr, "drmsub-decode: %s%s\n", err,
		in->too_large ? " (--max-input raises it)" : "");
	return -1;
}

/* Load @path with the --base/--buffer options; prints the error itself. */
static int load(const struct options *o, const char *path, struct dec_input *in)
{
	char err[512];

	if (dec_input_load(in, path, o->format, o->base, o->max_input, err, sizeof(err)))
		return load_error(in, err);
	for (size_t i = 0; i < o->nbuffers; i++)
		if (dec_input_add_buffer(in, o->buffers[i].path, o->buffers[i].addr,
					 o->max_input, err, sizeof(err)))
			return load_error(in, err);
	return 0;
}

/* Decode @in into @sink; returns problems found (invalid packets, truncation). */
static unsigned decode(const struct options *o, void *be, const struct dec_input *in,
		       struct dec_sink *sink)
{
	unsigned problems = o->driver->decode(be, in, &o->dec, sink);

	if (in->truncated) {
		char msg[256];

		snprintf(msg, sizeof(msg), "input truncated at offset 0x%llx: %s",
			 (unsigned long long)in->trunc_offset, in->trunc_reason);
		if (sink->note)
			sink->note(sink, in->trunc_offset, msg);
		fprintf(stderr, "drmsub-decode: %s: %s\n", in->path, msg);
		problems++;
	}
	return problems;
}

static const char *chip_of(const struct options *o, const struct dec_input *in, char *buf,
			   size_t len)
{
	if (o->gpu)
		return o->gpu;
	if (in->has_gpu_id && in->gpu_id)
		snprintf(buf, len, "gpu_id %u", in->gpu_id);
	else if (in->has_chip_id)
		snprintf(buf, len, "chip_id 0x%llx", (unsigned long long)in->chip_id);
	else
		return NULL;
	return buf;
}

/* Decode the input(s) to stdout as --diff, --json or text asked; returns the problems found. */
static unsigned print_decoded(const struct options *o, void *be, const struct dec_input in[2])
{
	char chipbuf[64];
	unsigned problems = 0;
	struct dec_sink *s;

	if (o->diff) {
		struct dec_state *st[2] = { dec_state_new(), dec_state_new() };

		for (int i = 0; i < 2; i++)
			problems += decode(o, be, &in[i], dec_state_sink(st[i]));
		dec_diff_print(st[0], st[1], stdout, o->json);
		dec_state_free(st[0]);
		dec_state_free(st[1]);
		return problems;
	}
	if (!o->json) {
		s = dec_text_sink_new(stdout);
		problems = decode(o, be, &in[0], s);
		dec_sink_free(s);
		return problems;
	}
	s = dec_json_sink_new(stdout);
	dec_json_begin_input(s, &in[0], o->driver->name,
			     chip_of(o, &in[0], chipbuf, sizeof(chipbuf)));
	problems = decode(o, be, &in[0], s);
	dec_json_end_input(s, problems);
	dec_json_sink_end(s);
	dec_sink_free(s);
	return problems;
}

int main(int argc, char **argv)
{
	struct options o = { .format = DEC_FORMAT_AUTO, .max_input = DEC_INPUT_MAX_DEFAULT };
	struct dec_input in[2] = { 0 };
	char regdir[4096], err[512];
	unsigned problems = 0;
	int ret = parse_args(argc, argv, &o);
	int ninputs = o.diff ? 2 : 1;
	void *be = NULL;

	if (ret)
		return ret;
	for (int i = 0; i < ninputs; i++) {
		if (load(&o, argv[optind + i], &in[i])) {
			ret = EXIT_USAGE;
			goto out;
		}
	}
	if (!o.driver) {
		if (in[0].format != DEC_FORMAT_RD) {
			ret = fail("%s: not an .rd file: pass --driver", in[0].path);
			goto out;
		}
		/* an .rd capture is freedreno's format: msm's */
		o.driver = dec_driver_find("msm");
	}
	if (!find_regdir(&o, regdir, sizeof(regdir))) {
		ret = fail("no %s register databases found (use --registers DIR)",
			   o.driver->name);
		goto out;
	}
	be = o.driver->open(regdir, o.gpu, &in[0], err, sizeof(err));
	if (!be && o.gpu && !known_chip(o.driver, o.gpu)) {
		fprintf(stderr, "drmsub-decode: unknown %s GPU '%s'; supported:",
			o.driver->name, o.gpu);
		for (size_t i = 0; o.driver->chip_name(i); i++)
			fprintf(stderr, " %s", o.driver->chip_name(i));
		fputc('\n', stderr);
		ret = EXIT_USAGE;
		goto out;
	}
	if (!be) {
		ret = fail("%s: %s", in[0].path, err);
		goto out;
	}
	problems = print_decoded(&o, be, in);
	ret = problems ? EXIT_PROBLEMS : 0;
out:
	if (be)
		o.driver->close(be);
	for (int i = 0; i < ninputs; i++)
		dec_input_free(&in[i]);
	free(o.buffers);
	if (fflush(stdout) && !ret)
		ret = EXIT_USAGE;
	return ret;
}
