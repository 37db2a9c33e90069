// SPDX-License-Identifier: MIT
/*
 * gles_client: drmsub's own OpenGL ES client, run by `make check-mesa`
 * through a Mesa driver (r300, nvc0, freedreno) on the device model, or on
 * a board. Each subtest makes an EGL surfaceless context (EGL_MESA_platform_
 * surfaceless, EGL_KHR_surfaceless_context), renders into a framebuffer
 * object of one colour format, reads it back with glReadPixels and checks
 * every pixel exactly: Mesa's command streams, executed by the model (or
 * the GPU), decide the pixels, and only a right execution gives them.
 *
 * Colours are chosen so that each channel is representable in every
 * format tested; the expected read-back value is the format's own
 * quantisation expanded to 8 bits as GL's UNORM conversion defines it
 * (round(v * 255 / (2^bits - 1))), so RGBA4 and RGB565 targets are exact
 * too. Every context must be a hardware driver (a fallback to llvmpipe or
 * softpipe fails the subtest); --renderer REGEX names the one required.
 */
#include <regex.h>
#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <GLES3/gl3.h>

#include "core/test.h"
#include "util/util.h"

IGT_TEST_DESCRIPTION("An OpenGL ES client through Mesa: clears, scissors, draws, blits, "
		     "textures, depth and stencil tests into RGBA8, RGBA4 and RGB565 targets, "
		     "every pixel checked.");

#define W 64
#define H 32

static const char *renderer_pattern;

struct format {
	const char *name;
	GLenum internal;
	unsigned int bits[4];	/* r, g, b, a */
};

static const struct format formats[] = {
	{ "rgba8", GL_RGBA8_OES, { 8, 8, 8, 8 } },
	{ "rgba4", GL_RGBA4, { 4, 4, 4, 4 } },
	{ "rgb565", GL_RGB565, { 5, 6, 5, 0 } },
};

struct gl {
	EGLDisplay dpy;
	EGLContext ctx;
	int es_major;
	GLuint fbo, rb;
};

/* ---- EGL ---------------------------------------------------------------- */

static bool has_ext(const char *list, const char *ext)
{
	size_t n = strlen(ext);

	for (const char *p = list; p && (p = strstr(p, ext)); p += n)
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
			return true;
	return false;
}

/*
 * Every context must be the hardware driver: Mesa falls back to llvmpipe
 * when its driver fails to start, and a software renderer would pass
 * every pixel check without the model (or the GPU) drawing anything.
 */
static void check_renderer(void)
{
	const char *renderer = (const char *)glGetString(GL_RENDERER);
	regex_t re;

	igt_assert(renderer);
	igt_assert_f(!strstr(renderer, "llvmpipe") && !strstr(renderer, "softpipe"),
		     "Mesa fell back to a software renderer: %s\n", renderer);
	if (!renderer_pattern)
		return;
	igt_assert(!regcomp(&re, renderer_pattern, REG_EXTENDED | REG_NOSUB));
	igt_assert_f(!regexec(&re, renderer, 0, NULL, 0), "GL_RENDERER \"%s\" does not match %s\n",
		     renderer, renderer_pattern);
	regfree(&re);
}

