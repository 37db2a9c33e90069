# Mesa cffdump's text (--unit-test) as one line per packet, in the order
# cffdump shows the packets: "<address>: <header>", the address in 16 hex
# digits, and "--- cmdstream" where a submit's command stream starts.
# scripts/check-cffdump compares it with drmsub-decode's, reduced the same
# way (scripts/decode-packets.awk).
#
# cffdump prints a packet's name line ("t7 opcode: NAME (op) ...", "t4
# write NAME (reg)"), then whatever the packet expands (IBs, draw-state
# groups, memory it points at), then the packet's own hex line
# ("<address>: 0000: <header> ..."). Name lines therefore pair with hex
# lines as a stack, each hex line taken by the innermost open packet whose
# header it is (type and opcode or register checked); other hex lines are
# memory dumps.

function hexval(s,    v, i) {
	v = 0
	for (i = 1; i <= length(s); i++)
		v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
	return v
}

# Whether header @h is the packet of name line @i.
function is_header(i, h,    t) {
	t = int(h / 268435456)
	if (kind[i] == "t7")
		return t == 7 && int(h / 65536) % 128 == key[i]
	if (kind[i] == "t4")
		return t == 4 && int(h / 256) % 262144 == key[i]
	if (kind[i] == "t3")
		return int(h / 1073741824) == 3 && int(h / 256) % 256 == key[i]
	if (kind[i] == "t0")
		return int(h / 1073741824) == 0 && h % 32768 == key[i]
	return 0
}

/^t[0-9]/ {
	k = $NF
	if ($0 ~ /dwords\)/) {			# "opcode: NAME (op) (N dwords)"
		k = $(NF - 2)
	}
	gsub(/[()]/, "", k)
	n++
	kind[n] = $1
	key[n] = hexval(k)
	open[++depth] = n
	next
}
/^cmdstream:/ { n++; out[n] = "--- cmdstream"; depth = 0; next }
$1 ~ /^[0-9a-f]+:$/ && $2 == "0000:" && depth > 0 && is_header(open[depth], hexval($3)) {
	a = substr($1, 1, length($1) - 1)
	out[open[depth]] = substr("0000000000000000", 1, 16 - length(a)) a ": " $3
	depth--
}
END {
	for (i = 1; i <= n; i++)
		print (i in out) ? out[i] : "? " kind[i]
}
