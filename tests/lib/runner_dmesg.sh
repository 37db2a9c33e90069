#!/bin/bash
# SPDX-License-Identifier: MIT
# Self-tests of drmsub-run's kernel-log handling with a fake kernel log
# (DRMSUB_KMSG): runner_kmsg's subtests write records into it as a driver's
# printk would reach /dev/kmsg. Warnings turn pass into dmesg-warn and fail
# into dmesg-fail unless an announced "add ignored dmesg regex" covers them.
. "$(dirname "$0")/checklib.sh"
. "$(dirname "$0")/runner_common.sh"
need_tools jq || exit 0

root=$WORK/root
make_root "$root" runner_kmsg runner_basic
res=$WORK/res

"$RUNNER" -q -t 'runner_kmsg|basic@pass' -x 'ratelimit' "$res" "$root" >/dev/null 2>&1
expect_results "kernel warnings classify results as igt_runner does" "$res" \
	igt@runner_kmsg@info=pass igt@runner_kmsg@warn=dmesg-warn \
	igt@runner_kmsg@error-then-fail=dmesg-fail igt@runner_kmsg@ignored=pass \
	igt@runner_kmsg@ignored-other=dmesg-warn igt@runner_kmsg@below-level=pass \
	igt@runner_basic@pass=pass

if grep -qx '<4> \[[0-9.]*\] fakegpu: WARNING: CPU: 0 PID: 1 at fake.c:10' "$res/1/dmesg.txt" &&
   grep -qx '<6> \[[0-9.]*\] \[IGT\] runner_kmsg: starting subtest warn' "$res/1/dmesg.txt"; then
	check_pass "each job's dmesg.txt has its records as <level> [time] message"
else
	check_fail "each job's dmesg.txt has its records as <level> [time] message" "$(cat "$res/1/dmesg.txt")"
fi
if ! grep -q 'WARNING' "$res/0/dmesg.txt" && ! grep -q 'fakegpu' "$res/6/dmesg.txt" &&
   grep -q 'informational' "$res/0/dmesg.txt"; then
	check_pass "records land in the job that wrote them, no other"
else
	check_fail "records land in the job that wrote them, no other" "$(cat "$res/0/dmesg.txt" "$res/6/dmesg.txt")"
fi

w=$(jq -r '.tests["igt@runner_kmsg@warn"]["dmesg-warnings"]' "$res/results.json")
none=$(jq -r '[.tests[] | select(has("dmesg-warnings"))] | length' "$res/results.json")
if [[ "$w" == *"fakegpu: WARNING"* ]] && [ "$none" = 3 ]; then
	check_pass "results.json lists the offending records as dmesg-warnings"
else
	check_fail "results.json lists the offending records as dmesg-warnings" "$w / $none entries"
fi

"$RUNNER" -q -t 'below-level' --dmesg-warn-level 5 "$WORK/res5" "$root" >/dev/null 2>&1
expect_results "--dmesg-warn-level 5 makes a notice a warning" "$WORK/res5" \
	igt@runner_kmsg@below-level=dmesg-warn

# A FIFO works as the source too (records arrive while the job runs).
mkfifo "$WORK/kfifo"
DRMSUB_KMSG=$WORK/kfifo "$RUNNER" -q -t 'runner_kmsg@(info|warn)$' "$WORK/resf" "$root" >/dev/null 2>&1
expect_results "a FIFO can stand in for /dev/kmsg" "$WORK/resf" \
	igt@runner_kmsg@info=pass igt@runner_kmsg@warn=dmesg-warn

# Lines written before the run are not this run's.
echo '<2>fakegpu: stale critical message' >"$WORK/stale"
DRMSUB_KMSG=$WORK/stale "$RUNNER" -q -t 'runner_kmsg@info$' "$WORK/ress" "$root" >/dev/null 2>&1
expect_results "what the log held before the run is not attributed to it" "$WORK/ress" \
	igt@runner_kmsg@info=pass

# --kmsg overrides DRMSUB_KMSG for the runner and the binaries alike.
: >"$WORK/other-kmsg"
"$RUNNER" -q --kmsg "$WORK/other-kmsg" -t 'runner_kmsg@warn$' "$WORK/reso" "$root" >/dev/null 2>&1
grep -q 'fakegpu: WARNING' "$WORK/other-kmsg" && [ "$(result_of "$WORK/reso" igt@runner_kmsg@warn)" = dmesg-warn ] &&
	check_pass "--kmsg PATH is the kernel log of runner and binaries" ||
	check_fail "--kmsg PATH is the kernel log of runner and binaries" "$(cat "$WORK/other-kmsg")"

