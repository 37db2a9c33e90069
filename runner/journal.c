// SPDX-License-Identifier: MIT
/*
 * journal.txt: one line per event, each written with a single write() and
 * fsync'd before the runner moves on, so after a crash or a power cut the
 * journal says exactly which jobs finished (and with what result) and which
 * one was running. A torn last line (no newline) is ignored on reading and
 * ended before anything is appended.
 *
 *	start <index> <wall-clock start>
 *	done <index> <result> <exit status> <wall-clock start> <elapsed>
 *	cancel <index>			(the runner was stopped; job not run)
 *	note <text>			(aborted, overall timeout, resumed)
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "runner/runner.h"

static int journal_fd = -1;

/*
 * A crash in the middle of a write leaves a line without its newline;
 * end it, so that the next line is not glued to it (the torn line itself
 * then fails to parse and is ignored).
 */
static int end_torn_line(void)
{
	off_t size = lseek(journal_fd, 0, SEEK_END);
	char last = '\n';

	if (size > 0 && pread(journal_fd, &last, 1, size - 1) != 1)
		return -1;
	if (last == '\n')
		return 0;
	if (write(journal_fd, "\n", 1) != 1 || fsync(journal_fd))
		return -1;
	return 0;
}

int journal_open(const char *dir)
{
	char *path = xasprintf("%s/journal.txt", dir);

	journal_fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (journal_fd < 0) {
		fprintf(stderr, "drmsub-run: %s: %s\n", path, strerror(errno));
		free(path);
		return -1;
	}
	/* two runners appending to one journal would corrupt the run */
	if (flock(journal_fd, LOCK_EX | LOCK_NB)) {
		fprintf(stderr, "drmsub-run: %s is in use by another drmsub-run\n", dir);
		free(path);
		journal_close();
		return -1;
	}
	free(path);
	fsync_dir(dir);
	return end_torn_line();
}

void journal_close(void)
{
	if (journal_fd >= 0)
		close(journal_fd);
	journal_fd = -1;
}

static int journal_line(const char *line)
{
	size_t len = strlen(line);

	if (journal_fd < 0 || write(journal_fd, line, len) != (ssize_t)len ||
	    fsync(journal_fd)) {
		fprintf(stderr, "drmsub-run: cannot write the journal: %s\n", strerror(errno));
		return -1;
	}
	return 0;
}

int journal_start(size_t index)
{
	char line[96];

	snprintf(line, sizeof(line), "start %zu %.6f\n", index, now_wall());
	return journal_line(line);
}

int journal_done(size_t index, const struct outcome *o)
{
	char line[160];

	snprintf(line, sizeof(line), "done %zu %s %d %.6f %.6f\n", index, o->result,
		 o->exit_status, o->start, o->elapsed);
	return journal_line(line);
}

int journal_cancel(size_t index)
{
	char line[64];

	snprintf(line, sizeof(line), "cancel %zu\n", index);
	return journal_line(line);
}

int journal_note(const char *what)
{
	char *line = xasprintf("note %s\n", what);
	int ret = journal_line(line);

	free(line);
	return ret;
}

static void apply_line(char *line, struct outcome *outcomes, size_t count)
{
	char kind[16], result[16];
	struct outcome o = { 0 };
	size_t index;
	double start;

	if (sscanf(line, "%15s %zu", kind, &index) != 2 || index >= count)
		return;
	if (!strcmp(kind, "start") && sscanf(line, "start %*u %lf", &start) == 1) {
		outcomes[index].started = true;
		outcomes[index].start = start;
	} else if (!strcmp(kind, "done") &&
		   sscanf(line, "done %*u %15s %d %lf %lf", result, &o.exit_status,
			  &o.start, &o.elapsed) == 4) {
		snprintf(o.result, sizeof(o.result), "%s", result);
		o.started = o.done = true;
		outcomes[index] = o;
	} else if (!strcmp(kind, "cancel")) {
		memset(&outcomes[index], 0, sizeof(outcomes[index]));
	}
}

/* Fill @outcomes from the journal; a missing journal means nothing ran. */
int journal_load(const char *dir, struct outcome *outcomes, size_t count)
{
	char *path = xasprintf("%s/journal.txt", dir);
	char *text = read_file(path, NULL, LIMIT_JOURNAL), *line, *end;
	int err = errno;

	if (!text && err != ENOENT)
		fprintf(stderr, "drmsub-run: %s: %s\n", path, read_strerror(err));
	free(path);
	if (!text)
		return err == ENOENT ? 0 : -1;
	for (line = text; (end = strchr(line, '\n')); line = end + 1) {
		*end = '\0';
		apply_line(line, outcomes, count);
	}
	free(text);
	return 0;
}
