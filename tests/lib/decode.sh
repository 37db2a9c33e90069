#!/bin/bash
# Self-tests of drmsub-decode: golden text output for all three drivers
# (streams built from the packet forms the kernel and Mesa emit, see
# tests/lib/decode/*.hex), IB and GPFIFO following,
# --diff, --json validity, and the exit status and message of malformed,
# truncated and unusable inputs.
#
# To rewrite the golden files after an intended output change:
#     DECODE_REGEN=1 bash tests/lib/decode.sh    (then review the git diff)
. "$(dirname "$0")/checklib.sh"
DEC=$O/bin/drmsub-decode
F=tests/lib/decode

if [ ! -x "$DEC" ]; then
	check_fail "drmsub-decode: $DEC not built"
	exit 0
fi

# golden <name> <exit> <golden file> <decoder arguments...>
golden() {
	local name=$1 rc=$2 file=$3
	shift 3
	if [ -n "${DECODE_REGEN:-}" ]; then
		"$DEC" "$@" >"$file" 2>/dev/null
	fi
	expect "drmsub-decode: $name" "$rc" "$DEC" "$@" < <(printf -- '--- stdout\n'; cat "$file")
}

golden "msm a630: pkt4/pkt7 self-check packets, IB1 -> IB2 chain" 0 $F/msm_a630.txt \
	-d msm -g a630 --base 0x100000 -b 0x200000=$F/msm_ib1.hex -b 0x300000=$F/msm_ib2.hex \
	$F/msm_a630.hex
golden "msm a630: draw-state groups at LOAD_IMMED and at draws by render mode, CP_START_BIN prefixes" 0 \
	$F/msm_draw_state.txt -d msm -g a630 --base 0x100000 -b 0x200000=$F/msm_draw_state_mem.hex \
	$F/msm_draw_state.hex
golden "msm a750: opcode 0x46 is CP_EVENT_WRITE7, stripes chosen by WRITE_DST" 0 \
	$F/msm_a750.txt -d msm -g a750 $F/msm_a750.hex
golden "msm a420: type 0/2/3 headers" 1 $F/msm_a420.txt -d msm -g a420 $F/msm_a420.hex
golden "msm: bad parity, unknown opcode, truncated packet" 1 $F/msm_bad.txt \
	-d msm -g a630 $F/msm_bad.hex
golden "nouveau gm20b: SET_OBJECT, semaphores, I2M, copy LAUNCH_DMA" 1 \
	$F/nouveau_gm20b.txt -d nouveau -g gm20b $F/nouveau_gm20b.hex
golden "nouveau: a GPFIFO ring and its segment" 0 $F/nouveau_gpfifo.txt \
	-d nouveau -g gm20b --gpfifo -b 0x100001000=$F/nouveau_segment.hex $F/nouveau_gpfifo.hex
golden "msm: IBs not followed (memory not in the input, nested too deep) say why" 0 \
	$F/msm_follow.txt -d msm -g a630 -b 0x200000=$F/msm_follow_self.hex $F/msm_follow.hex
golden "nouveau: a GPFIFO segment not in the input says so" 0 $F/nouveau_gpfifo_missing.txt \
	-d nouveau -g gm20b --gpfifo $F/nouveau_gpfifo_missing.hex
golden "radeon rv350: PACKET0, relocations, PVS upload, 3D_DRAW_IMMD_2" 0 \
	$F/radeon_rv350.txt -d radeon -g rv350 $F/radeon_rv350.hex
golden "radeon: unknown opcode, type 1, truncated packet" 1 $F/radeon_bad.txt \
	-d radeon -g rv350 $F/radeon_bad.hex
golden "--diff: added, removed and changed registers with fields" 0 $F/msm_diff.txt \
	--diff -d msm -g a630 $F/msm_diff_a.hex $F/msm_diff_b.hex

