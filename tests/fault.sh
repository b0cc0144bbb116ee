# Area fault (make test): each fault ends in its verdict, nothing lost.
fault() {
	name=$1 code=$2
	shift 2
	start=$(date +%s)
	"$tool" run --kernel "$KDEF" --initrd "${initrd:-$full}" --results "$T/faults" \
		--smp 2 --mem 512 "$@" >"$T/f.out" 2>"$T/f.err"
	rc=$?
	took=$(($(date +%s) - start))
	frun=$(ls -td "$T"/faults/*/*/*/[0-9]* 2>/dev/null | head -n 1)
	if [ "$rc" -eq "$code" ] && [ -n "$frun" ]; then
		ok "fault: $name -> exit $rc in ${took}s ($(tail -n 1 "$T/f.err" | cut -c1-90))"
	else
		bad "fault: $name -> exit $code" "exit $rc after ${took}s: $(tail -n 2 "$T/f.err")"
	fi
}
fault "a segfaulting benchmark fails its iterations, the job goes on" 1 \
	--test fault --param fault=segv --param iterations=2
check "fault: both segfaulted iterations reported with exit code 139 (128+SIGSEGV)" \
	test "$(grep -c '"status":"failed","exit_code":139' "$frun/samples.jsonl")" = 2
check "fault: ... and the stream still ends with done" grep -q '"type":"done"' "$frun/samples.jsonl"
fault "a benchmark exiting 3 fails its iteration" 1 --test fault --param fault=exit
check "fault: exit code 3 recorded" grep -q '"status":"failed","exit_code":3' "$frun/samples.jsonl"
fault "a benchmark past its watchdog is killed, init goes on" 1 \
	--test fault --param fault=hang --param watchdog=2 --param iterations=2
check "fault: both hung iterations are status timeout" \
	test "$(grep -c '"status":"timeout"' "$frun/samples.jsonl")" = 2
fault "an out-of-memory benchmark is killed, PID 1 survives" 1 \
	--test fault --param fault=oom --param iterations=2 --mem 256
check "fault: the OOM kill is counted as dmesg.oom_killer" \
	awk "BEGIN { exit !($("$j" "$frun/stats.json" dmesg.oom_killer) >= 1) }"
check "fault: ... and both iterations were reported" \
	test "$(grep -c '"type":"sample"' "$frun/samples.jsonl")" = 2
fault "a kernel WARNING is counted as dmesg.WARNING" 0 --test fault --param fault=warn
check "fault: dmesg.WARNING in stats.json and matrix.json" \
	sh -c "grep -q '\"dmesg.WARNING\":1' '$frun/stats.json' && grep -q '\"dmesg.WARNING\":\[1\]' '$frun/../matrix.json'"
fault "a panic in the middle of a job ends it at once, earlier samples kept" 3 \
	--test spawn,fault --param fault=panic --param duration=1 --param passes=1
check "fault: the spawn sample before the panic is kept" \
	grep -q '"test":"spawn","iteration":1,"status":"ok"' "$frun/samples.jsonl"
check "fault: job.json holds the panic line" grep -q '"panic":"Kernel panic - not syncing: sysrq triggered crash' "$frun/job.json"
fault "a hung guest (frozen, no heartbeat) is killed after SILENCE" 4 \
	--test fault --param fault=stall --silence 8
check "fault: job.json says timeout" test "$("$j" "$frun/job.json" status)" = timeout
if [ "$builtin" = 0 ]; then
	initrd=$img fault "a modular kernel without its modules: the init says so, exit 5" 5 --test spawn
	check "fault: ... naming the missing virtio console" grep -q "no results port 'bootbench.results'.*CONFIG_VIRTIO_CONSOLE" "$T/f.err"
fi

# Two runs at once on the same results: two numbers, both complete.
for n in 1 2; do
	"$tool" run --kernel "$KDEF" --initrd "$full" --test fault --param fault=warn \
		--results "$T/conc" --smp 1 --mem 256 >/dev/null 2>&1 &
done
wait
cdir=$(ls -d "$T"/conc/fault/*/* 2>/dev/null | head -n 1)
check "concurrency: two runs at once get directories 0 and 1, both complete" \
	sh -c "test \"\$('$j' '$cdir/0/job.json' complete)\$('$j' '$cdir/1/job.json' complete)\" = truetrue"
check "concurrency: the matrix counts both runs" grep -q '"dmesg.WARNING":\[1,1\]' "$cdir/matrix.json"
