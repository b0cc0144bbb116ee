#!/bin/sh
# The two kernels of a comparison built from a source (make reproduce
# KSRC=, make ab KSRC=): the job's image plan first, since a job on a
# disk (its plan's module set "disk", which an fs2 job has too) needs
# the drivers and filesystems built in (a kernel without them fails at
# its first boot), then kconfigs/ksrc.sh's base and new.
# Usage: ksrc-pair.sh BOOTBENCH RUN-OPTION... (the job, as
#   bootbench run --image-plan takes it)
#   env: B KSRC PATCH KBASE KFRAGS BASE_REF NEW_REF
# Prints "base <image>" and "new <image>"; errors as ksrc.sh's.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tool=$1
shift
plan=$("$tool" run --image-plan "$@") || exit $?
frags=$KFRAGS
if printf '%s\n' "$plan" | grep -qx 'modules disk'; then
	case " $frags " in
	*" kconfigs/disk.config "*) ;;
	*)
		echo "bootbench: the job has a disk: the kernels get kconfigs/disk.config too" >&2
		frags="$frags kconfigs/disk.config"
		;;
	esac
fi
# shellcheck disable=SC2086 # the fragments are a word list
BASE_REF=${BASE_REF:-} NEW_REF=${NEW_REF:-} exec "$here/ksrc.sh" "$B" "$KSRC" "${PATCH:-}" "$KBASE" $frags
