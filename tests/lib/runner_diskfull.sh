#!/bin/bash
# SPDX-License-Identifier: MIT
# Self-tests of drmsub-run on a full disk: the results directory is on a
# 1 MiB tmpfs (in a private mount namespace, unshare -rm), a job fills
# it, and the jobs after it cannot write their output. Every verdict must
# still be journaled as it was (never `incomplete` for lack of room), the
# runner must say which outputs were lost, and once there is room again
# the results are written (at the end of the run, or by --resume, which
# runs nothing again).
. "$(dirname "$0")/checklib.sh"
. "$(dirname "$0")/runner_common.sh"
need_tools jq unshare || exit 0
if ! unshare -rm true 2>/dev/null; then
	echo "SKIP drmsub-run on a full disk: no private mount namespace here (unshare -rm)"
	exit 0
fi

disk=$WORK/disk
mkdir -p "$disk"
root=$WORK/root
mkdir -p "$root"
export TRACE=$WORK/trace
# each job leaves a trace line, outside the full disk, when it runs
job() {
	fake_bin "$root/$1" "$2" "echo $1 >>$TRACE; $3"
}
job df_a first "echo before the disk fills"
job df_b fill "dd if=/dev/zero of=$disk/fill bs=4k 2>/dev/null; true"
job df_c after-1 "seq 5000"
job df_d after-2 "seq 5000"
job df_e free "rm -f $disk/fill"
job df_f late "echo room again"
printf '%s\n' TESTLIST df_a df_b df_c df_d df_e df_f "END TESTLIST" >"$root/test-list.txt"

# in_tmpfs <command...>: run it with a fresh 1 MiB tmpfs mounted on $disk
in_tmpfs() {
	unshare -rm bash -c 'mount -t tmpfs -o size=1m drmsub-full "$0" && "$@"' "$disk" "$@"
}

in_tmpfs bash -c '"$0" -q -j 1 --output-cap 16k "$1/res" "$2" >"$3/run1.out" 2>&1; echo $? >"$3/rc1";
	cp -a "$1/res" "$3/res1"' "$RUNNER" "$disk" "$root" "$WORK"
res=$WORK/res1
got=$(grep '^done ' "$res/journal.txt" | awk '{ print $3 }' | sort | uniq -c | tr -s ' ' | tr '\n' ';')
[ "$got" = " 6 pass;" ] &&
	check_pass "on a full disk, every job's verdict is journaled as it was (pass, not incomplete)" ||
	check_fail "on a full disk, every job's verdict is journaled as it was (pass, not incomplete)" \
		"$(cat "$res/journal.txt")"
if grep -q '^lost 2 out.txt' "$res/journal.txt" && grep -q '^lost 3 out.txt' "$res/journal.txt" &&
   grep -q 'igt@df_c@after-1: .*out.txt lost (No space left on device); the verdict is kept' "$WORK/run1.out"; then
	check_pass "the runner says which outputs were lost, and journals it"
else
	check_fail "the runner says which outputs were lost, and journals it" \
		"$(grep '^lost' "$res/journal.txt")" "$(cat "$WORK/run1.out")"
fi
expect_results "results written once there is room again have every verdict" "$res" \
	igt@df_a@first=pass igt@df_b@fill=pass igt@df_c@after-1=pass igt@df_d@after-2=pass \
	igt@df_e@free=pass igt@df_f@late=pass
grep -q '^lost' "$res/summary.txt" && grep -q 'igt@df_c@after-1' "$res/summary.txt" &&
	check_pass "summary.txt lists the outputs that were lost" ||
	check_fail "summary.txt lists the outputs that were lost" "$(cat "$res/summary.txt")"

# The disk stays full to the end: no results files, but the journal has
# every verdict, and --resume with room again writes them, running nothing.
: >"$TRACE"
printf '%s\n' TESTLIST df_a df_b df_c "END TESTLIST" >"$root/test-list.txt"
in_tmpfs bash -c '"$0" -q -j 1 --output-cap 16k "$1/res" "$2" >"$3/run2.out" 2>&1; echo $? >"$3/rc2";
	cp -a "$1/res" "$3/res2" 2>/dev/null; rm -f "$1/fill";
	"$0" -q --resume "$1/res" >"$3/run3.out" 2>&1; echo $? >"$3/rc3"; cp -a "$1/res" "$3/res3"' \
	"$RUNNER" "$disk" "$root" "$WORK"
if [ "$(cat "$WORK/rc2")" = 3 ] && grep -q 'cannot write results' "$WORK/run2.out" &&
   [ "$(grep -c '^done [0-9]* pass ' "$WORK/res2/journal.txt")" = 3 ]; then
	check_pass "with the disk full to the end, the run exits 3 and the journal keeps every verdict"
else
	check_fail "with the disk full to the end, the run exits 3 and the journal keeps every verdict" \
		"exit $(cat "$WORK/rc2")" "$(cat "$WORK/run2.out")" "$(cat "$WORK/res2/journal.txt")"
fi
[ "$(wc -l <"$TRACE")" = 3 ] &&
	check_pass "--resume after the disk filled runs nothing again" ||
	check_fail "--resume after the disk filled runs nothing again" "$(cat "$TRACE")"
expect_results "--resume with room again writes every verdict" "$WORK/res3" \
	igt@df_a@first=pass igt@df_b@fill=pass igt@df_c@after-1=pass
