#!/bin/sh
# Print the Debian mirror this machine's apt already uses for its own
# release, for a private source list (nothing of the system's apt
# configuration is touched). Used by init/libkmod-build.sh (kmod's
# source) and plugin/header-fetch.sh (qemu's). Exit 1, printing nothing,
# when apt has none for the release.
codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
mirror=$(apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 2>/dev/null |
	awk -v c="$codename" '$2 == c { print $1; exit }')
[ -n "$mirror" ] || exit 1
echo "$mirror"
