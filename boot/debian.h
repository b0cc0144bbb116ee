/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_DEBIAN_H
#define BOOTBENCH_DEBIAN_H

#include <stddef.h>

struct run_opts;

int debian_packages_read(const char *initrd, char *buf, size_t size);
int debian_layers_check(const struct run_opts *o);
int debian_layer_known(const char *name);

#endif
