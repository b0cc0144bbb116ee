#!/bin/sh
# Check for what bootbench needs from the distribution; as root,
# install what is missing (Debian/Ubuntu), otherwise say exactly what
# to install and stop. Only what the host tool and the builds use: the
# guest's programs come from Debian's archive (initramfs/layer.sh), and
# nothing installed here starts a service.
# Usage: deps.sh [run|test|kernel]
set -eu
what=${1:-run}

# The guest's architecture (ARCH, default this host's): its QEMU, and
# for another architecture Debian's cross compiler (boot/arch.def).
# The Makefile gives the row it read from the tables' fragment
# (ARCH_NAME, ARCH_QEMU, ... and HOST_ARCH), which spares a make run two
# passes of arch.sh; a script that calls this without them gets them
# from arch.sh.
arch_get() {
	printf '%s\n' "$row" | while IFS== read -r k v; do
		[ "$k" != "ARCH_$1" ] || {
			echo "$v"
			break
		}
	done
}
if [ -n "${ARCH_NAME:-}" ] && [ -n "${ARCH_QEMU:-}" ] && [ -n "${HOST_ARCH:-}" ]; then
	row="ARCH_NAME=$ARCH_NAME
ARCH_QEMU=$ARCH_QEMU
ARCH_QEMU_PKG=${ARCH_QEMU_PKG:-}
ARCH_CROSS_GCC=${ARCH_CROSS_GCC:-}
ARCH_CROSS_PKG=${ARCH_CROSS_PKG:-}"
	host=$HOST_ARCH
else
	row=$("$(dirname "$0")/arch.sh" ${ARCH:+"$ARCH"}) || exit 2
	host=$("$(dirname "$0")/arch.sh" | sed -n 's/^ARCH_NAME=//p')
fi
cross=
[ "$(arch_get NAME)" = "$host" ] || cross="$(arch_get CROSS_GCC):$(arch_get CROSS_PKG)"

# command:package pairs
need="gcc:gcc make:make musl-gcc:musl-tools cpio:cpio $cross
$(arch_get QEMU):$(arch_get QEMU_PKG) depmod:kmod modinfo:kmod
autoreconf:autoconf automake:automake libtoolize:libtool
pkg-config:pkg-config xz:xz-utils dpkg-deb:dpkg apt-get:apt"

# tests/arm64.sh (make test) boots an arm64 guest: its QEMU and cross
# compiler, whatever ARCH says.
if [ "$what" = test ] && [ "$host" != arm64 ]; then
	row=$("$(dirname "$0")/arch.sh" arm64)
	need="$need $(arch_get QEMU):$(arch_get QEMU_PKG) $(arch_get CROSS_GCC):$(arch_get CROSS_PKG)"
fi

missing=
for pair in $need; do
	cmd=${pair%%:*}
	pkg=${pair#*:}
	if ! command -v "$cmd" >/dev/null 2>&1 && ! [ -x "/sbin/$cmd" ] && ! [ -x "/usr/sbin/$cmd" ]; then
		case " $missing " in *" $pkg "*) ;; *) missing="$missing $pkg" ;; esac
	fi
done
# The guest's Debian programs (benchmarks/debian.def) are never
# installed here: initramfs/layer.sh downloads and unpacks them.
# The host tool decompresses bzImages (BOOT=pvh): Debian's libraries;
# it keeps the results history (HISTORY=) with libsqlite3 or libpq.
for pair in zlib.h:zlib1g-dev lzma.h:liblzma-dev bzlib.h:libbz2-dev \
	lzo/lzo1x.h:liblzo2-dev lz4.h:liblz4-dev zstd.h:libzstd-dev \
	sqlite3.h:libsqlite3-dev postgresql/libpq-fe.h:libpq-dev; do
	[ -f "/usr/include/${pair%%:*}" ] || missing="$missing ${pair#*:}"
done
# Building a kernel (make kernel, make test-kernel, make reproduce
# KSRC=, make case-study) needs kbuild's tools, and ccache, which keeps
# the objects of every build (kconfigs/ksrc.sh).
if [ "$what" = kernel ]; then
	for pair in flex:flex bison:bison bc:bc perl:perl ccache:ccache; do
		command -v "${pair%%:*}" >/dev/null 2>&1 || missing="$missing ${pair#*:}"
	done
	[ -f /usr/include/libelf.h ] || missing="$missing libelf-dev"
	[ -f /usr/include/openssl/ssl.h ] || missing="$missing libssl-dev"
fi
# make test validates junit.xml (xmllint) and the CI templates (PyYAML),
# and runs a LAVA job (lava-dispatcher).
if [ "$what" = test ]; then
	command -v xmllint >/dev/null 2>&1 || missing="$missing libxml2-utils"
	# tests/pvh.sh makes a payload with every compressor the kernel has.
	for pair in lz4:lz4 zstd:zstd lzop:lzop bzip2:bzip2; do
		command -v "${pair%%:*}" >/dev/null 2>&1 || missing="$missing ${pair#*:}"
	done
	python3 -c 'import yaml' 2>/dev/null || /usr/bin/python3 -c 'import yaml' 2>/dev/null ||
		missing="$missing python3-yaml"
	# tests/lava.sh runs a LAVA job offline with LAVA's own dispatcher.
	command -v lava-run >/dev/null 2>&1 || missing="$missing lava-dispatcher"
	# tests/native.sh and tests/stressng.sh run Debian's benchmarks on
	# the host too, from their layers' files unpacked (BOOTBENCH_ROOT,
	# initramfs/layer.sh --root): nothing to install.
	# tests/c2c.sh builds the plugin for bookworm-backports' QEMU 10,
	# whose qemu-plugin.h includes glib.h (plugin/build.sh).
	[ -f /usr/include/glib-2.0/glib.h ] || missing="$missing libglib2.0-dev"
	command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
	# tests/execl.sh counts the system calls of a loop.
	command -v strace >/dev/null 2>&1 || missing="$missing strace"
	# tests/style.sh: the format and the length of every function.
	command -v clang-format >/dev/null 2>&1 || missing="$missing clang-format"
	command -v ctags >/dev/null 2>&1 || missing="$missing universal-ctags"
fi
# The image needs the static busybox, not the dynamic one (another
# architecture's comes from Debian's archive, unpacked).
if [ -z "$cross" ] && { ! [ -x /bin/busybox ] ||
	LC_ALL=C readelf -l /bin/busybox 2>/dev/null | grep -q 'program interpreter'; }; then
	missing="$missing busybox-static"
fi
[ -z "$missing" ] && exit 0

cmd="apt-get install -y --no-install-recommends$missing"
if [ "$(id -u)" != 0 ]; then
	echo "bootbench: missing packages:$missing; install them as root: $cmd" >&2
	exit 2
fi
command -v apt-get >/dev/null 2>&1 || {
	echo "bootbench: missing packages:$missing, and no apt-get to install them with" >&2
	exit 2
}
echo "  INSTALL$missing (for 'make $what')" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2 || true
apt-get install -y -qq --no-install-recommends $missing >&2 || {
	echo "bootbench: '$cmd' failed: see the messages above" >&2
	exit 2
}
