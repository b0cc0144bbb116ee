#!/bin/sh
# Stage the modules the appliance needs from a kernel's module tree and
# index them with depmod; print the mkcpio list of the staged tree.
# Usage: modules.sh RELEASE MODDIR STAGE LIST
# MODDIR is the /lib/modules/<release> directory of that kernel.
set -eu
rel=$1 moddir=$2 stage=$3 list=$4
dest=$stage/lib/modules/$rel
rm -rf "$stage"
mkdir -p "$dest"
index=$stage/.index
find "$moddir/" -name '*.ko' -o -name '*.ko.xz' -o -name '*.ko.zst' -o -name '*.ko.gz' |
	sort >"$index"

mod_file() {
	n=$(echo "$1" | tr - _)
	d=$(echo "$1" | tr _ -)
	grep -E "/($n|$d)\.ko(\.xz|\.zst|\.gz)?\$" "$index" | head -n 1
}

# Our libkmod is built without decompressors: store modules plain.
mod_copy() {
	src=$1
	rel_path=${src#"$moddir"/}
	out=$dest/${rel_path%.xz}
	out=${out%.zst}
	out=${out%.gz}
	[ -f "$out" ] && return 1
	mkdir -p "$(dirname "$out")"
	case $src in
	*.xz) xz -dc "$src" >"$out" ;;
	*.zst) zstd -qdc "$src" >"$out" ;;
	*.gz) gzip -dc "$src" >"$out" ;;
	*) cp "$src" "$out" ;;
	esac
	echo "$out"
}

todo=$(grep -v '^#' "$list")
while [ -n "$todo" ]; do
	next=
	for m in $todo; do
		f=$(mod_file "$m")
		if [ -z "$f" ]; then
			# Built in, or absent: nothing to load.
			continue
		fi
		out=$(mod_copy "$f") || continue
		deps=$(modinfo -F depends "$out" | tr , ' ')
		next="$next $deps"
	done
	todo=$next
done
for f in modules.builtin modules.builtin.modinfo modules.order; do
	[ -f "$moddir/$f" ] && cp "$moddir/$f" "$dest/"
done
rm -f "$index"
depmod -b "$stage" "$rel"
# depmod's order; libkmod never reads it, and each image's byte is
# unpacked by the kernel at every boot (160 kB of Debian's).
rm -f "$dest/modules.order"

(cd "$stage" && find lib -mindepth 1 | sort) | while read -r p; do
	if [ -d "$stage/$p" ]; then
		echo "dir /$p 755 0 0"
	else
		echo "file /$p $stage/$p 644 0 0"
	fi
done
