// SPDX-License-Identifier: MIT
/*
 * rnn: reading XML files with libxml2. Its messages become database
 * errors with file:line instead of going to stderr, and a file already
 * loaded is skipped, which also ends import cycles.
 */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#include "rnn/internal.h"

struct xml_errors {
	struct rnn_db *db;
	const char *file;
};

/* libxml2 reports here instead of printing to stderr. */
#if LIBXML_VERSION >= 21200
static void xml_error(void *data, const xmlError *err)
#else
static void xml_error(void *data, xmlErrorPtr err)
#endif
{
	struct xml_errors *xe = data;
	char *msg = rnn_xstrdup(err->message ? err->message : "XML error");
	size_t len = strlen(msg);

	while (len && msg[len - 1] == '\n')
		msg[--len] = 0;
	rnn_error(xe->db, xe->file, err->line, "XML: %s", msg);
	free(msg);
}

static void xml_silent(void *data, const char *fmt, ...)
{
}

/* @path's XML, or when @mem is set the @len bytes there under the name @path. */
static xmlDoc *read_xml(struct rnn_db *db, const char *path, const char *file,
			const void *mem, size_t len)
{
	const int opts = XML_PARSE_NONET | XML_PARSE_BIG_LINES;
	struct xml_errors xe = { db, file };
	xmlDoc *doc;

	xmlSetStructuredErrorFunc(&xe, xml_error);
	xmlSetGenericErrorFunc(NULL, xml_silent);
	doc = mem ? xmlReadMemory(mem, (int)len, path, NULL, opts) : xmlReadFile(path, NULL, opts);
	xmlSetStructuredErrorFunc(NULL, NULL);
	xmlSetGenericErrorFunc(NULL, NULL);
	return doc;
}

/* Parse @doc (then freed) as @file; its imports are relative to @path's directory. */
static void parse_doc(struct rnn_db *db, const char *path, const char *file, xmlDoc *doc)
{
	char *copy, *dir;

	if (!doc)
		return;
	copy = rnn_xstrdup(path);
	dir = rnn_xstrdup(dirname(copy));
	free(copy);
	if (xmlDocGetRootElement(doc))
		rnn_parse_root(db, file, dir, xmlDocGetRootElement(doc));
	free(dir);
	xmlFreeDoc(doc);
}

void rnn_load_file(struct rnn_db *db, const char *path, const char *from_file,
		   int from_line)
{
	char real[PATH_MAX];
	const char *file;

	if (!realpath(path, real)) {
		if (from_file)
			rnn_error(db, from_file, from_line, "cannot import %s: %s",
				  path, strerror(errno));
		else
			rnn_error(db, path, 0, "cannot open: %s", strerror(errno));
		return;
	}
	/* first load wins; this also ends import cycles */
	if (rnn_db_has_realpath(db, real))
		return;
	file = rnn_db_add_file(db, path, real);
	parse_doc(db, path, file, read_xml(db, path, file, NULL, 0));
}

static int start_load(struct rnn_db *db, const char *path)
{
	if (db->prepared) {
		rnn_error(db, path, 0, "loaded after rnn_db_prepare()");
		return -1;
	}
	xmlInitParser();
	return 0;
}

int rnn_db_load(struct rnn_db *db, const char *path)
{
	size_t before = db->nerrors;

	if (start_load(db, path))
		return -1;
	rnn_load_file(db, path, NULL, 0);
	return db->nerrors > before ? -1 : 0;
}

int rnn_db_load_memory(struct rnn_db *db, const char *name, const void *xml, size_t len)
{
	size_t before = db->nerrors;
	const char *file;

	if (start_load(db, name))
		return -1;
	if (len > INT_MAX) {
		rnn_error(db, name, 0, "%zu bytes of XML: more than libxml2 reads", len);
		return -1;
	}
	/* the name stands for its own real path: the document is nowhere on disk */
	file = rnn_db_add_file(db, name, name);
	parse_doc(db, name, file, read_xml(db, name, file, xml ? xml : "", len));
	return db->nerrors > before ? -1 : 0;
}
