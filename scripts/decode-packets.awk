# drmsub-decode's text as one line per packet, "<address>: <header>" with
# the address in 16 hex digits, and "--- cmdstream" where a submit's
# command stream starts: the form scripts/cffdump-packets.awk gives
# cffdump's output (scripts/check-cffdump compares the two).
/^--- submit [0-9]+ cmdstream/ { print "--- cmdstream"; next }
$1 ~ /^[0-9a-f]+:$/ && $2 ~ /^[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]$/ &&
$3 ~ /^(pkt[0-7]|\?\?\?\?)$/ {
	if ($3 == "pkt2") {	# cffdump shows no address for a type-2 NOP
		print "? t2"
		next
	}
	a = substr($1, 1, length($1) - 1)
	print substr("0000000000000000", 1, 16 - length(a)) a ": " $2
}
