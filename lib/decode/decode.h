/* SPDX-License-Identifier: MIT */
/*
 * decode: the driver-neutral half of drmsub-decode.
 *
 * An input (an .rd capture, raw dwords or hex text) becomes a dec_input:
 * GPU buffers at addresses plus the command streams to walk. A driver
 * backend (msm/decode.c, nouveau/decode.c, radeon/decode.c) walks each
 * stream and hands every packet, as a struct, to a dec_sink. Sinks format
 * (text, JSON) or collect register state (for --diff); only the CLI prints.
 * Nothing here is quadratic: packets are streamed, buffers are looked up by
 * binary search.
 */
#ifndef DRMSUB_DECODE_H
#define DRMSUB_DECODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "decode/rd.h"

/* ---- inputs ------------------------------------------------------------ */

enum dec_format {
	DEC_FORMAT_AUTO,
	DEC_FORMAT_RD,		/* freedreno .rd, gzip'd or not */
	DEC_FORMAT_RAW,		/* little-endian dwords */
	DEC_FORMAT_HEX,		/* hex words as text */
};

/* GPU memory whose contents the input holds. */
struct dec_buf {
	uint64_t gpuaddr;
	uint64_t size;		/* bytes */
	const uint8_t *data;
	unsigned submit;	/* .rd: the submit it was captured with */
};

/* A command stream to decode (a ring/IB1 entry, or the whole raw input). */
struct dec_cmd {
	uint64_t gpuaddr;
	uint32_t ndwords;
	unsigned submit;
	const char *label;	/* .rd RD_CMD text, or NULL */
};

struct dec_input {
	char *path;
	enum dec_format format;
	bool has_gpu_id, has_chip_id;
	uint32_t gpu_id;	/* .rd RD_GPU_ID (e.g. 630) */
	uint64_t chip_id;	/* .rd RD_CHIP_ID */
	struct dec_buf *bufs;	/* sorted by (submit, gpuaddr) after loading */
	size_t nbufs;
	struct dec_cmd *cmds;
	size_t ncmds;
	/* a problem that ended reading early; what was read is kept */
	bool truncated;
	bool too_large;		/* loading failed: the file exceeds the size limit */
	uint64_t trunc_offset;
	char trunc_reason[128];
	/* storage owned by the input */
	uint8_t **blobs;
	size_t nblobs;
	char **strings;
	size_t nstrings;
};

/* The most bytes one input file may hold once inflated, unless the caller says. */
#define DEC_INPUT_MAX_DEFAULT (256ull << 20)

/*
 * dec_input_load - read @path as @format (AUTO: .rd/.rd.gz by name, any
 * gzip'd file (by its magic) as a compressed .rd, text as hex, anything else
 * raw). A raw or hex stream is placed at GPU address @base. At most
 * @max_bytes are read (0: DEC_INPUT_MAX_DEFAULT); a larger file is an
 * error and sets dec_input.too_large. Returns 0, or -1 with a message
 * naming the file (and the line or offset) in @err; a truncated .rd or raw
 * file is not an error (see dec_input.truncated).
 */
int dec_input_load(struct dec_input *in, const char *path, enum dec_format format,
		   uint64_t base, uint64_t max_bytes, char *err, size_t errlen);
/*
 * Add the raw or hex file @path (at most @max_bytes, 0: the default) as GPU
 * memory at @gpuaddr (for IBs, GPFIFO segments).
 */
int dec_input_add_buffer(struct dec_input *in, const char *path, uint64_t gpuaddr,
			 uint64_t max_bytes, char *err, size_t errlen);
void dec_input_free(struct dec_input *in);

/*
 * dec_input_find - the dwords at @gpuaddr in the buffers of @submit: the
 * number of dwords available from there (0 if none), *out pointing at them.
 */
size_t dec_input_find(const struct dec_input *in, unsigned submit, uint64_t gpuaddr,
		      const uint32_t **out);

/* Parse hex text (see dec_input_load). Exposed for tests. */
int dec_parse_hex(const char *text, size_t len, uint32_t **dwords, size_t *n,
		  const char *path, char *err, size_t errlen);

/* Parse an .rd image (see decode/rd.h) into @in; -1 if it was cut short. */
int dec_rd_parse(struct dec_input *in, const uint8_t *data, size_t size);

/* ---- decoded packets ---------------------------------------------------- */

enum dec_status {
	DEC_OK,
	DEC_UNKNOWN,		/* a valid header whose opcode/method has no name */
	DEC_INVALID,		/* not a packet header: shown raw, decoding goes on */
	DEC_TRUNCATED,		/* the packet runs past the end of its stream */
};

