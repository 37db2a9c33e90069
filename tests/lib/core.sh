#!/bin/bash
# Self-tests of the test core (lib/core): IGT's test-binary protocol.
# Each check runs a small binary from tests/lib/bins and compares its exact
# stdout, stderr and exit status with what IGT's protocol demands.
. "$(dirname "$0")/checklib.sh"
B=$SELF_BINS
# Under AddressSanitizer, let crash signals reach the core as they would
# without it: the crash checks are about the core's CRASH reporting.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}handle_segv=0:handle_abort=0"

# expect_alone <name> <exit> <result> <subtest>: core_basic runs <subtest>
# alone and its stdout is the protocol's three lines for it (version, start,
# result); what else is expected (the stderr) comes on stdin, as for expect.
expect_alone() {
	local sub=$4 result=$3
	expect "$1" "$2" $B/core_basic --run-subtest "$sub" < <(
		printf -- '--- stdout\nIGT-Version: V\nStarting subtest: %s\nSubtest %s: %s (T)\n' \
			"$sub" "$sub" "$result"
		cat)
}

# ---- results and exit codes ------------------------------------------

expect "pass: SUCCESS line, exit 0, quiet stderr" 0 $B/core_basic --run-subtest pass <<'EOF_'
--- stdout
IGT-Version: V
Starting subtest: pass
hello from pass
Subtest pass: SUCCESS (T)
--- stderr
EOF_

expect_alone "assert_eq: expression, both values and file:line on stderr" 98 FAIL fail-eq <<'EOF_'
--- stderr
(core_basic:PID) CRITICAL: Test assertion failure function drmsub_main_body, file tests/lib/bins/core_basic.c:38:
(core_basic:PID) CRITICAL: Failed assertion: forty_two() == 41
(core_basic:PID) CRITICAL: error: 42 != 41
Subtest fail-eq failed.
**** DEBUG ****
(core_basic:PID) CRITICAL: Test assertion failure function drmsub_main_body, file tests/lib/bins/core_basic.c:38:
(core_basic:PID) CRITICAL: Failed assertion: forty_two() == 41
(core_basic:PID) CRITICAL: error: 42 != 41
****  END  ****
EOF_

# Only the value line matters for the typed variants.
value_line() {
	name=$1 want=$2
	shift 2
	"$@" 2>"$WORK/err.raw" >/dev/null </dev/null
	if grep -qxF "$want" <(normalise <"$WORK/err.raw" | head -4); then
		check_pass "$name"
	else
		check_fail "$name" "missing line: $want" "$(normalise <"$WORK/err.raw" | head -4)"
	fi
}
value_line "assert_eq_u32 prints both values in hex" \
	"(core_basic:PID) CRITICAL: error: 0xcafe0001 != 0xcafe0002" $B/core_basic --run-subtest fail-u32
value_line "assert_eq_u64 prints 64-bit values" \
	"(core_basic:PID) CRITICAL: error: 0x100000000 != 0x1" $B/core_basic --run-subtest fail-u64
value_line "assert_eq_ptr prints both pointers" \
	"(core_basic:PID) CRITICAL: error: (nil) != 0x10" $B/core_basic --run-subtest fail-ptr
value_line "assert_eq_str prints both strings" \
	'(core_basic:PID) CRITICAL: error: "msm" != "nouveau"' $B/core_basic --run-subtest fail-str
value_line "assert_errno names expected and actual errno and the rule" \
	"(core_basic:PID) CRITICAL: error: expected ENOENT (close: a bad fd is EBADF), got EBADF" \
	$B/core_basic --run-subtest fail-errno
value_line "assert_errno fails when the call succeeds" \
	"(core_basic:PID) CRITICAL: error: expected EINVAL (should have failed), but it returned 0" \
	$B/core_basic --run-subtest fail-errno-success
value_line "assert_f appends the formatted message" \
	"(core_basic:PID) CRITICAL: value was 42" $B/core_basic --run-subtest fail-message

expect "assert_errno passes on the expected errno" 0 $B/core_basic --run-subtest pass-errno <<'EOF_'
--- stderr
EOF_

