#!/bin/bash
# radeon_probe (tests/radeon_probe.c) on the device model, R300, RV350 and RV515:
# - the verified databases (radeon/registers/r300_pvs.xml, importing
#   r300.xml; the default claims) are confirmed claim by claim; the only untestable claims are
#   the immediate-vertex registers (the CS checker rejects them) and LIT's
#   opcode (its operand use is undocumented);
# - the 2004 seed (--seed) is refuted exactly where it is wrong: alpha
#   functions 2-6;
# - the deliberately wrong claims of tests/lib/probe/radeon_wrong.xml are
#   refuted, the right ones confirmed, those at a rejected or impossible
#   offset untestable;
# - a missing or malformed claims file fails with a message naming it.
. "$(dirname "$0")/checklib.sh"
BIN=$O/tests/radeon_probe
need_model "radeon probe" "$BIN"

# probe <chip> <args...>: stdout to $WORK/out, exit status in $rc
probe() {
	model_run "radeon:$1" "$BIN" "${@:2}"
}

verdicts() {
	grep '^\(confirmed\|refuted\|untestable\) ' "$WORK/out"
}

CHECKER='(reason: the CS checker rejects writes to 0x24[0-9a-f][0-9a-f] (Invalid argument): immediate-mode vertices'
LIT='ME_LIGHT_COEFF_DX = 0x44 .*(reason: how the hardware combines LIT'
for chip in r300 rv350 rv515; do
	name="radeon probe $chip: every testable claim of r300_pvs.xml + r300.xml (the default) is confirmed"
	probe "$chip"
	confirmed=$(grep -c '^confirmed ' "$WORK/out")
	others=$(verdicts | grep -v '^confirmed ' | grep -v -e "$CHECKER" -e "$LIT")
	immediate=$(verdicts | grep -c -e "$CHECKER")
	if [ "$rc" = 0 ] && [ "$confirmed" -ge 120 ] && [ -z "$others" ] && [ "$immediate" = 10 ] &&
	   grep -q '^confirmed FG_ALPHA_FUNC.AF_FUNC = AF_GE (6) @0x4bd4$' "$WORK/out" &&
	   grep -q '^confirmed RB3D_ABLENDCNTL.COMB_FCN = COMB_FCN_RSUB_CLAMP (6) @0x4e08$' "$WORK/out" &&
	   grep -q '^confirmed pvs_me_opcode ME_POWER_FUNC_FF = 0x45 ' "$WORK/out" &&
	   grep -q '^confirmed ZB_ZSTENCILCNTL.STENCILZFAIL = ZS_DECR_WRAP (7) @0x4f04$' "$WORK/out" &&
	   grep -q '^confirmed SU_CULL_MODE.FACE_CW (bits 2:2) @0x42b8$' "$WORK/out" &&
	   grep -q '^confirmed TX_FILTER0.MAG_FILTER = TX_MAG_FILTER_LINEAR (2) @0x4400$' "$WORK/out" &&
	   grep -q '^confirmed RB3D_COLORPITCH0.COLORFORMAT = COLOR_FORMAT_ARGB4444 (15) @0x4e38$' "$WORK/out" &&
	   grep -q '^confirmed SU_POLY_OFFSET_ENABLE.FRONT_ENABLE (bits 0:0) @0x42b4$' "$WORK/out" &&
	   grep -q '^Subtest references-distinct: SUCCESS' "$WORK/out"; then
		check_pass "$name"
	else
		check_fail "$name" "exit $rc, $confirmed confirmed, $immediate immediate; other verdicts:" \
			"$others" "$(tail -5 "$WORK/err")"
	fi

	name="radeon probe $chip: the seed's alpha functions 2-6 are refuted, its other testable claims confirmed"
	probe "$chip" --seed
	refuted=$(grep '^refuted ' "$WORK/out" | sed 's/ @0x4bd4 (.*//')
	expected='refuted R300_PP_ALPHA_TEST.R300_ALPHA_TEST_OP_MASK = R300_ALPHA_TEST_LEQUAL (2)
