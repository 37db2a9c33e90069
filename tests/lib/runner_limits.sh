#!/bin/bash
# SPDX-License-Identifier: MIT
# Self-tests of drmsub-run's bounds: every input the runner reads has a
# bound, so /dev/zero is a clear error, not a hang.
. "$(dirname "$0")/checklib.sh"
. "$(dirname "$0")/runner_common.sh"
need_tools jq || exit 0

# run <timeout> <runner args...>: the runner, stopped if it hangs
run() {
	local limit=$1
	shift
	timeout "$limit" "$RUNNER" "$@" >"$WORK/run.out" 2>&1
}

# ---- bounded inputs ----------------------------------------------------

make_root "$WORK/broot" runner_plain

run 60 --dry-run --test-list /dev/zero "$WORK/b1" "$WORK/broot"; rc=$?
[ $rc = 3 ] && grep -q -- '--test-list /dev/zero: larger than' "$WORK/run.out" &&
	check_pass "--test-list /dev/zero is a clear error" ||
	check_fail "--test-list /dev/zero is a clear error" "exit $rc" "$(cat "$WORK/run.out")"

mkdir -p "$WORK/zroot"
ln -s /dev/zero "$WORK/zroot/test-list.txt"
run 60 --dry-run "$WORK/b2" "$WORK/zroot"; rc=$?
[ $rc = 3 ] && grep -q 'test-list.txt: larger than' "$WORK/run.out" &&
	check_pass "an endless test-list.txt in the test root is a clear error" ||
	check_fail "an endless test-list.txt in the test root is a clear error" "exit $rc" "$(cat "$WORK/run.out")"

# the files of a results directory, replaced by /dev/zero, on --resume
for f in journal.txt metadata.txt joblist.txt; do
	rm -rf "$WORK/b3"
	"$RUNNER" -q "$WORK/b3" "$WORK/broot" >/dev/null 2>&1
	ln -sf /dev/zero "$WORK/b3/$f"
	run 60 -q --resume "$WORK/b3"; rc=$?
	[ $rc = 3 ] && grep -q "$f: larger than" "$WORK/run.out" &&
		check_pass "--resume with an endless $f is a clear error" ||
		check_fail "--resume with an endless $f is a clear error" "exit $rc" "$(cat "$WORK/run.out")"
done

cat >"$WORK/zroot/endless_list" <<'EOF_'
#!/bin/sh
[ "$1" = --list-subtests ] && exec yes subtest-name
exit 0
EOF_
chmod +x "$WORK/zroot/endless_list"
rm "$WORK/zroot/test-list.txt"
run 120 --dry-run "$WORK/b5" "$WORK/zroot"; rc=$?
[ $rc = 0 ] && grep -q 'endless_list printed more than' "$WORK/run.out" &&
	grep -qx 'igt@endless_list' "$WORK/run.out" &&
	check_pass "a binary listing subtests without end is stopped and run whole" ||
	check_fail "a binary listing subtests without end is stopped and run whole" "exit $rc" \
		"$(head -5 "$WORK/run.out")"
