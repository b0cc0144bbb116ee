#!/bin/sh
# UnixBench's shell workload, our own script: start $1 copies of tst.sh
# at once on the sort input in the current directory, and wait for all.
# Unlike the original, a copy that fails fails the loop.
here=$(dirname "$0")
pids=
i=0
while [ "$i" -lt "$1" ]; do
	/bin/sh "$here/tst.sh" sort.src &
	pids="$pids $!"
	i=$((i + 1))
done
rc=0
for p in $pids; do
	wait "$p" || rc=1
done
exit $rc
