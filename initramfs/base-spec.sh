#!/bin/sh
# Print the mkcpio list of the base image: everything but modules.
# Usage: base-spec.sh INIT BENCHDIR BUSYBOX APPLETS_LIST TEST...
set -eu
init=$1 benchdir=$2 busybox=$3 applets=$4
shift 4
# root's passwd and group lines: AIM9's misc_rtns_1 looks root up.
etc=$(cd "$(dirname "$0")/etc" && pwd)
cat <<END
dir /bin 755 0 0
dir /bench 755 0 0
dir /dev 755 0 0
dir /lib 755 0 0
dir /lib/modules 755 0 0
dir /proc 755 0 0
dir /sys 755 0 0
dir /tmp 1777 0 0
dir /root 700 0 0
dir /etc 755 0 0
file /etc/passwd $etc/passwd 644 0 0
file /etc/group $etc/group 644 0 0
nod /dev/console 600 0 0 c 5 1
nod /dev/null 666 0 0 c 1 3
file /init $init 755 0 0
file /bin/busybox $busybox 755 0 0
END
grep -v '^#' "$applets" | while read -r a; do
	[ -n "$a" ] && echo "slink /bin/$a busybox 777 0 0"
done
for t in "$@"; do
	echo "file /bench/$t $benchdir/$t 755 0 0"
done
# UnixBench's shell tests find their scripts beside them.
if [ -d "$benchdir/shell" ]; then
	echo "dir /bench/shell 755 0 0"
	for f in "$benchdir"/shell/*; do
		echo "file /bench/shell/${f##*/} $f 755 0 0"
	done
fi
