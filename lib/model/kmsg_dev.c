// SPDX-License-Identifier: MIT
/*
 * /dev/kmsg while the model is active: open("/dev/kmsg") gives the model's
 * log (kmsg.c) with the device's semantics (kernel/printk/printk.c):
 *
 *  - a reader (O_RDONLY, O_RDWR) starts at the first record
 *    (devkmsg_open) and gets one record per read(), "prio,seq,usec,-;text\n";
 *    a buffer too small for it is EINVAL and the record is skipped; none
 *    left is EAGAIN with O_NONBLOCK, else read() waits (devkmsg_read);
 *  - lseek(fd, 0, SEEK_SET / SEEK_DATA) goes back to the first record (the
 *    model never clears its log, so both are the start), SEEK_END past the
 *    last; a non-zero offset is ESPIPE, another whence EINVAL
 *    (devkmsg_llseek); poll/select say readable when a record is waiting;
 *  - a write is one record: "<N>" sets the level (N & 7) and, if non-zero,
 *    the facility (N >> 3), else level 4 and LOG_USER; one trailing newline
 *    ends it; more than 1024 bytes is EINVAL; it returns the length
 *    (devkmsg_write). Writes are not rate-limited (printk.devkmsg=on).
 *  - reading a write-only file, or writing a read-only one, is EBADF (VFS).
 *
 * A reader's fd is an inotify instance watching the log file, so poll,
 * select and epoll work without interposing them: IN_MODIFY events say the
 * log grew, and are drained when a read finds nothing more. A writer's fd
 * is the log file itself (O_APPEND), so output that bypasses write() still
 * lands in the log (kmsg.c reads such lines as records). read(), write()
 * and lseek() reach here through shim_rw.c; fopen() gets a stdio stream
 * on the same functions (IGT's igt_kmsg() uses fopen(), fprintf, fclose).
 *
 * The log is readable by whoever runs the model: dmesg_restrict=0. Not
 * modelled: pread/readv/writev on /dev/kmsg (they go to the fd as it is:
 * the watch, or the log file), and a /dev/kmsg fd inherited across exec,
 * which the new process's model does not know (its writes still land in
 * the log, where raw lines are taken as records, kmsg.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/kmsg.h"
#include "model/model.h"
#include "model/shim_real.h"

struct kmsg_file {
	int fd;			/* the program's fd (-1 for a stdio stream) */
	int notify;		/* readers: the inotify fd (the program's fd, or hidden) */
	int log;		/* readers: the log file, read-only */
	int accmode;		/* O_RDONLY, O_WRONLY, O_RDWR */
	off_t pos;		/* the next record */
	uint64_t seq, usec;	/* of the last record read */
	dev_t st_dev;		/* what fd was at open: an fd number reused */
	ino_t st_ino;		/* behind the model's back is not ours */
	int busy;		/* readers waiting in read() without the lock */
	bool closed;		/* closed while busy: the last waiter frees it */
	struct kmsg_file *next;
};

struct model_fd_bits model_kmsg_fds;
static pthread_mutex_t files_lock = PTHREAD_MUTEX_INITIALIZER;
static struct kmsg_file *files;

/* Around fork (kmsg.c): a child must not inherit the lock held by another thread. */
void model_kmsg_dev_lock(bool lock)
{
	if (lock)
		pthread_mutex_lock(&files_lock);
	else
		pthread_mutex_unlock(&files_lock);
}

bool model_kmsg_path(const char *path)
{
	return path && !strcmp(path, "/dev/kmsg") && model_active();
}

static void file_free(struct kmsg_file *f)
{
	if (f->log >= 0)
		REAL(close)(f->log);
	if (f->notify >= 0 && f->notify != f->fd)
		REAL(close)(f->notify);
	free(f);
}

static void identify(struct kmsg_file *f)
{
	struct stat st;

	if (f->fd >= 0 && !REAL(fstat)(f->fd, &st)) {
		f->st_dev = st.st_dev;
		f->st_ino = st.st_ino;
	}
}

/* The open file behind @fd (under files_lock), or NULL if @fd is no longer it. */
static void *lookup(int fd)
{
	struct stat st;

	for (struct kmsg_file *f = files; f; f = f->next) {
		if (f->fd != fd)
			continue;
		if (REAL(fstat)(fd, &st) || st.st_dev != f->st_dev || st.st_ino != f->st_ino)
			return NULL;	/* closed around close(): someone else's fd now */
		return f;
	}
	return NULL;
}

static struct kmsg_file *file_new(int accmode, bool hidden_notify, int nonblock)
{
	struct kmsg_file *f = calloc(1, sizeof(*f));
	const char *path = model_kmsg_file();
	int create;

