#!/bin/bash
# The hostile-client fuzzer of the device model (tests/lib/model_fuzz*.c)
# in make check: a fixed seed and a fixed number of requests on two sets of
# chips (all three drivers each), a few seconds each, with the gcc build and
# under ASan/UBSan with SANITIZE=1. Any crash, hang, growth, leak or errno
# no kernel gives fails the check with the request and a replay command.
# Then the fuzzer's own detectors: a worker that misbehaves on purpose
# (MODEL_FUZZ_SELFTEST) must be reported as each kind of failure.
. "$(dirname "$0")/checklib.sh"

FUZZ=$O/tests/lib/model_fuzz
LIB=$(realpath "$O/lib/libdrmsub-model.so" 2>/dev/null)
if [ ! -f "$LIB" ] || [ ! -x "$FUZZ" ]; then
	echo "SKIP model_fuzz: needs the device model and $FUZZ"
	exit 0
fi
ASAN=$(ldd "$FUZZ" 2>/dev/null | awk '/libasan/ { print $3; exit }')

# fuzz <chips> <args...>: the fuzzer on the model, short hangchecks
fuzz() {
	local chips=$1
	shift
	env DRMSUB_MODEL="$chips" DRMSUB_MODEL_HANGCHECK_MS=100 \
		LD_PRELOAD="${ASAN:+$ASAN:}$LIB" "$FUZZ" "$@"
}

for run in "msm:a630,nouveau:gm20b,radeon:rv350 1500" "msm:a530,nouveau:gm107,radeon:rv515 1000"; do
	set -- $run
	name="model_fuzz: seed 1, $2 requests on $1: no crash, hang, growth, leak or wrong errno"
	if fuzz "$1" --seed 1 --iterations "$2" >"$WORK/out" 2>"$WORK/err"; then
		check_pass "$name"
	else
		check_fail "$name" "$(grep -v '^model_fuzz: [0-9]*: ' "$WORK/err" | tail -12)"
	fi
done

# kind | what the report must say | extra options
while IFS='|' read -r kind what opts; do
	name="model_fuzz: a worker's $kind is reported as '$what'"
	MODEL_FUZZ_SELFTEST=$kind fuzz msm:a630,nouveau:gm20b,radeon:rv350 --seed 1 --iterations 10 \
		--batch 10 $opts >"$WORK/out" 2>"$WORK/err"
	rc=$?
	if [ $rc = 1 ] && grep -q "^model_fuzz: FAIL $what in batch 0 (seed 1" "$WORK/err" &&
	   grep -q "self-test: $kind" "$WORK/err" && grep -q -- "--first-batch 0 --batches 1" "$WORK/err"; then
		check_pass "$name"
	else
		check_fail "$name" "exit $rc" "$(head -5 "$WORK/err")"
	fi
done <<'EOF'
crash|crash|
hang|hang|--timeout-ms 500
grow|unbounded growth|--rss-mb 300
errno|wrong errno|
child|forked child|
EOF
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

"$FUZZ" --help >"$WORK/help" 2>&1
rc=$?
missing=""
for opt in --seed --iterations --seconds --batch --first-batch --batches --timeout-ms --rss-mb \
	   --keep-going --verbose "Exit status"; do
	grep -q -- "$opt" "$WORK/help" || missing="$missing $opt"
done
"$FUZZ" --bogus >/dev/null 2>&1
bogus=$?
if [ $rc = 0 ] && [ -z "$missing" ] && [ $bogus = 2 ]; then
	check_pass "model_fuzz --help documents every option; a bad option exits 2"
else
	check_fail "model_fuzz --help documents every option; a bad option exits 2" \
		"exit $rc, --bogus exit $bogus, missing:$missing"
fi
