# Sourced by tests/run.sh: netperf over loopback (issue 22).
#
# Natively first (the very binary of the image): each TCP and UDP test
# for a second with two pairs, whose own check (receiver's bytes against
# the sender's, both ends' transactions) must hold; bad parameters are
# one-line errors. Then three short boots, TCP_STREAM, TCP_RR and
# SCTP_STREAM (the kernel's module loaded by the init), 2 pairs
# on 2 CPUs, over the guest's loopback.
nb=$B/guest/bench

# np_metrics FILE UNIT: the pairs' lines agree with the metrics: each
# pair moved something, sender's and receiver's counts match (TCP) and
# the total is the sum, the mean its half.
np_metrics() {
	awk -v u="$2" '
		/^pair [0-9]+: / { n++; r = $(NF - 1); sum += r
			split($0, a, "sent "); split(a[2], s, " ")
			split($0, b, "received "); split(b[2], v, " ")
			split($0, c, "transactions "); split(c[2], t, "[/:]")
			if (u == "Mbps" && (s[1] <= 0 || v[1] <= 0)) bad = 1
			if (u == "tps" && (t[1] <= 0 || t[1] != t[2])) bad = 1 }
		$1 == "metric" && $2 == "netperf.Throughput_" u { avg = $3 }
		$1 == "metric" && $2 == "netperf.Throughput_total_" u { tot = $3 }
		$1 == "metric" && $2 == "netperf.workload" { wl = $3 }
		END { d = tot - sum; if (d < 0) d = -d
			exit !(n == 2 && !bad && tot > 0 && wl > 0 && d < 0.01 * n &&
				avg * n - tot < 0.01 && tot - avg * n < 0.01) }' "$1"
}

for t in TCP_STREAM TCP_MAERTS TCP_RR TCP_CRR UDP_STREAM UDP_RR; do
	case $t in *STREAM | *MAERTS) u=Mbps ;; *) u=tps ;; esac
	"$nb/netperf" --netperf_test=$t --nr_threads=2 --runtime=1 >"$T/np.out" 2>"$T/np.err"
	rc=$?
	if [ "$rc" -eq 0 ] && np_metrics "$T/np.out" $u && [ ! -s "$T/np.err" ]; then
		ok "netperf: $t natively, 2 pairs: counts agree, $(grep "Throughput_total_$u" "$T/np.out" | cut -d' ' -f2-)"
	else
		bad "netperf: $t natively, 2 pairs" "exit $rc: $(head -c 300 "$T/np.err") $(tail -n 3 "$T/np.out")"
	fi
done
# TCP sends what the receiver takes: a stream's counts must be equal.
"$nb/netperf" --netperf_test=TCP_STREAM --send_size=1000 --runtime=1 >"$T/np.out" 2>&1
check "netperf: TCP_STREAM with send_size=1000: the receiver took every byte sent" \
	awk '/^pair 0: / { split($0, a, "sent "); split(a[2], s, " ")
		split($0, b, "received "); split(b[2], v, " "); ok = s[1] > 0 && s[1] == v[1] }
		/^netperf TCP_STREAM .* 1000-byte sends/ { m = 1 }
		END { exit !(ok && m) }' "$T/np.out"

np_bad() {
	name=$1 pattern=$2
	shift 2
	"$@" >"$T/np.out" 2>"$T/np.err"
	rc=$?
	if [ "$rc" -eq 2 ] && grep -q -- "$pattern" "$T/np.err" &&
		[ "$(wc -l <"$T/np.err")" -eq 1 ] && ! grep -q '^metric' "$T/np.out"; then
		ok "netperf: $name -> exit $rc, '$(cat "$T/np.err")'"
	else
		bad "netperf: $name" "exit $rc, stderr: $(head -c 300 "$T/np.err")"
	fi
}
np_bad "an unknown test is refused" "bad value 'TCP_BOGUS' for netperf_test" \
	"$nb/netperf" --netperf_test=TCP_BOGUS
