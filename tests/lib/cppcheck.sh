#!/bin/bash
# Static analysis of the loaders that read untrusted files: the register
# database loader (lib/rnn), the decoder (lib/decode, tools/decode), and of
# the fuzzers (tests/fuzz, tests/lib/model_fuzz*). cppcheck's errors and
# warnings fail the check
# (undefined behaviour such as unsequenced side effects, leaks, bounds); a
# known false positive is suppressed inline where it occurs, with the reason.
. "$(dirname "$0")/checklib.sh"

NAME="cppcheck: lib/rnn, lib/decode, tools/decode, tests/fuzz, tests/lib/model_fuzz"
if ! command -v cppcheck >/dev/null; then
	echo "SKIP $NAME: cppcheck not installed (Debian package cppcheck)"
	exit 0
fi
dirs=()
for d in lib/rnn lib/decode tools/decode tests/fuzz tests/lib/model_fuzz*.c; do
	[ -e "$d" ] && dirs+=("$d")
done
if cppcheck --quiet --error-exitcode=1 --enable=warning,portability --inline-suppr \
	-D_GNU_SOURCE -I. -Iinclude -Ilib -I"$O/gen" "${dirs[@]}" >"$WORK/out" 2>&1; then
	check_pass "$NAME"
else
	check_fail "$NAME" "$(grep -E ': (error|warning|portability): ' "$WORK/out" | head -20)"
fi