struct dec_field {
	const char *name;
	uint64_t value;
	const char *enum_name;	/* NULL if the value has no name */
	bool boolean;		/* shown by name alone when set */
};

/* One dword (or reg64 pair) of a packet: a register write or a payload word. */
struct dec_item {
	uint32_t index;		/* dword index in the packet (header = 0) */
	unsigned width;		/* 32 or 64; 0: an annotation, "name: text" */
	uint64_t value;
	char name[160];		/* register or payload name; "" if none */
	const char *space;	/* register space ("A6XX", "NVB197", ...) for state, or NULL */
	uint64_t addr;		/* register address in @space */
	const char *enum_name;	/* the whole value's name */
	uint64_t leftover;	/* set bits no field covers */
	size_t first_field, nfields;	/* in dec_packet.fields */
	char text[192];		/* a disassembly or note, "" if none */
};

struct dec_packet {
	uint64_t offset;	/* GPU address (or byte offset) of the header */
	unsigned level;		/* IB depth, 0 for the top stream */
	uint32_t header;
	const uint32_t *raw;	/* header + payload */
	uint32_t nraw;
	uint32_t expected;	/* dwords the header announces (incl. header) */
	const char *kind;	/* "pkt7", "INC", "PACKET0", ... */
	char name[192];		/* opcode / first register / method */
	enum dec_status status;
	char note[128];
	const struct dec_item *items;
	size_t nitems;
	const struct dec_field *fields;
};

/* Where decoded packets go. Every callback may be NULL. */
struct dec_sink {
	void (*begin_stream)(struct dec_sink *s, const char *name, uint64_t gpuaddr,
			     uint32_t ndwords, unsigned level);
	void (*packet)(struct dec_sink *s, const struct dec_packet *p);
	void (*end_stream)(struct dec_sink *s, unsigned level);
	/* a problem outside any packet (missing IB memory, truncated file) */
	void (*note)(struct dec_sink *s, uint64_t offset, const char *msg);
};

/* Packet assembly for backends: items and fields reused across packets. */
struct dec_builder {
	struct dec_packet p;
	struct dec_item *items;
	size_t nitems, cap_items;
	struct dec_field *fields;
	size_t nfields, cap_fields;
	unsigned invalid;	/* invalid or truncated packets so far */
};

void dec_builder_start(struct dec_builder *b, uint64_t offset, unsigned level,
		       const uint32_t *raw, uint32_t avail, uint32_t expected,
		       const char *kind);
struct dec_item *dec_builder_item(struct dec_builder *b, uint32_t index, uint64_t value,
				  unsigned width);
void dec_builder_field(struct dec_builder *b, struct dec_item *it, const char *name,
		       uint64_t value, const char *enum_name, bool boolean);
/* Sets status/nraw for truncation, then hands the packet to @sink. */
void dec_builder_emit(struct dec_builder *b, struct dec_sink *sink);
void dec_builder_free(struct dec_builder *b);

/* ---- register decoding through lib/rnn ------------------------------------- */

struct rnn_db;
struct rnn_ctx;
struct rnn_domain;
struct rnn_typeinfo;

/* Fill @it's name and fields from the register of @domain at @offset. */
bool dec_rnn_reg(struct dec_builder *b, struct dec_item *it, const struct rnn_ctx *ctx,
		 const struct rnn_domain *domain, uint64_t offset);
/* Fill @it's fields (and whole-value enum) from @type. */
void dec_rnn_value(struct dec_builder *b, struct dec_item *it, const struct rnn_ctx *ctx,
		   const struct rnn_typeinfo *type);
/*
 * Decode payload dwords @first.. of the packet being built through @domain,
 * dword i at domain offset (i - @first) * @unit; a reg64 takes two dwords.
 */
void dec_rnn_payload(struct dec_builder *b, const struct rnn_ctx *ctx,
		     const struct rnn_domain *domain, uint32_t first, unsigned unit);

/* ---- backends -------------------------------------------------------------- */

struct dec_options {
	bool no_follow;		/* do not follow IBs / GPFIFO segments */
	bool gpfifo;		/* nouveau: the streams hold GPFIFO entries */
};

struct dec_driver {
	const char *name;
	/* the name of chip @i, for help and errors; NULL past the last */
	const char *(*chip_name)(size_t i);
	const char *database;		/* a file of the driver's registers/ (its root XML) */
	/* @regdir holds the driver's XML; @chip may be NULL (then from @in) */
	void *(*open)(const char *regdir, const char *chip, const struct dec_input *in,
		      char *err, size_t errlen);
	/* Returns the number of invalid or truncated packets. */
	unsigned (*decode)(void *priv, const struct dec_input *in,
			   const struct dec_options *opt, struct dec_sink *sink);
	void (*close)(void *priv);
};

