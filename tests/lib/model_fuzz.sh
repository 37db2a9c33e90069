#!/bin/bash
# The hostile-client fuzzer of the device model (tests/lib/model_fuzz*.c)
# in make check: a fixed seed and a fixed number of requests on two sets of
# chips (all three drivers each), a few seconds each, with the gcc build and
# under ASan/UBSan with SANITIZE=1. Any crash, hang, growth, leak or errno
# no kernel gives fails the check with the request and a replay command.
# The fuzzer's own detectors are checked by model_fuzz_detectors.sh. First,
# without the model: the generator of its field tables refuses a bad list.
. "$(dirname "$0")/checklib.sh"

FIELDS_AWK=$(cd "$(dirname "$0")" && pwd)/model_fuzz_fields.awk
cat >"$WORK/bad.txt" <<'EOF_'
include <xf86drm.h>
	handle		handle
struct drm_gem_close
	handle		handle
	pad		ptrr
struct drm_gem_close
	handle		handle pad
struct drm_gem_open
EOF_
expect "model_fuzz_fields.awk: a bad field list exits 1 with file:line, writes nothing" 1 \
	sh -c "cd '$WORK' && awk -v out=c -f '$FIELDS_AWK' bad.txt" <<'EOF_'
--- stdout
--- stderr
bad.txt:2: member "handle" before any struct
bad.txt:5: unknown kind "ptrr" (value, flags, count, handle, ptr, fd, pad)
bad.txt:6: struct drm_gem_close is listed twice (first at line 3)
bad.txt:7: expected <member> <kind>
bad.txt:8: struct drm_gem_open lists no member
EOF_

. "$(dirname "$0")/model_fuzz_common.sh"

for run in "msm:a630,nouveau:gm20b,radeon:rv350 1500" "msm:a530,nouveau:gm107,radeon:rv515 1000"; do
	set -- $run
	name="model_fuzz: seed 1, $2 requests on $1: no crash, hang, growth, leak or wrong errno"
	if fuzz "$1" --seed 1 --iterations "$2" >"$WORK/out" 2>"$WORK/err"; then
		check_pass "$name"
	else
		check_fail "$name" "$(grep -v '^model_fuzz: [0-9]*: ' "$WORK/err" | tail -12)"
	fi
done

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
