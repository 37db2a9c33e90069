#!/bin/bash
# Self-tests of the device model's environment handling: with DRMSUB_MODEL
# unset the preload changes nothing; a bad value stops the process with the
# list of supported chips; the fake tree is shared by the processes that use it.
. "$(dirname "$0")/checklib.sh"
T=$O/tests
need_model "model" "$T/msm_device"

for d in msm radeon; do
	env -u DRMSUB_MODEL $T/${d}_device >"$WORK/plain.out" 2>"$WORK/plain.err"; want=$?
	env -u DRMSUB_MODEL LD_PRELOAD="$PRELOAD" $T/${d}_device >"$WORK/pre.out" 2>"$WORK/pre.err"; got=$?
	if [ $want = $got ] && cmp -s <(normalise <"$WORK/plain.out") <(normalise <"$WORK/pre.out") &&
	   cmp -s <(normalise <"$WORK/plain.err") <(normalise <"$WORK/pre.err"); then
		check_pass "model: DRMSUB_MODEL unset, ${d}_device behaves as without the preload"
	else
		check_fail "model: DRMSUB_MODEL unset, ${d}_device behaves as without the preload" \
			"exit $want vs $got" "$(diff <(normalise <"$WORK/plain.out") <(normalise <"$WORK/pre.out"))"
	fi
done

DRMSUB_MODEL=msm:a999 LD_PRELOAD="$PRELOAD" $T/msm_device >"$WORK/out" 2>"$WORK/err"; rc=$?
if [ $rc = 112 ] && grep -q 'unknown chip "msm:a999"; supported: msm:a630' "$WORK/err"; then
	check_pass "model: an unknown chip exits 112 naming the supported ones"
else
	check_fail "model: an unknown chip exits 112 naming the supported ones" "exit $rc: $(cat "$WORK/err")"
fi

# DRMSUB_MODEL_KERNEL selects the kernel whose behaviour is modelled.
for k in "msm 6.17 msm 1.13.0" "msm 6.8 msm 1.11.0" "nouveau:gm107 6.5 nouveau 1.3.1" \
	 "nouveau:gm107 6.6 nouveau 1.4.0"; do
	set -- $k
	out=$(DRMSUB_MODEL=$1 DRMSUB_MODEL_KERNEL=$2 LD_PRELOAD="$PRELOAD" $T/${3}_device 2>&1 | grep '^driver: ')
	if [[ "$out" == "driver: $3 $4 "* ]]; then
		check_pass "model: DRMSUB_MODEL_KERNEL=$2 gives $3 $4"
	else
		check_fail "model: DRMSUB_MODEL_KERNEL=$2 gives $3 $4" "got: $out"
	fi
done
DRMSUB_MODEL=msm,nouveau,radeon DRMSUB_MODEL_KERNEL=6.14 LD_PRELOAD="$PRELOAD" \
	$T/model_discovery --run-subtest version-date >"$WORK/out" 2>&1; rc=$?
if [ $rc = 0 ] && grep -q '^Subtest version-date: SUCCESS' "$WORK/out"; then
	check_pass "model: from 6.14 VERSION's date is \"0\" for every driver"
else
	check_fail "model: from 6.14 VERSION's date is \"0\" for every driver" "exit $rc: $(tail -5 "$WORK/out")"
fi
DRMSUB_MODEL=msm DRMSUB_MODEL_KERNEL=6.6 LD_PRELOAD="$PRELOAD" \
	$T/msm_bo_info --run-subtest metadata-unknown-before-6-8 >"$WORK/out" 2>&1; rc=$?
if [ $rc = 0 ] && grep -q '^Subtest metadata-unknown-before-6-8: SUCCESS' "$WORK/out"; then
	check_pass "model: before 6.8 msm has no BO metadata"
else
	check_fail "model: before 6.8 msm has no BO metadata" "exit $rc: $(tail -5 "$WORK/out")"
fi
DRMSUB_MODEL=msm DRMSUB_MODEL_KERNEL=six LD_PRELOAD="$PRELOAD" $T/msm_device >/dev/null 2>"$WORK/err"; rc=$?
if [ $rc = 112 ] && grep -q "DRMSUB_MODEL_KERNEL=six: expected" "$WORK/err"; then
	check_pass "model: a malformed DRMSUB_MODEL_KERNEL exits 112"
else
	check_fail "model: a malformed DRMSUB_MODEL_KERNEL exits 112" "exit $rc: $(cat "$WORK/err")"
fi

# The fake tree is built once per set of devices and shared (lib/model/tree.c).
mkdir -p "$WORK/tmp"
TMPDIR=$WORK/tmp DRMSUB_MODEL=nouveau:gm107 LD_PRELOAD="$PRELOAD" $T/nouveau_device >/dev/null 2>&1
TMPDIR=$WORK/tmp DRMSUB_MODEL=nouveau:gm107 LD_PRELOAD="$PRELOAD" $T/nouveau_device >/dev/null 2>&1
if [ "$(ls -A "$WORK/tmp" | wc -l)" = 1 ]; then
	check_pass "model: processes with the same devices share one fake tree"
else
	check_fail "model: processes with the same devices share one fake tree" "$(ls "$WORK/tmp")"
fi

