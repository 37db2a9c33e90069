// SPDX-License-Identifier: MIT
/*
 * The model's kernel log. The model is the kernel of the processes that
 * run on it, so it keeps the log the kernel would: the messages its
 * drivers print (GPU faults, hangs, recoveries, with the kernel's text and
 * KERN_ levels, via model_kmsg()) and what programs write to /dev/kmsg
 * (kmsg_dev.c). Every model process of a run shares one log: an append-only
 * file named by DRMSUB_MODEL_KMSG, one record per line in /dev/kmsg's read
 * form, "prio,seq,usec,-;text" (printk.c info_print_ext_header and
 * msg_add_ext_text: bytes below ' ', above '~' and '\' as \xNN). Unset,
 * the first model process to use the log (a driver message, an open of
 * /dev/kmsg) makes one in $TMPDIR, exports the name to the children it
 * starts afterwards and removes it when it exits; drmsub-run and
 * check-igt name one per job or run.
 *
 * Appends hold flock(LOCK_EX) on the file, so sequence numbers run on
 * across processes; a per-process mutex orders the process's threads (a
 * driver logs from its GPU or hangcheck thread).
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "model/kmsg.h"
#include "model/model.h"
#include "model/shim_real.h"

#define KMSG_ENV "DRMSUB_MODEL_KMSG"
/* How far back from the end an append looks for the last sequence number. */
#define TAIL_SCAN (2 * KMSG_LINE_MAX)

static struct {
	pthread_mutex_t lock;
	char path[PATH_MAX];
	int fd;			/* the file, appending; hidden from the program */
	pid_t fd_pid;		/* a child re-opens: flock is per open file */
	bool full;
} log_ = { .lock = PTHREAD_MUTEX_INITIALIZER, .fd = -1 };

/*
 * Taken around fork, with /dev/kmsg's lock, so a child never inherits
 * them locked by another thread. Registered before model_lock's handlers:
 * prepare handlers run in reverse, so a fork takes model_lock first — the
 * order in which a driver logging under model_lock takes them.
 */
static void before_fork(void)
{
	model_kmsg_dev_lock(true);
	pthread_mutex_lock(&log_.lock);
}

static void after_fork(void)
{
	pthread_mutex_unlock(&log_.lock);
	model_kmsg_dev_lock(false);
}

void model_kmsg_init(void)
{
	pthread_atfork(before_fork, after_fork, after_fork);
}

void model_kmsg_export(void)
{
	const char *env = getenv(KMSG_ENV);

	if (env && *env)
		snprintf(log_.path, sizeof(log_.path), "%s", env);
}

static pid_t log_creator;

static void remove_log(void)
{
	if (log_creator == getpid())
		unlink(log_.path);
}

/* No DRMSUB_MODEL_KMSG: this process's own log, in $TMPDIR, for it and its children. */
static void create_log(void)
{
	const char *tmp = getenv("TMPDIR");
	int fd;

	snprintf(log_.path, sizeof(log_.path), "%s/drmsub-model-kmsg.%u.XXXXXX",
		 tmp && *tmp ? tmp : "/tmp", (unsigned int)getuid());
	fd = mkstemp(log_.path);
	if (fd < 0) {
		log_.path[0] = '\0';
		return;
	}
	REAL(close)(fd);
	setenv(KMSG_ENV, log_.path, 1);
	log_creator = getpid();
	atexit(remove_log);
}

const char *model_kmsg_file(void)
{
	pthread_mutex_lock(&log_.lock);
	if (!log_.path[0])
		create_log();
	pthread_mutex_unlock(&log_.lock);
	return log_.path;
}

