#!/bin/bash
# The fuzz targets of tests/fuzz in make check:
#  - every target's replay program runs the seed corpus of the tree and the
#    regression inputs of tests/fuzz/regress/<target> (every compiler; under
#    ASan and UBSan with SANITIZE=1): an input that once crashed stays fixed;
#  - the libFuzzer build ('make fuzz', clang) runs a fixed number of inputs
#    from a fixed seed, a few seconds per target; where the compiler cannot
#    build it, a SKIP line says why ($O/fuzz-status, written by the build).
# A failing input is kept as $O/check/fuzz-<target>-crash-*.
. "$(dirname "$0")/checklib.sh"

declare -A seeds=(
	[decode_input]="tests/lib/decode tests/fuzz/seed/decode_input"
	[rnn_xml]="msm/registers nouveau/registers radeon/registers msm/registers/seed
		   nouveau/registers/seed radeon/registers/seed tests/lib/rnn"
)
# libFuzzer runs per target in make check: a few seconds each
declare -A runs=([decode_input]=1500 [rnn_xml]=4000)

for t in decode_input rnn_xml; do
	replay=$O/tests/fuzz/replay_$t
	dirs=()
	for d in ${seeds[$t]} tests/fuzz/regress/$t; do
		[ -d "$d" ] && dirs+=("$d")
	done
	name="fuzz $t: the seed corpus and tests/fuzz/regress/$t replay cleanly"
	if [ ! -x "$replay" ]; then
		check_fail "$name" "$replay not built"
	elif "$replay" "${dirs[@]}" >"$WORK/replay.out" 2>&1; then
		check_pass "$name"
	else
		check_fail "$name" "$(tail -15 "$WORK/replay.out")"
	fi
done

status=$(cat "$O/fuzz-status" 2>/dev/null || echo "skip: $O/fuzz-status missing (run make check)")
if [ "${status%% *}" != ok ]; then
	for t in decode_input rnn_xml; do
		echo "SKIP fuzz $t: libFuzzer run: ${status#skip: }"
	done
	exit 0
fi
FUZZ_O=${status#ok }
mkdir -p "$O/check"
for t in decode_input rnn_xml; do
	name="fuzz $t: libFuzzer, ${runs[$t]} inputs from seed 1, no sanitizer report"
	bin=$FUZZ_O/bin/$t
	mkdir -p "$WORK/corpus-$t"
	if [ ! -x "$bin" ]; then
		check_fail "$name" "$bin not built"
	elif "$bin" -runs="${runs[$t]}" -seed=1 -timeout=30 -rss_limit_mb=2048 \
		-artifact_prefix="$O/check/fuzz-$t-" "$WORK/corpus-$t" "$FUZZ_O/corpus/$t" \
		>"$WORK/fuzz.out" 2>&1; then
		check_pass "$name"
	else
		check_fail "$name" "$(grep -E 'ERROR|SUMMARY|artifact|Test unit' "$WORK/fuzz.out" | head -8)"
	fi
done
