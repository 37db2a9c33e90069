// SPDX-License-Identifier: MIT
/*
 * core_master: who is master of a primary node and who may change that
 * (drm_auth.c: drm_master_open, drm_setmaster_ioctl, drm_dropmaster_ioctl,
 * drm_master_check_perm, drm_master_release), authentication with magics
 * (drm_getmagic, drm_authmagic; root is authenticated at open by
 * drm_file_alloc), and the hollowed-out GET_CLIENT and GET_STATS
 * (drm_ioctl.c). Subtests open their own primary files: the first opener
 * of a node nobody is master of becomes master, so nothing else may hold
 * one (run without a display server, as IGT's core_setmaster).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "core_common.h"
#include "kernel_version.h"
#include "util/util.h"

IGT_TEST_DESCRIPTION("DRM masters and authentication: SET_MASTER, DROP_MASTER, GET_MAGIC, "
		     "AUTH_MAGIC, GET_CLIENT and GET_STATS on the first msm, nouveau or radeon "
		     "device, as root and after dropping root.");

/* An unprivileged user: what a process without CAP_SYS_ADMIN runs as. */
#define NOBODY 65534

static char primary_path[64];

/* drm_ioctl_permit lets a file through DRM_MASTER ioctls only while it is master. */
static bool is_master(int f)
{
	struct drm_auth none = { .magic = 0 };

	return ioctl(f, DRM_IOCTL_AUTH_MAGIC, &none) == -1 && errno != EACCES;
}

static int open_primary(void)
{
	int f = open(primary_path, O_RDWR | O_CLOEXEC);

	igt_assert_fd(f);
	return f;
}

/* The errno SET_MASTER gives while another file is master (drm_setmaster_ioctl). */
static int busy_errno(void)
{
	return kernel_at_least(5, 8) ? EBUSY : EINVAL;
}

static uint32_t get_magic(int f)
{
	struct drm_auth auth = { 0 };

	do_ioctl(f, DRM_IOCTL_GET_MAGIC, &auth);
	igt_assert(auth.magic > 0);
	return auth.magic;
}

static int auth_magic(int f, uint32_t magic)
{
	struct drm_auth auth = { .magic = magic };

	return ioctl(f, DRM_IOCTL_AUTH_MAGIC, &auth);
}

/* Drop root in a child of the subtest, for good (as IGT's igt_drop_root). */
static void drop_root(void)
{
	igt_assert_eq(setgid(NOBODY), 0);
	igt_assert_eq(setuid(NOBODY), 0);
	igt_assert(geteuid() == NOBODY);
}

/* A child that drops root must still be able to open the node (IGT chmods it). */
static void require_open_to_others(void)
{
	struct stat st;

	igt_assert_eq(stat(primary_path, &st), 0);
	igt_require_f((st.st_mode & (S_IROTH | S_IWOTH)) == (S_IROTH | S_IWOTH),
		      "%s is not open to other users (mode %o)\n", primary_path,
		      (unsigned int)(st.st_mode & 07777));
}

/* Open the primary node as @uid for this once, then go back to root. */
static int open_primary_as(uid_t uid)
{
	int f;

	igt_assert_eq(seteuid(uid), 0);
	f = open(primary_path, O_RDWR | O_CLOEXEC);
	igt_assert_eq(seteuid(0), 0);
	igt_require_f(f >= 0, "%s cannot be opened by uid %u: %s\n", primary_path, uid,
		      strerror(errno));
	return f;
}

