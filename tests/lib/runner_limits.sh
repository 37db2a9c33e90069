#!/bin/bash
# SPDX-License-Identifier: MIT
# Self-tests of drmsub-run's bounds: what a job prints is kept within
# --output-cap (its first and last half, with a marker), so a job printing
# 100 MB costs neither the disk nor the runner's memory; and every input
# the runner reads has a bound, so /dev/zero is a clear error, not a hang.
. "$(dirname "$0")/checklib.sh"
. "$(dirname "$0")/runner_common.sh"
need_tools jq || exit 0

# run <timeout> <runner args...>: the runner, stopped if it hangs
run() {
	local limit=$1
	shift
	timeout "$limit" "$RUNNER" "$@" >"$WORK/run.out" 2>&1
}

# ---- output caps -------------------------------------------------------

root=$WORK/root
mkdir -p "$root"
MB100=100000000
fake_bin "$root/limit_loud" prints-100mb \
	"echo first-line; head -c $MB100 /dev/zero | tr '\\0' x; echo; echo last-line"
fake_bin "$root/limit_loud_err" prints-100mb-stderr \
	"head -c $MB100 /dev/zero | tr '\\0' y >&2; echo >&2"

if command -v /usr/bin/time >/dev/null; then
	/usr/bin/time -f %M -o "$WORK/rss" "$RUNNER" -q --output-cap 64k -t 'prints-100mb$' \
		"$WORK/r1" "$root" >/dev/null 2>&1
else
	"$RUNNER" -q --output-cap 64k -t 'prints-100mb$' "$WORK/r1" "$root" >/dev/null 2>&1
fi
out=$WORK/r1/0/out.txt
size=$(stat -c %s "$out")
if [ "$(result_of "$WORK/r1" igt@limit_loud@prints-100mb)" = pass ] && [ "$size" -lt 70000 ] &&
   head -2 "$out" | grep -qx first-line && tail -2 "$out" | grep -qx 'Subtest prints-100mb: SUCCESS (0.000s)' &&
   grep -q 'last-line' "$out"; then
	check_pass "a job printing 100 MB keeps the head and the tail of it, and its result"
else
	check_fail "a job printing 100 MB keeps the head and the tail of it, and its result" \
		"$size bytes, $(result_of "$WORK/r1" igt@limit_loud@prints-100mb)" "$(head -c 300 "$out")"
