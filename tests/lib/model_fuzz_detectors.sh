#!/bin/bash
# The detectors of the device model's hostile-client fuzzer
# (tests/lib/model_fuzz*.c): a worker that misbehaves on purpose
# (MODEL_FUZZ_SELFTEST) must be reported as each kind of failure, with the
# batch and a replay command. (The fuzz runs are model_fuzz.sh; the two
# run as separate checks, in parallel.)
. "$(dirname "$0")/checklib.sh"
. "$(dirname "$0")/model_fuzz_common.sh"
# Under AddressSanitizer, let the self-test's SIGSEGV kill the worker as it
# would without it (see core.sh): the crash checks are about model_fuzz's
# report of a worker's death, not ASan's.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}handle_segv=0"

# kind | what the report must say | what its detail must say | extra options
while IFS='|' read -r kind what detail opts; do
	name="model_fuzz: a worker's $kind is reported as '$what'${detail:+: $detail}"
	MODEL_FUZZ_SELFTEST=$kind fuzz msm:a630,nouveau:gm20b,radeon:rv350 --seed 1 --iterations 10 \
		--batch 10 $opts >"$WORK/out" 2>"$WORK/err"
	rc=$?
	if [ $rc = 1 ] && grep -q "^model_fuzz: FAIL $what in batch 0 (seed 1" "$WORK/err" &&
	   grep -q "self-test: $kind" "$WORK/err" && grep -q -- "--first-batch 0 --batches 1" "$WORK/err" &&
	   grep -qF -- "$detail" "$WORK/err"; then
		check_pass "$name"
	else
		check_fail "$name" "exit $rc" "$(head -5 "$WORK/err")"
	fi
done <<'EOF'
crash|crash|died of Segmentation fault|
hang|hang||--timeout-ms 500
grow|unbounded growth||--rss-mb 300
errno|wrong errno|GEM_CLOSE answered EINVAL|
child|forked child|the forked child died of Segmentation fault|
child-exit|forked child|the forked child exited with status 3|
child-errno|forked child|GEM_CLOSE answered EINVAL (errno 22), which the kernel never returns for it|
fd-left|leak|SYNCOBJ_WAIT failed with ETIME but left a new fd in the process|
EOF
# an fd below FZ_USER_FDS for a moment (a model thread's, before it moves
# it up) is no leak of the request that was running
name="model_fuzz: an fd opened during a failing request and closed just after is no leak"
if MODEL_FUZZ_SELFTEST=fd-moment fuzz msm:a630 --seed 1 --iterations 10 --batch 10 \
	>"$WORK/out" 2>"$WORK/err"; then
	check_pass "$name"
else
	check_fail "$name" "exit $?" "$(head -5 "$WORK/err")"
fi
# Under ASan, a report from a process on the model names its functions:
# the crash self-test's SEGV report, symbolized by tools/asan/symbolizer.c
# (llvm-symbolizer itself cannot load a clang SANITIZE=1 model library).
name="model_fuzz: under ASan, a report on the model names its functions (fz_self_test)"
if [ -z "${ASAN_SYMBOLIZER_PATH:-}" ]; then
	echo "SKIP $name: not a SANITIZE=1 build ($O/tools/asan/llvm-symbolizer is not built)"
elif ! command -v llvm-symbolizer >/dev/null; then
	echo "SKIP $name: no llvm-symbolizer on PATH (Debian: llvm)"
else
	ASAN_OPTIONS=${ASAN_OPTIONS%handle_segv=0} MODEL_FUZZ_SELFTEST=crash fuzz msm:a630 --seed 1 \
		--iterations 10 --batch 10 >"$WORK/out" 2>"$WORK/err"
	if grep -q " in fz_self_test .*model_fuzz_selftest.c" "$WORK/err"; then
		check_pass "$name"
	else
		check_fail "$name" "$(grep -m4 "#[0-9]\|symboli" "$WORK/err")"
	fi
fi

# Under ASan, an allocation no kernel would make from a user count (over
# 2 GiB) ends the worker with ASan's report: a crash naming the allocation.
name="model_fuzz: under ASan, an allocation over 2 GiB is reported as 'crash' with ASan's report"
# (a plain build refers to __asan_init only weakly, "w": model_fuzz_worker.c)
if ! nm "$FUZZ" 2>/dev/null | grep -q " [TU] __asan_init$"; then
	echo "SKIP $name: not a SANITIZE=1 build (without ASan the worker's 8 GiB address-space limit makes such an allocation fail quietly)"
else
	MODEL_FUZZ_SELFTEST=huge-alloc fuzz msm:a630 --seed 1 --iterations 10 --batch 10 \
		>"$WORK/out" 2>"$WORK/err"
	rc=$?
	if [ $rc = 1 ] && grep -q "^model_fuzz: FAIL crash in batch 0" "$WORK/err" &&
	   grep -q "allocation-size-too-big" "$WORK/err" && grep -q "self-test: huge-alloc" "$WORK/err"; then
		check_pass "$name"
	else
		check_fail "$name" "exit $rc" "$(head -5 "$WORK/err")"
	fi
fi

# a leak shows at teardown, after the batch's last request
MODEL_FUZZ_SELFTEST=leak fuzz msm:a630 --seed 1 --iterations 10 --batch 10 >"$WORK/out" 2>"$WORK/err"
rc=$?
if [ $rc = 1 ] && grep -q "^model_fuzz: FAIL leak in batch 0" "$WORK/err" &&
   grep -q "fds of its own after every file and fd was closed" "$WORK/err"; then
	check_pass "model_fuzz: fds the model keeps after everything was closed are reported as 'leak'"
else
	check_fail "model_fuzz: fds the model keeps after everything was closed are reported as 'leak'" \
		"exit $rc" "$(head -5 "$WORK/err")"
fi
