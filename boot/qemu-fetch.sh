#!/bin/sh
# Fetch Debian's newer QEMU (bookworm-backports) into the build cache,
# once, without touching the system's apt configuration or installing
# anything: icount with several vCPUs hangs QEMU 7.2 at "Booting SMP
# configuration" (docs/deterministic.md).
# Usage: qemu-fetch.sh DESTDIR
# Leaves DESTDIR/root (the unpacked packages) and DESTDIR/qemu-system-x86_64,
# a wrapper that points the binary at its own firmware directory.
set -eu
# Absolute: the download runs in the temporary directory.
mkdir -p "$(dirname "$1")"
dest=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
suite=${QEMU_SUITE:-bookworm-backports}
if [ -x "$dest/qemu-system-x86_64" ]; then
	exit 0
fi
command -v apt-get >/dev/null 2>&1 || {
	echo "qemu-fetch: no apt-get: build or install a QEMU >= 8 and give QEMU=path" >&2
	exit 1
}
# The mirror the system already uses: the first deb.debian.org-like URI.
mirror=$(sed -n 's/^URIs: *\([^ ]*debian\)\/*$/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n 1)
[ -n "$mirror" ] || mirror=$(sed -n 's/^deb \+\(http[^ ]*debian\)\/* .*/\1/p' /etc/apt/sources.list 2>/dev/null | head -n 1)
[ -n "$mirror" ] || mirror=http://deb.debian.org/debian
tmp="$dest.tmp.$$"
rm -rf "$tmp"
mkdir -p "$tmp/root" "$tmp/lists/partial" "$tmp/cache/partial"
trap 'rm -rf "$tmp"' EXIT
echo "deb $mirror $suite main" >"$tmp/sources.list"
sandbox=
[ "$(id -u)" = 0 ] && sandbox="-o APT::Sandbox::User=root"
apt="apt-get -q $sandbox -o Dir::Etc::SourceList=$tmp/sources.list
	-o Dir::Etc::SourceParts=/dev/null -o Dir::State::Lists=$tmp/lists
	-o Dir::Cache=$tmp/cache -o Debug::NoLocking=1"
echo "  FETCH   qemu-system-x86 from $suite (once)"
$apt update >"$tmp/apt.log" 2>&1 || {
	echo "qemu-fetch: 'apt-get update' of $suite from $mirror failed (see the network): give QEMU=path to a QEMU >= 8" >&2
	exit 1
}
(cd "$tmp" && $apt download qemu-system-x86 qemu-system-common \
	qemu-system-data >>"$tmp/apt.log" 2>&1) || {
	echo "qemu-fetch: 'apt-get download qemu-system-x86' from $suite failed: give QEMU=path to a QEMU >= 8" >&2
	exit 1
}
for deb in "$tmp"/*.deb; do
	dpkg-deb -x "$deb" "$tmp/root"
done
rm -f "$tmp"/*.deb
rm -rf "$tmp/lists" "$tmp/cache" "$tmp/sources.list"
# Its own firmware first, then the system's SeaBIOS (not in these packages).
cat >"$tmp/qemu-system-x86_64" <<'EOF'
#!/bin/sh
here=$(dirname "$0")
exec "$here/root/usr/bin/qemu-system-x86_64" -L "$here/root/usr/share/qemu" \
	-L /usr/share/seabios -L /usr/share/qemu "$@"
EOF
chmod +x "$tmp/qemu-system-x86_64"
"$tmp/qemu-system-x86_64" -version >/dev/null 2>&1 || {
	echo "qemu-fetch: the $suite QEMU does not run on this system (see '$tmp/root/usr/bin/qemu-system-x86_64 -version'): give QEMU=path to a QEMU >= 8" >&2
	exit 1
}
rm -rf "$dest"
mv "$tmp" "$dest"
trap - EXIT
