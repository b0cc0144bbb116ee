# Sourced by tests/run.sh: a job of jobs/ as a LAVA job (make lava-job),
# run with no server and no network by Debian's lava-run against our
# qemu device (boot/lava-qemu-device.yaml), LAVA's results converted
# back into a run directory (boot/lava-results.py) that compare takes.
lava_img=$(initramfs/image.sh "$tool" "$B/host/mkcpio" "$img" "$B" "$KDEF")
lava_dir="$T/lava out"
"$tool" run --job jobs/aim9-shared-memory-i3-3220.job --quick --fit --kernel "$KDEF" --initrd "$lava_img" \
	--lava "$lava_dir" >"$T/lava.out" 2>"$T/lava.err"
lava_rc=$?
lava_job=$(ls "$lava_dir"/aim9-*.yaml 2>/dev/null | head -n 1)
check "lava: make lava-job writes a LAVA job for jobs/aim9-shared-memory-i3-3220.job with make run's QEMU arguments" \
	sh -c "test $lava_rc -eq 0 && test -n '$lava_job' &&
		grep -q 'image_arg: \"-kernel .* -append .*bootbench.test=aim9 .*bootbench.console_results=lava.* -smp cpus=2,sockets=1,cores=1,threads=2 -m 2048M .*name=bootbench.results\"' '$lava_job' &&
		grep -q 'bootbench.release: \"$("$tool" release "$KDEF")\"' '$lava_job'"

if ! command -v lava-run >/dev/null 2>&1; then
	bad "lava: lava-run runs the job" "no lava-run: apt-get install -y lava-dispatcher (boot/deps.sh test)"
else
	lava-run --job-id 1 --output-dir "$T/lava run" --device boot/lava-qemu-device.yaml --validate \
		"$lava_job" >"$T/lava-validate.log" 2>&1
	lava_rc=$?
	check "lava: LAVA's validator accepts the job" test "$lava_rc" -eq 0
	start=$(date +%s)
	lava-run --job-id 2 --output-dir "$T/lava run" --device boot/lava-qemu-device.yaml \
		"$lava_job" >"$T/lava-run.out" 2>"$T/lava-run.log"
	lava_rc=$?
	took=$(($(date +%s) - start))
	# LAVA's log holds each metric as a test case with its measurement.
	lava_case=$(grep '"lvl": "results"' "$T/lava-run.log" |
		grep -m 1 '"test_case_id": "aim9/1/aim9.shared_memory.ops_per_sec"')
	lava_value=$(echo "$lava_case" | sed -n 's/.*"measurement": "\([0-9.e+-]*\)".*/\1/p')
	if [ "$lava_rc" -eq 0 ] && [ -n "$lava_value" ] && grep -q '"definition": "bootbench"' "$T/lava-run.log" &&
		echo "$lava_case" | grep -q '"result": "pass".*"units": "ops/s"' &&
		grep -q '"case": "job", "definition": "lava", "result": "pass"' "$T/lava-run.log"; then
		ok "lava: lava-run boots it in ${took}s; LAVA's results hold aim9.shared_memory.ops_per_sec = $lava_value ops/s"
	else
		bad "lava: lava-run boots it; LAVA's results hold the metric" \
			"exit $lava_rc after ${took}s: $(grep '"lvl": "error"' "$T/lava-run.log" | tail -n 1)"
	fi

	python3 boot/lava-results.py --bootbench "$tool" --results "$T/lava results" "$lava_job" \
		"$T/lava-run.log" >"$T/lava-conv.out" 2>"$T/lava-conv.err"
	lava_rc=$?
	lava_run=$(ls -d "$T/lava results"/aim9/i3-3220-fit-*/*/0 2>/dev/null | head -n 1)
	check "lava: the results come back as a run directory holding LAVA's measurement, status ok" \
		sh -c "test $lava_rc -eq 0 && test -n '$lava_run' &&
			test \"\$('$j' '$lava_run/job.json' status)\" = ok &&
			awk -v a=\"\$('$j' '$lava_run/stats.json' aim9.shared_memory.ops_per_sec)\" -v b='$lava_value' 'BEGIN { exit !(a == b) }'"
	# A server's log as lavacli jobs logs --raw prints it: "- " entries.
	sed 's/^/- /' "$T/lava-run.log" >"$T/lava-raw.log"
	python3 boot/lava-results.py --bootbench "$tool" --results "$T/lava results" "$lava_job" \
		"$T/lava-raw.log" >/dev/null 2>&1
	lava_rc=$?
	lava_run1=$(ls -d "$T/lava results"/aim9/i3-3220-fit-*/*/1 2>/dev/null | head -n 1)
	check "lava: a server's raw job log converts too, as run 1 beside run 0" \
		sh -c "test $lava_rc -eq 0 && test -n '$lava_run1' &&
			awk -v a=\"\$('$j' '$lava_run1/stats.json' aim9.shared_memory.ops_per_sec)\" -v b='$lava_value' 'BEGIN { exit !(a == b) }'"
	# Two equal runs a side cannot decide (exit 3): any verdict is acceptance.
	"$B/host/bootbench-compare" "$(dirname "$lava_run")" "$(dirname "$lava_run")" >"$T/lava-cmp.out" 2>&1
	lava_rc=$?
	check "lava: bootbench-compare accepts the converted run directory" \
		sh -c "{ test $lava_rc -le 1 || test $lava_rc -eq 3; } && grep -q 'aim9.shared_memory.ops_per_sec' '$T/lava-cmp.out'"

	# A kernel that panics is LAVA's job failure, and the converter's exit 3.
	"$tool" run --kernel "$KDEF" --initrd "$lava_img" --test boot --smp 1 --mem 256 \
		--cmdline rdinit=/nonexistent --lava "$lava_dir" >/dev/null 2>&1
	lava-run --job-id 3 --output-dir "$T/lava run" --device boot/lava-qemu-device.yaml \
		"$lava_dir"/boot-smp1-256M-cmdline=rdinit=_nonexistent.yaml >/dev/null 2>"$T/lava-panic.log"
	lava_rc=$?
	python3 boot/lava-results.py --bootbench "$tool" --results "$T/lava panic" \
		"$lava_dir"/boot-smp1-256M-cmdline=rdinit=_nonexistent.yaml "$T/lava-panic.log" >/dev/null 2>"$T/lava-panic.err"
	conv_rc=$?
	check "lava: a kernel panic fails the LAVA job (a Job error naming the panic) and converts to exit 3, no run directory" \
		sh -c "test $lava_rc -ne 0 && test $conv_rc -eq 3 && test ! -e '$T/lava panic' &&
			grep -q 'the job failed: Job error: .*Kernel panic - not syncing' '$T/lava-panic.err'"