expect_alone "a failure dumps the recent log, debug lines included" 98 FAIL fail-log-dump <<'EOF_'
--- stderr
Subtest fail-log-dump failed.
**** DEBUG ****
(core_basic:PID) DEBUG: debug line before the failure
****  END  ****
EOF_

expect "skip: reason on stdout, exit 77" 77 $B/core_basic --run-subtest skip <<'EOF_'
--- stdout
IGT-Version: V
Starting subtest: skip
skip reason
Subtest skip: SKIP (T)
--- stderr
EOF_

expect "require: names the failed requirement with file:line" 77 \
	$B/core_basic --run-subtest require <<'EOF_'
--- stdout
IGT-Version: V
Starting subtest: require
Test requirement not met in function drmsub_main_body, file tests/lib/bins/core_basic.c:79:
Test requirement: forty_two() == 0
Subtest require: SKIP (T)
--- stderr
EOF_

expect "require_f: adds its message" 77 $B/core_basic --run-subtest require-f <<'EOF_'
--- stdout
IGT-Version: V
Starting subtest: require-f
Test requirement not met in function drmsub_main_body, file tests/lib/bins/core_basic.c:84:
Test requirement: false
need hardware
Subtest require-f: SKIP (T)
EOF_

expect_alone "crash: SIGSEGV is CRASH, exit 128+11" 139 CRASH crash <<'EOF_'
--- stderr
Received signal SIGSEGV.
EOF_

expect_alone "crash: abort() is CRASH, exit 128+6" 134 CRASH abort-signal <<'EOF_'
--- stderr
Received signal SIGABRT.
EOF_

expect_alone "igt_set_timeout fails the subtest cleanly" 98 FAIL timeout <<'EOF_'
--- stderr
(core_basic:PID) CRITICAL: Timed out: waiting for nothing
EOF_

# Subtests run in the order of the source, whatever the pattern's order.
expect "a hung subtest is killed at DRMSUB_SUBTEST_TIMEOUT and fails; the next runs" 98 \
	env DRMSUB_SUBTEST_TIMEOUT=1 $B/core_basic --run-subtest fork-pass,hang <<'EOF_'
--- stdout
IGT-Version: V
Starting subtest: hang
Subtest hang: FAIL (T)
Starting subtest: fork-pass
Subtest fork-pass: SUCCESS (T)
--- stderr
(core_basic:PID) CRITICAL: Timed out: hang did not finish within 1s
EOF_

# expect_bad_timeout <name> <value>: DRMSUB_SUBTEST_TIMEOUT=<value> is not a
# number of seconds, so the binary refuses the invocation (79) before any
# subtest starts, naming the value it refused.
expect_bad_timeout() {
	expect "$1" 79 env DRMSUB_SUBTEST_TIMEOUT="$2" $B/core_basic --run-subtest pass < <(
		printf -- '--- stdout\n--- stderr\n'
		printf 'core_basic: invalid DRMSUB_SUBTEST_TIMEOUT "%s" (seconds expected)\n' "$2")
}
expect_bad_timeout "a malformed DRMSUB_SUBTEST_TIMEOUT is an invalid invocation" soon
expect_bad_timeout "DRMSUB_SUBTEST_TIMEOUT=nan is an invalid invocation, not a subtest without a limit" nan

expect "igt_fork: children pass, subtest passes" 0 $B/core_basic --run-subtest fork-pass <<'EOF_'
--- stderr
EOF_

expect_alone "igt_fork: a failing child fails the subtest" 98 FAIL fork-fail <<'EOF_'
EOF_

expect_alone "igt_waitchildren_timeout kills hung children and fails" 98 FAIL fork-timeout <<'EOF_'
--- stderr
(core_basic:PID) CRITICAL: Timed out: sleeping children
Subtest fork-timeout failed.
**** DEBUG ****
(core_basic:PID) CRITICAL: Timed out: sleeping children
****  END  ****
EOF_

expect "warnings go to stderr with the level prefix" 0 $B/core_basic --run-subtest stderr-warn <<'EOF_'
--- stderr
(core_basic:PID) WARNING: a warning
EOF_

expect "igt_assert_fails passes when the function fails the test" 0 \
	$B/core_basic --run-subtest assert-fails <<'EOF_'
