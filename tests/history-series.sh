#!/bin/sh
# The real series of docs/history.md: Debian 12's linux-image-6.1.0-N
# kernels (those the archive still holds), each run once under
# TIMING=deterministic, in release order, with a change planted from
# one kernel on: the kernel command line's audit=1, which lengthens
# every system call's path (docs/deterministic.md). Each run goes into
# the history (make run HISTORY=), then `make history` draws the page.
# Usage: tests/history-series.sh FIRST LAST PLANT [make run VARIABLE=value...]
#   FIRST..LAST: the ABI numbers (47 57), PLANT: the first one with audit=1
# Environment: O (default out), HISTORY (default O/series/history.db).
set -eu
first=$1 last=$2 plant=$3
shift 3
O=${O:-out}
db=${HISTORY:-$O/series/history.db}
dir=$O/kernel/series
mkdir -p "$dir"
n=$first
while [ "$n" -le "$last" ]; do
	rel=6.1.0-$n-amd64
	if ! [ -f "$dir/$rel/root/boot/vmlinuz-$rel" ]; then
		echo "  FETCH   linux-image-$rel"
		rm -rf "$dir/$rel.tmp"
		mkdir -p "$dir/$rel.tmp/root"
		(cd "$dir/$rel.tmp" && apt-get download -q "linux-image-$rel" >/dev/null) || {
			echo "history-series: 'apt-get download linux-image-$rel' failed: run 'apt-get update' as root, or give another range" >&2
			exit 1
		}
		dpkg-deb -x "$dir/$rel.tmp"/*.deb "$dir/$rel.tmp/root"
		rm -f "$dir/$rel.tmp"/*.deb
		rm -rf "$dir/$rel"
		mv "$dir/$rel.tmp" "$dir/$rel"
	fi
	extra=
	[ "$n" -lt "$plant" ] || extra=audit=1
	make -s --no-print-directory run O="$O" HISTORY="$db" KERNEL="$dir/$rel/root/boot/vmlinuz-$rel" \
		CMDLINE="$extra" "$@" || exit $?
	n=$((n + 1))
done