/* An ES 3 context where the driver offers one, else ES 2 (r300). */
static void gl_context(struct gl *gl)
{
	PFNEGLGETPLATFORMDISPLAYEXTPROC get_display;
	const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
	EGLint major, minor;

	igt_require_f(has_ext(client, "EGL_MESA_platform_surfaceless"),
		      "EGL has no surfaceless platform (client extensions: %s)\n",
		      client ? client : "none");
	get_display = (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress(
		"eglGetPlatformDisplayEXT");
	igt_assert(get_display);
	gl->dpy = get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
	igt_assert(gl->dpy != EGL_NO_DISPLAY);
	igt_assert_f(eglInitialize(gl->dpy, &major, &minor), "eglInitialize: %#x\n",
		     eglGetError());
	igt_require_f(has_ext(eglQueryString(gl->dpy, EGL_EXTENSIONS),
			      "EGL_KHR_surfaceless_context"),
		      "no EGL_KHR_surfaceless_context\n");
	igt_assert(eglBindAPI(EGL_OPENGL_ES_API));
	for (gl->es_major = 3; gl->es_major >= 2; gl->es_major--) {
		const EGLint attribs[] = { EGL_CONTEXT_MAJOR_VERSION, gl->es_major, EGL_NONE };

		gl->ctx = eglCreateContext(gl->dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
		if (gl->ctx != EGL_NO_CONTEXT)
			break;
	}
	igt_assert_f(gl->ctx != EGL_NO_CONTEXT, "eglCreateContext: %#x\n", eglGetError());
	igt_assert(eglMakeCurrent(gl->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, gl->ctx));
	check_renderer();
}

static void gl_assert_no_error(const char *what)
{
	GLenum err = glGetError();

	igt_assert_f(err == GL_NO_ERROR, "%s: GL error %#x\n", what, err);
}

/* A framebuffer object with one colour renderbuffer of @fmt, W x H. */
static void gl_target(struct gl *gl, const struct format *fmt)
{
	if (fmt->internal == GL_RGBA8_OES && gl->es_major < 3)
		igt_require_f(has_ext((const char *)glGetString(GL_EXTENSIONS), "GL_OES_rgb8_rgba8"),
			      "RGBA8 renderbuffers need GL_OES_rgb8_rgba8 on ES 2\n");
	glGenRenderbuffers(1, &gl->rb);
	glBindRenderbuffer(GL_RENDERBUFFER, gl->rb);
	glRenderbufferStorage(GL_RENDERBUFFER, fmt->internal, W, H);
	glGenFramebuffers(1, &gl->fbo);
	glBindFramebuffer(GL_FRAMEBUFFER, gl->fbo);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, gl->rb);
	igt_assert_eq(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	glViewport(0, 0, W, H);
	gl_assert_no_error("framebuffer setup");
}

static void gl_setup(struct gl *gl, const struct format *fmt)
{
	gl_context(gl);
	gl_target(gl, fmt);
}

/* ---- expected pixels ------------------------------------------------------ */

/* An 8-bit channel value as @bits store it and glReadPixels gives it back. */
static uint8_t quantise(uint8_t v, unsigned int bits)
{
	unsigned int max = (1u << bits) - 1, q;

	if (!bits)
		return 0xff;	/* no alpha channel reads as 1.0 */
	q = (v * max + 127) / 255;
	return (uint8_t)((q * 255 + max / 2) / max);
}

struct rgba {
	uint8_t c[4];
};

static struct rgba expected(const struct format *fmt, struct rgba in)
{
	struct rgba out;

	for (int i = 0; i < 4; i++)
		out.c[i] = quantise(in.c[i], fmt->bits[i]);
	return out;
}

static void gl_clear_color(struct rgba c)
{
	glClearColor(c.c[0] / 255.0f, c.c[1] / 255.0f, c.c[2] / 255.0f, c.c[3] / 255.0f);
}

/*
 * Read the target back and check each pixel against @want(x, y); at most
 * a few mismatches are printed, then the count.
 */
static void check_pixels(const char *what, struct rgba (*want)(int x, int y, void *arg),
			 void *arg)
{
	static uint8_t px[W * H * 4];
	unsigned int bad = 0;

	memset(px, 0x5a, sizeof(px));
	glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
	gl_assert_no_error("glReadPixels");
	for (int y = 0; y < H; y++) {
		for (int x = 0; x < W; x++) {
			struct rgba w = want(x, y, arg);
			const uint8_t *p = &px[(y * W + x) * 4];

			if (!memcmp(p, w.c, 4))
				continue;
			if (bad++ < 4)
				igt_info("%s: pixel (%d,%d) is %02x%02x%02x%02x, expected "
					 "%02x%02x%02x%02x\n", what, x, y, p[0], p[1], p[2], p[3],
					 w.c[0], w.c[1], w.c[2], w.c[3]);
		}
	}
	igt_assert_f(!bad, "%s: %u of %d pixels wrong\n", what, bad, W * H);
}

static const struct rgba red_ish = { { 0xff, 0x00, 0x88, 0xff } };
static const struct rgba green_ish = { { 0x00, 0xff, 0x44, 0x88 } };

/* ---- subtests --------------------------------------------------------------- */

struct two_colours {
	struct rgba inside, outside;
	int x0, y0, x1, y1;	/* the inside rectangle, [x0, x1) x [y0, y1) */
};

static struct rgba rect_pixel(int x, int y, void *arg)
{
	const struct two_colours *t = arg;

	return x >= t->x0 && x < t->x1 && y >= t->y0 && y < t->y1 ? t->inside : t->outside;
}

static void clear_test(const struct format *fmt)
{
	struct gl gl;
	struct two_colours t = { .inside = expected(fmt, red_ish), .outside = t.inside };

	gl_setup(&gl, fmt);
	gl_clear_color(red_ish);
	glClear(GL_COLOR_BUFFER_BIT);
	check_pixels("clear", rect_pixel, &t);
}

static void scissor_test(const struct format *fmt)
{
	struct gl gl;
	struct two_colours t = {
		.inside = expected(fmt, green_ish), .outside = expected(fmt, red_ish),
		.x0 = 8, .y0 = 4, .x1 = 40, .y1 = 20,
	};

	gl_setup(&gl, fmt);
	gl_clear_color(red_ish);
	glClear(GL_COLOR_BUFFER_BIT);
	glEnable(GL_SCISSOR_TEST);
	glScissor(t.x0, t.y0, t.x1 - t.x0, t.y1 - t.y0);
	gl_clear_color(green_ish);
	glClear(GL_COLOR_BUFFER_BIT);
	glDisable(GL_SCISSOR_TEST);
	check_pixels("scissored clear", rect_pixel, &t);
}

/* ES 3's glBlitFramebuffer of a cleared rectangle into a second target. */
static void blit_test(const struct format *fmt)
{
	struct gl gl;
	GLuint src_fbo, src_rb;
	struct two_colours t = {
		.inside = expected(fmt, green_ish), .outside = expected(fmt, red_ish),
		.x0 = 16, .y0 = 8, .x1 = 48, .y1 = 24,
	};

	gl_context(&gl);
	igt_require_f(gl.es_major >= 3, "glBlitFramebuffer needs OpenGL ES 3 (the driver "
		      "gives ES %d)\n", gl.es_major);
	gl_target(&gl, fmt);
	gl_clear_color(red_ish);
	glClear(GL_COLOR_BUFFER_BIT);
	glGenRenderbuffers(1, &src_rb);
	glBindRenderbuffer(GL_RENDERBUFFER, src_rb);
	glRenderbufferStorage(GL_RENDERBUFFER, fmt->internal, W, H);
	glGenFramebuffers(1, &src_fbo);
	glBindFramebuffer(GL_FRAMEBUFFER, src_fbo);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, src_rb);
	gl_clear_color(green_ish);
	glClear(GL_COLOR_BUFFER_BIT);
	glBindFramebuffer(GL_READ_FRAMEBUFFER, src_fbo);
	glBindFramebuffer(GL_DRAW_FRAMEBUFFER, gl.fbo);
	/* from the source's corner to the inside rectangle: a copy, not a scale */
	glBlitFramebuffer(0, 0, t.x1 - t.x0, t.y1 - t.y0, t.x0, t.y0, t.x1, t.y1,
			  GL_COLOR_BUFFER_BIT, GL_NEAREST);
	gl_assert_no_error("glBlitFramebuffer");
	glBindFramebuffer(GL_FRAMEBUFFER, gl.fbo);
	check_pixels("blit", rect_pixel, &t);
}

static GLuint compile(GLenum type, const char *src)
{
	GLuint s = glCreateShader(type);
	GLint ok = 0;
	char log[512] = "";

	glShaderSource(s, 1, &src, NULL);
	glCompileShader(s);
	glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
	if (!ok)
		glGetShaderInfoLog(s, sizeof(log), NULL, log);
	igt_assert_f(ok, "shader: %s\n", log);
	return s;
}

/* A program that draws its vertices' positions in one uniform colour. */
static GLuint flat_program(void)
{
	static const char vs[] = "attribute vec2 pos;\n"
				 "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
	static const char fs[] = "precision mediump float;\n"
				 "uniform vec4 colour;\n"
				 "void main() { gl_FragColor = colour; }\n";
	GLuint p = glCreateProgram();
	GLint ok = 0;

	glAttachShader(p, compile(GL_VERTEX_SHADER, vs));
	glAttachShader(p, compile(GL_FRAGMENT_SHADER, fs));
	glBindAttribLocation(p, 0, "pos");
	glLinkProgram(p);
	glGetProgramiv(p, GL_LINK_STATUS, &ok);
	igt_assert_f(ok, "program does not link\n");
	return p;
}

/*
 * A rectangle drawn as two triangles over pixel-aligned edges: the pixel
 * centres are well inside or well outside, so the result is exact.
 */
static void draw_test(const struct format *fmt)
{
	struct gl gl;
	struct two_colours t = {
		.inside = expected(fmt, green_ish), .outside = expected(fmt, red_ish),
		.x0 = 16, .y0 = 8, .x1 = 48, .y1 = 24,
	};
	/* NDC of the rectangle's edges: x = -1 + 2 * px / W */
	const GLfloat l = -1 + 2.0f * t.x0 / W, r = -1 + 2.0f * t.x1 / W;
	const GLfloat b = -1 + 2.0f * t.y0 / H, tp = -1 + 2.0f * t.y1 / H;
	const GLfloat quad[] = { l, b, r, b, l, tp, r, b, r, tp, l, tp };
	GLuint prog;

	gl_setup(&gl, fmt);
	gl_clear_color(red_ish);
	glClear(GL_COLOR_BUFFER_BIT);
	prog = flat_program();
	glUseProgram(prog);
	glUniform4f(glGetUniformLocation(prog, "colour"), green_ish.c[0] / 255.0f,
		    green_ish.c[1] / 255.0f, green_ish.c[2] / 255.0f, green_ish.c[3] / 255.0f);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
	glEnableVertexAttribArray(0);
	glDrawArrays(GL_TRIANGLES, 0, 6);
	gl_assert_no_error("draw");
	check_pixels("draw", rect_pixel, &t);
}

/* ---- textures, depth and stencil ------------------------------------------- */

static const struct rgba blue_ish = { { 0x00, 0x00, 0xff, 0x88 } };
static const struct rgba white = { { 0xff, 0xff, 0xff, 0xff } };

/*
 * Texel (i, j) of the texture subtest's 4 x 4 RGBA8 texture: channels of
 * 0x00, 0x88 or 0xff, which every target format keeps distinct.
 */
static struct rgba texel(int i, int j)
{
	static const uint8_t v[3] = { 0x00, 0x88, 0xff };
	struct rgba t = { { v[i % 3], v[j % 3], v[(i + j) % 3], v[(i * j + 1) % 3] } };

	return t;
}

/* A program drawing attribute 0 (x, y, z) in a uniform colour, or textured by attribute 1. */
static GLuint rect_program(bool textured)
{
	static const char vs[] = "attribute vec3 pos;\n"
				 "attribute vec2 tc;\n"
				 "varying vec2 v_tc;\n"
				 "void main() { v_tc = tc; gl_Position = vec4(pos, 1.0); }\n";
	static const char fs_colour[] = "precision mediump float;\n"
					"uniform vec4 colour;\n"
					"void main() { gl_FragColor = colour; }\n";
	static const char fs_tex[] = "precision mediump float;\n"
				     "uniform sampler2D tex;\n"
				     "varying vec2 v_tc;\n"
				     "void main() { gl_FragColor = texture2D(tex, v_tc); }\n";
	GLuint p = glCreateProgram();
	GLint ok = 0;

	glAttachShader(p, compile(GL_VERTEX_SHADER, vs));
	glAttachShader(p, compile(GL_FRAGMENT_SHADER, textured ? fs_tex : fs_colour));
	glBindAttribLocation(p, 0, "pos");
	glBindAttribLocation(p, 1, "tc");
	glLinkProgram(p);
	glGetProgramiv(p, GL_LINK_STATUS, &ok);
	igt_assert_f(ok, "program does not link\n");
	glUseProgram(p);
	return p;
}

static void set_colour(GLuint prog, struct rgba c)
{
	glUniform4f(glGetUniformLocation(prog, "colour"), c.c[0] / 255.0f, c.c[1] / 255.0f,
		    c.c[2] / 255.0f, c.c[3] / 255.0f);
}

/* Pixels [x0, x1) x [y0, y1) as two triangles at NDC depth @z, texture coordinates 0..1. */
static void draw_rect(int x0, int y0, int x1, int y1, float z)
{
	const GLfloat l = -1 + 2.0f * x0 / W, r = -1 + 2.0f * x1 / W;
	const GLfloat b = -1 + 2.0f * y0 / H, t = -1 + 2.0f * y1 / H;
	const GLfloat pos[] = { l, b, z, r, b, z, l, t, z, r, b, z, r, t, z, l, t, z };
	const GLfloat tc[] = { 0, 0, 1, 0, 0, 1, 1, 0, 1, 1, 0, 1 };

	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, pos);
	glEnableVertexAttribArray(0);
	glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, tc);
	glEnableVertexAttribArray(1);
	glDrawArrays(GL_TRIANGLES, 0, 6);
	gl_assert_no_error("draw");
}