# The real /dev/kmsg, where this machine lets us read and write it: records
# come as "level,seq,usec,flags;message" and land in dmesg.txt re-formatted.
if [ -r /dev/kmsg ] && [ -w /dev/kmsg ]; then
	make_root "$WORK/kroot" core_basic
	# --hardware: on the model, core_basic would write to the model's log instead
	env -u DRMSUB_KMSG "$RUNNER" -q --hardware -t 'core_basic@pass$' "$WORK/resk" "$WORK/kroot" \
		>/dev/null 2>&1
	if grep -qx '<6> \[[0-9]*\.[0-9]*\] \[IGT\] core_basic: starting subtest pass' "$WORK/resk/0/dmesg.txt"; then
		check_pass "/dev/kmsg records are captured per job"
	else
		check_fail "/dev/kmsg records are captured per job" "$(cat "$WORK/resk/0/dmesg.txt")"
	fi
else
	echo "SKIP /dev/kmsg records are captured per job: /dev/kmsg not readable and writable here"
fi

"$RUNNER" -q -t 'runner_kmsg@ratelimit$' "$WORK/resr" "$root" >/dev/null 2>&1
expect_results "the kernel's note on rate-limited /dev/kmsg writes is not a warning" "$WORK/resr" \
	igt@runner_kmsg@ratelimit=pass

# ---- model mode: each job's kernel log is its model's, never the shared one ----

model_lib=$O/lib/libdrmsub-model.so
if [ -f "$model_lib" ]; then
	# core_kmsg is a core_* binary: it runs on the model. $FOREIGN is the
	# shared log under another name (the runner keeps DRMSUB_KMSG from model jobs).
	make_root "$WORK/mroot" core_kmsg
	FOREIGN=$DRMSUB_KMSG "$RUNNER" -q -j 2 --model-library "$model_lib" "$WORK/resm" "$WORK/mroot" \
		>/dev/null 2>&1
	if [ "$(result_of "$WORK/resm" igt@core_kmsg@foreign)" = pass ] &&
	   grep -q 'another process' "$DRMSUB_KMSG" && ! grep -q 'another process' "$WORK/resm"/*/dmesg.txt; then
		check_pass "a model job does not get the shared kernel log's records"
	else
		check_fail "a model job does not get the shared kernel log's records" \
			"$(result_of "$WORK/resm" igt@core_kmsg@foreign)" "$(cat "$WORK/resm"/*/dmesg.txt)"
	fi
	if [ "$(result_of "$WORK/resm" igt@core_kmsg@own-error)" = dmesg-warn ] &&
	   grep -q '^<3> \[[0-9.]*\] model_job: an error of its own$' "$WORK/resm/1/dmesg.txt" &&
	   grep -q '^11,[0-9]*,[0-9]*,-;model_job: an error of its own$' "$WORK/resm/1/kmsg.txt"; then
		check_pass "a model job's own kernel records (N/kmsg.txt) are its dmesg.txt and classify it"
	else
		check_fail "a model job's own kernel records (N/kmsg.txt) are its dmesg.txt and classify it" \
			"$(result_of "$WORK/resm" igt@core_kmsg@own-error)" \
			"$(cat "$WORK/resm/1/dmesg.txt" "$WORK/resm/1/kmsg.txt")"
	fi
	a=$(grep -l 'marker of job a' "$WORK/resm"/*/dmesg.txt | tr '\n' ' ')
	b=$(grep -l 'marker of job b' "$WORK/resm"/*/dmesg.txt | tr '\n' ' ')
	if [ "$a" = "$WORK/resm/2/dmesg.txt " ] && [ "$b" = "$WORK/resm/3/dmesg.txt " ] &&
	   [ "$(jq '.tests | map(select(.result == "pass")) | length' "$WORK/resm/results.json")" = 3 ]; then
		check_pass "model jobs running in parallel keep their kernel records apart"
	else
		check_fail "model jobs running in parallel keep their kernel records apart" "a in: $a; b in: $b"
	fi
else
	echo "SKIP drmsub-run with the model's kernel log: $model_lib not built"
fi