# --- JSON: valid, and the same packets as the text --------------------------
if command -v python3 >/dev/null; then
	for args in "-d msm -g a630 $F/msm_bad.hex" "-d nouveau -g gm20b $F/nouveau_gm20b.hex" \
		    "-d radeon -g rv350 $F/radeon_rv350.hex"; do
		# shellcheck disable=SC2086
		"$DEC" $args >"$WORK/text" 2>/dev/null
		# shellcheck disable=SC2086
		"$DEC" --json $args >"$WORK/json" 2>/dev/null
		text_packets=$(grep -cE '^ *[0-9a-f]{8,}: [0-9a-f]{8} ' "$WORK/text")
		if json_packets=$(python3 -c '
import json, sys
doc = json.load(open(sys.argv[1]))
print(sum(r["type"] == "packet"
          for i in doc["inputs"] for r in i["records"]))' "$WORK/json" 2>&1) &&
		   [ "$json_packets" = "$text_packets" ]; then
			check_pass "drmsub-decode --json is valid JSON with every packet: ${args%% *} ${args##* }"
		else
			check_fail "drmsub-decode --json is valid JSON with every packet: ${args%% *} ${args##* }" \
				"text packets $text_packets, JSON: $json_packets"
		fi
	done
	if "$DEC" --json --diff -d msm -g a630 $F/msm_diff_a.hex $F/msm_diff_b.hex |
	   python3 -c 'import json, sys; d = json.load(sys.stdin)
assert (d["added"], d["removed"], d["changed"]) == (1, 1, 2), d' 2>"$WORK/err"; then
		check_pass "drmsub-decode --json --diff is valid JSON with the counts"
	else
		check_fail "drmsub-decode --json --diff is valid JSON with the counts" "$(cat "$WORK/err")"
	fi
else
	echo "SKIP drmsub-decode --json: no python3 to validate JSON"
fi

# --- inputs that are not usable: exit 2, the file named ---------------------
expect "drmsub-decode: a missing file" 2 "$DEC" -d msm -g a630 $F/no-such-file <<'EOF_'
--- stdout
--- stderr
drmsub-decode: tests/lib/decode/no-such-file: No such file or directory
EOF_

printf '0x48088501 0x5\n0x703d8003 zz12\n' >"$WORK/bad.hex"
expect "drmsub-decode: a bad hex word names file:line:column" 2 \
	"$DEC" -d msm -g a630 --format hex "$WORK/bad.hex" <<EOF_
--- stdout
--- stderr
drmsub-decode: $WORK/bad.hex:2:12: not a hex dword: 'zz12'
EOF_

expect "drmsub-decode: a stream that is not .rd needs --driver" 2 \
	"$DEC" $F/msm_a630.hex <<'EOF_'
--- stdout
--- stderr
drmsub-decode: tests/lib/decode/msm_a630.hex: not an .rd file: pass --driver
EOF_

expect "drmsub-decode: an unknown GPU lists the supported ones" 2 "$DEC" -d nouveau -g gk110 $F/nouveau_gm20b.hex <<'EOF_'
--- stdout
--- stderr
drmsub-decode: unknown nouveau GPU 'gk110'; supported: gm107 gm108 gm200 gm204 gm206 gm20b
EOF_

expect "drmsub-decode: no GPU for a raw msm stream" 2 "$DEC" -d msm $F/msm_a630.hex <<'EOF_'
--- stdout
--- stderr
drmsub-decode: tests/lib/decode/msm_a630.hex: the input does not name its GPU: pass --gpu
EOF_

expect "drmsub-decode: an unknown option" 2 "$DEC" --bogus $F/msm_a630.hex <<'EOF_'
--- stdout
EOF_

expect "drmsub-decode: --registers pointing nowhere" 2 \
	"$DEC" -d radeon -g rv350 --registers "$WORK" $F/radeon_rv350.hex <<'EOF_'
--- stdout
--- stderr
drmsub-decode: no radeon register databases found (use --registers DIR)
EOF_

# DRMSUB_REGISTERS and --registers accept the source tree, DIR/<driver> or the XML directory
if DRMSUB_REGISTERS=$PWD "$DEC" -d radeon -g rv350 $F/radeon_rv350.hex >/dev/null &&
   "$DEC" -d radeon -g rv350 --registers radeon/registers $F/radeon_rv350.hex >/dev/null; then
	check_pass "drmsub-decode: DRMSUB_REGISTERS and --registers find the databases"
else
	check_fail "drmsub-decode: DRMSUB_REGISTERS and --registers find the databases"
fi

# --- truncated raw input: exit 1, what was decoded kept, offset named -----
printf '\x01\x85\x08\x48\x05\x00\x00\x00\x03\x80\x3d\x70\x00' >"$WORK/cut.bin"
expect "drmsub-decode: a truncated raw file says so and keeps what was decoded" 1 \
	"$DEC" -d msm -g a630 "$WORK/cut.bin" <<EOF_
--- stdout
--- stream at 0x0, 3 dwords
00000000: 48088501 pkt4 CP_SCRATCH[0x2].REG (1 dword)
  CP_SCRATCH[0x2].REG = 0x00000005
00000008: 703d8003 pkt7 CP_MEM_WRITE (3 dwords) TRUNCATED: only 1 of 4 dwords present
0000000c: note: input truncated at offset 0xc: 1 trailing bytes are not a whole dword
--- stderr
drmsub-decode: $WORK/cut.bin: input truncated at offset 0xc: 1 trailing bytes are not a whole dword
EOF_

# --- endless and oversized inputs: a clear error, not an abort ----------
expect "drmsub-decode: /dev/zero ends at the default input limit" 2 \
	"$DEC" -d msm -g a630 /dev/zero <<'EOF_'
--- stdout
--- stderr
drmsub-decode: /dev/zero: larger than the input limit of 256 MiB (--max-input raises it)
EOF_
expect "drmsub-decode: --max-input sets the limit, for -b buffers too" 2 \
	"$DEC" -d msm -g a630 --max-input 4K -b 0x1000=/dev/zero $F/msm_a630.hex <<'EOF_'
--- stdout
--- stderr
drmsub-decode: /dev/zero: larger than the input limit of 4 KiB (--max-input raises it)
EOF_
expect "drmsub-decode: --max-input takes a size" 2 \
	"$DEC" --max-input 12X $F/msm_a630.hex <<'EOF_'
--- stdout
--- stderr
drmsub-decode: --max-input: not a size: '12X' (e.g. 4096, 64K, 1G)
EOF_

expect "drmsub-decode: --base ' -1' is no address (not 2^64 - 1 past the space)" 2 \
	"$DEC" --base ' -1' $F/msm_a630.hex <<'EOF_'
--- stdout
--- stderr
drmsub-decode: --base: not an address: ' -1'
EOF_

# --- --help documents every option ---------------------------------------
"$DEC" --help >"$WORK/help" 2>&1; rc=$?
missing=""
for opt in --driver --gpu --format --base --buffer --gpfifo --no-follow --max-input --json \
	   --diff --registers --help DRMSUB_REGISTERS "Exit status" "gzip'd files by their magic"; do
	grep -q -- "$opt" "$WORK/help" || missing="$missing $opt"
done
if [ $rc = 0 ] && [ -z "$missing" ]; then
	check_pass "drmsub-decode --help documents every option"
else
	check_fail "drmsub-decode --help documents every option" "exit $rc, missing:$missing"
fi