struct tex_expect {
	const struct format *fmt;
	struct two_colours rect;
};

/* Inside the rectangle 8 x 4 pixels per texel: no pixel centre is on a texel edge. */
static struct rgba tex_pixel(int x, int y, void *arg)
{
	const struct tex_expect *e = arg;
	const struct two_colours *t = &e->rect;

	if (x < t->x0 || x >= t->x1 || y < t->y0 || y >= t->y1)
		return t->outside;
	return expected(e->fmt, texel((x - t->x0) / 8, (y - t->y0) / 4));
}

/* A 4 x 4 RGBA8 texture, NEAREST, over a 32 x 16 rectangle. */
static void texture_test(const struct format *fmt)
{
	struct gl gl;
	struct tex_expect e = {
		.fmt = fmt,
		.rect = { .outside = expected(fmt, red_ish), .x0 = 16, .y0 = 8, .x1 = 48, .y1 = 24 },
	};
	uint8_t texels[4 * 4 * 4];
	GLuint tex;

	for (int j = 0; j < 4; j++)
		for (int i = 0; i < 4; i++)
			memcpy(&texels[(j * 4 + i) * 4], texel(i, j).c, 4);
	gl_setup(&gl, fmt);
	gl_clear_color(red_ish);
	glClear(GL_COLOR_BUFFER_BIT);
	glGenTextures(1, &tex);
	glBindTexture(GL_TEXTURE_2D, tex);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
	glUniform1i(glGetUniformLocation(rect_program(true), "tex"), 0);
	draw_rect(e.rect.x0, e.rect.y0, e.rect.x1, e.rect.y1, 0.0f);
	check_pixels("texture", tex_pixel, &e);
}

