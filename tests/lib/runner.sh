#!/bin/bash
# SPDX-License-Identifier: MIT
# Self-tests of drmsub-run: command line, job list, result mapping, output
# capture, exit status and aborts. The binaries are tests/lib/bins/runner_*
# (and core_abort) linked into a test root with a test-list.txt.
. "$(dirname "$0")/checklib.sh"
. "$(dirname "$0")/runner_common.sh"
need_tools jq || exit 0

root=$WORK/root
make_root "$root" runner_basic runner_plain msm_fake=runner_basic

# ---- command line ------------------------------------------------------

"$RUNNER" --help >"$WORK/help" 2>&1; rc=$?
if [ $rc = 0 ] && grep -q -- '--per-test-timeout' "$WORK/help" && grep -q -- '--resume' "$WORK/help"; then
	check_pass "--help prints the options and exits 0"
else
	check_fail "--help prints the options and exits 0" "exit $rc"
fi
"$RUNNER" --no-such-option "$WORK/x" "$root" >/dev/null 2>&1; rc=$?
[ $rc = 3 ] && check_pass "an unknown option exits 3" || check_fail "an unknown option exits 3" "exit $rc"
"$RUNNER" >/dev/null 2>&1; rc=$?
[ $rc = 3 ] && check_pass "no results directory exits 3" || check_fail "no results directory exits 3" "exit $rc"
"$RUNNER" -t '(' "$WORK/x" "$root" >/dev/null 2>&1; rc=$?
[ $rc = 3 ] && check_pass "a bad -t regex exits 3" || check_fail "a bad -t regex exits 3" "exit $rc"

# ---- job list ----------------------------------------------------------

expect "--dry-run lists one job per subtest, in test-list order" 0 \
	"$RUNNER" --dry-run "$WORK/dry" "$root" <<'EOF_'
--- stdout
igt@runner_basic@pass
igt@runner_basic@fail
igt@runner_basic@skip
igt@runner_basic@crash
igt@runner_basic@warn
igt@runner_plain
igt@msm_fake@pass
igt@msm_fake@fail
igt@msm_fake@skip
igt@msm_fake@crash
igt@msm_fake@warn
--- stderr
EOF_

expect "-t and -x filter on igt@binary@subtest names" 0 \
	"$RUNNER" --dry-run -t 'runner_basic@(pass|fail|skip)' -x '@skip$' "$WORK/dry" "$root" <<'EOF_'
--- stdout
igt@runner_basic@pass
igt@runner_basic@fail
EOF_

cat >"$WORK/list" <<'EOF_'
# comments and blank lines are ignored
igt@runner_basic@crash

igt@runner_plain
igt@msm_fake@warn@some-dynamic   # a dynamic part runs the whole subtest
EOF_
expect "--test-list picks igt@binary and igt@binary@subtest lines" 0 \
	"$RUNNER" --dry-run --test-list "$WORK/list" "$WORK/dry" "$root" <<'EOF_'
--- stdout
igt@runner_basic@crash
igt@runner_plain
igt@msm_fake@warn
EOF_

expect "--driver keeps only that driver's binaries" 0 \
	"$RUNNER" --dry-run --driver msm -t pass "$WORK/dry" "$root" <<'EOF_'
--- stdout
igt@msm_fake@pass
EOF_

# (the value it replaces is freed: the sanitized build's leak check sees it)
expect "a repeated option: the last one counts" 0 \
	"$RUNNER" --dry-run --driver nouveau --driver msm -t pass "$WORK/dry" "$root" <<'EOF_'
--- stdout
igt@msm_fake@pass
--- stderr
EOF_

mkdir -p "$WORK/noroot"
ln -s "$(cd "$SELF_BINS" && pwd)/runner_plain" "$WORK/noroot/runner_plain"
ln -s "$(cd "$SELF_BINS" && pwd)/runner_basic" "$WORK/noroot/a_basic"
expect "without test-list.txt, every executable of the test root runs, sorted" 0 \
	"$RUNNER" --dry-run -t 'pass|plain' "$WORK/dry" "$WORK/noroot" <<'EOF_'
--- stdout
igt@a_basic@pass
igt@runner_plain
EOF_

# ---- a run: results, output capture, files -----------------------------

res=$WORK/res
"$RUNNER" -q -x msm_fake "$res" "$root" >"$WORK/run.out" 2>&1; rc=$?
[ $rc = 1 ] && check_pass "a run with failures exits 1" || check_fail "a run with failures exits 1" "exit $rc" "$(cat "$WORK/run.out")"

expect_results "results map as igt_runner maps them" "$res" \
	igt@runner_basic@pass=pass igt@runner_basic@fail=fail igt@runner_basic@skip=skip \
	igt@runner_basic@crash=crash igt@runner_basic@warn=warn igt@runner_plain=pass

problems=""
for f in metadata.txt joblist.txt drivers.txt journal.txt results.json results.xml summary.txt \
	 0/out.txt 0/err.txt 0/dmesg.txt 5/out.txt; do
	[ -f "$res/$f" ] || problems="$problems $f"
done
[ -z "$problems" ] && check_pass "the results directory has every documented file" ||
	check_fail "the results directory has every documented file" "missing:$problems"

