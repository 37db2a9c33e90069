#!/bin/bash
# SPDX-License-Identifier: MIT
# Self-tests of drmsub-run's result files: results.json checked field by
# field against the piglit layout igt_runner writes (jq), results.xml
# validated against runner/junit.xsd (xmllint) and cross-checked.
. "$(dirname "$0")/checklib.sh"
. "$(dirname "$0")/runner_common.sh"
need_tools jq xmllint || exit 0

root=$WORK/root
make_root "$root" runner_basic runner_plain runner_kmsg
res=$WORK/res
RUNNER_PLAIN_NOISE=1 "$RUNNER" -q -x 'kmsg@(info|ignored|below)' "$res" "$root" >/dev/null 2>&1
json=$res/results.json

jq empty "$json" 2>"$WORK/jq.err" && check_pass "results.json is valid JSON" ||
	check_fail "results.json is valid JSON" "$(cat "$WORK/jq.err")"

# jq_check <name> <filter>: the filter must print true
jq_check() {
	local got
	got=$(jq -r "$2" "$json" 2>&1)
	[ "$got" = true ] && check_pass "$1" || check_fail "$1" "jq '$2' gave: $got"
}

jq_check "results.json: TestrunResult, version 10, name, uname, cmdline" \
	'.__type__ == "TestrunResult" and .results_version == 10 and (.name | type) == "string"
	 and (.uname | type) == "string" and (.cmdline | type) == "array" and .cmdline[-1] == "'"$root"'"'
jq_check "results.json: time_elapsed is a TimeAttribute with start <= end" \
	'.time_elapsed.__type__ == "TimeAttribute" and .time_elapsed.start <= .time_elapsed.end
	 and .time_elapsed.start > 1e9'
jq_check "results.json: every test has out, err, dmesg, result and a TimeAttribute" \
	'[.tests[] | (.out|type) == "string" and (.err|type) == "string" and (.dmesg|type) == "string"
	  and (.result|type) == "string" and .time.__type__ == "TimeAttribute" and .time.start == 0
	  and .time.end >= 0] | all'
jq_check "results.json: test names are igt@binary[@subtest]" \
	'[.tests | keys[] | test("^igt@[a-z0-9_./-]+(@[a-z0-9_-]+)?$")] | all'
jq_check "results.json: results are IGT's result names" \
	'[.tests[].result | IN("pass","fail","skip","crash","timeout","abort","incomplete","notrun","warn","dmesg-warn","dmesg-fail")] | all'
jq_check "results.json: igt-version comes from the IGT-Version line" \
	'.tests["igt@runner_basic@pass"]["igt-version"] | startswith("IGT-Version: drmsub-")'
jq_check "results.json: totals has \"\", root and igt@binary with every result kind" \
	'(.totals | has("") and has("root") and has("igt@runner_basic") and has("igt@runner_plain"))
	 and ([.totals[] | keys == (["pass","fail","skip","crash","timeout","abort","incomplete","notrun","warn","dmesg-warn","dmesg-fail"] | sort)] | all)'
jq_check "results.json: totals.root adds up to the tests" \
	'(.totals.root | add) == (.tests | length) and .totals.root == .totals[""]
	 and .totals.root.pass == ([.tests[] | select(.result == "pass")] | length)'
jq_check "results.json: per-binary totals add up" \
	'(.totals["igt@runner_basic"] | add) == 5 and .totals["igt@runner_basic"].crash == 1'
jq_check "results.json: runtimes per binary" \
	'.runtimes["igt@runner_basic"].time.__type__ == "TimeAttribute"'
jq_check "results.json: drmsub.drivers says where each driver ran" \
	'.drmsub.drivers.other["ran-on"] == "none" and (.drmsub.drivers.other.device | type) == "string"'
jq_check "results.json: control characters and invalid UTF-8 survive as escapes" \
	'.tests["igt@runner_plain"].out | contains("bell\u0007 quote\" backslash\\ bad\ufffd tab\t")'

# ---- JUnit -------------------------------------------------------------

xml=$res/results.xml
xsd=runner/junit.xsd
if xmllint --noout --schema "$xsd" "$xml" >"$WORK/xmllint" 2>&1; then
	check_pass "results.xml validates against runner/junit.xsd"