igt_main
{
	igt_fixture {
		int f = core_open(DRMSUB_NODE_PRIMARY);
		char *name = drmGetDeviceNameFromFd2(f);

		igt_assert(name);
		snprintf(primary_path, sizeof(primary_path), "%s", name);
		free(name);
		close(f);
		igt_require_f(getuid() == 0, "the subtests compare root with other users\n");
	}

	igt_describe("drm_master_open: the first opener of a primary node becomes master; a "
		     "later one is not, and AUTH_MAGIC (DRM_MASTER) refuses it with EACCES.");
	igt_subtest("first-open-is-master") {
		int first = open_primary(), second = open_primary();

		igt_assert(is_master(first));
		igt_assert_errno(auth_magic(second, 0), EACCES,
				 "drm_ioctl_permit: DRM_MASTER without being master");
		do_ioctl(first, DRM_IOCTL_SET_MASTER, NULL);	/* already master: 0 */
		close(second);
		close(first);
	}

	igt_describe("drm_setmaster_ioctl: while one file is master another cannot become "
		     "it: EBUSY since 5.8 (\"error out with EBUSY\"), EINVAL before.");
	igt_subtest("set-master-busy") {
		int first = open_primary(), second = open_primary();

		do_ioctl_err(second, DRM_IOCTL_SET_MASTER, NULL, busy_errno(),
			     "drm_setmaster_ioctl: the device has a master");
		igt_assert(is_master(first) && !is_master(second));
		close(second);
		close(first);
	}

	igt_describe("drm_dropmaster_ioctl and drm_new_set_master: after the master drops it "
		     "another file becomes master, the first one is then busy, and gets it "
		     "back once the second drops it.");
	igt_subtest("drop-master-then-set") {
		int first = open_primary(), second = open_primary();

		do_ioctl(first, DRM_IOCTL_DROP_MASTER, NULL);
		igt_assert(!is_master(first));
		do_ioctl(second, DRM_IOCTL_SET_MASTER, NULL);
		igt_assert(is_master(second));
		do_ioctl_err(first, DRM_IOCTL_SET_MASTER, NULL, busy_errno(),
			     "drm_setmaster_ioctl: the device has a master");
		do_ioctl(second, DRM_IOCTL_DROP_MASTER, NULL);
		do_ioctl(first, DRM_IOCTL_SET_MASTER, NULL);
		igt_assert(is_master(first) && !is_master(second));
		close(second);
		close(first);
	}

	igt_describe("drm_dropmaster_ioctl: a file that is not the current master cannot "
		     "drop it (EINVAL), nor can the master drop it twice.");
	igt_subtest("drop-master-not-master") {
		int first = open_primary(), second = open_primary();

		do_ioctl_err(second, DRM_IOCTL_DROP_MASTER, NULL, EINVAL,
			     "drm_dropmaster_ioctl: not the current master");
		do_ioctl(first, DRM_IOCTL_DROP_MASTER, NULL);
		do_ioctl_err(first, DRM_IOCTL_DROP_MASTER, NULL, EINVAL,
			     "drm_dropmaster_ioctl: not the current master");
		close(second);
		close(first);
	}

	igt_describe("drm_master_release: closing the master frees the node for the next "
		     "opener, which becomes master at open.");
	igt_subtest("close-releases-master") {
		int first = open_primary(), other = open_primary(), next;

		close(first);
		igt_assert(!is_master(other));	/* masters are not handed on */
		next = open_primary();
		igt_assert(is_master(next));
		close(next);
		close(other);
	}

	igt_describe("Render nodes have no master: SET_MASTER, DROP_MASTER, GET_MAGIC, "
		     "GET_CLIENT and GET_STATS lack DRM_RENDER_ALLOW (EACCES).");
	igt_subtest("render-node-eacces") {
		int render = core_open(DRMSUB_NODE_RENDER);
		struct drm_auth auth = { 0 };
		struct drm_client client = { 0 };
		struct drm_stats stats = { 0 };
		const char *rule = "drm_ioctl_permit: no DRM_RENDER_ALLOW";

		igt_require(drmGetNodeTypeFromFd(render) == DRM_NODE_RENDER);
		do_ioctl_err(render, DRM_IOCTL_SET_MASTER, NULL, EACCES, rule);
		do_ioctl_err(render, DRM_IOCTL_DROP_MASTER, NULL, EACCES, rule);
		do_ioctl_err(render, DRM_IOCTL_GET_MAGIC, &auth, EACCES, rule);
		do_ioctl_err(render, DRM_IOCTL_GET_CLIENT, &client, EACCES, rule);
		do_ioctl_err(render, DRM_IOCTL_GET_STATS, &stats, EACCES, rule);
		close(render);
	}

	igt_describe("drm_master_check_perm (5.8): without root a file that became master "
		     "may drop and set it again from the process that opened it; a file "
		     "that never was master may not (EACCES). Before 5.8 both ioctls were "
		     "DRM_ROOT_ONLY.");
	igt_subtest("set-master-without-root") {
		require_open_to_others();
		igt_fork(child, 1) {
			int first, second;

			drop_root();
			first = open_primary();
			second = open_primary();
			igt_assert(is_master(first));
			if (kernel_at_least(5, 8)) {
				do_ioctl(first, DRM_IOCTL_DROP_MASTER, NULL);
				do_ioctl_err(second, DRM_IOCTL_SET_MASTER, NULL, EACCES,
					     "drm_master_check_perm: never master, no CAP_SYS_ADMIN");
				do_ioctl(first, DRM_IOCTL_SET_MASTER, NULL);
				igt_assert(is_master(first));
			} else {
				do_ioctl_err(first, DRM_IOCTL_DROP_MASTER, NULL, EACCES,
					     "drm_ioctl_permit: DRM_ROOT_ONLY before 5.8");
			}
			close(second);
			close(first);
		}
		igt_waitchildren();
	}

	igt_describe("drm_master_check_perm: the master's fd in another process without "
		     "root may not drop or set master (EACCES: not the opener); with root it "
		     "may.");
	igt_subtest("master-fd-in-other-process") {
		int master = open_primary();

		igt_fork(child, 1) {
			drop_root();
			igt_assert(is_master(master));
			do_ioctl_err(master, DRM_IOCTL_DROP_MASTER, NULL, EACCES,
				     "drm_master_check_perm: not the process that opened it");
			do_ioctl_err(master, DRM_IOCTL_SET_MASTER, NULL, EACCES,
				     "drm_master_check_perm: not the process that opened it");
		}
		igt_waitchildren();
		igt_fork(child, 1) {
			do_ioctl(master, DRM_IOCTL_DROP_MASTER, NULL);
			do_ioctl(master, DRM_IOCTL_SET_MASTER, NULL);
		}
		igt_waitchildren();
		close(master);
	}

	igt_describe("drm_getmagic/drm_authmagic: a file keeps one magic; only the master "
		     "may authenticate it, once (a used magic is EINVAL), and its magic stays "
		     "taken: another file gets a different one.");
	igt_subtest("magic-once") {
		int master = open_primary(), a = open_primary(), b = open_primary();
		uint32_t magic = get_magic(a);

		igt_assert_eq_u32(get_magic(a), magic);
		igt_assert_errno(auth_magic(a, magic), EACCES,
				 "drm_ioctl_permit: AUTH_MAGIC is DRM_MASTER");
		igt_assert_eq(auth_magic(master, magic), 0);
		igt_assert_errno(auth_magic(master, magic), EINVAL,
				 "drm_authmagic: the magic was used");
		igt_assert_errno(auth_magic(master, 0x7fff), EINVAL,
				 "drm_authmagic: no file has this magic");
		igt_assert_eq_u32(get_magic(a), magic);
		igt_assert_neq(get_magic(b), magic);
		close(b);
		close(a);
		close(master);
	}

	igt_describe("Magics belong to the master of their time: after a switch of master "
		     "the new master cannot authenticate a magic of the old one's (EINVAL).");
	igt_subtest("magic-of-other-master") {
		int master1 = open_primary(), client = open_primary(), master2 = open_primary();
		uint32_t magic = get_magic(client);

		do_ioctl(master1, DRM_IOCTL_DROP_MASTER, NULL);
		do_ioctl(master2, DRM_IOCTL_SET_MASTER, NULL);
		igt_assert_errno(auth_magic(master2, magic), EINVAL,
				 "drm_authmagic: the magic is in another master's map");
		close(master2);
		close(client);
		close(master1);
	}

	igt_describe("drm_file_alloc: a root opener is authenticated at once; a file opened "
		     "without root needs AUTH_MAGIC from the master before DRM_AUTH ioctls "
		     "(GEM_OPEN: EACCES).");
	igt_subtest("auth-without-root") {
		int master = open_primary(), root = open_primary(), user = open_primary_as(NOBODY);
		struct drm_gem_flink flink = { .handle = core_bo_new(master, 4096, NULL) };
		struct drm_gem_open op = { 0 };

		do_ioctl(master, DRM_IOCTL_GEM_FLINK, &flink);
		op.name = flink.name;
		do_ioctl(root, DRM_IOCTL_GEM_OPEN, &op);
		op.handle = 0;
		do_ioctl_err(user, DRM_IOCTL_GEM_OPEN, &op, EACCES,
			     "drm_ioctl_permit: DRM_AUTH without authentication");
		igt_assert_eq(auth_magic(master, get_magic(user)), 0);
		do_ioctl(user, DRM_IOCTL_GEM_OPEN, &op);
		igt_assert_eq_u64(op.size, 4096);
		close(user);
		close(root);
		close(master);
	}

	igt_describe("drm_getclient: index 0 is the caller (its thread id, authenticated "
		     "state, the overflow uid, no magic or ioctl count); index 1 ends the list "
		     "(EINVAL).");
	igt_subtest("get-client") {
		int master = open_primary(), user = open_primary_as(NOBODY);
		struct drm_client c = { .idx = 0, .magic = 9, .iocs = 9 };

		do_ioctl(user, DRM_IOCTL_GET_CLIENT, &c);
		igt_assert_eq(c.auth, 0);
		igt_assert_eq_u64(c.pid, (unsigned long)syscall(SYS_gettid));
		igt_assert_eq_u64(c.uid, NOBODY);
		igt_assert_eq_u64(c.magic, 0);
		igt_assert_eq_u64(c.iocs, 0);
		igt_assert_eq(auth_magic(master, get_magic(user)), 0);
		do_ioctl(user, DRM_IOCTL_GET_CLIENT, &c);
		igt_assert_eq(c.auth, 1);
		c.idx = 1;
		do_ioctl_err(master, DRM_IOCTL_GET_CLIENT, &c, EINVAL,
			     "drm_getclient: only index 0 is answered");
		close(user);
		close(master);
	}

	igt_describe("drm_getstats: no statistics: the count is 0 and every counter is "
		     "cleared, whatever the caller's buffer held.");
	igt_subtest("get-stats") {
		int f = open_primary();
		struct drm_stats st;

		memset(&st, 0xa5, sizeof(st));
		do_ioctl(f, DRM_IOCTL_GET_STATS, &st);
		igt_assert_eq_u64(st.count, 0);
		for (unsigned int i = 0; i < ARRAY_SIZE(st.data); i++) {
			igt_assert_eq_u64(st.data[i].value, 0);
			igt_assert_eq(st.data[i].type, 0);
		}
		close(f);
	}
}
