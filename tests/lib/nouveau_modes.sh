#!/bin/bash
# nouveau's two submission modes follow the modelled kernel version: before
# 6.6 there is no VM_BIND uAPI, so every vm-bind subtest of nouveau_push
# skips (its legacy ones pass) and nouveau_vm skips whole; from 6.6 both
# modes pass, and the vm-bind subtests are as many as the legacy ones.
# Then the VM_BIND/EXEC scheduler's syncobj subtests under helgrind.
. "$(dirname "$0")/checklib.sh"
PUSH=$O/tests/nouveau_push
VM=$O/tests/nouveau_vm
need_model "nouveau modes" "$PUSH" "$VM"

# on <kernel> <binary>: stdout in $WORK/out, exit status in $rc. The model's
# nouveau hangcheck is the kernel's 10 s job timeout, so a CPU starved by a
# loaded machine does not look like a GPU hang to the subtests whose
# acquires the CPU releases.
on() {
	env DRMSUB_MODEL=nouveau:gm20b DRMSUB_MODEL_KERNEL="$1" \
		LD_PRELOAD="$PRELOAD" "$2" >"$WORK/out" 2>"$WORK/err" </dev/null
	rc=$?
}

count() {
	grep -c "$1" "$WORK/out"
}

# what failed, for the FAIL line
failures() {
	grep -E ': FAIL|CRITICAL' "$WORK/out" "$WORK/err" | head -6
}

on 6.5 "$PUSH"
legacy=$(count '^Subtest [^v].*: SUCCESS')
vm_skip=$(count '^Subtest vm-bind-.*: SKIP')
vm_other=$(grep '^Subtest vm-bind-' "$WORK/out" | grep -vc ': SKIP')
name="nouveau modes: kernel 6.5 runs nouveau_push in the legacy mode only"
if [ "$rc" = 0 ] && [ "$legacy" -gt 0 ] && [ "$vm_skip" = "$legacy" ] && [ "$vm_other" = 0 ]; then
	check_pass "$name"
else
	check_fail "$name" "exit $rc, legacy passed $legacy, vm-bind skipped $vm_skip, other $vm_other" \
		"$(failures)"
fi

on 6.5 "$VM"
name="nouveau modes: kernel 6.5 has no VM_BIND, nouveau_vm skips"
if [ "$rc" = 77 ] && [ "$(count ': SUCCESS')" = 0 ]; then
	check_pass "$name"
else
	check_fail "$name" "exit $rc" "$(head -5 "$WORK/out")"
fi

on 6.6 "$PUSH"
legacy=$(count '^Subtest [^v].*: SUCCESS')
vm_pass=$(count '^Subtest vm-bind-.*: SUCCESS')
name="nouveau modes: kernel 6.6 runs nouveau_push in both modes"
if [ "$rc" = 0 ] && [ "$legacy" -gt 0 ] && [ "$vm_pass" = "$legacy" ]; then
	check_pass "$name"
else
	check_fail "$name" "exit $rc, legacy passed $legacy, vm-bind passed $vm_pass" "$(failures)"
fi

# The VM_BIND/EXEC scheduler is a thread of its own: its syncobj subtests
# under helgrind (not for sanitizer builds, which valgrind cannot run, nor
# under an emulator).
EXEC=$O/tests/nouveau_exec
if [ -n "${DRMSUB_EMULATOR:-}" ] || ! command -v valgrind >/dev/null ||
   grep -qa __asan_init "$EXEC"; then
	echo "SKIP nouveau modes: helgrind: needs valgrind and a build without sanitizers"
	exit 0
fi
name="nouveau modes: helgrind finds no race in nouveau_exec's and nouveau_vm's syncobj subtests"
rc=0
for run in "$EXEC exec-waits-for-syncobj,exec-signals,unmapped-push,channel-free-cancels" \
	   "$VM bind-async"; do
	set -- $run
	DRMSUB_MODEL=nouveau:gm20b LD_PRELOAD="$LIB" \
		valgrind --tool=helgrind --trace-children=yes \
		--suppressions="$(dirname "$0")/model-helgrind.supp" --log-file="$WORK/hg.%p" \
		"$1" --run-subtest "$2" >"$WORK/out" 2>&1 || rc=$?
done
summaries=$(cat "$WORK"/hg.* 2>/dev/null | grep -c "ERROR SUMMARY")
if [ "$rc" = 0 ] && [ "$summaries" -gt 0 ] &&
   ! grep -h "ERROR SUMMARY" "$WORK"/hg.* | grep -qv " 0 errors"; then
	check_pass "$name"
else
	check_fail "$name" "exit $rc" "$(grep -h -A12 'Possible data race\|lock order' "$WORK"/hg.* | head -40)"
fi