else
	check_fail "results.xml validates against runner/junit.xsd" "$(head -5 "$WORK/xmllint")"
fi

# xpath <expr>: the value of an XPath expression in results.xml
xpath() {
	xmllint --xpath "$1" "$xml" 2>/dev/null
}
tests=$(jq '.tests | length' "$json")
if [ "$(xpath 'string(/testsuites/@tests)')" = "$tests" ] &&
   [ "$(xpath 'count(//testcase)')" = "$tests" ] &&
   [ "$(xpath 'count(//testsuite)')" = 3 ]; then
	check_pass "results.xml: one testsuite per binary, one testcase per job"
else
	check_fail "results.xml: one testsuite per binary, one testcase per job" \
		"tests=$(xpath 'string(/testsuites/@tests)') cases=$(xpath 'count(//testcase)') json=$tests"
fi
if [ "$(xpath 'string(//testcase[@classname="runner_basic"][@name="fail"]/failure/@type)')" = fail ] &&
   [ "$(xpath 'string(//testcase[@name="crash"]/error/@type)')" = crash ] &&
   [ "$(xpath 'count(//testcase[@name="skip"]/skipped)')" = 1 ] &&
   [ "$(xpath 'count(//testcase[@name="pass"]/*[self::failure or self::error or self::skipped])')" = 0 ] &&
   [ "$(xpath 'string(//testcase[@classname="runner_kmsg"][@name="error-then-fail"]/failure/@type)')" = dmesg-fail ]; then
	check_pass "results.xml: fail is <failure>, crash <error>, skip <skipped>, pass bare"
else
	check_fail "results.xml: fail is <failure>, crash <error>, skip <skipped>, pass bare" "$(head -40 "$xml")"
fi
if [ "$(xpath 'string(/testsuites/@failures)')" = 2 ] && [ "$(xpath 'string(/testsuites/@errors)')" = 1 ] &&
   [ "$(xpath 'string(/testsuites/@skipped)')" = 1 ]; then
	check_pass "results.xml: totals count failures, errors and skips"
else
	check_fail "results.xml: totals count failures, errors and skips" "$(head -2 "$xml")"
fi
xpath 'string(//testcase[@classname="runner_basic"][@name="fail"]/system-err)' | grep -q 'Failed assertion: 1 == 2' &&
	check_pass "results.xml: a testcase carries the job's stderr" ||
	check_fail "results.xml: a testcase carries the job's stderr"

# A file mangled on purpose must fail the same checks: the checks can fail.
sed 's/<testcase /<testcase bogus="1" /' "$xml" >"$WORK/bad.xml"
xmllint --noout --schema "$xsd" "$WORK/bad.xml" >/dev/null 2>&1 &&
	check_fail "the schema rejects a malformed results.xml" ||
	check_pass "the schema rejects a malformed results.xml"

# ---- dynamic subtests --------------------------------------------------
# Listed beside their subtest as igt@bin@subtest@dynamic (igt_runner's
# default, --prune-mode keep-all), with their own slice of the output.
make_root "$WORK/droot" core_dynamic
"$RUNNER" -q "$WORK/resd" "$WORK/droot" >/dev/null 2>&1
expect_results "dynamic subtests get results of their own" "$WORK/resd" \
	igt@core_dynamic@one-fails=fail igt@core_dynamic@one-fails@good=pass \
	igt@core_dynamic@one-fails@bad=fail igt@core_dynamic@one-fails@skipped=skip \
	igt@core_dynamic@dynamic-crash@boom=crash igt@core_dynamic@dynamic-crash@after-boom=pass \
	igt@core_dynamic@all-pass@case-2=pass igt@core_dynamic@none-run=skip
json=$WORK/resd/results.json
jq_check "results.json: a dynamic subtest's out is its own section" \
	'.tests["igt@core_dynamic@one-fails@skipped"].out == "Starting dynamic subtest: skipped\nnot this one\nDynamic subtest skipped: SKIP (" + (.tests["igt@core_dynamic@one-fails@skipped"].out | capture("SKIP \\((?<t>[0-9.]+)s\\)").t) + "s)\n"'
jq_check "results.json: totals count subtests and dynamic subtests" \
	'(.totals["igt@core_dynamic"] | add) == (.tests | length) and (.tests | length) == 12'
