/* SPDX-License-Identifier: MIT */
/*
 * The model's kernel log (kmsg.c) and its /dev/kmsg (kmsg_dev.c): what a
 * process running on the model reads and writes as the kernel's log.
 */
#ifndef DRMSUB_MODEL_KMSG_H
#define DRMSUB_MODEL_KMSG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "model/fd_io.h"

/* printk.c devkmsg_write: a write longer than PRINTKRB_RECORD_MAX is EINVAL. */
#define KMSG_RECORD_MAX 1024
/* A record as read: "prio,seq,usec,-;" + the text with each byte escaped at worst + "\n". */
#define KMSG_LINE_MAX (64 + 4 * KMSG_RECORD_MAX + 1)
/* The model's log stops at this size (the kernel's ring would overwrite). */
#define KMSG_LOG_MAX (16u << 20)
/* printk.c devkmsg_write: a write without a facility is LOG_USER's. */
#define KMSG_FACILITY_USER 1

/* ---- the log (kmsg.c) ---------------------------------------------------- */

/* At model start, before model_lock_init() (fork handlers' order, kmsg.c). */
void model_kmsg_init(void);
/* The log's file from DRMSUB_MODEL_KMSG, if set (else made at first use). */
void model_kmsg_export(void);
/* The log's file (DRMSUB_MODEL_KMSG). */
const char *model_kmsg_file(void);
/* Append one record of @text (@len bytes, no newline) at @prio (facility << 3 | level). */
void model_kmsg_append(unsigned int prio, const char *text, size_t len);
/*
 * The record line at @line (one stored line, no newline) in /dev/kmsg's
 * read form, into @out (KMSG_LINE_MAX bytes). A line that is not a record
 * (a program wrote around the model, e.g. with dprintf) is one, at the
 * sequence number and time of the record before it (*@seq, *@usec, which
 * a record updates). Returns the length.
 */
size_t model_kmsg_format_line(const char *line, size_t len, uint64_t *seq, uint64_t *usec,
			      char *out);

/* ---- /dev/kmsg (kmsg_dev.c) ---------------------------------------------- */

extern struct model_fd_bits model_kmsg_fds;

/* Is @fd an open /dev/kmsg of the model? Lock-free: on every read() and write(). */
static inline bool model_kmsg_fd(int fd)
{
	return model_fd_bits_test(&model_kmsg_fds, fd);
}

/* @path is /dev/kmsg and the model is active. */
bool model_kmsg_path(const char *path);
/* open("/dev/kmsg", @flags): an fd, or -errno. */
int model_kmsg_open(int flags);
FILE *model_kmsg_fopen(const char *mode);
/* @fd is being closed; @newfd now refers to what @oldfd refers to. */
void model_kmsg_forget(int fd);
void model_kmsg_dup(int oldfd, int newfd);
/* Take (true) or release /dev/kmsg's lock, around fork (kmsg.c). */
void model_kmsg_dev_lock(bool lock);

#endif
