/* SPDX-License-Identifier: MIT */
/*
 * The model's R3xx-R5xx 3D pipeline, stage by stage, as one draw packet
 * flows through it (exec.c walks the IB and hands each draw here):
 *
 *   vertex.c    VF/VAP: vertex fetch (immediate, 3D_LOAD_VBPNTR arrays,
 *               indices), the PVS (pvs_exec.c), VAP_OUT_VTX_FMT layout
 *   prim.c      primitive assembly, clipping, culling, the VTE
 *   raster.c    GA/SU/SC: points and sprites, lines, triangles, polygon
 *               offset, scissors; 2x2 quads of fragments
 *   rs.c        RS: vertex outputs and stuffed point coordinates to the
 *               fragment shader's input temporaries
 *   us300.c     the R3xx/R4xx fragment shader (US) on a quad
 *   us500.c     the R5xx fragment shader, with flow control
 *   tex.c       the texture unit (TX_*), tex_format.c its formats
 *   backend.c   FG, ZB (zbuf.c), RB3D and the surfaces (surface.c)
 *
 * Anything a stage cannot execute is a fault (radeon_fault): the draw,
 * and the rest of the IB, are not executed and the CS job reports why.
 */
#ifndef DRMSUB_RADEON_MODEL_PIPE_H
#define DRMSUB_RADEON_MODEL_PIPE_H

#include <stdbool.h>
#include <stdint.h>

#include "radeon/chip_class.h"
#include "radeon/model/radeon_model.h"
#include "util/util.h"

#define REG(s, r) ((s)->regs[(r) >> 2])

/* A register that holds an IEEE float. */
static inline float rp_regf(const struct radeon_gpu_state *s, uint32_t reg)
{
	return bits_float(REG(s, reg));
}

#define RP_INPUTS 16		/* PVS input vectors */
#define RP_OUTPUTS 16		/* PVS output vectors (VAP_OUT_VTX_FMT slots) */
#define RP_COLOURS 4		/* rasterised colours (RS IC) */
#define RP_TEX_COMPS 32		/* rasterised texture coordinate components (RS IT) */
#define RP_TEMPS 128		/* fragment shader temporaries (R5xx has 128) */
#define RP_TARGETS 4		/* colour outputs (US_OUT_FMT_0..3) */
#define RP_UNITS 16		/* texture units */