np_bad "a send size for a request/response test is refused" "send_size is a _STREAM or _MAERTS test's" \
	"$nb/netperf" --netperf_test=TCP_RR --send_size=64
np_bad "a datagram larger than UDP carries is refused" "give at most 65507" \
	"$nb/netperf" --netperf_test=UDP_STREAM --send_size=70000
# Where the kernel has no SCTP the run says so and names the fix.
if "$nb/netperf" --netperf_test=SCTP_RR --runtime=1 >"$T/np.out" 2>"$T/np.err"; then
	check "netperf: SCTP_RR natively: transactions measured" np_metrics "$T/np.out" tps
else
	np_bad "SCTP on a kernel without it names the fix" "boot a kernel with CONFIG_IP_SCTP" \
		"$nb/netperf" --netperf_test=SCTP_RR --runtime=1
fi
expect_bad "make run: NETPERF_TEST=bogus is refused before the boot" 2 "NETPERF_TEST=bogus is not valid" \
	"$tool" run --kernel "$KDEF" --initrd "$img" --test netperf --param netperf_test=bogus --results "$T/npres"

# np_boot NAME UNIT ARGS...: one short boot, 2 pairs on 2 CPUs.
np_boot() {
	nn=$1 u=$2
	shift 2
	make -s run O="$O" RESULTS="$T/npres-$nn" TEST=netperf NR_THREADS=2 SMP=2 MEM=512 \
		RUNTIME=2 "$@" >"$T/$nn.out" 2>"$T/$nn.err"
	check "netperf: boot ($nn): 2 pairs ran" test $? -eq 0
	ndir=$(ls -d "$T/npres-$nn"/*/*/*/0 2>/dev/null | head -n 1)
	sed -n 's/.*"kind":"output","msg":"\([^"]*\)".*/\1/p' "$ndir/samples.jsonl" >"$T/$nn.log" 2>/dev/null
	# The metrics as the guest reported them, beside the pairs' lines.
	for m in Throughput_$u Throughput_total_$u workload; do
		echo "metric netperf.$m $("$j" "$ndir/stats.json" netperf.$m 2>/dev/null || echo 0)"
	done >>"$T/$nn.log"
	check "netperf: boot ($nn): the pairs' own counts agree and make the metrics" np_metrics "$T/$nn.log" $u
	check "netperf: boot ($nn): Throughput_$u, Throughput_total_$u and workload in stats.json, > 0" \
		awk "BEGIN { exit !($("$j" "$ndir/stats.json" netperf.Throughput_$u 2>/dev/null || echo 0) > 0 &&
			$("$j" "$ndir/stats.json" netperf.Throughput_total_$u 2>/dev/null || echo 0) > 0 &&
			$("$j" "$ndir/stats.json" netperf.workload 2>/dev/null || echo 0) > 0) }"
}
np_boot stream Mbps NETPERF_TEST=TCP_STREAM
np_boot rr tps NETPERF_TEST=TCP_RR
# SCTP with Debian's modular kernel: the image carries sctp and the init
# loads it (initramfs/modules-sctp.list); LKP's SCTP jobs send 10K.
np_sctp=0
find "$(dirname "$KDEF")" -name 'sctp.ko*' 2>/dev/null | grep -q . && np_sctp=1
for np_c in "$(dirname "$KDEF")/../../../.config" "$(dirname "$KDEF")"/root/boot/config-*; do
	[ -f "$np_c" ] && grep -q '^CONFIG_IP_SCTP=y' "$np_c" && np_sctp=1
done
if [ "$np_sctp" = 1 ]; then
	np_boot sctp Mbps NETPERF_TEST=SCTP_STREAM SEND_SIZE=10240
else
	skip "netperf: boot (sctp)" "kernel $KDEF has no SCTP, neither module nor built in"
fi
