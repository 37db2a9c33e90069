#!/bin/bash
# Self-tests of device discovery (lib/device) through the <driver>_device
# binaries, in the situations a machine without that GPU presents.
. "$(dirname "$0")/checklib.sh"
T=$O/tests

if [ -e /dev/dri ] || [ -n "${LD_PRELOAD:-}" ]; then
	for d in msm nouveau radeon; do
		echo "SKIP $d: no device skips with a reason: this machine has /dev/dri"
	done
else
	for d in msm nouveau radeon; do
		$T/${d}_device >"$WORK/out" 2>"$WORK/err"; rc=$?
		reason=$(grep '^Test requirement not met: ' "$WORK/out")
		if [ $rc = 77 ] && [[ "$reason" == "Test requirement not met: no $d device (looked at /dev/dri/*; module $d "* ]]; then
			check_pass "$d: no device skips (77) with a reason naming the driver"
		else
			check_fail "$d: no device skips (77) with a reason naming the driver" "exit $rc: $(cat "$WORK/out")"
		fi
	done
fi

expect "IGT_FORCE_DRIVER naming another driver skips" 77 \
	env IGT_FORCE_DRIVER=radeon $T/msm_device <<'EOF_'
--- stdout
IGT-Version: V
Test requirement not met: no msm device (IGT_FORCE_DRIVER=radeon); no GPU? run on the device model: scripts/with-model msm build/tests/msm_device (see --help)
Subtest device-info: SKIP (T)
--- stderr
EOF_

expect "IGT_DEVICE matching nothing skips and says so" 77 \
	env IGT_DEVICE=pci:vendor=1002,device=ffff $T/radeon_device <<'EOF_'
--- stdout
IGT-Version: V
Test requirement not met: no radeon device (looked at IGT_DEVICE=pci:vendor=1002,device=ffff matched no device; module radeon not available); no GPU? run on the device model: scripts/with-model radeon build/tests/radeon_device (see --help)
Subtest device-info: SKIP (T)
EOF_

# A machine without the GPU is told how to run the binary on the model instead.
$T/nouveau_push --help >"$WORK/out" 2>&1
if grep -qx 'No GPU? Run on the device model: scripts/with-model <driver>\[:<chip>\] build/tests/nouveau_push' "$WORK/out" &&
   grep -q 'LD_PRELOAD=<build>/lib/libdrmsub-model.so' "$WORK/out"; then
	check_pass "--help says how to run the binary on the device model"
else
	check_fail "--help says how to run the binary on the device model" "$(tail -4 "$WORK/out")"
fi
if [ -e /dev/dri ] || [ -n "${LD_PRELOAD:-}" ]; then
	echo "SKIP core binaries without a device name the model: this machine has /dev/dri"
else
	expect "core binaries without a device say how to run on the model" 77 \
		$T/core_gem --run-subtest 'close-invalid' <<'EOF_'
--- stdout
IGT-Version: V
no msm, nouveau or radeon device; no GPU? run on the device model: scripts/with-model msm build/tests/core_gem (see --help)
Subtest close-invalid: SKIP (T)
EOF_
fi

expect "a malformed IGT_DEVICE fails instead of skipping" 98 \
	env IGT_DEVICE=pci:vendor=xx $T/nouveau_device <<'EOF_'
--- stdout
IGT-Version: V
Subtest device-info: FAIL (T)
EOF_

expect "--device overrides IGT_DEVICE" 98 \
	env IGT_DEVICE=drm:/dev/dri/card9 $T/nouveau_device --device pci:bogus=1 <<'EOF_'
--- stdout
IGT-Version: V
Subtest device-info: FAIL (T)
EOF_

# scripts/with-model, which every skip above names: its --help explains it.
WITH_MODEL=$(dirname "$0")/../../scripts/with-model
"$WITH_MODEL" --help >"$WORK/out" 2>&1; rc=$?
if [ $rc = 0 ] && grep -q '^usage: .*with-model <driver:chip,...> <command>' "$WORK/out" &&
   grep -q 'O=build/sanitize' "$WORK/out"; then
	check_pass "scripts/with-model --help explains the devices, an example and O"
else
	check_fail "scripts/with-model --help explains the devices, an example and O" \
		"exit $rc: $(head -5 "$WORK/out")"
fi
"$WITH_MODEL" msm:a630 >"$WORK/out" 2>"$WORK/err"; rc=$?
if [ $rc = 2 ] && [ ! -s "$WORK/out" ] && grep -q '^usage: ' "$WORK/err"; then
	check_pass "scripts/with-model without a command: usage on stderr, exit 2"
else
	check_fail "scripts/with-model without a command: usage on stderr, exit 2" \
		"exit $rc: $(cat "$WORK/out" "$WORK/err")"
fi
