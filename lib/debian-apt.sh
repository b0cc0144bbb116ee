#!/bin/sh
# Print apt-get's options for a private apt state in directory DIR:
# DIR/sources.list the only source list, its lists, cache and (empty)
# dpkg status there, nothing of the system's apt state read or written,
# no lock taken, and each download retried (a mirror's transient error
# must not fail a build or a test run). Creates the directories.
# Used by initramfs/layer.sh, init/libkmod-build.sh and
# plugin/header-fetch.sh.
# Usage: debian-apt.sh DIR
set -eu
d=$1
mkdir -p "$d/lists/partial" "$d/cache/archives/partial"
[ -f "$d/status" ] || : >"$d/status"
echo "-q -o Acquire::Retries=3 -o Dir::Etc::SourceList=$d/sources.list -o Dir::Etc::SourceParts=/dev/null" \
	"-o Dir::State::Lists=$d/lists -o Dir::Cache=$d/cache -o Dir::State::status=$d/status" \
	"-o Dir::Cache::pkgcache=$d/cache/pkgcache.bin -o Dir::Cache::srcpkgcache=$d/cache/srcpkgcache.bin" \
	"-o Debug::NoLocking=1"
# As root, apt's _apt user may not reach the build directory: stay root.
[ "$(id -u)" != 0 ] || echo "-o APT::Sandbox::User=root"
