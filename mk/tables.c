// SPDX-License-Identifier: GPL-2.0
/*
 * mktables: the lists the Makefile needs from the tables, as a makefile
 * fragment ($(B)/gen/tables.mk, which make includes and remakes by
 * itself), read as the C reads them: the benchmarks (each descriptor's
 * BENCH or TEST row), the job keys (proto/jobkeys.def and the
 * descriptors' JOBKEY rows) and bootbench run's options
 * (boot/options.def). Built first, with the host's compiler alone, so
 * that one run of it replaces a preprocessor run on every make.
 *
 * With --help it prints the rows make help shows (boot/help.sh), tab
 * separated: "opt VARIABLE argument help" for each option with a make
 * variable ("" for a flag's argument), "key name help" for each job key.
 *
 * Usage: mktables [--help]   (on standard output)
 */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

struct opt_row {
	const char *option;
	const char *var; /* "": no make variable */
	const char *arg; /* NULL: a flag */
	const char *help;
};

struct key_row {
	const char *name;
	const char *help;
};

static const char *const tests[] = {
#define BENCH(name, ...) #name,
#define TEST(name, ...) #name,
#include "shared/descs.h"
#undef BENCH
#undef TEST
};

static const struct key_row keys[] = {
#define JOBKEY(name, kind, min, max, help, choices) { name, help },
#include "proto/jobkeys.def"
#undef JOBKEY
};

static const struct opt_row opts[] = {
#define OPT(id, option, var, kind, field, min, max, arg, help) \
	{ option, var, arg, help },
#include "boot/options.def"
#undef OPT
};

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* A job key as its make variable: upper case, '-' as '_'. */
static void var_print(const char *key)
{
	for (; *key; key++)
		putchar(*key == '-' ? '_' : toupper((unsigned char)*key));
}

/* "option:VARIABLE" of the options with a variable, flags or not. */
static void opts_print(const char *name, int flags)
{
	size_t i;

	printf("%s :=", name);
	for (i = 0; i < ARRAY_SIZE(opts); i++)
		if (opts[i].var[0] && (opts[i].arg == NULL) == flags)
			printf(" %s:%s", opts[i].option, opts[i].var);
	putchar('\n');
}

/* The rows of make help, tab separated. */
static void help_print(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(opts); i++)
		if (opts[i].var[0])
			printf("opt\t%s\t%s\t%s\n", opts[i].var,
			       opts[i].arg ? opts[i].arg : "", opts[i].help);
	for (i = 0; i < ARRAY_SIZE(keys); i++)
		printf("key\t%s\t%s\n", keys[i].name, keys[i].help);
}

int main(int argc, char **argv)
{
	size_t i;

	if (argc == 2 && !strcmp(argv[1], "--help")) {
		help_print();
		return ferror(stdout) || fflush(stdout) ? 1 : 0;
	}
	puts("# Written by mk/tables.c from the descriptors, proto/jobkeys.def and boot/options.def.");
	printf("TESTS :=");
	for (i = 0; i < ARRAY_SIZE(tests); i++)
		printf(" %s", tests[i]);
	printf("\nPARAM_VARS :=");
	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		printf(" %s:", keys[i].name);
		var_print(keys[i].name);
	}
	putchar('\n');
	opts_print("RUN_OPT_VARS", 0);
	opts_print("RUN_FLAG_VARS", 1);
	return ferror(stdout) || fflush(stdout) ? 1 : 0;
}
