# Area replay (make check): captured streams through the parser of the
# host tool (a boot's own stream is replayed by the boot area).
"$tool" replay tests/fuzz/corpus/stream/good "$T/creplay" >"$T/rp.out" 2>"$T/rp.err"
rc=$?
crun=$(ls -d "$T"/creplay/execl/replay/*/0 2>/dev/null)
check "replay: the corpus's good stream replays with exit 0 into <test>/replay/<release>/0" \
	test "$rc" -eq 0 -a -n "$crun"
check "replay: its stats.json holds the sample's headline" \
	test "$("$j" "$crun/stats.json" unixbench.throughput 2>/dev/null)" = 700.5
"$tool" replay tests/fuzz/corpus/stream/hostile "$T/replay" >"$T/rp.out" 2>"$T/rp.err"
rc=$?
check "replay: a hostile stream gives exit 6 and names the first bad line" \
	sh -c "test $rc -eq 6 && grep -q 'line 1: sample record before hello' '$T/rp.err'"
head -c 3000000 /dev/urandom >"$T/noise"
"$tool" replay "$T/noise" "$T/replay" >/dev/null 2>"$T/rp.err"
check "replay: 3 MB of random bytes is an error, not a crash (exit 6)" test $? -eq 6