/* A renderbuffer of @internal as the target's depth and/or stencil attachment. */
static void attach_depth_stencil(GLenum internal, bool depth, bool stencil)
{
	GLuint rb;

	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glRenderbufferStorage(GL_RENDERBUFFER, internal, W, H);
	if (depth)
		glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb);
	if (stencil)
		glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb);
	igt_assert_eq(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	gl_assert_no_error("depth/stencil attachment");
}

/* Expected colours by region, 0 the background. */
struct regions {
	struct rgba c[4];
	int (*region)(int x, int y);
};

static struct rgba region_pixel(int x, int y, void *arg)
{
	const struct regions *r = arg;

	return r->c[r->region(x, y)];
}

/*
 * The depth subtest (GL_LESS, cleared to 1): green over [8, 40) at NDC z 0,
 * blue over [24, 56) at z 0.5 (behind the green: visible on [40, 56) only),
 * white over [0, 16) at z -0.5 (in front of everything); rows [4, 28).
 */
static int depth_region(int x, int y)
{
	if (y < 4 || y >= 28 || x >= 56)
		return 0;
	return x < 16 ? 1 : x < 40 ? 2 : 3;
}

static void depth_test(const struct format *fmt)
{
	struct gl gl;
	struct regions r = {
		{ expected(fmt, red_ish), expected(fmt, white), expected(fmt, green_ish),
		  expected(fmt, blue_ish) },
		depth_region,
	};
	GLuint prog;

	gl_setup(&gl, fmt);
	attach_depth_stencil(GL_DEPTH_COMPONENT16, true, false);
	gl_clear_color(red_ish);
	glClearDepthf(1.0f);
	glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
	glEnable(GL_DEPTH_TEST);
	glDepthFunc(GL_LESS);
	prog = rect_program(false);
	set_colour(prog, green_ish);
	draw_rect(8, 4, 40, 28, 0.0f);
	set_colour(prog, blue_ish);
	draw_rect(24, 4, 56, 28, 0.5f);
	set_colour(prog, white);
	draw_rect(0, 4, 16, 28, -0.5f);
	glDisable(GL_DEPTH_TEST);
	check_pixels("depth", region_pixel, &r);
}

