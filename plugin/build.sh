#!/bin/sh
# Build the profile plugin (plugin/bbprof.c, with C2C=1's plugin/c2c.c) for the QEMU that will load
# it, against that QEMU's own qemu-plugin.h (plugin/header-fetch.sh).
# Usage: build.sh QEMU BUILDDIR  -> prints the plugin's path
# Exit 2 with one line when this QEMU cannot load plugins.
set -eu
qemu=$1
b=$(mkdir -p "$2" && cd "$2" && pwd)
here=$(cd "$(dirname "$0")/.." && pwd)
if ! "$qemu" -help 2>/dev/null | grep -q '^-plugin'; then
	echo "bootbench: $qemu has no TCG plugin support (no -plugin in its -help): give QEMU= a QEMU built with --enable-plugins (Debian's 7.2 and bookworm-backports' 10.0 are: make qemu-backports)" >&2
	exit 2
fi
hdr=$("$here/plugin/header-fetch.sh" "$b" "$qemu")
dir=$(dirname "$hdr")
so="$dir/bbprof.so"
stale=
for f in plugin/bbprof.c plugin/c2c.c plugin/c2c.h plugin/capfile.h proto/profile.h; do
	[ "$here/$f" -nt "$so" ] && stale=1
done
if [ ! -f "$so" ] || [ -n "$stale" ]; then
	glib=
	if grep -q '#include <glib.h>' "$hdr"; then
		glib=$(pkg-config --cflags glib-2.0 2>/dev/null) || {
			echo "bootbench: the plugin header of $("$qemu" -version | head -n 1) includes glib.h: apt-get install libglib2.0-dev" >&2
			exit 2
		}
	fi
	echo "  PLUGIN  $so" >&2
	${HOSTCC:-gcc} -shared -fPIC -O2 -Wall -Wextra -Werror -I"$dir" -I"$here" $glib \
		-o "$so.tmp.$$" "$here/plugin/bbprof.c" "$here/plugin/c2c.c" -lpthread
	# Two runs at once may both build it: each its own file, renamed whole.
	mv "$so.tmp.$$" "$so"
fi
echo "$so"
