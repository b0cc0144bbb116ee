# Sourced by tests/registry.sh, in its copy of the tree $rg: storage and
# the init's keys are rows too (docs/architecture.md, "Where to change
# what"). Each addition edits at most two files of the copy, and works:
# - FS=ext2: one STORAGE_FS row in proto/storage.def;
# - FS2=rgloop, a second filesystem with a server of its own: a
#   STORAGE_FS2 and a STORAGE_SERVER row, and init/rgloop.c (its start,
#   what its mount is, its stop): a tmpfs mounted over the disk's;
# - rg_init_key, a job key the init takes for any test: its JOBKEY row
#   in proto/jobkeys.def and its row in proto/initkeys.def.
# The first two boot (TEST=boot on a RAM disk); the key is checked on
# the host and by the init's own job parser built natively.
rs_files() { # the files the copy changed or added against the tree
	(cd "$rg" && for f in $(git -C "$top" ls-files) init/rgloop.c; do
		[ -e "$f" ] || continue
		[ -e "$top/$f" ] && cmp -s "$f" "$top/$f" && continue
		echo "$f"
	done) | grep -v '^benchmarks/dummy\.' | LC_ALL=C sort | tr '\n' ' '
}
sed -i -e '/^#define STORAGE_FS(X)/a\	X(ext2, "e2fsprogs", "/usr/sbin/mke2fs", "-t ext2 -q -F", NULL, "ext4") \\' \
	-e 's/^#define STORAGE_FS2(X) /&X(rgloop, rgloop) /' \
	-e '/^#define STORAGE_SERVER(X)/a\	X(rgloop, "tmpfs", "rgloopd", "xfsprogs", "/usr/sbin/mkfs.xfs", nfs, "tmpfs", "rgloop:", "mode=0777", "", "a tmpfs of the registry test", "client") \\' \
	"$rg/proto/storage.def"
cat >"$rg/init/rgloop.c" <<'END'
// SPDX-License-Identifier: GPL-2.0
/* The registry test's fs2 server: its layer's tool, and a tmpfs. */
#include <stdio.h>

#include "init.h"

int fs2_rgloop_serve(const struct job *job, char *why, size_t size)
{
	return fs2_tool_have(job, "/usr/sbin/mkfs.xfs", why, size);
}

void fs2_rgloop_said(char *buf, size_t size)
{
	snprintf(buf, size, "tmpfs");
}

void fs2_rgloop_stop(void)
{
}
END
rs_changed=$(rs_files)
check "registry: FS=ext2 and FS2=rgloop are two files of the copy ($rs_changed)" \
	test "$rs_changed" = "init/rgloop.c proto/storage.def "
(cd "$rg" && make -s -j2 O=out out/build/host/bootbench out/build/host/mklayer) >"$T/rs-host.log" 2>&1
rs_plan=$("$rg_bb" run --kernel x --initrd x --test boot --param disk=1BRD_64M --param fs=ext2 --param fs2=rgloop --image-plan 2>&1 | tr '\n' ' ')
check "registry: the copy plans FS=ext2's and FS2=rgloop's layers and the server's module set ($rs_plan)" \
	sh -c "echo '$rs_plan' | grep -q 'layer fs-ext2 layer fs2-rgloop modules disk modules nfs' &&
		'$rg/out/build/host/mklayer' --rows | grep -q '^fs-ext2	e2fsprogs	/usr/sbin/mke2fs$' &&
		'$rg/out/build/host/mklayer' --rows | grep -q '^fs2-rgloop	xfsprogs	/usr/sbin/mkfs.xfs$'"
if [ ! -f "$KDEF" ]; then
	skip "registry: a boot of the copy on FS=ext2 with FS2=rgloop" "no kernel at $KDEF: make kernel-default"
else
	rs_res=$T/rs-res
	case $KDEF in /*) rs_k=$KDEF ;; *) rs_k=$top/$KDEF ;; esac
	(cd "$rg" && make -s run O=out KERNEL="$rs_k" RESULTS="$rs_res" SMP=2 MEM=1024 Q=1 \
		TEST=boot DISK=1BRD_64M FS=ext2 FS2=rgloop) >"$T/rs-boot.log" 2>&1
	rs_rc=$?
	rs_run=$(ls -d "$rs_res"/*/*/*/0 2>/dev/null | head -n 1)
	check "registry: the copy boots TEST=boot on a RAM disk with FS=ext2 under FS2=rgloop: exit $rs_rc, the init made ext2 and mounted the server's, job.json says it$( [ "$rs_rc" = 0 ] || printf ' (%s)' "$(grep -m1 'bootbench' "$T/rs-boot.log" | cut -c1-200)")" \
		sh -c "test $rs_rc -eq 0 &&
			grep -q 'disk: ext2 on /dev/ram0, mounted on /fs/ram0' '$rs_run/console.log' &&
			grep -q 'disk: rgloop served by rgloopd, mounted with tmpfs on /rgloop/ram0' '$rs_run/console.log' &&
			grep -q '\"fs2_mount\":\"a tmpfs of the registry test\"' '$rs_run/job.json'"
fi

# A job key the init owns, for every test: two rows.
echo 'JOBKEY("rg_init_key", UINT, 0, 9, "the registry test'"'"'s key of the init", NULL)' >>"$rg/proto/jobkeys.def"
sed -i '/^#define JOB_INIT_KEYS(X)/a\	X(rg_init_key, UINT, 0) \\' "$rg/proto/initkeys.def"
rs_changed=$(rs_files)
check "registry: rg_init_key is two more files of the copy ($rs_changed)" \
	test "$rs_changed" = "init/rgloop.c proto/initkeys.def proto/jobkeys.def proto/storage.def "
(cd "$rg" && make -s -j2 O=out out/build/host/bootbench) >>"$T/rs-host.log" 2>&1
check "registry: the copy's host takes rg_init_key=3 for a test that does not name it, and refuses 10" \
	sh -c "'$rg_bb' params | grep -q '^rg_init_key	uint	' &&
		'$rg_bb' run --kernel x --initrd x --test dummy --param rg_init_key=3 --image-plan >/dev/null 2>&1 &&
		! '$rg_bb' run --kernel x --initrd x --test dummy --param rg_init_key=10 --image-plan >/dev/null 2>&1"
cat >"$T/rs-job.c" <<'END'
#include <stdio.h>

#include "init/init.h"

int main(int argc, char **argv)
{
	struct job job;

	if (argc != 2 || job_parse(&job, argv[1]))
		return 1;
	printf("%u %d\n", job.rg_init_key, job.nargs);
	return 0;
}
END
(cd "$rg" && $HOSTCC -Wall -Wextra -Werror -I. -Iout/build -o "$T/rs-job" "$T/rs-job.c" init/job.c) >>"$T/rs-host.log" 2>&1
rs_job=$("$T/rs-job" 'bootbench.test=dummy bootbench.rg_init_key=3' 2>&1)
check "registry: the copy's init keeps rg_init_key=3 in its struct job and hands the benchmark nothing ($rs_job)" \
	test "$rs_job" = "3 0"
