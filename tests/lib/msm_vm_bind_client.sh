#!/bin/bash
# The outside VM_BIND client (tests/lib/bins/msm_vm_bind_client.c, UAPI
# only) on the device model at 6.18, on a630 (no PRR) and a750: every
# step of its scenario passes, in order, and at 6.16 it finds no VM_BIND.
. "$(dirname "$0")/checklib.sh"
LIB=$(realpath "$O/lib/libdrmsub-model.so" 2>/dev/null)
CLIENT=$SELF_BINS/msm_vm_bind_client
if [ ! -f "$LIB" ] || [ ! -x "$CLIENT" ]; then
	echo "SKIP msm vm_bind client: the model or the client is not built"
	exit 0
fi
ASAN=$(ldd "$CLIENT" 2>/dev/null | awk '/libasan/ { print $3; exit }')

run() {
	env DRMSUB_MODEL=msm:$1 DRMSUB_MODEL_KERNEL=$2 DRMSUB_MODEL_HANGCHECK_MS=250 \
		LD_PRELOAD="${ASAN:+$ASAN:}$LIB" "$CLIENT" >"$WORK/out" 2>"$WORK/err" </dev/null
	rc=$?
}

STEPS="opt-in bind submit-by-iova write-lands-at-offset range-past-end-einval
unaligned-iova-einval bad-handle-einval not-a-vm-bind-queue-einval bad-queue-enoent unmap
fault-counted nothing-lands next-submit-epipe"

for chip in a630 a750; do
	run $chip 6.18
	name="msm vm_bind client ($chip, 6.18): bind, submit by iova, the rules, fault, EPIPE"
	steps=$(sed -n 's/^ok //p' "$WORK/out" | tr '\n' ' ')
	if [ $rc = 0 ] && [ "$steps" = "$(echo $STEPS) " ]; then
		check_pass "$name"
	else
		check_fail "$name" "exit $rc" "$(tail -4 "$WORK/out")" "$(tail -3 "$WORK/err")"
	fi
done

run a630 6.16
if [ $rc = 77 ] && grep -q '^SKIP: no VM_BIND' "$WORK/out"; then
	check_pass "msm vm_bind client (a630, 6.16): no VM_BIND, exit 77"
else
	check_fail "msm vm_bind client (a630, 6.16): no VM_BIND, exit 77" "exit $rc" \
		"$(tail -3 "$WORK/out")"
fi