# DRMSUB_MODEL_DEBUG names a rejected ioctl by its name, for the core table
# and each driver's, and a killed nouveau channel by the method that killed it.
debug_lines() {
	DRMSUB_MODEL=$1 DRMSUB_MODEL_DEBUG=1 LD_PRELOAD="$PRELOAD" $T/$2 ${3:+--run-subtest "$3"} \
		2>&1 >/dev/null | grep -a '^drmsub-model: '
}
for run in "nouveau:gm107 core_syncobj wait-invalid DRM_IOCTL_SYNCOBJ_WAIT" \
	   "msm:a630 msm_submit - DRM_IOCTL_MSM_GEM_SUBMIT" \
	   "nouveau:gm107 nouveau_errors unknown-id DRM_IOCTL_NOUVEAU_GEM_INFO" \
	   "radeon:rv350 radeon_cs - DRM_IOCTL_RADEON_CS"; do
	set -- $run
	[ "$3" = - ] && set -- "$1" "$2" "" "$4"
	name="model: DRMSUB_MODEL_DEBUG names $4 on $1"
	lines=$(debug_lines "$1" "$2" "$3")
	if grep -q ": $4: " <<<"$lines" && ! grep -q 'DRM_IO[RW]*(\|NV_IO[RW]*(\|(((' <<<"$lines"; then
		check_pass "$name"
	else
		check_fail "$name" "$(head -5 <<<"$lines")"
	fi
done
name="model: a killed nouveau channel names the method, class and subchannel"
lines=$(debug_lines nouveau:gm107 nouveau_errors "")
if grep -q 'channel [0-9]* killed (.*) by method [0-9a-fx]* (data [0-9a-fx]*) of class 0x[0-9a-f]* on subchannel [0-7] ' <<<"$lines" &&
   grep -q 'killed (.*) by the method header 0x' <<<"$lines"; then
	check_pass "$name"
else
	check_fail "$name" "$(grep killed <<<"$lines" | head -5)"
fi

# The modelled kernel has sw_sync in debugfs: core_sw_sync runs, it does not skip.
DRMSUB_MODEL=nouveau:gm107 LD_PRELOAD="$PRELOAD" $T/core_sw_sync --run-subtest fence-signals-at-value \
	>"$WORK/out" 2>&1; rc=$?
if [ $rc = 0 ] && grep -q '^Subtest fence-signals-at-value: SUCCESS' "$WORK/out"; then
	check_pass "model: /sys/kernel/debug/sync/sw_sync gives sw_sync timelines"
else
	check_fail "model: /sys/kernel/debug/sync/sw_sync gives sw_sync timelines" "exit $rc: $(tail -3 "$WORK/out")"
fi

# Thread safety: the multi-threaded subtests under helgrind (not for
# sanitizer builds, which valgrind cannot run, nor under an emulator).
if [ -n "${DRMSUB_EMULATOR:-}" ]; then
	echo "SKIP model: helgrind: the binaries run under $DRMSUB_EMULATOR"
	exit 0
fi
if ! command -v valgrind >/dev/null || grep -qa __asan_init "$T/core_drm"; then
	echo "SKIP model: helgrind: needs valgrind and a build without sanitizers"
	exit 0
fi
for run in "core_drm threads" "core_syncobj wait-for-submit" "core_syncobj timeline-wait-for-submit" \
	   "core_sw_sync nouveau-exec-wait" "model_gpu ring-order" "model_gpu hangcheck" \
	   "core_uaccess program-sigaction-handler" "core_uaccess fault-signals-blocked"; do
	set -- $run
	name="model: helgrind finds no race in $1 --run-subtest $2"
	DRMSUB_MODEL=nouveau:gm20b DRMSUB_MODEL_HANGCHECK_MS=100 LD_PRELOAD="$PRELOAD" \
		valgrind --tool=helgrind --trace-children=yes \
		--suppressions="$(dirname "$0")/model-helgrind.supp" --log-file="$WORK/hg.%p" \
		$T/$1 --run-subtest "$2" >"$WORK/out" 2>&1
	rc=$?
	if [ $rc = 0 ] && ! grep -h "ERROR SUMMARY" "$WORK"/hg.* | grep -qv " 0 errors"; then
		check_pass "$name"
	else
		check_fail "$name" "exit $rc" "$(grep -h -A12 'Possible data race\|lock order' "$WORK"/hg.* | head -40)"
	fi
	rm -f "$WORK"/hg.*
done

# With DRMSUB_MODEL_KMSG unset the first process that logs makes its own log
# in $TMPDIR, names it for its children, and removes it when it exits.
mkdir -p "$WORK/kmsg-tmp"
env -u DRMSUB_MODEL_KMSG TMPDIR="$WORK/kmsg-tmp" DRMSUB_MODEL=msm,nouveau,radeon LD_PRELOAD="$PRELOAD" \
	$T/model_kmsg --run-subtest shared-log >"$WORK/out" 2>&1; rc=$?
left=$(ls -A "$WORK/kmsg-tmp")
if [ $rc = 0 ] && grep -q '^Subtest shared-log: SUCCESS' "$WORK/out" && [ -z "$left" ]; then
	check_pass "model: without DRMSUB_MODEL_KMSG a run makes its own /dev/kmsg log and removes it"
else
	check_fail "model: without DRMSUB_MODEL_KMSG a run makes its own /dev/kmsg log and removes it" \
		"exit $rc, left in TMPDIR: ${left:-nothing}" "$(tail -5 "$WORK/out")"
fi
