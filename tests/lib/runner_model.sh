#!/bin/bash
# SPDX-License-Identifier: MIT
# Self-tests of drmsub-run's hardware-or-model choice per driver, and of
# 'make run' (scripts/run-suite). A fake msm_device (a shell script that
# speaks the test-binary protocol) passes its device-info probe on "hardware"
# when FAKE_HW is set, or when the model is preloaded (DRMSUB_MODEL set);
# a harmless real library (libc) stands in for the model library.
. "$(dirname "$0")/checklib.sh"
. "$(dirname "$0")/runner_common.sh"
need_tools jq || exit 0

root=$WORK/root
mkdir -p "$root"
cat >"$root/msm_device" <<'EOF_'
#!/bin/sh
# fake msm_device: on the model (DRMSUB_MODEL set) or "hardware" (FAKE_HW)
case "$1" in
--list-subtests) echo device-info; exit 0 ;;
esac
echo "IGT-Version: fake"
echo "Starting subtest: device-info"
[ -n "$IGT_SENTINEL_ON_STDERR" ] && echo "Starting subtest: device-info" >&2
if [ -n "$DRMSUB_MODEL" ]; then
	echo "driver: msm 1.12.0 (model $DRMSUB_MODEL)"; echo "device: model"
	echo "preload: $LD_PRELOAD"; r=SUCCESS
elif [ -n "$FAKE_HW" ]; then
	echo "driver: msm 1.12.0 (fake hardware)"; echo "device: platform:fake.gpu"; r=SUCCESS
else
	echo "no msm device"; r=SKIP
fi
echo "Subtest device-info: $r (0.000s)"
[ -n "$IGT_SENTINEL_ON_STDERR" ] && echo "Subtest device-info: $r (0.000s)" >&2
[ $r = SUCCESS ] && exit 0 || exit 77
EOF_
chmod +x "$root/msm_device"
unset FAKE_HW
model=$(ldd /bin/sh 2>/dev/null | awk '$1 ~ /^libc\.so/ { print $3 }')
[ -r "$model" ] || { echo "SKIP drmsub-run model selection: no libc path from ldd"; exit 0; }

ran_on() {
	jq -r '.drmsub.drivers.msm["ran-on"] + " | " + .drmsub.drivers.msm.device' "$1/results.json"
}

"$RUNNER" -q --model-library "$model" "$WORK/r1" "$root" >/dev/null 2>&1
if [ "$(ran_on "$WORK/r1")" = "model | msm 1.12.0 (model msm:a630); model" ] &&
   [ "$(result_of "$WORK/r1" igt@msm_device@device-info)" = pass ]; then
	check_pass "no hardware: the driver runs on the model, identity recorded"
else
	check_fail "no hardware: the driver runs on the model, identity recorded" "$(ran_on "$WORK/r1")"
fi
grep -qx "preload: $model" "$WORK/r1/0/out.txt" &&
	check_pass "model jobs run with LD_PRELOAD=<model library> and DRMSUB_MODEL=<driver entry>" ||
	check_fail "model jobs run with LD_PRELOAD=<model library> and DRMSUB_MODEL=<driver entry>" \
		"$(cat "$WORK/r1/0/out.txt")"
grep -q '^msm  *model  *1  *0  *0  *0  *0$' "$WORK/r1/summary.txt" && grep -q '^msm: model, ' "$WORK/r1/summary.txt" &&
	check_pass "the summary labels the driver as a model run" ||
	check_fail "the summary labels the driver as a model run" "$(cat "$WORK/r1/summary.txt")"

DRMSUB_MODEL=msm:a306,nouveau:gm20b "$RUNNER" -q --model-library "$model" "$WORK/r1b" "$root" >/dev/null 2>&1
[ "$(ran_on "$WORK/r1b")" = "model | msm 1.12.0 (model msm:a306); model" ] &&
	check_pass "DRMSUB_MODEL chooses the modelled GPU" ||
	check_fail "DRMSUB_MODEL chooses the modelled GPU" "$(ran_on "$WORK/r1b")"

FAKE_HW=1 "$RUNNER" -q --model-library "$model" "$WORK/r2" "$root" >/dev/null 2>&1
[ "$(ran_on "$WORK/r2")" = "hardware | msm 1.12.0 (fake hardware); platform:fake.gpu" ] &&
	check_pass "hardware present: the driver runs on it" ||
	check_fail "hardware present: the driver runs on it" "$(ran_on "$WORK/r2")"

DRMSUB_MODEL=msm:a630 "$RUNNER" -q --hardware "$WORK/r2b" "$root" >/dev/null 2>&1
[ "$(result_of "$WORK/r2b" igt@msm_device@device-info)" = skip ] &&
	check_pass "a DRMSUB_MODEL in the environment does not reach hardware runs" ||
	check_fail "a DRMSUB_MODEL in the environment does not reach hardware runs" "$(cat "$WORK/r2b/0/out.txt")"

