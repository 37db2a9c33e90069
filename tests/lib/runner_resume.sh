#!/bin/bash
# SPDX-License-Identifier: MIT
# Self-tests of drmsub-run --resume: the runner is killed with SIGKILL in
# the middle of a run (twice), then resumed; every job must end with
# exactly one result, finished results must be kept as they were, and no
# subtest may run twice; the same with -j, where several jobs run at the
# kill. runner_slow appends each subtest's name to
# $RUNNER_TRACE when it starts, so the trace shows every execution.
. "$(dirname "$0")/checklib.sh"
. "$(dirname "$0")/runner_common.sh"
need_tools jq || exit 0

root=$WORK/root
make_root "$root" runner_slow
res=$WORK/res
export RUNNER_TRACE=$WORK/trace RUNNER_SLEEP_MS=150

# wait_for <pattern> <file>: until a line matches (at most 10 s)
wait_for() {
	for _ in $(seq 200); do
		grep -q "$1" "$2" 2>/dev/null && return 0
		sleep 0.05
	done
	return 1
}

# step-3 and step-6 are held (runner_slow's RUNNER_HOLD_DIR) until released,
# so each kill lands while that job runs, however slow the host
export RUNNER_HOLD_DIR=$WORK/hold
mkdir -p "$RUNNER_HOLD_DIR"
touch "$RUNNER_HOLD_DIR/step-3" "$RUNNER_HOLD_DIR/step-6"

# kill_during <subtest> <runner command...>: SIGKILL while <subtest> runs
kill_during() {
	local name=$1
	shift
	"$@" >/dev/null 2>&1 &
	local pid=$!
	wait_for "^$name\$" "$RUNNER_TRACE"
	kill -KILL $pid
	wait $pid 2>/dev/null
}

kill_during step-3 "$RUNNER" -q "$res" "$root"
cp "$res/journal.txt" "$WORK/journal.1"
slow="$root/runner_slow"
processes_gone "$slow" && check_pass "a job dies with the runner killed by SIGKILL" ||
	check_fail "a job dies with the runner killed by SIGKILL" "$(pgrep -af "^$slow")"

