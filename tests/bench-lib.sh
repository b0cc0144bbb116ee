# Sourced by tests/bench-boot.sh and tests/bench-layer.sh: one job.json
# field of a run directory, and the median of numbers on stdin.
field() {
	sed -n "s/.*\"$2\":\([0-9.e+-]*\).*/\1/p" "$1"/job.json
}
median() {
	sort -n | awk '{ v[NR] = $1 } END { if (!NR) print "-"; else print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
