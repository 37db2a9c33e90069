# Sourced by model_fuzz.sh and model_fuzz_detectors.sh: the fuzzer, the
# model, and fuzz <chips> <args...> to run it there with short hangchecks.
FUZZ=$O/tests/lib/model_fuzz
need_model "$(basename "$0" .sh)" "$FUZZ"

fuzz() {
	local chips=$1
	shift
	env DRMSUB_MODEL="$chips" DRMSUB_MODEL_HANGCHECK_MS=100 \
		LD_PRELOAD="$PRELOAD" "$FUZZ" "$@"
}
