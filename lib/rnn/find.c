// SPDX-License-Identifier: MIT
/*
 * Where the register databases are at run time, for every tool and test
 * that reads them (drmsub-decode, the discovery probes): a root given on
 * the command line, else $DRMSUB_REGISTERS, else the source tree while
 * it exists, else the installed $(PREFIX)/share/drmsub/registers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "rnn/rnn.h"

#ifndef DRMSUB_SRCDIR
#define DRMSUB_SRCDIR "."
#endif
#ifndef DRMSUB_DATADIR
#define DRMSUB_DATADIR "/usr/local/share/drmsub/registers"
#endif

const char *rnn_installed_dir(void)
{
	return DRMSUB_DATADIR;
}

static bool is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* <root>/<driver>/registers/<file>, <root>/<driver>/<file>, <root>/<file> */
static bool find_in(const char *root, const char *driver, const char *file, char *out,
		    size_t size)
{
	const char *const sub[] = { "/registers/", "/", NULL };

	for (unsigned int i = 0; i < 3; i++) {
		snprintf(out, size, "%s/%s%s%s", root, sub[i] ? driver : "", sub[i] ? sub[i] : "",
			 file);
		if (is_file(out))
			return true;
	}
	return false;
}

bool rnn_find_database(const char *root, const char *driver, const char *file, char *out,
		       size_t size)
{
	const char *env = getenv("DRMSUB_REGISTERS");

	if (root)
		return find_in(root, driver, file, out, size);
	if (env && *env)
		return find_in(env, driver, file, out, size);
	return find_in(DRMSUB_SRCDIR, driver, file, out, size) ||
	       find_in(DRMSUB_DATADIR, driver, file, out, size);
}