grep -qx 'passing' "$res/0/out.txt" && grep -q 'Failed assertion: 1 == 2' "$res/1/err.txt" &&
	check_pass "stdout and stderr of each job are captured" ||
	check_fail "stdout and stderr of each job are captured" "$(cat "$res/0/out.txt" "$res/1/err.txt")"

grep -qx 'Starting subtest: pass' "$res/0/err.txt" &&
	check_pass "binaries run with IGT_SENTINEL_ON_STDERR" ||
	check_fail "binaries run with IGT_SENTINEL_ON_STDERR" "$(cat "$res/0/err.txt")"

assert_file_lines "joblist.txt names binary and subtest of each job" "$res/joblist.txt" \
	"runner_basic pass" "runner_basic fail" "runner_basic skip" "runner_basic crash" \
	"runner_basic warn" "runner_plain"

if [ "$(grep -c '^start ' "$res/journal.txt")" = 6 ] && [ "$(grep -c '^done ' "$res/journal.txt")" = 6 ] &&
   grep -q '^done 3 crash 139 ' "$res/journal.txt"; then
	check_pass "the journal has a start and a done line per job"
else
	check_fail "the journal has a start and a done line per job" "$(cat "$res/journal.txt")"
fi

if grep -q '^other  *none  *2  *1  *2  *1  *0$' "$res/summary.txt"; then
	check_pass "summary.txt counts results per driver"
else
	check_fail "summary.txt counts results per driver" "$(cat "$res/summary.txt")"
fi

"$RUNNER" -q -t pass "$WORK/res-pass" "$root" >/dev/null 2>&1; rc=$?
[ $rc = 0 ] && check_pass "a run without failures exits 0" || check_fail "a run without failures exits 0" "exit $rc"

"$RUNNER" -q -t pass "$WORK/res-pass" "$root" >/dev/null 2>&1; rc=$?
[ $rc = 3 ] && check_pass "a used results directory is refused" || check_fail "a used results directory is refused" "exit $rc"
"$RUNNER" -q --overwrite -t pass "$WORK/res-pass" "$root" >/dev/null 2>&1; rc=$?
[ $rc = 0 ] && check_pass "--overwrite reuses it" || check_fail "--overwrite reuses it" "exit $rc"

RUNNER_PLAIN_EXIT=98 "$RUNNER" -q -t plain "$WORK/res-plain" "$root" >/dev/null 2>&1
RUNNER_PLAIN_EXIT=77 "$RUNNER" -q -t plain "$WORK/res-plain77" "$root" >/dev/null 2>&1
if [ "$(result_of "$WORK/res-plain" igt@runner_plain)" = fail ] &&
   [ "$(result_of "$WORK/res-plain77" igt@runner_plain)" = skip ]; then
	check_pass "a binary without subtests is judged by its exit status"
else
	check_fail "a binary without subtests is judged by its exit status" \
		"$(result_of "$WORK/res-plain" igt@runner_plain) $(result_of "$WORK/res-plain77" igt@runner_plain)"
fi

# ---- progress ----------------------------------------------------------

"$RUNNER" -t 'basic@(pass|fail)$' "$WORK/res-progress" "$root" >"$WORK/progress" 2>&1
if grep -qx '\[1/2\] igt@runner_basic@pass: pass ([0-9.]*s)' "$WORK/progress" &&
   grep -qx '\[2/2\] igt@runner_basic@fail: fail ([0-9.]*s)' "$WORK/progress" &&
   grep -q '^Results in ' "$WORK/progress"; then
	check_pass "without a terminal, one progress line per job, then the summary"
else
	check_fail "without a terminal, one progress line per job, then the summary" "$(cat "$WORK/progress")"
fi
if command -v script >/dev/null; then
	script -qec "$RUNNER -t 'basic@(pass|fail)$' $WORK/res-tty $root" /dev/null >"$WORK/tty" 2>&1
	if grep -q $'\r\x1b\[K\[1/2\] igt@runner_basic@pass' "$WORK/tty" &&
	   grep -q 'igt@runner_basic@fail: fail (' "$WORK/tty"; then
		check_pass "on a terminal, the progress line is rewritten in place"
	else
		check_fail "on a terminal, the progress line is rewritten in place" "$(cat -v "$WORK/tty" | head)"
	fi
else
	echo "SKIP on a terminal, the progress line is rewritten in place: script (bsdutils) missing"
fi

# ---- abort -------------------------------------------------------------

make_root "$WORK/aroot" core_abort
"$RUNNER" -q -j 1 "$WORK/res-abort" "$WORK/aroot" >/dev/null 2>&1; rc=$?
expect_results "exit 112 aborts the run: later jobs notrun, igt@runner@aborted fails" \
	"$WORK/res-abort" igt@core_abort@first=pass igt@core_abort@aborts=abort \
	igt@core_abort@never-runs=notrun igt@runner@aborted=fail
[ $rc = 2 ] && [ -s "$WORK/res-abort/aborted.txt" ] &&
	check_pass "an aborted run exits 2 and writes aborted.txt" ||
	check_fail "an aborted run exits 2 and writes aborted.txt" "exit $rc"
"$RUNNER" -q --resume "$WORK/res-abort" >/dev/null 2>&1; rc=$?
expect_results "--resume after an abort runs what was left" "$WORK/res-abort" \
	igt@core_abort@first=pass igt@core_abort@aborts=abort igt@core_abort@never-runs=pass \
	igt@runner@aborted=missing
