// SPDX-License-Identifier: MIT
/* Symbolic errno names, so failures read "EINVAL" rather than "22". */
#include <errno.h>
#include <stdio.h>

#include "core/test.h"
#include "util/util.h"

/* Kernel-internal codes that reach userspace through some drivers. */
#define ERRNO_ETOOSMALL 525	/* e.g. msm GEM_INFO GET_NAME with a short buffer */

#define E(x) [x] = #x
static const char *const names[] = {
	E(EPERM), E(ENOENT), E(ESRCH), E(EINTR), E(EIO), E(ENXIO), E(E2BIG),
	E(ENOEXEC), E(EBADF), E(ECHILD), E(EAGAIN), E(ENOMEM), E(EACCES),
	E(EFAULT), E(EBUSY), E(EEXIST), E(EXDEV), E(ENODEV), E(ENOTDIR),
	E(EISDIR), E(EINVAL), E(ENFILE), E(EMFILE), E(ENOTTY), E(EFBIG),
	E(ENOSPC), E(ESPIPE), E(EROFS), E(EPIPE), E(ERANGE), E(EDEADLK),
	E(ENAMETOOLONG), E(ENOSYS), E(ENOTEMPTY), E(ENODATA), E(ETIME),
	E(EOVERFLOW), E(EBADFD), E(EOPNOTSUPP), E(ETIMEDOUT), E(EALREADY),
	E(EINPROGRESS), E(ECANCELED), E(EPROTO), E(ENOLINK), E(ENOTCONN),
	E(EHWPOISON), E(ENOKEY), E(ERESTART),
};
#undef E

const char *drmsub_errno_name(int err)
{
	static __thread char buf[32];

	if (err >= 0 && err < (int)(ARRAY_SIZE(names)) && names[err])
		return names[err];
	if (err == ERRNO_ETOOSMALL)
		return "ETOOSMALL";
	snprintf(buf, sizeof(buf), "errno %d", err);
	return buf;
}
