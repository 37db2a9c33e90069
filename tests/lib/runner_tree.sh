#!/bin/bash
# SPDX-License-Identifier: MIT
# Self-tests of drmsub-run's hold on a job's processes: a process that
# leaves the job's process group and session (setsid, double fork) is
# still the job's — its subreaper reaps it and kills it when the job ends,
# when the job times out, and when the runner itself is killed — and with
# -j, one job's end never touches another job's processes.
. "$(dirname "$0")/checklib.sh"
. "$(dirname "$0")/runner_common.sh"
need_tools jq setsid || exit 0

root=$WORK/root
mkdir -p "$root"
# daemon_body <pid file> <then>: leave a daemon in a new session, then run <then>
daemon_body() {
	echo "( setsid sh -c 'echo \$\$ >$1; exec sleep 300' & ); for i in \$(seq 100); do [ -s $1 ] && break; sleep 0.02; done; $2"
}
fake_bin "$root/tree_daemon" leaves-daemon "$(daemon_body "$WORK/d1.pid" true)"
fake_bin "$root/tree_hang" hangs "$(daemon_body "$WORK/d2.pid" 'sleep 300')"

alive() {
	[ -s "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null
}

# wait_gone <pid file>: the daemon is gone within 5 s
wait_gone() {
	for _ in $(seq 100); do
		alive "$1" || return 0
		sleep 0.05
	done
	return 1
}

"$RUNNER" -q -t leaves-daemon "$WORK/r1" "$root" >/dev/null 2>&1
# Where the system refuses PR_SET_CHILD_SUBREAPER (qemu-user 7.2: EINVAL),
# the runner says so in its journal, and nothing here can hold
no_reaper=$(sed -n 's/^note \(no subreaper.*\)/\1/p' "$WORK/r1/journal.txt")
if [ -n "$no_reaper" ]; then
	alive "$WORK/d1.pid" && kill "$(cat "$WORK/d1.pid")"
	for name in "a process that called setsid() ends with its job" \
		    "a timed-out job's setsid() daemon is killed with it" \
		    "a job's setsid() daemon dies with a runner killed by SIGKILL" \
		    "with -j, every job's daemon is gone after the run"; do
		echo "SKIP $name: the runner's journal says: $no_reaper"
	done
else
	if [ "$(result_of "$WORK/r1" igt@tree_daemon@leaves-daemon)" = pass ] && [ -s "$WORK/d1.pid" ] &&
	   wait_gone "$WORK/d1.pid"; then
		check_pass "a process that called setsid() ends with its job"
	else
		check_fail "a process that called setsid() ends with its job" \
			"$(result_of "$WORK/r1" igt@tree_daemon@leaves-daemon), pid $(cat "$WORK/d1.pid" 2>&1)"
		alive "$WORK/d1.pid" && kill "$(cat "$WORK/d1.pid")"
	fi

	"$RUNNER" -q -t hangs --per-test-timeout 1 --kill-grace 1 "$WORK/r2" "$root" >/dev/null 2>&1
	if [ "$(result_of "$WORK/r2" igt@tree_hang@hangs)" = timeout ] && wait_gone "$WORK/d2.pid"; then
		check_pass "a timed-out job's setsid() daemon is killed with it"
	else
		check_fail "a timed-out job's setsid() daemon is killed with it" \
			"$(result_of "$WORK/r2" igt@tree_hang@hangs), pid $(cat "$WORK/d2.pid" 2>&1)"
		alive "$WORK/d2.pid" && kill "$(cat "$WORK/d2.pid")"
	fi

	rm -f "$WORK/d2.pid"
	"$RUNNER" -q -t hangs "$WORK/r3" "$root" >/dev/null 2>&1 &
	runner=$!
	for _ in $(seq 200); do
		[ -s "$WORK/d2.pid" ] && break
		sleep 0.05
	done
	{ kill -KILL $runner; wait $runner; } 2>/dev/null
	if [ -s "$WORK/d2.pid" ] && wait_gone "$WORK/d2.pid"; then
		check_pass "a job's setsid() daemon dies with a runner killed by SIGKILL"
	else
		check_fail "a job's setsid() daemon dies with a runner killed by SIGKILL" \
			"pid $(cat "$WORK/d2.pid" 2>&1) still alive"
		alive "$WORK/d2.pid" && kill "$(cat "$WORK/d2.pid")"
	fi
fi

# -j 2: the short job ends (and its tree is killed) while the long one's
# daemon must live on until the long job checks it.
proot=$WORK/proot
mkdir -p "$proot"
fake_bin "$proot/tree_a" short "$(daemon_body "$WORK/a.pid" true)"
fake_bin "$proot/tree_b" long "$(daemon_body "$WORK/b.pid" "sleep 1; kill -0 \$(cat $WORK/b.pid)")"
"$RUNNER" -q -j 2 "$WORK/r4" "$proot" >/dev/null 2>&1
expect_results "with -j, a job's end kills its own processes, not another job's" "$WORK/r4" \
	igt@tree_a@short=pass igt@tree_b@long=pass
if [ -n "$no_reaper" ]; then
	for f in "$WORK/a.pid" "$WORK/b.pid"; do
		alive "$f" && kill "$(cat "$f")"
	done
else
	wait_gone "$WORK/a.pid" && wait_gone "$WORK/b.pid" &&
		check_pass "with -j, every job's daemon is gone after the run" ||
		check_fail "with -j, every job's daemon is gone after the run" \
			"$(cat "$WORK/a.pid" "$WORK/b.pid" 2>&1)"
fi
