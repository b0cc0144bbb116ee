/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_EXTERNAL_H
#define BOOTBENCH_EXTERNAL_H

#include <stddef.h>

/*
 * Running a Debian benchmark (benchmarks/debian.def) from an adapter:
 * its stdout and stderr, line by line, go to our stdout, where the init
 * keeps them as log records (a line that would pass for one of our
 * protocol lines marked), and to @line when it is not NULL.
 */
typedef void (*external_line_fn)(const char *line, void *ctx);

/*
 * Where the guest's file @path (/usr/bin/fio, /usr/share/dbench/...) is:
 * @path itself, or in @buf under the directory BOOTBENCH_ROOT names
 * when it is set. Natively that is a tree laid out as the guest's root,
 * a layer unpacked (initramfs/layer.sh --root): the very program, data
 * and libraries the guest gets, none installed on the host.
 */
const char *external_path(const char *path, char *buf, size_t size);

/*
 * Run argv[0] (the guest's path) with its arguments in directory @dir,
 * as user and group @uid unless it is -1, feeding @line. Returns its
 * exit status (128 + N for signal N), or -errno when it could not be
 * started. Under BOOTBENCH_ROOT it is the tree's program, started by
 * the tree's own dynamic loader (its PT_INTERP in the tree) with the
 * tree's directories of shared libraries as --library-path: the host's
 * loader would not match the tree's libc, nor the host have its
 * libraries.
 */
int external_run(char *const argv[], const char *dir, long uid,
		 external_line_fn line, void *ctx);

/*
 * external_run() of a program of @tree, a directory of the guest laid
 * out as a root ("/opt/debian/trixie": a layer of another Debian
 * release, initramfs/layer.sh), argv[0] its path inside the tree: always
 * started by the tree's own dynamic loader with the tree's libraries
 * (another release's binary needs its own libc). Natively @tree is
 * under BOOTBENCH_ROOT. NULL or "": external_run().
 */
int external_run_in(const char *tree, char *const argv[], const char *dir,
		    long uid, external_line_fn line, void *ctx);

#endif
