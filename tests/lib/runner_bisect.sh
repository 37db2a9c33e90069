#!/bin/bash
# SPDX-License-Identifier: MIT
# Self-tests of scripts/bisect-step: git bisect run's exit codes from a
# drmsub-run of the chosen subtests (0 good, 1 bad, 125 skip).
. "$(dirname "$0")/checklib.sh"
. "$(dirname "$0")/runner_common.sh"

root=$WORK/root
make_root "$root" runner_basic runner_kmsg runner_hang

# step <check name> <expected exit> <bisect-step options...>
step() {
	local name=$1 want=$2 rc
	shift 2
	scripts/bisect-step --runner "$RUNNER" --test-root "$root" "$@" >"$WORK/step" 2>&1
	rc=$?
	[ $rc = "$want" ] && check_pass "$name" || check_fail "$name" "exit $rc, expected $want" "$(cat "$WORK/step")"
}

step "passing subtests: good (0)" 0 -t 'basic@pass$'
step "a failing subtest: bad (1)" 1 -t 'basic@(pass|fail)$'
grep -q '^  igt@runner_basic@fail: fail$' "$WORK/step" &&
	check_pass "a bad verdict names the failing subtest" ||
	check_fail "a bad verdict names the failing subtest" "$(cat "$WORK/step")"
step "a crash: bad (1)" 1 -t 'basic@crash$'
step "a hang past --per-test-timeout: bad (1)" 1 -t 'hang@hang$' --per-test-timeout 0.5
step "everything skipped (no device): skip (125)" 125 -t 'basic@skip$'
step "nothing selected: skip (125)" 125 -t 'no-such-subtest'
step "warn is good by default" 0 -t 'basic@warn$'
step "warn is bad with --strict" 1 -t 'basic@warn$' --strict
step "dmesg-warn is bad with --strict" 1 -t 'kmsg@warn$' --strict
step "dmesg-fail is bad" 1 -t 'kmsg@error-then-fail$'
step "a test root that is not there: skip (125)" 125 --test-root "$WORK/nowhere"
step "drmsub-run options pass through after --" 0 -t 'basic@(pass|fail)$' -- -x fail

scripts/bisect-step --runner "$RUNNER" --test-root "$root" --results "$WORK/kept" -t 'basic@pass$' >/dev/null 2>&1
[ -s "$WORK/kept/results.json" ] && check_pass "--results keeps the run's results" ||
	check_fail "--results keeps the run's results"
