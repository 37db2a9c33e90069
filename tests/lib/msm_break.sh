#!/bin/bash
# The msm suite can fail: with a deliberate fault switched on in the model
# (DRMSUB_MODEL_MSM_BREAK, msm/model/breakage.c), the subtests that check
# that behaviour must fail, and pass again without it.
. "$(dirname "$0")/checklib.sh"
need_model "msm break" "$O/tests/msm_cmd" "$O/tests/msm_isolation"

# break | binary | subtests of it that must fail with the break
cases=(
	"mem-write-offset|msm_cmd|mem-write mem-write-many ib-chain"
	"mem-to-mem-neg|msm_cmd|mem-to-mem-sub mem-to-mem-neg-a mem-to-mem-three mem-to-mem-64-sub"
	"cond-exec-inverted|msm_cmd|cond-exec-taken cond-exec-not-taken cond-exec-timestamp-behind"
	"reg-rmw-no-add|msm_cmd|reg-rmw-add"
	"ring-only-allowed|msm_isolation|ring-only-packet"
)
for c in "${cases[@]}"; do
	IFS='|' read -r brk bin subs <<<"$c"
	pattern=$(echo $subs | tr ' ' ',')
	run() {
		env "$@" DRMSUB_MODEL=msm:a630 DRMSUB_MODEL_HANGCHECK_MS=250 \
			LD_PRELOAD="$PRELOAD" \
			"$O/tests/$bin" --run-subtest "$pattern" 2>/dev/null
	}
	run DRMSUB_MODEL_MSM_BREAK="$brk" >"$WORK/broken.out"; rc_broken=$?
	run -u DRMSUB_MODEL_MSM_BREAK >"$WORK/faithful.out"; rc_faithful=$?
	missing=""
	for s in $subs; do
		grep -q "^Subtest $s: FAIL" "$WORK/broken.out" || missing="$missing $s"
	done
	passes=$(grep -c '^Subtest .*: SUCCESS' "$WORK/faithful.out")
	name="msm break $brk: the subtests checking it fail, and pass without it"
	if [ -z "$missing" ] && [ "$rc_broken" = 98 ] && [ "$rc_faithful" = 0 ] &&
	   [ "$passes" = "$(echo $subs | wc -w)" ]; then
		check_pass "$name"
	else
		check_fail "$name" "not failing:$missing; exit $rc_broken/$rc_faithful; faithful passes $passes"
	fi
done
