#!/bin/bash
# SPDX-License-Identifier: MIT
# Self-tests of drmsub-run's timeouts: a hung subtest gets SIGTERM at the
# per-test limit and SIGKILL after the grace period if it ignores SIGTERM;
# the overall limit stops the run and leaves the rest notrun; nothing of
# the job's process group survives.
. "$(dirname "$0")/checklib.sh"
. "$(dirname "$0")/runner_common.sh"
need_tools jq || exit 0

root=$WORK/root
make_root "$root" runner_hang runner_slow
hang="$root/runner_hang"


start=$(date +%s.%N)
"$RUNNER" -q -t runner_hang --per-test-timeout 1 --kill-grace 1 "$WORK/res" "$root" >/dev/null 2>&1
took=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')
expect_results "a subtest past --per-test-timeout is a timeout; the next job runs" "$WORK/res" \
	igt@runner_hang@hang=timeout igt@runner_hang@quick=pass
if grep -q '^done 0 timeout -15 ' "$WORK/res/journal.txt"; then
	check_pass "the timeout is delivered as SIGTERM to the process group"
else
	check_fail "the timeout is delivered as SIGTERM to the process group" "$(cat "$WORK/res/journal.txt")"
fi
if awk -v t="$took" 'BEGIN { exit !(t < 10) }'; then
	check_pass "the timeout stops the job promptly"
else
	check_fail "the timeout stops the job promptly" "the run took ${took}s"
fi
grep -qx 'Starting subtest: hang' "$WORK/res/0/out.txt" &&
	check_pass "a timed-out job keeps the output it printed" ||
	check_fail "a timed-out job keeps the output it printed" "$(cat "$WORK/res/0/out.txt")"

RUNNER_IGNORE_TERM=1 "$RUNNER" -q -t runner_hang@hang --per-test-timeout 0.5 --kill-grace 0.5 \
	"$WORK/res-kill" "$root" >/dev/null 2>&1
if grep -q '^done 0 timeout -9 ' "$WORK/res-kill/journal.txt"; then
	check_pass "a job ignoring SIGTERM gets SIGKILL after --kill-grace"
else
	check_fail "a job ignoring SIGTERM gets SIGKILL after --kill-grace" "$(cat "$WORK/res-kill/journal.txt")"
fi
if processes_gone "$hang"; then
	check_pass "no process of a killed job survives"
else
	check_fail "no process of a killed job survives" "$(pgrep -af "^$hang")"
fi

# ---- the whole run -----------------------------------------------------

# step-3 is held (runner_slow's RUNNER_HOLD_DIR), so the overall limit
# lands while it runs however loaded the host: 2 done, 6 notrun
mkdir -p "$WORK/hold" && touch "$WORK/hold/step-3"
RUNNER_HOLD_DIR=$WORK/hold RUNNER_SLEEP_MS=1 "$RUNNER" -q -t runner_slow --overall-timeout 3 \
	"$WORK/res-all" "$root" >/dev/null 2>&1; rc=$?
rm -f "$WORK/hold/step-3"
done_n=$(grep -c '^done ' "$WORK/res-all/journal.txt")
notrun_n=$(jq '[.tests[] | select(.result == "notrun")] | length' "$WORK/res-all/results.json")
if [ $rc = 2 ] && [ "$done_n" = 2 ] && [ "$notrun_n" = 6 ]; then
	check_pass "--overall-timeout stops the run (exit 2); jobs not finished are notrun"
else
	check_fail "--overall-timeout stops the run (exit 2); jobs not finished are notrun" \
		"exit $rc, $done_n done, $notrun_n notrun"
fi
grep -q '^note overall timeout$' "$WORK/res-all/journal.txt" &&
	check_pass "the journal notes the overall timeout" ||
	check_fail "the journal notes the overall timeout" "$(cat "$WORK/res-all/journal.txt")"

# --resume runs with the saved settings, the 3 s limit included, from a
# fresh start: six jobs within 3 s is a bet on the host's load, not on
# the runner. The saved limit is raised so only the resume is judged.
sed -i 's/^overall_timeout=.*/overall_timeout=120/' "$WORK/res-all/metadata.txt"
grep -q '^overall_timeout=120$' "$WORK/res-all/metadata.txt" ||
	check_fail "the saved overall timeout is in metadata.txt" "$(cat "$WORK/res-all/metadata.txt")"
RUNNER_SLEEP_MS=1 "$RUNNER" -q --resume "$WORK/res-all" >/dev/null 2>&1; rc=$?
left=$(jq '[.tests[] | select(.result != "pass")] | length' "$WORK/res-all/results.json")
[ $rc = 0 ] && [ "$left" = 0 ] &&
	check_pass "--resume after the overall timeout runs the rest" ||
	check_fail "--resume after the overall timeout runs the rest" "exit $rc, $left not passed"

# SIGTERM to the runner: the current job is stopped and stays to be run.
RUNNER_SLEEP_MS=5000 "$RUNNER" -q -t runner_slow "$WORK/res-sig" "$root" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 100); do
	grep -q '^start 0' "$WORK/res-sig/journal.txt" 2>/dev/null && break
	sleep 0.05
done
kill -TERM $pid
wait $pid; rc=$?
if [ $rc = 2 ] && grep -q '^cancel 0$' "$WORK/res-sig/journal.txt" &&
   [ "$(result_of "$WORK/res-sig" igt@runner_slow@step-1)" = notrun ]; then
	check_pass "SIGTERM to the runner stops the job, journals it cancelled, exits 2"
else
	check_fail "SIGTERM to the runner stops the job, journals it cancelled, exits 2" \
		"exit $rc" "$(cat "$WORK/res-sig/journal.txt" 2>/dev/null)"
fi
