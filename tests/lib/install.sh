#!/bin/bash
# Self-tests of 'make install': the IGT-style layout igt_runner expects
# (binaries and test-list.txt in one test root), and the command-line
# contract igt_runner relies on, checked for every installed test binary
# (as IGT's own tests/igt_command_line.sh does for its tests).
. "$(dirname "$0")/checklib.sh"

stage=$WORK/stage
root=$stage/usr/libexec/drmsub
if ! make -s --no-print-directory O="$O" install PREFIX=/usr DESTDIR="$stage" >"$WORK/install.log" 2>&1; then
	check_fail "make install stages the test root" "$(tail -5 "$WORK/install.log")"
	exit 0
fi
check_pass "make install stages the test root"

list=$root/test-list.txt
if [ "$(head -1 "$list")" = TESTLIST ] && [ "$(tail -1 "$list")" = "END TESTLIST" ]; then
	check_pass "test-list.txt has the TESTLIST ... END TESTLIST frame"
else
	check_fail "test-list.txt has the TESTLIST ... END TESTLIST frame" "$(cat "$list")"
fi

for bin in $(sed '1d;$d' "$list"); do
	exe=$root/$bin
	problems=""
	[ -x "$exe" ] || problems="not installed"
	if [ -z "$problems" ]; then
		"$exe" --list-subtests >"$WORK/list" 2>"$WORK/err"; rc=$?
		[ $rc = 0 ] || problems="--list-subtests exit $rc"
		[ -s "$WORK/list" ] || problems="$problems; no subtests listed"
		grep -qv '^[A-Za-z0-9_-]\+$' "$WORK/list" && problems="$problems; bad subtest names"
		[ "$(sort "$WORK/list" | uniq -d)" = "" ] || problems="$problems; duplicate names"
		"$exe" --help >/dev/null 2>&1 || problems="$problems; --help fails"
		"$exe" --invalid-option >/dev/null 2>&1 && problems="$problems; --invalid-option accepted"
	fi
	if [ -z "$problems" ]; then
		check_pass "$bin: listed, runnable, IGT command-line contract"
	else
		check_fail "$bin: listed, runnable, IGT command-line contract" "$problems"
	fi
done
