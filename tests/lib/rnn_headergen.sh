#!/bin/bash
# Self-tests of rnn-headergen (tools/rnn): its output for a fixture is
# compared byte for byte with the committed expectation, errors in a
# database stop it with file:line and no output, and its dependency file
# names every XML it read.
. "$(dirname "$0")/checklib.sh"
GEN=${HOST_O:-build/host}/bin/rnn-headergen
F=tests/lib/rnn

if [ ! -x "$GEN" ]; then
	check_fail "rnn-headergen: $GEN not built"
	exit 0
fi

expect "rnn-headergen: golden header" 0 \
	sh -c "$GEN $F/golden.xml $WORK/golden.h && cat $WORK/golden.h" \
	< <(printf -- '--- stdout\n'; cat $F/golden.xml.h.expected; printf -- '--- stderr\n')

expect "rnn-headergen: database errors exit 1 with file:line" 1 \
	$GEN $F/errors.xml $WORK/errors.h <<'EOF_'
--- stdout
--- stderr
tests/lib/rnn/errors.xml:3: cannot import tests/lib/rnn/missing.xml: No such file or directory
tests/lib/rnn/errors.xml:7: bad number 'zz' in attribute 'value'
tests/lib/rnn/errors.xml:10: unknown element <register> in <domain>
tests/lib/rnn/errors.xml:11: unknown attribute 'typ' on <reg32>
tests/lib/rnn/errors.xml:17: bitfield BACKWARDS: low 4 is above high 2
tests/lib/rnn/errors.xml:18: bitfield NOBITS needs low and high, or pos
tests/lib/rnn/errors.xml:6: duplicate value 'RED' (first at tests/lib/rnn/errors.xml:5) with overlapping variants
tests/lib/rnn/errors.xml:12: unknown type 'no_such_type'
tests/lib/rnn/errors.xml:16: bitfield WIDE: bit 33 is beyond the 32-bit register
tests/lib/rnn/errors.xml:20: variants="A6XX" without a varset
tests/lib/rnn/errors.xml:14: duplicate register 'DUP' (first at tests/lib/rnn/errors.xml:13) with overlapping variants
EOF_

if [ -e "$WORK/errors.h" ] || [ -e "$WORK/errors.h.tmp" ]; then
	check_fail "rnn-headergen: no output after an error" "found $(ls "$WORK"/errors.h*)"
else
	check_pass "rnn-headergen: no output after an error"
fi

expect "rnn-headergen -r: method kinds as runs beside the register list" 0 \
	sh -c "$GEN -r $F/kinds.xml $WORK/kinds.h && cat $WORK/kinds.h" \
	< <(printf -- '--- stdout\n'; cat $F/kinds.xml.regs.h.expected; printf -- '--- stderr\n')

expect "rnn-headergen: a kind naming nothing is an error with file:line" 1 \
	$GEN -r $F/kinds_errors.xml $WORK/kinds_errors.h <<'EOF_'
--- stdout
--- stderr
tests/lib/rnn/kinds_errors.xml:8: unknown kind 'KT_DRAWW' (no value of enum kind_test)
tests/lib/rnn/kinds_errors.xml:11: kind="KT_DRAW" in domain KN, which has no kinds enum
tests/lib/rnn/kinds_errors.xml:13: domain KU: unknown kinds enum 'no_such_enum'
EOF_

expect "rnn-headergen: malformed XML exits 1" 1 \
	$GEN $F/malformed.xml $WORK/malformed.h <<'EOF_'
--- stdout
--- stderr
tests/lib/rnn/malformed.xml:5: XML: Opening and ending tag mismatch: reg32 line 4 and domain
tests/lib/rnn/malformed.xml:6: XML: Opening and ending tag mismatch: domain line 3 and database
tests/lib/rnn/malformed.xml:7: XML: Premature end of data in tag database line 2
EOF_

"$GEN" -d "$WORK/import.d" $F/import_a.xml "$WORK/import.h" >/dev/null 2>&1
assert_file_lines "rnn-headergen: the dependency file names every XML read" "$WORK/import.d" \
	"$WORK/import.h: $F/import_a.xml $F/sub/import_b.xml" \
	"$F/import_a.xml:" \
	"$F/sub/import_b.xml:"

expect "rnn-headergen: usage" 2 $GEN <<'EOF_'
--- stdout
--- stderr
usage: rnn-headergen [-d DEPFILE] [-r] INPUT.xml OUTPUT.h
EOF_

# Every generated header compiles warning-free on its own and all together,
# with each C compiler present.
GEN_DIR=${O:-build}/gen
headers=$(ls "$GEN_DIR"/*/*.xml.h 2>/dev/null)
for cc in gcc clang; do
	command -v $cc >/dev/null || continue
	name="rnn-headergen: generated headers compile cleanly with $cc"
	if [ -z "$headers" ]; then
		check_fail "$name" "no headers under $GEN_DIR"
		continue
	fi
	problems=""
	for h in $headers; do
		out=$(printf '#include "%s"\n' "$h" | $cc -std=gnu11 -Wall -Wextra -Werror \
			-Wshadow -Wmissing-prototypes -Wstrict-prototypes -Ilib -I"$GEN_DIR" \
			-x c -fsyntax-only - 2>&1) || problems="$problems$h: $out
"
	done
	out=$(for h in $headers; do printf '#include "%s"\n' "$h"; done |
		$cc -std=gnu11 -Wall -Wextra -Werror -Wshadow -Wmissing-prototypes \
			-Ilib -I"$GEN_DIR" -x c -fsyntax-only - 2>&1) || problems="${problems}all together: $out"
	if [ -z "$problems" ]; then
		check_pass "$name"
	else
		check_fail "$name" "$problems"
	fi
done