--- stderr
EOF_

value_line "igt_assert_fails fails when the function does not" \
	"(core_basic:PID) CRITICAL: expected a test failure, got wait status 0" \
	$B/core_basic --run-subtest assert-fails-missing

expect "exit code: only skips give 77" 77 $B/core_basic --run-subtest 'skip,require' <<'EOF_'
EOF_
expect "exit code: a pass among skips gives 0" 0 $B/core_basic --run-subtest 'skip,pass' <<'EOF_'
EOF_
expect "exit code: the first failure's code wins (crash before a fork failure)" 139 \
	$B/core_basic --run-subtest 'fork-fail,crash,pass' <<'EOF_'
EOF_

# ---- selection and listing ---------------------------------------------

expect "--list-subtests: names only, exit 0" 0 $B/core_names --list-subtests <<'EOF_'
--- stdout
basic-read
basic-write
basic-render-a
extended_1
formatted-42
--- stderr
EOF_

expect "--show-testlist: igt@binary@subtest" 0 $B/core_names --show-testlist <<'EOF_'
--- stdout
igt@core_names@basic-read
igt@core_names@basic-write
igt@core_names@basic-render-a
igt@core_names@extended_1
igt@core_names@formatted-42
EOF_


# expect_selected <name> <pattern> <subtest>...: core_names --run-subtest
# <pattern> runs exactly the given subtests, in that order, and each passes.
expect_selected() {
	local name=$1 pattern=$2
	shift 2
	expect "$name" 0 $B/core_names --run-subtest "$pattern" < <(
		printf -- '--- stdout\nIGT-Version: V\n'
		for sub in "$@"; do
			printf 'Starting subtest: %s\nSubtest %s: SUCCESS (T)\n' "$sub" "$sub"
		done)
}
expect_selected "--run-subtest 'basic*,!basic-render*' runs exactly the matches" \
	'basic*,!basic-render*' basic-read basic-write
expect_selected "--run-subtest with ? and [set] wildcards" \
	'basic-re?d,extended_[0-9],formatted-[!0-3]*' basic-read extended_1 formatted-42

expect "--list-subtests with --run-subtest lists the matches" 0 \
	$B/core_names --list-subtests --run-subtest '*write,*_1' <<'EOF_'
--- stdout
basic-write
extended_1
EOF_

expect "unknown subtest: exit 79 with the pattern on stderr" 79 \
	$B/core_names --run-subtest nope <<'EOF_'
--- stdout
IGT-Version: V
--- stderr
(core_names:PID) CRITICAL: Unknown subtest: nope
EOF_

expect "invalid subtest name: exit 79" 79 env NAMES_MODE=invalid $B/core_names --list-subtests <<'EOF_'
--- stderr
(core_names:PID) CRITICAL: Invalid subtest name "bad name".
EOF_

expect "duplicate subtest name: exit 79" 79 env NAMES_MODE=duplicate $B/core_names --list-subtests <<'EOF_'
--- stderr
(core_names:PID) CRITICAL: Duplicate subtest name "basic-read".
EOF_

# ---- options ------------------------------------------------------------

$B/core_names --invalid-option >"$WORK/out" 2>"$WORK/err"; rc=$?
if [ $rc = 79 ] && [ ! -s "$WORK/out" ] && head -2 "$WORK/err" | grep -q '^Usage: core_names \[OPTIONS\]$'; then
	check_pass "unknown option: usage on stderr, exit 79"
else
	check_fail "unknown option: usage on stderr, exit 79" "exit $rc" "$(head -3 "$WORK/err")"
fi

$B/core_names --help >"$WORK/out" 2>"$WORK/err"; rc=$?
if [ $rc = 0 ] && [ ! -s "$WORK/err" ] && head -1 "$WORK/out" | grep -q '^Usage: core_names \[OPTIONS\]$' &&
   grep -q -- '--run-subtest <pattern>' "$WORK/out"; then
	check_pass "--help: usage on stdout, exit 0"
else
	check_fail "--help: usage on stdout, exit 0" "exit $rc"
fi