refuted R300_PP_ALPHA_TEST.R300_ALPHA_TEST_OP_MASK = R300_ALPHA_TEST_EQUAL (3)
refuted R300_PP_ALPHA_TEST.R300_ALPHA_TEST_OP_MASK = R300_ALPHA_TEST_GEQUAL (4)
refuted R300_PP_ALPHA_TEST.R300_ALPHA_TEST_OP_MASK = R300_ALPHA_TEST_GREATER (5)
refuted R300_PP_ALPHA_TEST.R300_ALPHA_TEST_OP_MASK = R300_ALPHA_TEST_NEQUAL (6)'
	confirmed=$(grep -c '^confirmed ' "$WORK/out")
	untestable=$(grep -c '^untestable ' "$WORK/out")
	if [ "$rc" = 98 ] && [ "$refuted" = "$expected" ] && [ "$confirmed" = 102 ] &&
	   [ "$untestable" = 14 ] &&
	   grep -q '^refuted .*R300_ALPHA_TEST_LEQUAL (2) @0x4bd4 (alpha 0x40/0x80/0xc0 against 0x80 drew -Y-: EQUAL, not LEQUAL)$' "$WORK/out" &&
	   grep -q '^confirmed R300_RB3D_CBLEND.R300_FCN_MASK = R300_COMB_FCN_SUB_CLAMP (2) @0x4e04$' "$WORK/out" &&
	   grep -q '^untestable R300_RB3D_CBLEND.R300_BLEND_UNKNOWN (bits 2:1) @0x4e04 (reason: ' "$WORK/out"; then
		check_pass "$name"
	else
		check_fail "$name" "exit $rc, $confirmed confirmed, $untestable untestable; refuted:" \
			"$(diff <(echo "$expected") <(echo "$refuted"))"
	fi
done

