# Sourced by model_fuzz.sh and model_fuzz_detectors.sh: the fuzzer, the
# model, and fuzz <chips> <args...> to run it there with short hangchecks.
FUZZ=$O/tests/lib/model_fuzz
LIB=$(realpath "$O/lib/libdrmsub-model.so" 2>/dev/null)
if [ ! -f "$LIB" ] || [ ! -x "$FUZZ" ]; then
	echo "SKIP $(basename "$0" .sh): needs the device model and $FUZZ"
	exit 0
fi
ASAN=$(ldd "$FUZZ" 2>/dev/null | awk '/libasan/ { print $3; exit }')

fuzz() {
	local chips=$1
	shift
	env DRMSUB_MODEL="$chips" DRMSUB_MODEL_HANGCHECK_MS=100 \
		LD_PRELOAD="${ASAN:+$ASAN:}$LIB" "$FUZZ" "$@"
}
