#!/bin/bash
# msm_probe (tests/msm_probe.c) on the device model: every register the
# authoritative databases (msm/registers/a5xx.xml, a6xx.xml) claim is
# confirmed on a530, a630 and a750; the deliberately wrong claims of
# tests/lib/probe/msm_a6xx_wrong.xml are refuted (and the protected one is
# untestable) while its right claims are confirmed, and the binary fails.
. "$(dirname "$0")/checklib.sh"
BIN=$O/tests/msm_probe
need_model "msm probe" "$BIN"

# probe <chip> <args...>: stdout to $WORK/out, exit status in $rc
probe() {
	model_run "msm:$1" "$BIN" "${@:2}"
}

for c in a530:a5xx a630:a6xx a750:a6xx; do
	chip=${c%%:*} db=msm/registers/${c#*:}.xml
	name="msm probe $chip: every claim of $db is confirmed"
	probe "$chip" --claims "$db"
	probed=$(sed -n 's/^claims: .* \([0-9]*\) probed.*/\1/p' "$WORK/out")
	confirmed=$(grep -c '^confirmed ' "$WORK/out")
	other=$(grep -c '^\(refuted\|untestable\) ' "$WORK/out")
	# the default claims are the same database
	probe "$chip"
	default_confirmed=$(grep -c '^confirmed ' "$WORK/out")
	if [ "$rc" = 0 ] && [ -n "$probed" ] && [ "$probed" -ge 6 ] &&
	   [ "$confirmed" = "$probed" ] && [ "$other" = 0 ] &&
	   [ "$default_confirmed" = "$confirmed" ] &&
	   grep -q '^confirmed CP_SCRATCH\[3\] @0x' "$WORK/out" &&
	   grep -q '^confirmed PC_RESTART_INDEX @0x' "$WORK/out"; then
		check_pass "$name"
	else
		check_fail "$name" "exit $rc; $probed probed, $confirmed confirmed ($default_confirmed by default), $other refuted or untestable" \
			"$(grep -v '^\(Starting\|Dynamic\)' "$WORK/out" | head -20)"
	fi
done

WRONG=tests/lib/probe/msm_a6xx_wrong.xml
expected="confirmed CP_SCRATCH[3] @0x886
confirmed CP_SCRATCH[4] @0x887
confirmed CP_SCRATCH[5] @0x888
confirmed CP_SCRATCH[6] @0x889
confirmed CP_SCRATCH[7] @0x88a
refuted PC_RESTART_INDEX @0x9843 (wrote 0x5a5a0008, read 0x00000000)
refuted VFD_INDEX_OFFSET @0xa04e (wrote 0x5a5a0009, read 0x00000000)
confirmed VFD_INSTANCE_START_OFFSET @0xa00f
untestable SP_VS_BOOLEAN_CF_MASK @0xa7c1 (reason: faults: the write or read raised a CP fault, e.g. CP_PROTECT)
refuted SP_DS_BOOLEAN_CF_MASK @0xa881 (wrote 0x5a5a000c, read 0x00000000)"
for chip in a630 a750; do
	name="msm probe $chip: the wrong claims of $WRONG are refuted, the right ones confirmed"
	probe "$chip" --claims "$WRONG"
	grep '^\(confirmed\|refuted\|untestable\) ' "$WORK/out" >"$WORK/verdicts"
	fails=$(grep -c '^Dynamic subtest .*: FAIL' "$WORK/out")
	if [ "$rc" = 98 ] && [ "$fails" = 3 ] && [ "$(cat "$WORK/verdicts")" = "$expected" ] &&
	   grep -q '^Subtest claims: FAIL' "$WORK/out"; then
		check_pass "$name"
	else
		check_fail "$name" "exit $rc, $fails failed dynamic subtests; verdicts:" \
			"$(diff <(echo "$expected") "$WORK/verdicts")"
	fi
done

# The model's register file comes from rnn-headergen -r: a6xx.xml's table
# holds CP_SCRATCH for every variant and PC_RESTART_INDEX for A6XX-A7XX only.
GEN=${HOST_O:-build/host}/bin/rnn-headergen
name="rnn-headergen -r: the register list of msm/registers/a6xx.xml"
if "$GEN" -r msm/registers/a6xx.xml "$WORK/a6xx.regs.h" 2>"$WORK/err" &&
   grep -qx '	{ 0x883, 0x8, 0x7f },' "$WORK/a6xx.regs.h" &&
   grep -qx '	{ 0x9803, 0x1, 0x30 },' "$WORK/a6xx.regs.h" &&
   grep -qx '#define A6XX_REGLIST_A7XX (1u << 5)' "$WORK/a6xx.regs.h" &&
   cmp -s "$WORK/a6xx.regs.h" "$O/gen/msm/a6xx.xml.regs.h"; then
	check_pass "$name"
else
	check_fail "$name" "$(cat "$WORK/err")" "$(head -30 "$WORK/a6xx.regs.h" 2>/dev/null)"
fi