# The --describe record of each subtest of core_basic without igt_describe, at its line.
undocumented() {
	local sub
	for sub in "$@"; do
		printf 'SUB %s tests/lib/bins/core_basic.c:%s:\n  NO DOCUMENTATION!\n\n' \
			"${sub%:*}" "${sub#*:}"
	done
}
expect "--describe: binary description, then SUB name file:line and text" 0 \
	$B/core_basic --describe < <(
	cat <<'EOF_'
--- stdout
Exercises every result the test core can report.
SUB pass tests/lib/bins/core_basic.c:33:
  passes

SUB fail-eq tests/lib/bins/core_basic.c:37:
  fails an integer comparison

EOF_
	undocumented fail-u32:40 fail-u64:43 fail-ptr:46 fail-str:49 fail-errno:52 \
		fail-errno-success:57 pass-errno:60 fail-message:63 fail-log-dump:68 \
		skip:74 require:77 require-f:82 crash:87 abort-signal:90 timeout:93 hang:98 \
		fork-pass:101 fork-fail:107 fork-timeout:115 stderr-warn:121 assert-fails:124 \
		assert-fails-missing:127)

expect "--describe=pattern: only the matching subtests" 0 $B/core_basic --describe='fail-e?' <<'EOF_'
--- stdout
Exercises every result the test core can report.
SUB fail-eq tests/lib/bins/core_basic.c:37:
  fails an integer comparison

EOF_

expect "--help-description prints the binary's description" 0 $B/core_basic --help-description <<'EOF_'
--- stdout
Exercises every result the test core can report.
EOF_

$B/core_basic --version >"$WORK/out" 2>&1; rc=$?
if [ $rc = 0 ] && grep -Eq '^IGT-Version: drmsub-[0-9.]+-[0-9a-z]+ \([^)]+\) \(Linux: [^ ]+ [^ )]+\)$' "$WORK/out"; then
	check_pass "--version: one IGT-Version line"
else
	check_fail "--version: one IGT-Version line" "$(cat "$WORK/out")"
fi

expect "--debug prints debug lines" 98 $B/core_basic --debug --run-subtest fail-log-dump <<'EOF_'
--- stdout
IGT-Version: V
Starting subtest: fail-log-dump
(core_basic:PID) DEBUG: debug line before the failure
Subtest fail-log-dump: FAIL (T)
EOF_

expect "IGT_LOG_LEVEL=warn hides info lines" 0 env IGT_LOG_LEVEL=warn $B/core_basic --run-subtest pass <<'EOF_'
--- stdout
Starting subtest: pass
Subtest pass: SUCCESS (T)
EOF_

# ---- fixtures and groups -------------------------------------------------

expect "fixtures: a passing fixture runs every subtest" 0 $B/core_fixture <<'EOF_'
--- stdout
IGT-Version: V
Starting subtest: before
Subtest before: SUCCESS (T)
Starting subtest: in-group-a
Subtest in-group-a: SUCCESS (T)
Starting subtest: in-group-b
Subtest in-group-b: SUCCESS (T)
Starting subtest: after-group
Subtest after-group: SUCCESS (T)
EOF_

expect "fixtures: a skipping fixture skips its group's subtests only" 0 \
	env FIXTURE_MODE=skip $B/core_fixture <<'EOF_'
--- stdout
IGT-Version: V
Starting subtest: before
Subtest before: SUCCESS (T)
Test requirement not met in function drmsub_main_body, file tests/lib/bins/core_fixture.c:26:
Test requirement: !mode || strcmp(mode, "skip")
fixture skips
Subtest in-group-a: SKIP (T)
Subtest in-group-b: SKIP (T)
Starting subtest: after-group
Subtest after-group: SUCCESS (T)
--- stderr
EOF_

expect "fixtures: a failing fixture fails its group's subtests, exit 98" 98 \
	env FIXTURE_MODE=fail $B/core_fixture <<'EOF_'
--- stdout
IGT-Version: V
Starting subtest: before
Subtest before: SUCCESS (T)
Subtest in-group-a: FAIL (T)
Subtest in-group-b: FAIL (T)
Starting subtest: after-group
Subtest after-group: SUCCESS (T)
EOF_

expect "fixtures don't run when listing" 0 env FIXTURE_MODE=fail $B/core_fixture --list-subtests <<'EOF_'
--- stdout
before
in-group-a
in-group-b
after-group
--- stderr
EOF_

