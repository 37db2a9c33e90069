#!/bin/bash
# The msm fix subtests catch the bugs they are named after: on the model of
# a kernel before each fix (6.17 for 6.18's fixes), run anyway with
# DRMSUB_TEST_ALL_FIXES=1, every one that skips without it must fail (or
# crash, where the old kernel oopses); on the fix's release it passes.
# A fix subtest that passed on the buggy kernel could not find the bug.
. "$(dirname "$0")/checklib.sh"
T=$O/tests
need_model "msm fixes" "$T/msm_vm_bind"

# result_of_subtest <subtest>: its word from the last run's output
result_of_subtest() {
	sed -n "s/^Subtest $1: \([A-Z]*\).*/\1/p" "$WORK/out" | tail -1
}

DRMSUB_MODEL_KERNEL=6.17 model_run msm:a630 "$T/msm_vm_bind" --run-subtest 'fix-*'
skipped=$(sed -n 's/^Subtest \(fix-[a-z0-9-]*\): SKIP.*/\1/p' "$WORK/out")
if [ -z "$skipped" ]; then
	check_fail "msm fixes: at 6.17 the 6.18 fix subtests skip" "$(tail -5 "$WORK/out")"
	exit 0
fi
DRMSUB_TEST_ALL_FIXES=1 DRMSUB_MODEL_KERNEL=6.17 DRMSUB_MODEL_HANGCHECK_MS=250 \
	model_run msm:a630 "$T/msm_vm_bind" --run-subtest 'fix-*'
for t in $skipped; do
	got=$(result_of_subtest "$t")
	name="msm fixes: $t fails on the kernel before its fix (6.17, DRMSUB_TEST_ALL_FIXES=1)"
	if [ "$got" = FAIL ] || [ "$got" = CRASH ]; then
		check_pass "$name"
	else
		check_fail "$name" "got ${got:-no result}"
	fi
done
DRMSUB_MODEL_KERNEL=6.18 DRMSUB_MODEL_HANGCHECK_MS=250 model_run msm:a630 "$T/msm_vm_bind" \
	--run-subtest 'fix-*'
bad=""
for t in $skipped; do
	[ "$(result_of_subtest "$t")" = SUCCESS ] || bad="$bad $t: $(result_of_subtest "$t")"
done
if [ -z "$bad" ]; then
	check_pass "msm fixes: the same subtests pass at 6.18"
else
	check_fail "msm fixes: the same subtests pass at 6.18" "$bad"
fi
