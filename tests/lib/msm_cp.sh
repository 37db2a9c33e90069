#!/bin/bash
# What the msm model's CP says when it stops (DRMSUB_MODEL_DEBUG=1): a pkt7
# it has no handler for is "not modelled" on that generation. The opcode
# may be one the chip runs (CP_EXEC_CS, 0x33, on a6xx): the model
# lacks it, the hardware does not, so the message must not claim otherwise.
. "$(dirname "$0")/checklib.sh"
BIN=$SELF_BINS/msm_pkt7
need_model "msm cp" "$BIN"

# chip | opcode | payload dwords | the fault the model reports
cases=(
	"a630|0x33|4|pkt7 0x33 is not modelled on a6xx"
	"a530|0x14|4|pkt7 0x14 is not modelled on a5xx"
)
for c in "${cases[@]}"; do
	IFS='|' read -r chip opcode dwords want <<<"$c"
	DRMSUB_MODEL=msm:$chip DRMSUB_MODEL_DEBUG=1 DRMSUB_MODEL_HANGCHECK_MS=100 \
		PKT7_OPCODE=$opcode PKT7_DWORDS=$dwords LD_PRELOAD="$PRELOAD" \
		"$BIN" --run-subtest submit >"$WORK/out" 2>"$WORK/err"
	rc=$?
	name="msm cp ($chip): pkt7 $opcode without a handler stops the CP as not modelled"
	if [ $rc = 0 ] && grep -q "msm: CP fault in submit [0-9]* of queue [0-9]*: $want\$" "$WORK/err" &&
	   ! grep -q 'not supported' "$WORK/err"; then
		check_pass "$name"
	else
		check_fail "$name" "exit $rc" "$(grep 'CP fault' "$WORK/err" || tail -3 "$WORK/err")"
	fi
done