# ---- dynamic subtests ----------------------------------------------------

expect "dynamic: results per dynamic subtest; container aggregates" 98 $B/core_dynamic <<'EOF_'
--- stdout
IGT-Version: V
Starting subtest: all-pass
Starting dynamic subtest: case-0
Dynamic subtest case-0: SUCCESS (T)
Starting dynamic subtest: case-1
Dynamic subtest case-1: SUCCESS (T)
Starting dynamic subtest: case-2
Dynamic subtest case-2: SUCCESS (T)
Subtest all-pass: SUCCESS (T)
Starting subtest: one-fails
Starting dynamic subtest: good
Dynamic subtest good: SUCCESS (T)
Starting dynamic subtest: bad
Dynamic subtest bad: FAIL (T)
Starting dynamic subtest: skipped
not this one
Dynamic subtest skipped: SKIP (T)
Subtest one-fails: FAIL (T)
Starting subtest: none-run
No dynamic tests executed.
Subtest none-run: SKIP (T)
Starting subtest: dynamic-crash
Starting dynamic subtest: boom
Dynamic subtest boom: CRASH (T)
Starting dynamic subtest: after-boom
Dynamic subtest after-boom: SUCCESS (T)
Subtest dynamic-crash: FAIL (T)
EOF_

expect "--dynamic-subtest selects dynamic subtests" 0 \
	$B/core_dynamic --run-subtest all-pass --dynamic-subtest 'case-[02]' <<'EOF_'
--- stdout
IGT-Version: V
Starting subtest: all-pass
Starting dynamic subtest: case-0
Dynamic subtest case-0: SUCCESS (T)
Starting dynamic subtest: case-2
Dynamic subtest case-2: SUCCESS (T)
Subtest all-pass: SUCCESS (T)
EOF_

expect "igt_abort stops the binary with exit 112" 112 $B/core_abort <<'EOF_'
--- stdout
IGT-Version: V
Starting subtest: first
Subtest first: SUCCESS (T)
Starting subtest: aborts
--- stderr
(core_abort:PID) CRITICAL: aborting: environment is unusable
EOF_

# ---- runner integration --------------------------------------------------

expect "IGT_SENTINEL_ON_STDERR echoes start/result lines on stderr" 0 \
	env IGT_SENTINEL_ON_STDERR=1 $B/core_names --run-subtest basic-read <<'EOF_'
--- stderr
Starting subtest: basic-read
Subtest basic-read: SUCCESS (T)
EOF_

: >"$WORK/kmsg"	# like /dev/kmsg, the log exists; the core never creates it
env DRMSUB_KMSG="$WORK/kmsg" $B/core_names --run-subtest 'basic-read,basic-write' >/dev/null 2>&1
assert_file_lines "kernel-log markers per subtest when the log is writable" "$WORK/kmsg" \
	"<6>[IGT] core_names: executing" \
	"<6>[IGT] core_names: starting subtest basic-read" \
	"<6>[IGT] core_names: finished subtest basic-read, SUCCESS" \
	"<6>[IGT] core_names: starting subtest basic-write" \
	"<6>[IGT] core_names: finished subtest basic-write, SUCCESS" \
	"<6>[IGT] core_names: exiting, ret=0"

expect "no kernel-log markers and no complaint when the log is not writable" 0 \
	env DRMSUB_KMSG=/nonexistent/kmsg $B/core_names --run-subtest basic-read <<'EOF_'
--- stdout
IGT-Version: V
Starting subtest: basic-read
Subtest basic-read: SUCCESS (T)
--- stderr
EOF_

if command -v script >/dev/null 2>&1; then
	script -qec "$B/core_names --run-subtest basic-read" /dev/null >"$WORK/tty" 2>&1
	if grep -q $'\x1b\[1mSubtest basic-read: SUCCESS' "$WORK/tty"; then
		check_pass "result lines are bold on a terminal"
	else
		check_fail "result lines are bold on a terminal" "$(cat -v "$WORK/tty")"
	fi
else
	echo "SKIP result lines are bold on a terminal: no script(1)"
fi