fi
# the marker says what was dropped: what was printed but the kept 32k + 32k
marker=$(grep -o 'drmsub-run: [0-9]* bytes dropped here; the first 32768 and the last 32768 bytes are kept' "$out")
dropped=${marker#drmsub-run: }
dropped=${dropped%% *}
if [ -n "$marker" ] && [ "$dropped" -gt $((MB100 - 65536)) ] && [ "$dropped" -le $MB100 ]; then
	check_pass "the marker says how many bytes were dropped"
else
	check_fail "the marker says how many bytes were dropped" "marker: '$marker'"
fi
if [ -s "$WORK/rss" ]; then
	rss=$(cat "$WORK/rss")
	# kilobytes; a runner holding the 100 MB would be far above
	[ "$rss" -lt 65536 ] &&
		check_pass "the runner's memory stays bounded while a job prints 100 MB (max RSS ${rss} kB)" ||
		check_fail "the runner's memory stays bounded while a job prints 100 MB" "max RSS ${rss} kB"
else
	echo "SKIP the runner's memory stays bounded while a job prints 100 MB: /usr/bin/time (Debian: time) missing"
fi
[ "$(jq -r '.tests["igt@limit_loud@prints-100mb"].out | length' "$WORK/r1/results.json")" -lt 70000 ] &&
	check_pass "results.json carries the kept output, not the 100 MB" ||
	check_fail "results.json carries the kept output, not the 100 MB" \
		"$(jq -r '.tests["igt@limit_loud@prints-100mb"].out | length' "$WORK/r1/results.json") characters"

"$RUNNER" -q --output-cap 64k -t stderr "$WORK/r2" "$root" >/dev/null 2>&1
size=$(stat -c %s "$WORK/r2/0/err.txt")
[ "$size" -lt 70000 ] && grep -q 'bytes dropped here' "$WORK/r2/0/err.txt" &&
	check_pass "stderr is capped the same way" ||
	check_fail "stderr is capped the same way" "err.txt: $size bytes"

"$RUNNER" -q --output-cap 1x "$WORK/r3" "$root" >/dev/null 2>&1; rc=$?
[ $rc = 3 ] && check_pass "a bad --output-cap exits 3" || check_fail "a bad --output-cap exits 3" "exit $rc"
# 2^54 + 1 KiB: shifted first, it would wrap around to 1 KiB
"$RUNNER" -q --dry-run --output-cap 18014398509481985k "$WORK/r4" "$root" >/dev/null 2>&1; rc=$?
[ $rc = 3 ] && check_pass "an --output-cap past 64 bits in KiB exits 3" ||
	check_fail "an --output-cap past 64 bits in KiB exits 3" "exit $rc"
# strtod reads "nan"; as a limit it would compare false, i.e. no limit at all
"$RUNNER" -q --dry-run --per-test-timeout nan "$WORK/r5" "$root" >/dev/null 2>&1; rc=$?
[ $rc = 3 ] && check_pass "--per-test-timeout nan exits 3" ||
	check_fail "--per-test-timeout nan exits 3" "exit $rc"

# ---- bounded inputs ----------------------------------------------------

make_root "$WORK/broot" runner_plain

run 60 --dry-run --test-list /dev/zero "$WORK/b1" "$WORK/broot"; rc=$?
[ $rc = 3 ] && grep -q -- '--test-list /dev/zero: larger than' "$WORK/run.out" &&
	check_pass "--test-list /dev/zero is a clear error" ||
	check_fail "--test-list /dev/zero is a clear error" "exit $rc" "$(cat "$WORK/run.out")"

mkdir -p "$WORK/zroot"
ln -s /dev/zero "$WORK/zroot/test-list.txt"
run 60 --dry-run "$WORK/b2" "$WORK/zroot"; rc=$?
[ $rc = 3 ] && grep -q 'test-list.txt: larger than' "$WORK/run.out" &&
	check_pass "an endless test-list.txt in the test root is a clear error" ||
	check_fail "an endless test-list.txt in the test root is a clear error" "exit $rc" "$(cat "$WORK/run.out")"

# the files of a results directory, replaced by /dev/zero, on --resume
for f in journal.txt metadata.txt joblist.txt; do
	rm -rf "$WORK/b3"
	"$RUNNER" -q "$WORK/b3" "$WORK/broot" >/dev/null 2>&1
	ln -sf /dev/zero "$WORK/b3/$f"
	run 60 -q --resume "$WORK/b3"; rc=$?
	[ $rc = 3 ] && grep -q "$f: larger than" "$WORK/run.out" &&
		check_pass "--resume with an endless $f is a clear error" ||
		check_fail "--resume with an endless $f is a clear error" "exit $rc" "$(cat "$WORK/run.out")"
done

# metadata.txt holds numbers the options checked; a damaged one is refused
# as the option would refuse it (nan would be a timeout that never fires),
# and a mode that is none of the three is not quietly auto
for bad in per_test_timeout=nan overall_timeout=-1 kill_grace=soon jobs=-3 jobs=4x \
	   output_cap=1 output_cap=9G dmesg_warn_level=9 mode=modle; do
	rm -rf "$WORK/b5"
	"$RUNNER" -q "$WORK/b5" "$WORK/broot" >/dev/null 2>&1
	sed -i "s/^${bad%%=*}=.*/$bad/" "$WORK/b5/metadata.txt"
	run 60 -q --resume "$WORK/b5"; rc=$?
	[ $rc = 3 ] && grep -qF "metadata.txt: a bad ${bad%%=*}" "$WORK/run.out" &&
		check_pass "--resume with $bad in metadata.txt is a clear error" ||
		check_fail "--resume with $bad in metadata.txt is a clear error" "exit $rc" \
			"$(cat "$WORK/run.out")"
done

# metadata.txt keeps the timeouts as given: --resume gets back the same seconds
# (six significant digits would turn 1234567.25 into 1234570)
rm -rf "$WORK/b6"
"$RUNNER" -q --per-test-timeout 1234567.25 --overall-timeout 0.1 --kill-grace 98765.4321 \
	"$WORK/b6" "$WORK/broot" >/dev/null 2>&1
grep -qx 'per_test_timeout=1234567.25' "$WORK/b6/metadata.txt" &&
	grep -qx 'overall_timeout=0.1' "$WORK/b6/metadata.txt" &&
	grep -qx 'kill_grace=98765.4321' "$WORK/b6/metadata.txt" &&
	check_pass "metadata.txt keeps every digit of the timeouts" ||
	check_fail "metadata.txt keeps every digit of the timeouts" \
		"$(grep -E 'timeout|grace' "$WORK/b6/metadata.txt")"

ln -sf /dev/zero "$WORK/zero-timings"
DRMSUB_TIMINGS=$WORK/zero-timings run 60 "$WORK/b4" "$WORK/broot"; rc=$?
[ $rc = 0 ] && grep -q 'timing cache .*zero-timings: larger than' "$WORK/run.out" &&
	check_pass "an endless timing cache is said and ignored" ||
	check_fail "an endless timing cache is said and ignored" "exit $rc" "$(cat "$WORK/run.out")"

cat >"$WORK/zroot/endless_list" <<'EOF_'
#!/bin/sh
[ "$1" = --list-subtests ] && exec yes subtest-name
exit 0
EOF_
chmod +x "$WORK/zroot/endless_list"
rm "$WORK/zroot/test-list.txt"
run 120 --dry-run "$WORK/b5" "$WORK/zroot"; rc=$?
[ $rc = 0 ] && grep -q 'endless_list printed more than' "$WORK/run.out" &&
	grep -qx 'igt@endless_list' "$WORK/run.out" &&
	check_pass "a binary listing subtests without end is stopped and run whole" ||
	check_fail "a binary listing subtests without end is stopped and run whole" "exit $rc" \
		"$(head -5 "$WORK/run.out")"