/* Record why something cannot be executed (the first reason wins); returns false. */
bool radeon_fault(struct radeon_exec *x, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* ---- vertices ---------------------------------------------------------- */

/* Where the rasteriser finds each attribute among a vertex's outputs (VAP_OUT_VTX_FMT_0/1). */
struct rp_layout {
	int psize;			/* output vector of the point size, -1 when absent */
	unsigned int nr_colours;	/* colours 0..3 present, in order */
	uint8_t colour[RP_COLOURS];	/* their output vectors */
	unsigned int nr_tex;		/* texture coordinate sets present */
	uint8_t tex[8], tex_comps[8];	/* their output vectors and component counts */
	unsigned int tex_unit[8];	/* the RS texture unit number of each set */
};

struct rp_vertex {
	float out[RP_OUTPUTS][4];	/* PVS outputs; out[0] is the clip-space position */
	float win[4];			/* window x, y, z and 1/w, after the VTE */
};

/* VAP_OUT_VTX_FMT_0/1 as a layout; false with a fault when not modelled. */
bool rp_layout_read(struct radeon_exec *x, struct rp_layout *l);

/*
 * The vertices of one draw: fetch (@immd: the packet's embedded vertex
 * data, else the 3D_LOAD_VBPNTR arrays by @index[i]), run the PVS, and
 * transform to window coordinates. @v must hold @n entries.
 */
bool rp_vertices(struct radeon_exec *x, const uint32_t *immd, uint32_t immd_dwords,
		 const uint32_t *index, uint32_t n, struct rp_vertex *v);
/* The VTE: clip-space out[0] to window coordinates in @v->win. */
void rp_viewport(const struct radeon_gpu_state *s, struct rp_vertex *v);

/* ---- primitives and fragments ------------------------------------------ */

/* A primitive handed to the rasteriser: 1 to 3 vertices in window space. */
struct rp_prim {
	unsigned int nv;		/* 1 point, 2 line, 3 triangle */
	const struct rp_vertex *v[3];
	const struct rp_vertex *provoking;
	bool back;			/* a triangle seen from its back */
	/* an edge or corner GA_POLY_MODE drew for a triangle: its offset enable and slope */
	bool of_polygon;
	float polygon_slope;		/* the triangle's max |dz/dx|, |dz/dy| per pixel */
};

/* One fragment shader input vector per RS instruction, for the four pixels of a quad. */
struct rp_quad {
	int32_t x, y;			/* the top-left pixel */
	uint8_t cover;			/* bit i: pixel (x + (i & 1), y + (i >> 1)) is covered */
	float z[4];			/* window z in [0, 1] per pixel */
	float in[4][RP_TEMPS][4];	/* what RS_INST wrote, per pixel (cleared first) */
	uint32_t in_mask;		/* temporaries RS_INST wrote */
	bool back;
};

struct rp_draw;
/* Draw the primitives of the vertex list @v (@n vertices) as VAP_VF_CNTL's PRIM_TYPE says. */
bool rp_assemble(struct rp_draw *d, uint32_t prim_type, const struct rp_vertex *v, uint32_t n);
/* Rasterise one clipped primitive (raster.c). */
bool rp_raster(struct rp_draw *d, const struct rp_prim *p);

/* ---- the RS ---------------------------------------------------------------- */

/* The attributes of one vertex as the RS reads them: colours and texture components. */
struct rp_rs_vertex {
	float col[RP_COLOURS][4];
	float tex[RP_TEX_COMPS];
	float inv_w;
};

struct rp_rs {
	unsigned int nr_inst;		/* RS_INST_COUNT + 1 */
	uint32_t ip[16], inst[16];
	unsigned int it_count, ic_count;
	uint32_t gb_enable;
	bool r500, two_sided;
	/* texture set n: its first component in the stream, its VAP set or -1, GA components */
	uint8_t tex_base[8], stuffed[8];
	int8_t vap_set[8];
};

bool rp_rs_setup(struct radeon_exec *x, struct rp_rs *rs, const struct rp_layout *l);
/* A vertex's attributes in RS order (stuffed point coordinates left 0). */
void rp_rs_vertex(const struct rp_rs *rs, const struct rp_layout *l, const struct rp_vertex *v,
		  struct rp_rs_vertex *out);
/* The GA's point coordinates at (@fx, @fy) across a point sprite (0..1 left to right, top to bottom). */
void rp_rs_point_coords(const struct rp_rs *rs, const struct radeon_gpu_state *s, float fx,
			float fy, struct rp_rs_vertex *a);
/* Write the RS instructions' results for one pixel from its interpolated attributes. */
void rp_rs_pixel(const struct rp_rs *rs, const struct rp_rs_vertex *a, bool back,
		 float in[RP_TEMPS][4]);

/* ---- the fragment shader ------------------------------------------------------- */

struct rp_fs_out {
	float colour[RP_TARGETS][4][4];	/* target, pixel, RGBA */
	float depth[4];			/* when the shader writes depth (US_W_FMT) */
	uint8_t live;			/* pixels not killed */
	bool writes_depth;
};

/* Run the fragment program on a quad; false with a fault when it is not modelled. */
bool rp_us300_run(struct rp_draw *d, const struct rp_quad *q, struct rp_fs_out *o);
bool rp_us500_run(struct rp_draw *d, const struct rp_quad *q, struct rp_fs_out *o);

/* ---- textures -------------------------------------------------------------- */

enum rp_tex_op { RP_TEX_LD, RP_TEX_PROJ, RP_TEX_BIAS, RP_TEX_LOD, RP_TEX_DERIV };

/*
 * Sample unit @unit at the coordinates of the four pixels of a quad
 * (@coord[pixel][4]); the LOD comes from the quad's differences
 * (RP_TEX_LD/PROJ/BIAS: bias in coord w), from coord w (RP_TEX_LOD), or
 * from @ddx/@ddy (RP_TEX_DERIV). @unscaled: coordinates in texels.
 */
bool rp_tex_sample(struct rp_draw *d, unsigned int unit, enum rp_tex_op op, bool unscaled,
		   const float coord[4][4], const float (*ddx)[4], const float (*ddy)[4],
		   float out[4][4]);

/* ---- the draw --------------------------------------------------------------- */

#include "radeon/model/backend.h"

struct rp_draw {
	struct radeon_exec *x;
	struct radeon_gpu_state *s;
	struct rp_layout layout;
	struct rp_rs rs;
	struct radeon_backend be;
	bool r500;
	bool shader_depth;		/* the fragment's depth comes from the shader */
	uint32_t temps;			/* temporaries the fragment program may read */
	uint64_t pixels;		/* fragments that reached the back end */
};

/* Begin a draw: layout, RS, back end; false with a fault when its state is not modelled. */
bool rp_draw_begin(struct rp_draw *d, struct radeon_exec *x);
/* A quad of fragments: shade and hand the covered pixels to the back end. */
bool rp_draw_quad(struct rp_draw *d, struct rp_quad *q);

#endif
