# Area fuzz (make check): every target of tests/fuzz/run.sh built once
# with libFuzzer and run over its seed corpus, nothing more: a source
# list that lacks a file (the jobfile and lkpmail targets did) fails
# here, not first in make fuzz, which fuzzes them for FUZZ_SECONDS.
fz_cc=${CLANG:-clang}
printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }\n' >"$T/fz-probe.c"
if ! command -v "$fz_cc" >/dev/null 2>&1 ||
	! "$fz_cc" -fsanitize=fuzzer -o "$T/fz-probe" "$T/fz-probe.c" >/dev/null 2>&1; then
	skip "fuzz: every fuzz target builds and runs its seeds" "no clang with libFuzzer: apt-get install -y clang libclang-rt-14-dev"
else
	B="$B" FUZZ_OUT="$T/fuzz" CLANG="$fz_cc" tests/fuzz/run.sh --build >"$T/fuzz.out" 2>&1
	fz_rc=$?
	while IFS= read -r fz_line; do
		case $fz_line in
		"PASS fuzz: "*) ok "${fz_line#PASS }" ;;
		"FAIL fuzz: "*) bad "${fz_line#FAIL }" ;;
		esac
	done <"$T/fuzz.out"
	if [ "$fz_rc" -ne 0 ] && ! grep -q '^FAIL' "$T/fuzz.out"; then
		bad "fuzz: tests/fuzz/run.sh --build ran to its end" "exit $fz_rc: $(tail -n 2 "$T/fuzz.out" | tr '\n' ' ')"
	fi
	check "fuzz: the stream, job-file and mail targets are among them" \
		sh -c "grep -q '^PASS fuzz: lkpmail ' '$T/fuzz.out' && grep -q '^PASS fuzz: jobfile ' '$T/fuzz.out' &&
			grep -q '^PASS fuzz: stream ' '$T/fuzz.out'"
fi