/*
 * The stencil subtest: REPLACE 1 over R1 = [16, 48) x [8, 24), then INCR
 * over R2 = [0, 32) x [0, 32), colour writes off; then green where the
 * stencil is 1 and white where it is 2 (R1 and R2 both).
 */
static int stencil_region(int x, int y)
{
	bool r1 = x >= 16 && x < 48 && y >= 8 && y < 24, r2 = x < 32;

	return (int)r1 + (int)r2;
}

static void stencil_test(const struct format *fmt)
{
	struct gl gl;
	struct regions r = {
		{ expected(fmt, red_ish), expected(fmt, green_ish), expected(fmt, white) },
		stencil_region,
	};
	const char *ext;
	GLuint prog;

	gl_setup(&gl, fmt);
	ext = (const char *)glGetString(GL_EXTENSIONS);
	if (has_ext(ext, "GL_OES_packed_depth_stencil"))
		attach_depth_stencil(GL_DEPTH24_STENCIL8_OES, true, true);
	else
		attach_depth_stencil(GL_STENCIL_INDEX8, false, true);
	gl_clear_color(red_ish);
	glClearStencil(0);
	glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
	glEnable(GL_STENCIL_TEST);
	prog = rect_program(false);
	glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
	glStencilFunc(GL_ALWAYS, 1, 0xff);
	glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
	draw_rect(16, 8, 48, 24, 0.0f);
	glStencilOp(GL_KEEP, GL_KEEP, GL_INCR);
	draw_rect(0, 0, 32, 32, 0.0f);
	glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
	glStencilFunc(GL_EQUAL, 1, 0xff);
	set_colour(prog, green_ish);
	draw_rect(0, 0, W, H, 0.0f);
	glStencilFunc(GL_EQUAL, 2, 0xff);
	set_colour(prog, white);
	draw_rect(0, 0, W, H, 0.0f);
	glDisable(GL_STENCIL_TEST);
	check_pixels("stencil", region_pixel, &r);
}

