/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_TREE_H
#define BOOTBENCH_TREE_H

#include <stddef.h>

/*
 * A file of bootbench's own tree (boot/machines, initramfs/image.sh),
 * found beside the running tool, as the scripts find theirs beside
 * themselves ($(dirname "$0")): the nearest directory above the binary
 * (/proc/self/exe) that holds boot/machines/, which is the checkout for
 * an O inside it (make's out/). A tool elsewhere (O outside the tree, a
 * copy) takes @rel relative to the working directory, as before.
 * @out gets the path; 0, or -ENAMETOOLONG.
 */
int tree_path(const char *rel, char *out, size_t size);

#endif