fi

expect_bad "lava: a LAVA_URL that is not a URL" 2 "LAVA_URL=files/bb is not a URL" \
	"$tool" run --kernel "$KDEF" --initrd "$lava_img" --test boot --lava "$lava_dir" --lava-url files/bb
lava_url_job="$T/lava url.job"
printf 'test = boot\nsmp = 1\nlava_url = https://files.example.org/bb/\n' >"$lava_url_job"
"$tool" run --job "$lava_url_job" --kernel "$KDEF" --initrd "$lava_img" --lava "$lava_dir" >/dev/null 2>&1
lava_rc=$?
check "lava: a job file's lava_url is where LAVA fetches the kernel and the initramfs" \
	sh -c "test $lava_rc -eq 0 && grep -q 'url: \"https://files.example.org/bb/initramfs.cpio\"' '$lava_dir'/boot-smp1-*.yaml &&
		grep -q 'url: \"https://files.example.org/bb/$(basename "$KDEF")\"' '$lava_dir'/boot-smp1-*.yaml"
expect_bad "lava: a LAVA log without test cases" 2 "holds no LAVA test cases" \
	python3 boot/lava-results.py --bootbench "$tool" --results "$T/lava none" "$lava_job" Makefile
expect_bad "lava: a job definition without bootbench metadata" 2 "has no bootbench.\* metadata" \
	python3 boot/lava-results.py --bootbench "$tool" --results "$T/lava none" boot/lava-qemu-device.yaml Makefile
expect_bad "lava: a job definition that is not YAML" 2 "Makefile is not YAML" \
	python3 boot/lava-results.py --bootbench "$tool" --results "$T/lava none" Makefile Makefile
