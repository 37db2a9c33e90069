#!/bin/bash
# .rd capture of msm submits (DRMSUB_RD_CAPTURE, msm/capture.c): a test run
# on the device model leaves one .rd per subtest, and drmsub-decode reads
# it back, following IBs, with the chip taken from the capture.
. "$(dirname "$0")/checklib.sh"
DECODE=$O/bin/drmsub-decode
need_model "msm capture" "$O/tests/msm_cmd" "$DECODE"

for chip in a630 a750; do
	dir=$WORK/rd-$chip
	DRMSUB_RD_CAPTURE=$dir DRMSUB_MODEL=msm:$chip LD_PRELOAD="$PRELOAD" \
		"$O/tests/msm_cmd" --run-subtest 'mem-write,ib-chain' >"$WORK/run.log" 2>&1
	rc=$?
	name="msm capture ($chip): one .rd per subtest, decoded with its IB"
	if [ $rc != 0 ] || [ ! -f "$dir/msm_cmd@mem-write.rd" ] || [ ! -f "$dir/msm_cmd@ib-chain.rd" ]; then
		check_fail "$name" "exit $rc; files: $(ls "$dir" 2>&1)" "$(tail -5 "$WORK/run.log")"
		continue
	fi
	"$DECODE" "$dir/msm_cmd@ib-chain.rd" >"$WORK/dec" 2>&1
	rc=$?
	if [ $rc = 0 ] && grep -q ' pkt7 CP_MEM_WRITE (3 dwords)' "$WORK/dec" &&
	   grep -q -- '--- IB at 0x' "$WORK/dec" && grep -q ' pkt7 CP_INDIRECT_BUFFER ' "$WORK/dec"; then
		check_pass "$name"
	else
		check_fail "$name" "drmsub-decode exit $rc" "$(head -20 "$WORK/dec")"
	fi
done

# Without the variable nothing is written (the run's directory stays empty).
OABS=$(realpath "$O")
mkdir -p "$WORK/none"
(cd "$WORK/none" && DRMSUB_MODEL=msm:a630 LD_PRELOAD="$PRELOAD" \
	"$OABS/tests/msm_cmd" --run-subtest mem-write >/dev/null 2>&1)
if [ -z "$(find "$WORK/none" -name '*.rd')" ]; then
	check_pass "msm capture: nothing is written without DRMSUB_RD_CAPTURE"
else
	check_fail "msm capture: nothing is written without DRMSUB_RD_CAPTURE" "$(find "$WORK/none")"
fi
