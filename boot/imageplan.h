/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_IMAGEPLAN_H
#define BOOTBENCH_IMAGEPLAN_H

struct run_opts;

typedef int (*image_item_fn)(const char *name, const char *why, void *ctx);

int image_layers_each(const struct run_opts *o, image_item_fn fn, void *ctx);
int image_modsets_each(const struct run_opts *o, image_item_fn fn, void *ctx);
int image_plan_print(const struct run_opts *o);

#endif
