// SPDX-License-Identifier: GPL-2.0
/* bootbench-compare: the program around compare.c's library (cmp_main). */
#include "compare.h"

int main(int argc, char **argv)
{
	return cmp_main(argc, argv);
}