static void renderer_test(void)
{
	struct gl gl;

	gl_context(&gl);	/* checks the renderer */
	igt_info("GL_RENDERER: %s\nGL_VERSION: %s\n", (const char *)glGetString(GL_RENDERER),
		 (const char *)glGetString(GL_VERSION));
}

static int opt_handler(int opt, int opt_index, void *data)
{
	if (opt != 'R')
		return IGT_OPT_HANDLER_ERROR;
	renderer_pattern = optarg;
	return IGT_OPT_HANDLER_SUCCESS;
}

static const struct option long_opts[] = {
	{ "renderer", required_argument, NULL, 'R' },
	{ NULL, 0, NULL, 0 },
};

static const char help[] =
	"  --renderer REGEX   the renderer subtest requires GL_RENDERER to match REGEX\n";

/* What every format is put through, in this order: subtests <name>-<format>. */
static const struct {
	const char *name;
	const char *description;
	void (*run)(const struct format *fmt);
} format_tests[] = {
	{ "clear", "glClear fills every pixel with the clear colour", clear_test },
	{ "scissor-clear", "a scissored glClear changes exactly the scissor rectangle",
	  scissor_test },
	{ "draw", "two triangles in a uniform colour cover exactly their rectangle", draw_test },
	{ "blit", "glBlitFramebuffer copies a rectangle between targets unscaled", blit_test },
	/* textures, depth and stencil */
	{ "texture", "a 4x4 RGBA8 texture sampled NEAREST fills its rectangle texel by texel",
	  texture_test },
	{ "depth", "GL_LESS against a 16-bit depth buffer hides the farther rectangles",
	  depth_test },
	{ "stencil", "stencil REPLACE and INCR, then EQUAL tests, select exactly their regions",
	  stencil_test },
};

igt_main_args("R:", long_opts, help, opt_handler, NULL)
{
	igt_describe("the context is the expected Mesa driver, not a software fallback (every "
		     "subtest checks this too)");
	igt_subtest("renderer")
		renderer_test();

	for (size_t i = 0; i < ARRAY_SIZE(formats); i++) {
		for (size_t t = 0; t < ARRAY_SIZE(format_tests); t++) {
			igt_describe(format_tests[t].description);
			igt_subtest_f("%s-%s", format_tests[t].name, formats[i].name)
				format_tests[t].run(&formats[i]);
		}
	}
}