WRONG=tests/lib/probe/radeon_wrong.xml
expected="confirmed ZB_ZSTENCILCNTL.STENCILFUNC = ZS_LESS (1) @0x4f04
refuted ZB_ZSTENCILCNTL.STENCILFUNC = ZS_EQUAL (2) @0x4f04 (stencil 0xc0/0x80/0x40 against 0x80 drew YY-, the claimed function draws -Y-)
confirmed ZB_ZSTENCILCNTL.STENCILZPASS = ZS_INVERT (5) @0x4f04
refuted ZB_ZSTENCILCNTL.STENCILZPASS = ZS_INCR_WRAP (3) @0x4f04 (stencil 0xff became 0xff, the claimed operation gives 0)
refuted SU_CULL_MODE.CULL_FRONT (bits 1:1) @0x42b8 (drew the left quad, the claimed bit keeps only the right quad)
confirmed SU_CULL_MODE.FACE_CW (bits 2:2) @0x42b8
confirmed TX_FILTER0.MAG_FILTER = TX_MAG_FILTER_LINEAR (2) @0x4400
refuted TX_FILTER0.MAG_FILTER = TX_MAG_FILTER_NEAREST (2) @0x4400 (column 6 has red 0xb, the claimed filter gives 0 (+-2))
confirmed RB3D_COLORPITCH0.COLORFORMAT = COLOR_FORMAT_RGB565 (4) @0x4e38
refuted RB3D_COLORPITCH0.COLORFORMAT = COLOR_FORMAT_ARGB4444 (3) @0x4e38 (stored 0x9b2e9b2e, the claimed format stores 0x93c793c7)
refuted SU_POLY_OFFSET_ENABLE.FRONT_ENABLE (bits 2:2) @0x42b4 (a front face redrawn with offset units -4 failed ZFUNC LESS: no offset was applied)
confirmed FG_ALPHA_FUNC.AF_VAL (bits 7:0) @0x4bd4
confirmed FG_ALPHA_FUNC.AF_FUNC = AF_LESS (1) @0x4bd4
refuted FG_ALPHA_FUNC.AF_FUNC = AF_LE (2) @0x4bd4 (alpha 0x40/0x80/0xc0 against 0x80 drew -Y-: EQUAL, not LEQUAL)
confirmed FG_ALPHA_FUNC.AF_FUNC = AF_ALWAYS (7) @0x4bd4
confirmed FG_ALPHA_FUNC.AF_EN (bits 11:11) @0x4bd4
confirmed RB3D_BLENDCNTL.ALPHA_BLEND_ENABLE (bits 0:0) @0x4e04
confirmed RB3D_BLENDCNTL.COMB_FCN = COMB_FCN_ADD_CLAMP (0) @0x4e04
refuted RB3D_BLENDCNTL.COMB_FCN = COMB_FCN_MIN (5) @0x4e04 (rendered 0x9fbfa040, the claimed meaning renders 0x30408020 (+-2))
untestable RB3D_BLENDCNTL.COMB_FCN = COMB_FCN_MAX (21) @0x4e04 (reason: the value 0x15 does not fit bits 14:12)
confirmed RB3D_BLENDCNTL.SRCBLEND = BLEND_GL_ONE (33) @0x4e04
refuted RB3D_BLENDCNTL.SRCBLEND = BLEND_GL_SRC_ALPHA (40) @0x4e04 (rendered 0x1e24180c, the claimed meaning renders 0x64785028 (+-2))
refuted RB3D_COLOR_CHANNEL_MASK.RED_MASK0 (bits 0:0) @0x4e0c (rendered 0x112233ff, the claimed meaning renders 0x11ff3344 (+-0))
confirmed RB3D_COLOR_CHANNEL_MASK.GREEN_MASK0 (bits 1:1) @0x4e0c
refuted RB3D_COLORMASK.COLORMASK0_B (bits 0:0) @0x4e14 (rendered 0xffffffff, the claimed meaning renders 0x112233ff (+-0))
untestable R300_RB3D_COLORMASK.COLORMASK0_A (bits 3:3) @0x4f64 (reason: the CS checker rejects the CS writing 0x4f64 (Invalid argument))
untestable RB3D_CBLEND.BLEND_ENABLE (bits 0:0) @0x4e06 (reason: 0x4e06 is no register a PACKET0 can write (dword-aligned byte offsets below 0x8000))
confirmed pvs_src.SWIZZLE_X (bits 15:13)
confirmed pvs_src select PVS_SRC_SELECT_X = 0
confirmed pvs_src select PVS_SRC_SELECT_Y = 1
refuted pvs_src.MODIFIER_Y (bits 27:27) (rendered 0xffffff80, the claimed meaning renders 0xffffbfff (+-1))
confirmed pvs_ve_opcode VE_ADD = 0x03 (dword 0 bits 7:0)
refuted pvs_ve_opcode VE_MULTIPLY = 0x04 (dword 0 bits 7:0) (rendered 0x97503060, the claimed meaning renders 0x18302020 (+-1))
refuted pvs_ve_opcode VE_SET_LESS_THAN = 0x09 (dword 0 bits 7:0) (rendered 0x00ffffff, the claimed meaning renders 0xff000000 (+-1))"
for chip in r300 rv350 rv515; do
	name="radeon probe $chip: the wrong claims of $WRONG are refuted, the right ones confirmed"
	probe "$chip" --claims "$WRONG"
	fails=$(grep -c '^Dynamic subtest .*: FAIL' "$WORK/out")
	if [ "$rc" = 98 ] && [ "$fails" = 14 ] && [ "$(verdicts)" = "$expected" ] &&
	   grep -q '^Subtest claims: FAIL' "$WORK/out"; then
		check_pass "$name"
	else
		check_fail "$name" "exit $rc, $fails failed dynamic subtests; verdicts:" \
			"$(diff <(echo "$expected") <(verdicts))"
	fi
done

# Bad claims files: a clear message naming the file (and the line), exit 98, no crash.
printf '<database>\n<enum name="truncated">\n' >"$WORK/truncated.xml"
for f in "$WORK/missing.xml" "$WORK/truncated.xml"; do
	name="radeon probe: a bad claims file ($(basename "$f")) fails with a clear message"
	probe rv350 --claims "$f"
	if [ "$rc" = 98 ] && grep -q "$f\\(: no such file\\| does not load\\)" "$WORK/err"; then
		check_pass "$name"
	else
		check_fail "$name" "exit $rc" "$(tail -3 "$WORK/err")"
	fi
done
