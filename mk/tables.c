// SPDX-License-Identifier: GPL-2.0
/*
 * mktables: the lists the Makefile needs from the tables, as a makefile
 * fragment ($(B)/gen/tables.mk, which make includes and remakes by
 * itself), read as the C reads them: the benchmarks (each descriptor's
 * BENCH or TEST row), the job keys (proto/jobkeys.def and the
 * descriptors' JOBKEY rows) and bootbench run's options
 * (boot/options.def), and the guest architectures' rows (boot/arch.def)
 * as nolibc's Makefile keeps them, ARCH_QEMU_arm64 := ... Built first,
 * with the host's compiler alone, so that one run of it replaces a
 * preprocessor or a shell and awk run on every make.
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

/* boot/arch.def's columns, in its order, as make names them. */
#define ARCH_FIELDS                                                      \
	"UNAME", "KARCH", "QEMU", "QEMU_PKG", "MACHINE", "FIRMWARE",     \
		"CONSOLE", "CMDLINE", "IMAGE", "KERNEL_PKG", "DEB_ARCH", \
		"TRIPLET", "CROSS_GCC", "CROSS_PKG", "CPU", "CPU_SMT",   \
		"KCIDB", "LAVA", "CLUSTERS"

static const char *const arch_fields[] = { ARCH_FIELDS };

struct arch_row {
	const char *id;
	const char *col[ARRAY_SIZE(arch_fields)];
};

static const struct arch_row archs[] = {
#define ARCH(id, ...) { #id, { __VA_ARGS__ } },
#include "boot/arch.def"
#undef ARCH
};

/* The columns that are other names of a row: uname, kernel ARCH, Debian's. */
static const size_t arch_alias_cols[] = { 0, 1, 10 };

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

/* A value as make reads it literally after ":=": $ doubled, # escaped. */
static void make_value_print(const char *v)
{
	for (; *v; v++) {
		if (*v == '$' || *v == '#')
			putchar(*v == '$' ? '$' : '\\');
		putchar(*v);
	}
}

/*
 * ARCHS, each row's ARCH_<FIELD>_<id>, and ARCH_ALIAS_<name> := id for
 * the names the C takes for a row besides its id (arch_find(): uname
 * -m, Debian's architecture, the kernel's ARCH).
 */
static void archs_print(void)
{
	size_t i, f;

	printf("ARCHS :=");
	for (i = 0; i < ARRAY_SIZE(archs); i++)
		printf(" %s", archs[i].id);
	printf("\nARCH_FIELDS :=");
	for (f = 0; f < ARRAY_SIZE(arch_fields); f++)
		printf(" %s", arch_fields[f]);
	putchar('\n');
	for (i = 0; i < ARRAY_SIZE(archs); i++) {
		for (f = 0; f < ARRAY_SIZE(arch_fields); f++) {
			printf("ARCH_%s_%s := ", arch_fields[f], archs[i].id);
			make_value_print(archs[i].col[f]);
			putchar('\n');
		}
		for (f = 0; f < ARRAY_SIZE(arch_alias_cols); f++) {
			const char *n = archs[i].col[arch_alias_cols[f]];

			if (strcmp(n, archs[i].id))
				printf("ARCH_ALIAS_%s := %s\n", n, archs[i].id);
		}
	}
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
	puts("# Written by mk/tables.c from the descriptors, proto/jobkeys.def, boot/options.def and boot/arch.def.");
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
	archs_print();
	return ferror(stdout) || fflush(stdout) ? 1 : 0;
}