kill_during step-6 "$RUNNER" -q --resume "$res"
cp "$res/journal.txt" "$WORK/journal.2"
processes_gone "$slow"
rm -f "$RUNNER_HOLD_DIR"/*
"$RUNNER" -q --resume "$res" >/dev/null 2>&1; rc=$?

# Every job has exactly one "done" line.
dup=$(grep '^done ' "$res/journal.txt" | awk '{print $2}' | sort | uniq -d)
count=$(grep -c '^done ' "$res/journal.txt")
[ "$count" = 8 ] && [ -z "$dup" ] &&
	check_pass "after two SIGKILLs and resumes, each of the 8 jobs is done exactly once" ||
	check_fail "after two SIGKILLs and resumes, each of the 8 jobs is done exactly once" \
		"$count done lines; repeated: $dup" "$(cat "$res/journal.txt")"

# No subtest ran twice.
dup=$(sort "$RUNNER_TRACE" | uniq -d)
[ -z "$dup" ] && [ "$(wc -l <"$RUNNER_TRACE")" = 8 ] &&
	check_pass "no subtest was executed twice, none was left out" ||
	check_fail "no subtest was executed twice, none was left out" "$(sort "$RUNNER_TRACE" | uniq -c)"

# Results journaled before each kill are unchanged in the final journal.
problems=""
for j in "$WORK/journal.1" "$WORK/journal.2"; do
	while IFS= read -r line; do
		grep -qxF "$line" "$res/journal.txt" || problems="$problems; lost: $line"
	done < <(grep '^done ' "$j")
done
[ -z "$problems" ] && check_pass "results finished before a kill are kept as they were" ||
	check_fail "results finished before a kill are kept as they were" "$problems"

# The jobs running at each kill are settled from their files: incomplete.
expect_results "the job running at each kill is incomplete, the others pass" "$res" \
	igt@runner_slow@step-1=pass igt@runner_slow@step-2=pass igt@runner_slow@step-3=incomplete \
	igt@runner_slow@step-4=pass igt@runner_slow@step-5=pass igt@runner_slow@step-6=incomplete \
	igt@runner_slow@step-7=pass igt@runner_slow@step-8=pass
[ $rc = 1 ] && check_pass "the resumed run exits 1 (incomplete results are failures)" ||
	check_fail "the resumed run exits 1 (incomplete results are failures)" "exit $rc"
[ "$(jq '.tests | length' "$res/results.json")" = 8 ] &&
	check_pass "results.json has one entry per job after resuming" ||
	check_fail "results.json has one entry per job after resuming" "$(jq '.tests | keys' "$res/results.json")"

# Resuming a finished run runs nothing and rewrites the same results.
before=$(wc -l <"$RUNNER_TRACE")
"$RUNNER" -q --resume "$res" >/dev/null 2>&1
[ "$(wc -l <"$RUNNER_TRACE")" = "$before" ] && [ "$(grep -c '^done ' "$res/journal.txt")" = 8 ] &&
	check_pass "resuming a finished run runs nothing" ||
	check_fail "resuming a finished run runs nothing" "$(cat "$res/journal.txt")"

# A job whose result line made it out before the kill keeps that result.
res2=$WORK/res2
mkdir -p "$res2"
"$RUNNER" -q -t 'step-1$' "$res2" "$root" >/dev/null 2>&1
sed -i '/^done /d' "$res2/journal.txt"
"$RUNNER" -q --resume "$res2" >/dev/null 2>&1
expect_results "a job finished but not journaled is settled from its output" "$res2" \
	igt@runner_slow@step-1=pass

# A second runner on a results directory in use is refused.
RUNNER_SLEEP_MS=3000 "$RUNNER" -q -t 'step-1$' "$WORK/res-busy" "$root" >/dev/null 2>&1 &
busy=$!
wait_for '^start 0 ' "$WORK/res-busy/journal.txt"
"$RUNNER" -q --resume "$WORK/res-busy" >"$WORK/busy.out" 2>&1; rc=$?
kill -TERM $busy; wait $busy
[ $rc = 3 ] && grep -q 'in use by another drmsub-run' "$WORK/busy.out" &&
	check_pass "a results directory in use by another runner is refused" ||
	check_fail "a results directory in use by another runner is refused" "exit $rc" "$(cat "$WORK/busy.out")"

"$RUNNER" -q --resume "$WORK/nothing-here" >/dev/null 2>&1; rc=$?
[ $rc = 3 ] && check_pass "--resume of a directory that is no run exits 3" ||
	check_fail "--resume of a directory that is no run exits 3" "exit $rc"

# A journal line torn by a crash mid-write is ignored, and what is appended
# after it is not glued to it.
res3=$WORK/res3
"$RUNNER" -q -t 'step-[12]$' "$res3" "$root" >/dev/null 2>&1
sed -i '/^done 1 /d' "$res3/journal.txt"
printf 'done 1 pa' >>"$res3/journal.txt"
before=$(wc -l <"$RUNNER_TRACE")
"$RUNNER" -q --resume "$res3" >/dev/null 2>&1
if [ "$(result_of "$res3" igt@runner_slow@step-2)" = pass ] && grep -q '^done 1 pass ' "$res3/journal.txt" &&
   [ "$(wc -l <"$RUNNER_TRACE")" = "$before" ]; then
	check_pass "a torn journal line is ignored; the job is settled, not rerun"
else
	check_fail "a torn journal line is ignored; the job is settled, not rerun" "$(cat -A "$res3/journal.txt")"
fi

# Killed between journaling "start" and starting the job: it never ran, so it runs.
res4=$WORK/res4
"$RUNNER" -q -t 'step-[12]$' "$res4" "$root" >/dev/null 2>&1
sed -i '/^done 1 /d' "$res4/journal.txt"
rm -rf "$res4/1"
"$RUNNER" -q --resume "$res4" >/dev/null 2>&1
[ "$(result_of "$res4" igt@runner_slow@step-2)" = pass ] && [ -s "$res4/1/out.txt" ] &&
	check_pass "a job journaled started but never begun runs on --resume" ||
	check_fail "a job journaled started but never begun runs on --resume" "$(cat "$res4/journal.txt")"

# ---- the same with -j: several jobs in doubt at the kill -----------------

: >"$RUNNER_TRACE"
export RUNNER_SLEEP_MS=300
res=$WORK/rj
"$RUNNER" -q -j 3 -t runner_slow "$res" "$root" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 200); do
	[ "$(grep -sc "^start " "$res/journal.txt")" -ge 4 ] 2>/dev/null && break
	sleep 0.02
done
sleep 0.05
{ kill -KILL $pid; wait $pid; } 2>/dev/null
grep '^start ' "$res/journal.txt" | awk '{ print $2 }' | sort >"$WORK/started"
grep '^done ' "$res/journal.txt" | awk '{ print $2 }' | sort >"$WORK/finished"
running=$(comm -23 "$WORK/started" "$WORK/finished" | tr '\n' ' ')
# a job that printed its result line before the kill is settled from it;
# one journaled started whose out.txt was not made yet never ran, and runs
# on --resume (settle_interrupted in runner/main.c)
printed=" " unbegun=" "
for i in $running; do
	[ -e "$res/$i/out.txt" ] || unbegun="$unbegun$i "
	grep -q "^Subtest step-$((i + 1)): SUCCESS" "$res/$i/out.txt" 2>/dev/null && printed="$printed$i "
done
"$RUNNER" -q -j 3 --resume "$res" >/dev/null 2>&1
dup=$(grep '^done ' "$res/journal.txt" | awk '{ print $2 }' | sort | uniq -d)
# every job that passed ran (a job killed between its out.txt and its exec
# is settled incomplete without having run: never run twice wins)
unran=""
for i in $(seq 0 7); do
	[ "$(result_of "$res" "igt@runner_slow@step-$((i + 1))")" = pass ] &&
		! grep -qx "step-$((i + 1))" "$RUNNER_TRACE" && unran="$unran step-$((i + 1))"
done
if [ "$(grep -c '^done ' "$res/journal.txt")" = 8 ] && [ -z "$dup" ] && [ -z "$(sort "$RUNNER_TRACE" | uniq -d)" ] &&
   [ -z "$unran" ]; then
	check_pass "-j 3 killed and resumed: each job done once, none executed twice"
else
	check_fail "-j 3 killed and resumed: each job done once, none executed twice" \
		"$(cat "$res/journal.txt")" "$(sort "$RUNNER_TRACE" | uniq -c)" "passed, never ran:${unran:- none}"
fi
problems=""
for i in $(seq 0 7); do
	want=pass
	[[ " $running" == *" $i "* ]] && [[ "$printed" != *" $i "* ]] &&
		[[ "$unbegun" != *" $i "* ]] && want=incomplete
	got=$(jq -r --arg t "igt@runner_slow@step-$((i + 1))" '.tests[$t].result' "$res/results.json")
	[ "$got" = $want ] || problems="$problems step-$((i + 1)): $got, expected $want;"
done
[ -n "$running" ] && [ -z "$problems" ] &&
	check_pass "the jobs running at the kill are settled from their files, all others pass" ||
	check_fail "the jobs running at the kill are settled from their files, all others pass" \
		"running at the kill: $running; with a result line: $printed; not begun: $unbegun;$problems"
