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

static xmlDoc *read_xml(struct rnn_db *db, const char *path, const char *file)
{
	struct xml_errors xe = { db, file };
	xmlDoc *doc;

	xmlSetStructuredErrorFunc(&xe, xml_error);
	xmlSetGenericErrorFunc(NULL, xml_silent);
	doc = xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_BIG_LINES);
	xmlSetStructuredErrorFunc(NULL, NULL);
	xmlSetGenericErrorFunc(NULL, NULL);
	return doc;
}

void rnn_load_file(struct rnn_db *db, const char *path, const char *from_file,
		   int from_line)
{
	char real[PATH_MAX], *copy, *dir;
	const char *file;
	xmlDoc *doc;

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
	doc = read_xml(db, path, file);
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

int rnn_db_load(struct rnn_db *db, const char *path)
{
	size_t before = db->nerrors;

	if (db->prepared) {
		rnn_error(db, path, 0, "loaded after rnn_db_prepare()");
		return -1;
	}
	xmlInitParser();
	rnn_load_file(db, path, NULL, 0);
	return db->nerrors > before ? -1 : 0;
}
