#!/bin/bash
# SPDX-License-Identifier: MIT
# Self-tests of drmsub-run -j: jobs run in parallel, never more than -j at
# a time, longest first by the timing cache, with results identical to a
# serial run's; the default is parallel only when every driver runs on
# the model; an abort still stops the run (kill-and-resume with -j:
# runner_resume.sh).
. "$(dirname "$0")/checklib.sh"
. "$(dirname "$0")/runner_common.sh"
need_tools jq xmllint || exit 0

root=$WORK/root
make_root "$root" runner_basic runner_plain runner_slow msm_fake=runner_basic
export RUNNER_SLEEP_MS=100

# ---- the same results, serially and in parallel ------------------------

"$RUNNER" -q -j 1 "$WORK/s" "$root" >/dev/null 2>&1; rc_s=$?
"$RUNNER" -q -j 4 "$WORK/p" "$root" >/dev/null 2>&1; rc_p=$?
# what a run says about each job, without the times that differ run to run
digest() {
	jq -S '{tests: (.tests | map_values({result, out, err})), totals}' "$1/results.json"
	xmllint --xpath '//testcase/@name | //testcase/@classname | //failure/@type | //error/@type' \
		"$1/results.xml"
	grep -v '^Results in' "$1/summary.txt"
	grep '^done ' "$1/journal.txt" | awk '{ print $2, $3, $4 }' | sort -n
}
digest_normalised() {
	digest "$1" | normalise
}
if [ $rc_s = $rc_p ] && diff <(digest_normalised "$WORK/s") <(digest_normalised "$WORK/p") >"$WORK/diff"; then
	check_pass "-j 4 gives the results, JUnit, summary and journal verdicts of -j 1"
else
	check_fail "-j 4 gives the results, JUnit, summary and journal verdicts of -j 1" \
		"exit $rc_s vs $rc_p" "$(head -20 "$WORK/diff")"
fi

# The most jobs running at once, from the journal's start and done times.
in_flight() {
	grep '^done ' "$1/journal.txt" |
		awk '{ printf "%.6f 1\n%.6f -1\n", $5, $5 + $6 }' | sort -n -k1,1 -k2,2n |
		awk '{ n += $2; if (n > max) max = n } END { print max }'
}
most=$(in_flight "$WORK/p")
[ "$most" -ge 2 ] && [ "$most" -le 4 ] &&
	check_pass "-j 4 runs jobs at the same time, never more than 4" ||
	check_fail "-j 4 runs jobs at the same time, never more than 4" "at most $most at once"
[ "$(in_flight "$WORK/s")" = 1 ] &&
	check_pass "-j 1 runs one job at a time" ||
	check_fail "-j 1 runs one job at a time" "at most $(in_flight "$WORK/s") at once"

# ---- longest first, by the timing cache --------------------------------

printf '%s\n' "9 igt@runner_slow@step-5" "8 igt@runner_slow@step-2" "0.1 igt@runner_slow@step-1" \
	"0.1 igt@runner_slow@step-3" "0.1 igt@runner_slow@step-4" "0.1 igt@runner_slow@step-6" \
	"0.1 igt@runner_slow@step-7" "0.1 igt@runner_slow@step-8" "5 igt@other@kept" >"$DRMSUB_TIMINGS"
"$RUNNER" -q -j 2 -t runner_slow "$WORK/o" "$root" >/dev/null 2>&1
first=$(grep '^start ' "$WORK/o/journal.txt" | head -2 | awk '{ print $2 }' | tr '\n' ' ')
[ "$first" = "4 1 " ] &&
	check_pass "in parallel, the jobs the timing cache says are longest start first" ||
	check_fail "in parallel, the jobs the timing cache says are longest start first" \
		"first started: $first" "$(cat "$WORK/o/joblist.txt")"
step5=$(awk '$2 == "igt@runner_slow@step-5" { print $1 }' "$DRMSUB_TIMINGS")
if awk -v t="$step5" 'BEGIN { exit !(t > 0 && t < 5) }' && grep -qx '5.000000 igt@other@kept' "$DRMSUB_TIMINGS" &&
   [ "$(grep -c runner_slow "$DRMSUB_TIMINGS")" = 8 ]; then
	check_pass "the timing cache gets this run's times and keeps other jobs'"
else
	check_fail "the timing cache gets this run's times and keeps other jobs'" "$(cat "$DRMSUB_TIMINGS")"
fi
"$RUNNER" -q -j 1 -t 'runner_slow@step-[12]$' "$WORK/o1" "$root" >/dev/null 2>&1
[ "$(grep '^start ' "$WORK/o1/journal.txt" | awk '{ print $2 }' | tr '\n' ' ')" = "0 1 " ] &&
	check_pass "one job at a time, jobs start in list order whatever the cache says" ||
	check_fail "one job at a time, jobs start in list order whatever the cache says" \
		"$(cat "$WORK/o1/journal.txt")"

# ---- the default -j ----------------------------------------------------

# a "model library" that changes nothing: the host's libc, or under an
# emulator (whose target cannot load the host's) the real model, which does
# nothing for binaries that open no device
model=$(ldd /bin/sh 2>/dev/null | awk '$1 ~ /^libc\.so/ { print $3 }')
[ -n "${DRMSUB_EMULATOR:-}" ] && model=$(realpath "$O/lib/libdrmsub-model.so")
make_root "$WORK/croot" core_basic
make_root "$WORK/mroot" core_basic runner_plain
"$RUNNER" -q --model-library "$model" -t 'pass$' "$WORK/d1" "$WORK/croot" >/dev/null 2>&1
"$RUNNER" -q --model-library "$model" -t 'pass$|plain' "$WORK/d2" "$WORK/mroot" >/dev/null 2>&1
"$RUNNER" -q -t 'pass$' "$WORK/d3" "$root" >/dev/null 2>&1
want="jobs $((4 * $(nproc))) at a time"
got="$(grep -h '^note jobs' "$WORK/d1/journal.txt" "$WORK/d2/journal.txt" "$WORK/d3/journal.txt" | tr '\n' '/')"
[ "$got" = "note $want/note jobs 1 at a time/note jobs 1 at a time/" ] &&
	check_pass "by default, 4 jobs per CPU when every driver runs on the model, else 1" ||
	check_fail "by default, 4 jobs per CPU when every driver runs on the model, else 1" "$got"

# ---- abort -------------------------------------------------------------

make_root "$WORK/aroot" core_abort
"$RUNNER" -q -j 3 --model-library "$model" "$WORK/a" "$WORK/aroot" >/dev/null 2>&1; rc=$?
results=$(jq -r '[.tests[].result] | sort | unique | join(" ")' "$WORK/a/results.json")
if [ $rc = 2 ] && [ -s "$WORK/a/aborted.txt" ] && [[ "$results" =~ ^(abort|fail|notrun|pass)( (abort|fail|notrun|pass))*$ ]] &&
   [ "$(result_of "$WORK/a" igt@core_abort@aborts)" = abort ]; then
	check_pass "with -j, exit 112 still aborts the run: nothing is left incomplete"
else
	check_fail "with -j, exit 112 still aborts the run: nothing is left incomplete" "exit $rc: $results"
fi
"$RUNNER" -q --resume "$WORK/a" >/dev/null 2>&1
expect_results "with -j, --resume after an abort runs what was left" "$WORK/a" \
	igt@core_abort@first=pass igt@core_abort@aborts=abort igt@core_abort@never-runs=pass
