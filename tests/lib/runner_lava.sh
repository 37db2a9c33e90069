#!/bin/bash
# SPDX-License-Identifier: MIT
# Self-tests of the LAVA integration (lava/): the test definition's shape,
# and lava/drmsub-lava's run and report steps with stand-ins for LAVA's
# lava-test-case and lava-test-set that log their arguments.
. "$(dirname "$0")/checklib.sh"
. "$(dirname "$0")/runner_common.sh"

def=lava/drmsub.yaml
problems=""
for key in '^metadata:' '^  format: Lava-Test Test Definition 1.0$' '^  name: drmsub$' \
	   '^params:' '^run:' '^  steps:' '^    - ./lava/drmsub-lava run$' '^    - ./lava/drmsub-lava report$'; do
	grep -q "$key" "$def" || problems="$problems missing /$key/;"
done
grep -q $'\t' "$def" && problems="$problems tab characters (YAML forbids them);"
[ -z "$problems" ] && check_pass "lava/drmsub.yaml has metadata, params and the two steps" ||
	check_fail "lava/drmsub.yaml has metadata, params and the two steps" "$problems"
# every parameter the steps read is declared
missing=""
for p in RUNNER TEST_ROOT RESULTS INCLUDE EXCLUDE DRIVER MODE PER_TEST_TIMEOUT OVERALL_TIMEOUT; do
	grep -q "^  $p: " "$def" || missing="$missing $p"
done
[ -z "$missing" ] && check_pass "lava/drmsub.yaml declares every parameter drmsub-lava reads" ||
	check_fail "lava/drmsub.yaml declares every parameter drmsub-lava reads" "missing:$missing"

root=$WORK/root
make_root "$root" runner_basic runner_plain
mkdir -p "$WORK/bin"
for t in lava-test-case lava-test-set; do
	printf '#!/bin/sh\necho "%s $*" >>"%s"\n' "$t" "$WORK/lava.log" >"$WORK/bin/$t"
	chmod +x "$WORK/bin/$t"
done
export PATH=$WORK/bin:$PATH RUNNER TEST_ROOT=$root RESULTS=$WORK/board/results INCLUDE='basic@(pass|fail|skip)|plain'

lava/drmsub-lava run >"$WORK/run.log" 2>&1; rc=$?
[ $rc = 0 ] && [ -s "$RESULTS/results.json" ] &&
	check_pass "drmsub-lava run runs the suite into RESULTS and exits 0" ||
	check_fail "drmsub-lava run runs the suite into RESULTS and exits 0" "exit $rc" "$(tail "$WORK/run.log")"

lava/drmsub-lava report >"$WORK/report.log" 2>&1
assert_file_lines "drmsub-lava report: one test set per binary, one test case per job" "$WORK/lava.log" \
	"lava-test-set start runner_basic" \
	"lava-test-case pass --result pass" \
	"lava-test-case fail --result fail" \
	"lava-test-case skip --result skip" \
	"lava-test-set stop" \
	"lava-test-set start runner_plain" \
	"lava-test-case runner_plain --result pass" \
	"lava-test-set stop"

# A board that went down mid-run: the second run resumes, nothing repeats.
sed -i '/^done 1 /d; /^done 2 /d' "$RESULTS/journal.txt"
: >"$WORK/lava.log"
lava/drmsub-lava run >"$WORK/run2.log" 2>&1
grep -q 'resuming the run' "$WORK/run2.log" && [ "$(grep -c '^done ' "$RESULTS/journal.txt")" = 4 ] &&
	check_pass "drmsub-lava run resumes a run found in RESULTS" ||
	check_fail "drmsub-lava run resumes a run found in RESULTS" "$(cat "$RESULTS/journal.txt")"
