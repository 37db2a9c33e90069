#!/bin/bash
# The modelled kernels: DRMSUB_MODEL_KERNEL newer than the newest modelled
# release is refused with a message naming it (lib/model/config.c), and
# scripts/check runs the msm suites at exactly that release, so that a
# release added to the model is also the one make check covers.
. "$(dirname "$0")/checklib.sh"
T=$O/tests
LIB=$(realpath "$O/lib/libdrmsub-model.so" 2>/dev/null)
ASAN=$(ldd "$T/msm_device" 2>/dev/null | awk '/libasan/ { print $3; exit }')
PRE="${ASAN:+$ASAN:}$LIB"

if [ ! -f "$LIB" ] || [ ! -x "$T/msm_device" ]; then
	echo "SKIP model kernels: the model or msm_device not built"
	exit 0
fi

# msm's last entry of scripts/check's SUITE_KERNELS
CHECK=$(dirname "$0")/../../scripts/check
kernels=$(sed -n 's/^SUITE_KERNELS=".*msm=\([0-9.,]*\).*"/\1/p' "$CHECK")
newest=${kernels##*,}
if ! [[ "$newest" =~ ^([0-9]+)\.([0-9]+)$ ]]; then
	check_fail "model kernels: scripts/check names msm's suite kernels" "got: '$kernels'"
	exit 0
fi
next="${BASH_REMATCH[1]}.$((BASH_REMATCH[2] + 1))"

on() {
	DRMSUB_MODEL=msm DRMSUB_MODEL_KERNEL=$1 LD_PRELOAD="$PRE" $T/msm_device \
		>"$WORK/out" 2>"$WORK/err" </dev/null
	rc=$?
}

on "$newest"
if [ $rc = 0 ] && grep -q '^driver: msm ' "$WORK/out"; then
	check_pass "model kernels: $newest, the newest msm suite kernel, is modelled"
else
	check_fail "model kernels: $newest, the newest msm suite kernel, is modelled" \
		"exit $rc: $(tail -3 "$WORK/err")"
fi

on "$next"
want="DRMSUB_MODEL_KERNEL=$next: newer than $newest, the newest modelled release"
name="model kernels: $next, past the newest modelled release, exits 112 naming $newest"
if [ $rc = 112 ] && grep -qF "$want" "$WORK/err"; then
	check_pass "$name"
else
	check_fail "$name" "exit $rc: $(tail -3 "$WORK/err")"
fi

on 7.0
if [ $rc = 112 ] && grep -qF "DRMSUB_MODEL_KERNEL=7.0: newer than $newest," "$WORK/err"; then
	check_pass "model kernels: a later major release (7.0) is refused too"
else
	check_fail "model kernels: a later major release (7.0) is refused too" \
		"exit $rc: $(tail -3 "$WORK/err")"
fi

# Features the msm suites' two kernels straddle: checked at their release
# and the one before, where a wrong release in the model would show.
for k in "6.14 timeline-cap" "6.15 timeline-cap"; do
	set -- $k
	DRMSUB_MODEL=msm DRMSUB_MODEL_KERNEL=$1 LD_PRELOAD="$PRE" $T/msm_sync --run-subtest "$2" \
		>"$WORK/out" 2>&1 </dev/null
	if grep -q "^Subtest $2: SUCCESS" "$WORK/out"; then
		check_pass "model kernels: msm_sync $2 at $1"
	else
		check_fail "model kernels: msm_sync $2 at $1" \
			"$(grep -E 'FAIL|Subtest' "$WORK/out" | head -5)"
	fi
done