static int log_fd(void)
{
	int fd;

	if (log_.fd >= 0 && log_.fd_pid == getpid())
		return log_.fd;
	if (log_.fd >= 0)
		REAL(close)(log_.fd);	/* the parent's open file: its lock is not ours */
	if (!log_.path[0])
		create_log();
	if (!log_.path[0])
		return -1;
	fd = REAL(openat)(AT_FDCWD, log_.path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	log_.fd = model_hide_fd(fd);
	log_.fd_pid = getpid();
	return log_.fd;
}

static bool parse_record(const char *line, size_t len, unsigned int *prio, uint64_t *seq,
			 uint64_t *usec)
{
	unsigned long long s, u;
	char flag;

	if (!len || !memchr(line, ';', len < 64 ? len : 64))
		return false;
	if (sscanf(line, "%u,%llu,%llu,%c", prio, &s, &u, &flag) != 4)
		return false;
	*seq = s;
	*usec = u;
	return true;
}

/* The sequence number the next record gets: one past the last one in the file. */
static uint64_t next_seq(int fd)
{
	char buf[TAIL_SCAN + 1];
	struct stat st;
	off_t start;
	ssize_t n;

	if (REAL(fstat)(fd, &st) || !st.st_size)
		return 0;
	start = st.st_size > TAIL_SCAN ? st.st_size - TAIL_SCAN : 0;
	n = pread(fd, buf, TAIL_SCAN, start);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	/* complete lines from the end: the last one that is a record; raw lines count too */
	for (ssize_t end = n - 1, raw = 0; end > 0; raw++) {
		ssize_t begin = end - 1;
		unsigned int prio;
		uint64_t seq, usec;

		while (begin >= 0 && buf[begin] != '\n')
			begin--;
		if (begin < 0 && start > 0)
			break;	/* a line cut by the window */
		if (parse_record(buf + (begin + 1), end - begin - 1, &prio, &seq, &usec))
			return seq + 1 + raw;
		end = begin;
	}
	return (uint64_t)st.st_size;	/* no record in sight: still increasing */
}

/* printk.c msg_add_ext_text: what /dev/kmsg escapes. */
static size_t escape(const char *text, size_t len, char *out)
{
	static const char hex[] = "0123456789abcdef";
	size_t n = 0;

	for (size_t i = 0; i < len; i++) {
		unsigned char c = text[i];

		if (c < ' ' || c >= 127 || c == '\\') {
			out[n++] = '\\';
			out[n++] = 'x';
			out[n++] = hex[c >> 4];
			out[n++] = hex[c & 15];
		} else {
			out[n++] = c;
		}
	}
	return n;
}

static uint64_t now_usec(void)
{
	/* local_clock(): time since boot, the clock CLOCK_MONOTONIC counts */
	return (uint64_t)model_now_ns() / 1000;
}

static size_t record(char *out, unsigned int prio, uint64_t seq, uint64_t usec, const char *text,
		     size_t len)
{
	size_t n = snprintf(out, 64, "%u,%" PRIu64 ",%" PRIu64 ",-;", prio, seq, usec);

	if (len > KMSG_RECORD_MAX)
		len = KMSG_RECORD_MAX;
	n += escape(text, len, out + n);
	out[n++] = '\n';
	return n;
}

static void write_record(int fd, unsigned int prio, const char *text, size_t len)
{
	char line[KMSG_LINE_MAX];
	size_t n = record(line, prio, next_seq(fd), now_usec(), text, len);

	if (REAL(write)(fd, line, n) != (ssize_t)n)
		model_debug("kernel log %s: %s", log_.path, strerror(errno));
}

void model_kmsg_append(unsigned int prio, const char *text, size_t len)
{
	static const char full[] = "drmsub-model: the kernel log is full; later records are dropped";
	struct stat st;
	int fd;

	pthread_mutex_lock(&log_.lock);
	fd = log_fd();
	if (fd < 0 || flock(fd, LOCK_EX)) {
		model_debug("kernel log %s: %s", log_.path, strerror(errno));
		pthread_mutex_unlock(&log_.lock);
		return;
	}
	if (!REAL(fstat)(fd, &st) && st.st_size >= (off_t)KMSG_LOG_MAX) {
		/* said once, at warning level, so a run notices what it lost */
		if (!log_.full)
			write_record(fd, 4, full, sizeof(full) - 1);
		log_.full = true;
	} else {
		write_record(fd, prio, text, len);
	}
	flock(fd, LOCK_UN);
	pthread_mutex_unlock(&log_.lock);
}

size_t model_kmsg_format_line(const char *line, size_t len, uint64_t *seq, uint64_t *usec,
			      char *out)
{
	unsigned int prio = KMSG_FACILITY_USER << 3 | 4;
	const char *text = line;

	if (parse_record(line, len, &prio, seq, usec)) {
		if (len > KMSG_LINE_MAX - 1)
			len = KMSG_LINE_MAX - 1;
		memcpy(out, line, len);
		out[len] = '\n';
		return len + 1;
	}
	/* written around the model: "<N>text", as a write to /dev/kmsg would be taken */
	if (len > 2 && line[0] == '<') {
		const char *close = memchr(line, '>', len < 12 ? len : 12);

		if (close) {
			prio = (KMSG_FACILITY_USER << 3) | (atoi(line + 1) & 7);
			text = close + 1;
		}
	}
	return record(out, prio, *seq, *usec, text, len - (text - line));
}

static __attribute__((format(printf, 3, 0))) void vlog(unsigned int level, const char *prefix,
							 const char *fmt, va_list ap)
{
	char text[KMSG_RECORD_MAX + 1];
	int n = snprintf(text, sizeof(text), "%s", prefix);

	n += vsnprintf(text + n, sizeof(text) - n, fmt, ap);
	if (n > KMSG_RECORD_MAX)
		n = KMSG_RECORD_MAX;
	/* vprintk_store: one trailing newline ends the record, it is not part of it */
	if (n && text[n - 1] == '\n')
		n--;
	model_kmsg_append(level & 7, text, n);
}

void model_kmsg(unsigned int level, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vlog(level, "", fmt, ap);
	va_end(ap);
}

/* dev_printk (drivers/base/core.c): "<driver> <device>: " before the text. */
void model_dev_kmsg(const struct model_device *dev, unsigned int level, const char *fmt, ...)
{
	const char *name = dev->chip->bus == MODEL_BUS_PCI ? dev->pci_slot : dev->chip->sysfs_name;
	char prefix[96];
	va_list ap;

	/* the driver the model's sysfs says is bound (uevent DRIVER=, tree.c) */
	snprintf(prefix, sizeof(prefix), "%s %s: ", dev->driver->name, name);
	va_start(ap, fmt);
	vlog(level, prefix, fmt, ap);
	va_end(ap);
}