FAKE_HW=1 "$RUNNER" -q --model --model-library "$model" "$WORK/r3" "$root" >/dev/null 2>&1
[ "$(ran_on "$WORK/r3")" = "model | msm 1.12.0 (model msm:a630); model" ] &&
	check_pass "--model forces the model over hardware" ||
	check_fail "--model forces the model over hardware" "$(ran_on "$WORK/r3")"

"$RUNNER" -q --hardware --model-library "$model" "$WORK/r4" "$root" >/dev/null 2>&1
if [ "$(jq -r '.drmsub.drivers.msm["ran-on"]' "$WORK/r4/results.json")" = hardware ] &&
   [ "$(result_of "$WORK/r4" igt@msm_device@device-info)" = skip ]; then
	check_pass "--hardware never uses the model; without hardware the tests skip"
else
	check_fail "--hardware never uses the model; without hardware the tests skip" "$(ran_on "$WORK/r4")"
fi

"$RUNNER" -q --model-library "$WORK/no-such-model.so" "$WORK/r5" "$root" >/dev/null 2>&1
if [ "$(jq -r '.drmsub.drivers.msm["ran-on"]' "$WORK/r5/results.json")" = none ] &&
   [ "$(result_of "$WORK/r5" igt@msm_device@device-info)" = skip ]; then
	check_pass "no hardware and no model library: ran-on none, the tests skip"
else
	check_fail "no hardware and no model library: ran-on none, the tests skip" "$(ran_on "$WORK/r5")"
fi

"$RUNNER" -q --model --model-library "$WORK/no-such-model.so" "$WORK/r6" "$root" >/dev/null 2>&1; rc=$?
[ $rc = 3 ] && check_pass "--model without the model library exits 3" ||
	check_fail "--model without the model library exits 3" "exit $rc"

# core_* (DRM core) and model_* (the model's own tests) have no driver of their own
croot=$WORK/croot
mkdir -p "$croot"
cp "$root/msm_device" "$croot/core_fake"
cp "$root/msm_device" "$croot/model_fake"
"$RUNNER" -q --model-library "$model" "$WORK/c1" "$croot" >/dev/null 2>&1
"$RUNNER" -q --model-library "$WORK/no-such-model.so" "$WORK/c2" "$croot" >/dev/null 2>&1
got="$(jq -r '[.drmsub.drivers.core["ran-on"], .drmsub.drivers.model["ran-on"], .tests["igt@core_fake@device-info"].result] | join(" ")' "$WORK/c1/results.json") / $(jq -r '[.drmsub.drivers.core["ran-on"], .drmsub.drivers.model["ran-on"], .tests["igt@model_fake@device-info"].result] | join(" ")' "$WORK/c2/results.json")"
[ "$got" = "model model pass / none none skip" ] &&
	check_pass "core_* and model_* binaries run on the model when it exists, else skip" ||
	check_fail "core_* and model_* binaries run on the model when it exists, else skip" "$got"
grep -qx 'driver: msm 1.12.0 (model msm:a630)' "$WORK/c1/0/out.txt" &&
	check_pass "core_* binaries get the first DRMSUB_MODEL entry" ||
	check_fail "core_* binaries get the first DRMSUB_MODEL entry" "$(cat "$WORK/c1/0/out.txt")"
cp "$root/msm_device" "$croot/msm_device"
FAKE_HW=1 "$RUNNER" -q --model-library "$model" "$WORK/c3" "$croot" >/dev/null 2>&1
[ "$(jq -r '.drmsub.drivers.core["ran-on"] + " " + .drmsub.drivers.core.device' "$WORK/c3/results.json")" = \
  "hardware msm 1.12.0 (fake hardware); platform:fake.gpu" ] &&
	check_pass "core_* binaries run on hardware when any driver's device is there" ||
	check_fail "core_* binaries run on hardware when any driver's device is there" \
		"$(jq -c .drmsub "$WORK/c3/results.json")"

grep -q '^msm model msm:a630 msm 1.12.0' "$WORK/r1/drivers.txt" &&
	check_pass "drivers.txt records driver, ran-on, model entry and identity" ||
	check_fail "drivers.txt records driver, ran-on, model entry and identity" "$(cat "$WORK/r1/drivers.txt")"

# ---- make run ------------------------------------------------------------
# scripts/run-suite on this build: every driver gets a row saying where it ran.
DRMSUB_RESULTS=$WORK/suite O=$O scripts/run-suite >"$WORK/suite.out" 2>&1; rc=$?
problems=""
for drv in msm nouveau radeon; do
	grep -q "^$drv  *\(hardware\|model\|none\) " "$WORK/suite.out" || problems="$problems no $drv row;"
done
[ -s "$WORK/suite/results.json" ] || problems="$problems no results.json;"
if [ -z "$problems" ] && [ $rc -le 1 ]; then
	check_pass "make run (scripts/run-suite) prints a per-driver summary through drmsub-run"
else
	check_fail "make run (scripts/run-suite) prints a per-driver summary through drmsub-run" \
		"exit $rc;$problems" "$(tail -15 "$WORK/suite.out")"
fi