/*
 * dec_walk_cmds - for every command stream of @in: find its memory, announce
 * it to @sink, and call @walk on the dwords present (a note says when the
 * memory is missing or shorter than the stream). Before that, @base takes
 * @in, @opt's no_follow and a fresh follow budget (dec_follow). Returns the
 * invalid packets of the walk: the sum of what @walk returned, and those
 * the backend's builder (@base) marked meanwhile.
 */
struct dec_base;
typedef unsigned (*dec_walk_fn)(void *priv, const struct dec_input *in, const struct dec_cmd *cmd,
				const uint32_t *dw, uint32_t n, struct dec_sink *sink);
unsigned dec_walk_cmds(struct dec_base *base, const struct dec_input *in,
		       const struct dec_options *opt, struct dec_sink *sink, dec_walk_fn walk,
		       void *priv);

/*
 * How many IB/segment dwords a backend may still follow: a budget of 16x
 * the input, so that a stream whose IBs call each other (as random data
 * may) stays linear instead of exponential.
 */
uint64_t dec_follow_budget(const struct dec_input *in);

/* A stream that a packet or GPFIFO entry points to. */
struct dec_stream {
	const char *what;	/* its name: "IB", "push buffer segment", ... */
	uint64_t at;		/* the address of what points to it, for the note */
	unsigned submit;	/* whose memory holds it (RD inputs) */
	uint64_t addr;
	uint32_t size;		/* dwords */
	unsigned level;		/* the nesting level it is walked at */
	bool too_deep;		/* the backend's nesting limit is exceeded */
};
typedef void (*dec_stream_fn)(void *priv, uint64_t addr, const uint32_t *dw, uint32_t n,
			      unsigned level, struct dec_sink *sink);

/*
 * dec_follow - walk @s with @walk, announced to @sink as a stream, and
 * count its dwords against @base's follow budget. False, after a note at
 * @s->at saying why, when its memory is not in the input, it is too deep
 * or the budget is spent.
 */
bool dec_follow(struct dec_base *base, const struct dec_stream *s, dec_stream_fn walk,
		void *priv, struct dec_sink *sink);

/*
 * Backends register themselves: <driver>/decode.c says DEC_DRIVER(drv), a
 * pointer in a named section that the linker collects (as the model's
 * MODEL_DRIVER), so the decoder names no driver. Binaries that decode link
 * every <driver>/decode.c (DECODE_BACKEND_SRCS in mk/rules.mk).
 */
#define DEC_DRIVER(drv)                                                         \
	static const struct dec_driver *const decreg_##drv                      \
		__attribute__((used, section("drmsub_dec_drivers"))) = &drv

/* The registered backends, in link order; dec_driver_find by name, or NULL. */
size_t dec_driver_count(void);
const struct dec_driver *dec_driver_at(size_t i);
const struct dec_driver *dec_driver_find(const char *name);

/*
 * What every backend holds: its database, a variant context and the packet
 * builder. dec_base_open() loads @files (NULL-terminated) from @dir and
 * selects @variant of @varset (both may be NULL); returns 0, or -1 with
 * the first database error (file:line) in @err.
 */
struct dec_base {
	struct rnn_db *db;
	struct rnn_ctx *ctx;
	struct dec_builder b;
	/* the input being decoded (dec_walk_cmds) */
	const struct dec_input *in;
	uint64_t budget;	/* dwords dec_follow may still walk */
	bool no_follow;
};

int dec_base_open(struct dec_base *base, const char *dir, const char *const *files,
		  const char *varset, const char *variant, char *err, size_t errlen);
void dec_base_close(struct dec_base *base);

/* ---- sinks ----------------------------------------------------------------- */

/* Text: one line per packet, items and fields indented below it. */
struct dec_sink *dec_text_sink_new(FILE *out);
/* JSON: one document; dec_json_sink_end() closes it. */
struct dec_sink *dec_json_sink_new(FILE *out);
void dec_json_begin_input(struct dec_sink *s, const struct dec_input *in, const char *driver,
			  const char *chip);
void dec_json_end_input(struct dec_sink *s, unsigned invalid);
void dec_json_sink_end(struct dec_sink *s);
void dec_sink_free(struct dec_sink *s);

/* State: the last value written to every register, for --diff. */
struct dec_state;
struct dec_state *dec_state_new(void);
struct dec_sink *dec_state_sink(struct dec_state *st);
void dec_state_free(struct dec_state *st);

struct dec_diff_counts {
	unsigned added, removed, changed;
};
/* Print what differs from @a to @b as "+ / - / ~" lines (or JSON). */
struct dec_diff_counts dec_diff_print(const struct dec_state *a, const struct dec_state *b,
				      FILE *out, bool json);

#endif
