#!/bin/bash
# SPDX-License-Identifier: MIT
# Helpers for the drmsub-run self-tests (tests/lib/runner_*.sh), sourced
# after checklib.sh. Run by itself (scripts/check runs every tests/lib/*.sh)
# it checks nothing and prints nothing.
[ "${BASH_SOURCE[0]}" = "$0" ] && exit 0

RUNNER=$O/bin/drmsub-run
# Never touch the machine's real kernel log: binaries and runner share a file.
export DRMSUB_KMSG=$WORK/kmsg
: >"$DRMSUB_KMSG"
# Nor the user's timing cache.
export DRMSUB_TIMINGS=$WORK/timings
# Under AddressSanitizer, crash signals must reach the test core as they
# would without it (see core.sh).
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}handle_segv=0:handle_abort=0"
unset IGT_TEST_ROOT DRMSUB_MODEL DRMSUB_MODEL_LIBRARY DRMSUB_MODEL_KMSG

# make_root <dir> <binary>...: a test root of links to the self-test
# binaries, with an IGT test-list.txt naming them in that order. A binary
# may be given as <link name>=<self-test binary>.
make_root() {
	local dir=$1 b name src
	shift
	mkdir -p "$dir"
	{
		echo TESTLIST
		for b in "$@"; do
			name=${b%%=*} src=${b#*=}
			ln -sf "$(cd "$SELF_BINS" && pwd)/$src" "$dir/$name"
			echo "$name"
		done
		echo "END TESTLIST"
	} >"$dir/test-list.txt"
}

# result_of <results dir> <igt name>: the result recorded in results.json
result_of() {
	jq -r --arg t "$2" '.tests[$t].result // "missing"' "$1/results.json"
}

# expect_results <check name> <results dir> <igt name>=<result>...
expect_results() {
	local name=$1 dir=$2 pair got problems=""
	shift 2
	if [ ! -s "$dir/results.json" ]; then
		check_fail "$name" "no results.json in $dir"
		return
	fi
	for pair in "$@"; do
		got=$(result_of "$dir" "${pair%%=*}")
		[ "$got" = "${pair#*=}" ] || problems="$problems${problems:+; }${pair%%=*}: $got, expected ${pair#*=}"
	done
	if [ -z "$problems" ]; then
		check_pass "$name"
	else
		check_fail "$name" "$problems"
	fi
}

# processes_gone <path>: true once no process whose command line starts
# with <path> is left, waiting at most 10 s
processes_gone() {
	for _ in $(seq 200); do
		pgrep -f "^$1" >/dev/null || return 0
		sleep 0.05
	done
	return 1
}

# check_that <name> <command...>: pass if the command succeeds
check_that() {
	local name=$1
	shift
	if "$@" >"$WORK/check_that.out" 2>&1; then
		check_pass "$name"
	else
		check_fail "$name" "failed: $*" "$(head -20 "$WORK/check_that.out")"
	fi
}

# need_tools <tool>...: print SKIP lines and return 1 if one is missing
need_tools() {
	local t
	for t in "$@"; do
		command -v "$t" >/dev/null && continue
		echo "SKIP drmsub-run self-tests: $t is not installed (Debian: ${TOOL_PACKAGE[$t]:-$t})"
		return 1
	done
}
declare -A TOOL_PACKAGE=([jq]=jq [xmllint]=libxml2-utils)

# fake_bin <path> <subtest> <body>: a shell-script test binary with one
# subtest that runs <body> (sh) and passes when it succeeds. It speaks the
# test-binary protocol: --list-subtests, --run-subtest, the result line on
# stdout and the sentinels on stderr under IGT_SENTINEL_ON_STDERR.
fake_bin() {
	local path=$1 name=$2 body=$3
	cat >"$path" <<EOF_
#!/bin/sh
[ "\$1" = --list-subtests ] && { echo $name; exit 0; }
[ "\$1" = --run-subtest ] && [ "\$2" != $name ] && exit 79
echo "Starting subtest: $name"
[ -n "\$IGT_SENTINEL_ON_STDERR" ] && echo "Starting subtest: $name" >&2
if ( $body ); then r=SUCCESS; rc=0; else r=FAIL; rc=98; fi
echo "Subtest $name: \$r (0.000s)"
[ -n "\$IGT_SENTINEL_ON_STDERR" ] && echo "Subtest $name: \$r (0.000s)" >&2
exit \$rc
EOF_
	chmod +x "$path"
}
