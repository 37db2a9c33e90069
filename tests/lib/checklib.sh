# Helpers for the harness self-tests (tests/lib/*.sh), sourced by each.
#
# Every check prints one line "PASS <name>", "FAIL <name>" (followed by
# what differed) or "SKIP <name>: <reason>"; scripts/check counts them.
#
#   expect <name> <exit> <command...>   with a here-document on stdin:
#       --- stdout
#       <exact stdout, normalised>
#       --- stderr
#       <exact stderr, normalised>
#   A missing section is not compared. Normalisation: durations "(1.234s)"
#   become "(T)", "(binary:1234)" becomes "(binary:PID)", and the
#   IGT-Version line becomes "IGT-Version: V".

: "${O:=build}"
SELF_BINS=${SELF_BINS:-$O/tests/lib}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/drmsub-check.XXXXXX")
# After a FAIL the work directory stays, with what the failing check's
# programs wrote (results directories, their stderr): a failure seen once
# under load can still be read afterwards.
CHECK_FAILED=
trap 'if [ -n "$CHECK_FAILED" ]; then echo "kept $WORK (a check failed)"; else rm -rf "$WORK"; fi' EXIT

normalise() {
	sed -E -e 's/\([0-9]+\.[0-9]{3}s\)/(T)/g' \
	       -e 's/\(([A-Za-z0-9_.-]+):[0-9]+\)/(\1:PID)/g' \
	       -e 's/^IGT-Version: .*/IGT-Version: V/'
}

# Split the expectation on stdin into $WORK/exp.stdout / exp.stderr.
split_expectation() {
	rm -f "$WORK/exp.stdout" "$WORK/exp.stderr"
	awk -v dir="$WORK" '
		/^--- stdout$/ { out = dir "/exp.stdout"; printf "" > out; next }
		/^--- stderr$/ { out = dir "/exp.stderr"; printf "" > out; next }
		out { print > out }'
}

check_pass() { echo "PASS $1"; }
check_fail() {
	CHECK_FAILED=1
	echo "FAIL $1"
	shift
	[ $# -gt 0 ] && printf '    %s\n' "$@"
	return 0
}

expect() {
	name=$1 want_exit=$2
	shift 2
	split_expectation
	"$@" >"$WORK/out.raw" 2>"$WORK/err.raw" </dev/null
	got_exit=$?
	normalise <"$WORK/out.raw" >"$WORK/out"
	normalise <"$WORK/err.raw" >"$WORK/err"
	problems=""
	[ "$got_exit" = "$want_exit" ] || problems="exit status $got_exit, expected $want_exit"
	for s in stdout stderr; do
		[ -f "$WORK/exp.$s" ] || continue
		got="$WORK/out"; [ $s = stderr ] && got="$WORK/err"
		if ! cmp -s "$WORK/exp.$s" "$got"; then
			problems="$problems${problems:+; }$s differs:
$(diff -u "$WORK/exp.$s" "$got" | tail -n +3 | sed 's/^/      /')"
		fi
	done
	if [ -z "$problems" ]; then
		check_pass "$name"
	else
		check_fail "$name" "$problems"
	fi
}

# assert_file_contains <name> <file> <fixed string>...
assert_file_lines() {
	name=$1 file=$2
	shift 2
	if ! diff -u <(printf '%s\n' "$@") "$file" >"$WORK/diff" 2>&1; then
		check_fail "$name" "$(sed 's/^/      /' "$WORK/diff")"
	else
		check_pass "$name"
	fi
}

# need_model <name> <binary>...: unless the device model and every <binary>
# are built, print "SKIP <name>: ..." and end the script. Then LIB is the
# model's absolute path and PRELOAD what LD_PRELOAD needs to run the first
# <binary> on it: a sanitized binary needs ASan's runtime loaded first.
need_model() {
	local name=$1 b asan
	shift
	LIB=$O/lib/libdrmsub-model.so
	for b in "$LIB" "$@"; do
		if [ ! -f "$b" ] || { [ "$b" != "$LIB" ] && [ ! -x "$b" ]; }; then
			echo "SKIP $name: needs the device model and $*; $b is not built"
			exit 0
		fi
	done
	LIB=$(realpath "$LIB")
	asan=$(ldd "$1" 2>/dev/null | awk '/libasan/ { print $3; exit }')
	PRELOAD=${asan:+$asan:}$LIB
}

# model_run <driver:chip> <binary> <args...>: the binary on that modelled
# device, stdout in $WORK/out, stderr in $WORK/err, exit status in $rc.
model_run() {
	local device=$1
	shift
	env DRMSUB_MODEL="$device" LD_PRELOAD="$PRELOAD" "$@" >"$WORK/out" 2>"$WORK/err" </dev/null
	rc=$?
}
