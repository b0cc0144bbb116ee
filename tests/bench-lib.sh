# Sourced by tests/bench-boot.sh, bench-layer.sh and bench-virtme.sh: one
# job.json field of a run directory, the median of numbers on stdin, and
# the floor's image.
field() {
	sed -n "s/.*\"$2\":\([0-9.e+-]*\).*/\1/p" "$1"/job.json
}
median() {
	sort -n | awk '{ v[NR] = $1 } END { if (!NR) print "-"; else print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# The floor's initramfs, $T/poweroff.cpio: an init that only powers off
# (tests/poweroff.c), so a boot of it is the kernel's and QEMU's own time.
bench_floor_make() {
	musl-gcc -static -O2 -o "$T/poweroff" tests/poweroff.c
	printf 'file /init %s 755 0 0\ndir /dev 755 0 0\nnod /dev/console 600 0 0 c 5 1\n' \
		"$T/poweroff" >"$T/spec"
	"$B/host/mkcpio" -o "$T/poweroff.cpio" "$T/spec"
}