	if (!f)
		return NULL;
	f->fd = f->notify = f->log = -1;
	f->accmode = accmode;
	/* the log exists from the first open, so a reader can watch it */
	create = REAL(openat)(AT_FDCWD, path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (create < 0)
		goto fail;
	if (accmode == O_WRONLY) {
		f->fd = create;
		return f;
	}
	REAL(close)(create);
	f->log = model_hide_fd(REAL(openat)(AT_FDCWD, path, O_RDONLY | O_CLOEXEC, 0));
	f->notify = inotify_init1(IN_CLOEXEC | nonblock);
	if (f->log < 0 || f->notify < 0 || inotify_add_watch(f->notify, path, IN_MODIFY) < 0)
		goto fail;
	if (hidden_notify)
		f->notify = model_hide_fd(f->notify);
	else
		f->fd = f->notify;
	return f;
fail:
	create = errno;
	file_free(f);
	errno = create;
	return NULL;
}

static void file_add(struct kmsg_file *f)
{
	identify(f);
	pthread_mutex_lock(&files_lock);
	f->next = files;
	files = f;
	if (f->fd >= 0)
		model_fd_bits_mark(&model_kmsg_fds, f->fd, true);
	pthread_mutex_unlock(&files_lock);
}

int model_kmsg_open(int flags)
{
	int accmode = flags & O_ACCMODE;
	struct kmsg_file *f = file_new(accmode, false, flags & O_NONBLOCK ? IN_NONBLOCK : 0);

	if (!f)
		return -errno;
	if (f->fd >= MODEL_FD_BITS_MAX) {
		/* beyond what read() and write() check: the call would not reach the model */
		model_debug("/dev/kmsg: fd %d is past the %d the model tracks", f->fd,
			    MODEL_FD_BITS_MAX);
		file_free(f);
		return -EMFILE;
	}
	if (!(flags & O_CLOEXEC))
		REAL(fcntl)(f->fd, F_SETFD, 0);
	file_add(f);
	return f->fd;
}

/* Drain what the watch queued: the log is read up to its end. */
static void drain(int notify)
{
	char buf[4096];
	struct pollfd p = { .fd = notify, .events = POLLIN };

	while (poll(&p, 1, 0) == 1 && REAL(read)(notify, buf, sizeof(buf)) > 0)
		;
}

/* The next stored line at f->pos, if a whole one is there. */
static ssize_t next_line(struct kmsg_file *f, char *buf, size_t size)
{
	ssize_t n = pread(f->log, buf, size, f->pos);
	char *nl = n > 0 ? memchr(buf, '\n', n) : NULL;

	if (n <= 0)
		return 0;
	if (!nl)
		return n == (ssize_t)size ? n : 0;	/* too long: take it as it is */
	return nl - buf + 1;
}

/* devkmsg_read. Caller holds files_lock. */
static ssize_t read_record(struct kmsg_file *f, char *ubuf, size_t len, bool nonblock)
{
	char line[KMSG_LINE_MAX], out[KMSG_LINE_MAX];
	ssize_t n;
	size_t rec;

	for (;;) {
		n = next_line(f, line, sizeof(line));
		if (n > 0)
			break;
		/* nothing more: empty the watch, and look once more (a record just written) */
		drain(f->notify);
		n = next_line(f, line, sizeof(line));
		if (n > 0)
			break;
		if (nonblock)
			return -EAGAIN;
		f->busy++;
		pthread_mutex_unlock(&files_lock);
		poll(&(struct pollfd){ .fd = f->notify, .events = POLLIN }, 1, -1);
		pthread_mutex_lock(&files_lock);
		f->busy--;
		if (f->closed)
			return -EBADF;	/* closed meanwhile: file_read frees it */
	}
	f->pos += n;
	rec = model_kmsg_format_line(line, line[n - 1] == '\n' ? n - 1 : n, &f->seq, &f->usec, out);
	f->seq++;
	/* the record is used up either way, as the kernel advances user->seq */
	if (rec > len)
		return -EINVAL;
	memcpy(ubuf, out, rec);
	return rec;
}

static bool is_nonblock(const struct kmsg_file *f)
{
	return f->fd >= 0 && (REAL(fcntl)(f->fd, F_GETFL) & O_NONBLOCK);
}

static ssize_t file_read(void *file, void *buf, size_t len)
{
	struct kmsg_file *f = file;
	ssize_t n;

	if (f->accmode == O_WRONLY)
		return -EBADF;
	n = read_record(f, buf, len, is_nonblock(f));
	if (f->closed && !f->busy)
		file_free(f);
	return n;
}

/* devkmsg_write */
static ssize_t file_write(void *file, const void *buf, size_t len)
{
	struct kmsg_file *f = file;
	char text[KMSG_RECORD_MAX + 1];
	unsigned int level = 4, facility = KMSG_FACILITY_USER;
	const char *line = text;
	size_t n;

	if (f->accmode == O_RDONLY)
		return -EBADF;
	if (len > KMSG_RECORD_MAX)
		return -EINVAL;
	if (model_copy_from_user(text, buf, len))
		return -EFAULT;	/* copy_from_iter */
	text[len] = '\0';
	if (text[0] == '<') {
		char *end;
		unsigned long u = strtoul(text + 1, &end, 10);

		if (end && end[0] == '>') {
			level = u & 7;
			if (u >> 3)
				facility = u >> 3;
			line = end + 1;
		}
	}
	n = strlen(line);	/* devkmsg_emit prints it with "%s" */
	if (n && line[n - 1] == '\n')
		n--;
	model_kmsg_append(facility << 3 | level, line, n);
	return len;
}

/* devkmsg_llseek: only positions without an offset. */
static off_t file_lseek(void *file, off_t offset, int whence)
{
	struct kmsg_file *f = file;
	struct stat st;

	if (offset)
		return -ESPIPE;
	if (whence != SEEK_SET && whence != SEEK_DATA && whence != SEEK_END)
		return -EINVAL;
	if (f->log < 0)
		return 0;	/* a writer has no position */
	f->seq = f->usec = 0;
	f->pos = 0;
	if (whence == SEEK_END) {
		/* under the writers' lock: never in the middle of a record being appended */
		flock(f->log, LOCK_SH);
		f->pos = REAL(fstat)(f->log, &st) ? 0 : st.st_size;
		flock(f->log, LOCK_UN);
		drain(f->notify);
	}
	return 0;
}

const struct model_fd_io model_kmsg_io = {
	.fds = &model_kmsg_fds,
	.lock = &files_lock,
	.lookup = lookup,
	.read = file_read,
	.write = file_write,
	.lseek = file_lseek,
};

void model_kmsg_forget(int fd)
{
	struct kmsg_file **p;

	if (!model_kmsg_fd(fd))
		return;
	pthread_mutex_lock(&files_lock);
	for (p = &files; *p; p = &(*p)->next) {
		struct kmsg_file *f = *p;

		if (f->fd != fd)
			continue;
		*p = f->next;
		model_fd_bits_mark(&model_kmsg_fds, fd, false);
		/* the caller closes the program's fd, which may be the watch itself */
		if (f->notify == fd)
			f->notify = -1;
		f->fd = -1;
		if (f->busy)
			f->closed = true;
		else
			file_free(f);
		break;
	}
	pthread_mutex_unlock(&files_lock);
}

/*
 * A dup of a /dev/kmsg fd is another /dev/kmsg with the same access (the
 * kernel's would share the position: the model's starts where the
 * original stands).
 */
void model_kmsg_dup(int oldfd, int newfd)
{
	struct kmsg_file *old, *f = NULL;

	model_kmsg_forget(newfd);
	if (!model_kmsg_fd(oldfd))
		return;
	pthread_mutex_lock(&files_lock);
	old = lookup(oldfd);
	if (old && (f = calloc(1, sizeof(*f)))) {
		*f = *old;
		f->fd = newfd;
		f->notify = old->log >= 0 ? newfd : -1;
		f->log = old->log >= 0 ? model_hide_fd(REAL(fcntl)(old->log, F_DUPFD_CLOEXEC, 0))
				       : -1;
	}
	pthread_mutex_unlock(&files_lock);
	if (f)
		file_add(f);
}

/* ---- fopen("/dev/kmsg") ------------------------------------------------ */

static ssize_t cookie_read(void *cookie, char *buf, size_t len)
{
	ssize_t n;

	pthread_mutex_lock(&files_lock);
	n = file_read(cookie, buf, len);
	pthread_mutex_unlock(&files_lock);
	return n < 0 ? (errno = -n, -1) : n;
}

static ssize_t cookie_write(void *cookie, const char *buf, size_t len)
{
	ssize_t n = file_write(cookie, buf, len);

	return n < 0 ? (errno = -n, -1) : n;
}

static int cookie_seek(void *cookie, off64_t *offset, int whence)
{
	off_t ret;

	pthread_mutex_lock(&files_lock);
	ret = file_lseek(cookie, *offset, whence);
	pthread_mutex_unlock(&files_lock);
	if (ret < 0) {
		errno = -ret;
		return -1;
	}
	*offset = 0;
	return 0;
}

static int cookie_close(void *cookie)
{
	struct kmsg_file *f = cookie;

	if (f->accmode == O_WRONLY && f->fd >= 0)
		REAL(close)(f->fd);
	f->fd = -1;
	file_free(f);
	return 0;
}

FILE *model_kmsg_fopen(const char *mode)
{
	static const cookie_io_functions_t io = {
		.read = cookie_read, .write = cookie_write, .seek = cookie_seek,
		.close = cookie_close,
	};
	int accmode = strchr(mode, '+') ? O_RDWR : mode[0] == 'r' ? O_RDONLY : O_WRONLY;
	struct kmsg_file *f = file_new(accmode, true, 0);
	FILE *stream;

	if (!f)
		return NULL;
	if (accmode == O_WRONLY)
		f->fd = model_hide_fd(f->fd);
	stream = fopencookie(f, mode, io);
	if (!stream)
		cookie_close(f);
	return stream;
}
