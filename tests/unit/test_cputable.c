// SPDX-License-Identifier: GPL-2.0
/*
 * The CPU table (boot/cpus.def): code names, SKU patterns, family and
 * model, LKP host names, and a vendor kept when nothing else is known.
 * Given a file of `qemu-system-x86_64 -cpu help` output (an argument or
 * $CPU_HELP): every QEMU model the table names must be one QEMU has.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "boot/cputable.h"
#include "check.h"
#include "lib/fileio.h"

static int is(const char *model, const char *qemu, unsigned int cores,
	      unsigned int threads)
{
	struct cpu_info ci;

	return !cpu_lookup(model, &ci) && !strcmp(ci.qemu, qemu) &&
	       ci.cores == cores && ci.threads == threads;
}

/* " Cooperlake " as a word of QEMU's list. */
static int qemu_has(const char *list, const char *model)
{
	const char *p = list;
	size_t n = strlen(model);

	while ((p = strstr(p, model))) {
		if ((p == list || p[-1] == ' ' || p[-1] == '\n') &&
		    (p[n] == ' ' || p[n] == '\n'))
			return 1;
		p += n;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct cpu_info ci;
	unsigned int cores, tpc;
	const char *help;
	char *list;
	size_t i;
	int all = 1;

	CHECK("cpu table: a code name in parentheses",
	      is("Intel(R) Xeon(R) Platinum 8358 CPU @ 2.60GHz (Ice Lake)",
		 "Icelake-Server", 32, 2));
	CHECK("cpu table: the longer code name wins (Zen 2 over Zen)",
	      !cpu_lookup("AMD EPYC (Zen 2)", &ci) &&
		      !strcmp(ci.codename, "Zen 2"));
	CHECK("cpu table: Platinum 8180 is Skylake, 28 cores, 2 threads",
	      is("Intel(R) Xeon(R) Platinum 8180 CPU @ 2.50GHz",
		 "Skylake-Server", 28, 2));
	CHECK("cpu table: a Gold 62xx not listed is Cascade Lake, cores open",
	      is("Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz",
		 "Cascadelake-Server", 0, 2));
	CHECK("cpu table: Platinum 8380H is Cooper Lake, not Ice Lake",
	      is("Intel(R) Xeon(R) Platinum 8380H CPU @ 2.90GHz", "Cooperlake",
		 28, 2));
	CHECK("cpu table: E5-2690 v2 (the version is the generation)",
	      is("Intel(R) Xeon(R) CPU E5-2690 v2 @ 3.00GHz", "IvyBridge", 10,
		 2));
	CHECK("cpu table: E5-2640 v4 by its pattern",
	      is("Intel(R) Xeon(R) CPU E5-2640 v4 @ 2.40GHz", "Broadwell", 0,
		 2));
	CHECK("cpu table: E5-2670 without a version is Sandy Bridge",
	      is("Intel(R) Xeon(R) CPU E5-2670 0 @ 2.60GHz", "SandyBridge", 0,
		 2));
	CHECK("cpu table: E7-8890 v4",
	      is("Intel(R) Xeon(R) CPU E7-8890 v4 @ 2.20GHz", "Broadwell", 24,
		 2));
	CHECK("cpu table: E3-1225 v5 has no SMT, and no AVX-512 (a client die)",
	      is("Intel(R) Xeon(R) CPU E3-1225 v5 @ 3.30GHz", "Skylake-Client",
		 4, 1));
	CHECK("cpu table: Xeon D-1541",
	      is("Intel(R) Xeon(R) CPU D-1541 @ 2.10GHz", "Broadwell", 8, 2));
	CHECK("cpu table: Xeon E-2278G",
	      is("Intel(R) Xeon(R) E-2278G CPU @ 3.40GHz", "Skylake-Client", 8,
		 2));
	CHECK("cpu table: Core i7-870 (the old three-digit name)",
	      is("Intel(R) Core(TM) i7 CPU 870 @ 2.93GHz", "Nehalem", 4, 2));
	CHECK("cpu table: Core i3-3220",
	      is("Intel(R) Core(TM) i3-3220 CPU @ 3.30GHz", "IvyBridge", 2, 2));
	CHECK("cpu table: Core i7-4770 by its pattern, SMT by Haswell's rule",
	      is("Intel(R) Core(TM) i7-4770 CPU @ 3.40GHz", "Haswell", 0, 2));
	CHECK("cpu table: Core i9-12900K (five digits) is Alder Lake",
	      is("12th Gen Intel(R) Core(TM) i9-12900K", "Skylake-Client", 0,
		 0));
	CHECK("cpu table: LKP's upper case (PLATINUM 8592+) is the Platinum 8592+",
	      is("INTEL(R) XEON(R) PLATINUM 8592+ (Emerald Rapids)",
		 "Cooperlake", 64, 2));
	CHECK("cpu table: an upper-case model it does not know stays Intel",
	      !cpu_lookup("INTEL(R) XEON(R) CPU @ 2.30GHz", &ci) &&
		      !strcmp(ci.qemu, "kvm64"));
	CHECK("cpu table: a Core i9-10980XE is Cascade Lake-X, 18 cores x 2",
	      is("Intel(R) Core(TM) i9-10980XE CPU @ 3.00GHz",
		 "Cascadelake-Server", 18, 2) &&
		      !cpu_lookup("Intel(R) Core(TM) i9-10980XE CPU @ 3.00GHz",
				  &ci) &&
		      !strcmp(ci.codename, "Cascade Lake"));
	CHECK("cpu table: another i9-109xxX is Cascade Lake-X, SMT by its rule",
	      is("Intel(R) Core(TM) i9-10940X CPU @ 3.30GHz",
		 "Cascadelake-Server", 0, 2));
	CHECK("cpu table: a desktop Comet Lake i9-10900K has SMT (its rule)",
	      is("Intel(R) Core(TM) i9-10900K CPU @ 3.70GHz", "Skylake-Client",
		 0, 2) &&
		      !cpu_lookup("Intel(R) Core(TM) i9-10900K CPU @ 3.70GHz",
				  &ci) &&
		      !strcmp(ci.smt_tier, "i9"));
	CHECK("cpu table: Coffee Lake's 8th generation i7 has SMT, its 9th not",
	      is("Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz", "Skylake-Client", 0,
		 2) && is("Intel(R) Core(TM) i7-9700 CPU @ 3.00GHz",
			  "Skylake-Client", 0, 1));
	CHECK("cpu table: Xeon 6972P is Granite Rapids",
	      is("Intel(R) Xeon(R) 6972P (Granite Rapids)", "Cooperlake", 96,
		 2));
	CHECK("cpu table: Sapphire Rapids stands in as QEMU 7.2's Cooperlake",
	      is("Intel(R) Xeon(R) Platinum 8480CTDX (Sapphire Rapids)",
		 "Cooperlake", 56, 2));
	CHECK("cpu table: EPYC 7742 is Zen 2 (EPYC-Rome), 64 cores",
	      is("AMD EPYC 7742 64-Core Processor", "EPYC-Rome", 64, 2));
	CHECK("cpu table: an EPYC 9xx4 is Zen 4; cores from '-Core'",
	      is("AMD EPYC 9534 64-Core Processor", "EPYC-Milan", 64, 2));
	CHECK("cpu table: an Intel model it does not know stays Intel (kvm64)",
	      !cpu_lookup("Intel(R) Xeon(R) CPU @ 2.30GHz", &ci) &&
		      !strcmp(ci.qemu, "kvm64") && !ci.codename);
	CHECK("cpu table: an AMD model it does not know stays AMD (qemu64)",
	      !cpu_lookup("AMD Opteron(tm) Processor 6376", &ci) &&
		      !strcmp(ci.qemu, "qemu64"));
	CHECK("cpu table: no CPU named at all",
	      cpu_lookup("112 threads with 64G memory", &ci) == -ENOENT);
	CHECK("cpu table: family 6 model 85 (0x55) reads as Skylake-SP",
	      !cpu_lookup_fms(6, 85, &ci) &&
		      !strcmp(ci.qemu, "Skylake-Server"));
	CHECK("cpu table: family 6 model 143 is Sapphire Rapids",
	      !cpu_lookup_fms(6, 143, &ci) &&
		      !strcmp(ci.codename, "Sapphire Rapids"));
	CHECK("cpu table: family 25 model 1 is Zen 3",
	      !cpu_lookup_fms(25, 1, &ci) && !strcmp(ci.qemu, "EPYC-Milan"));
	CHECK("cpu table: an unknown family/model",
	      cpu_lookup_fms(6, 9999, &ci) == -ENOENT);
	CHECK("cpu table: lkp-csl-2sp4 is a Cascade Lake",
	      !cpu_lookup_host("lkp-csl-2sp4", &ci) &&
		      !strcmp(ci.qemu, "Cascadelake-Server"));
	CHECK("cpu table: lkp-spr-r02 is a Sapphire Rapids",
	      !cpu_lookup_host("lkp-spr-r02", &ci) &&
		      !strcmp(ci.codename, "Sapphire Rapids"));
	CHECK("cpu table: a host name without a generation",
	      cpu_lookup_host("lkp-xyz-2sp1", &ci) == -ENOENT);
	CHECK("cpu table: a desktop Skylake (i5-6500) is Skylake-Client, no SMT",
	      is("Intel(R) Core(TM) i5-6500 CPU @ 3.20GHz (Skylake)",
		 "Skylake-Client", 0, 1) &&
		      !cpu_lookup(
			      "Intel(R) Core(TM) i5-6500 CPU @ 3.20GHz (Skylake)",
			      &ci) &&
		      ci.client);
	CHECK("cpu table: lkp-cpx-4s1 is a Cooper Lake (LKP's cpx)",
	      !cpu_lookup_host("lkp-cpx-4s1", &ci) &&
		      !strcmp(ci.codename, "Cooper Lake"));
	CHECK("cpu table: 52 threads a Skylake socket are 26 cores x 2",
	      !cpu_lookup("(Skylake)", &ci) &&
		      !cpu_cores_split(&ci, 52, &cores, &tpc) && cores == 26 &&
		      tpc == 2);
	CHECK("cpu table: 24 threads a Skylake socket are 12 x 2, not 24 x 1",
	      !cpu_lookup("(Skylake)", &ci) &&
		      !cpu_cores_split(&ci, 24, &cores, &tpc) && cores == 12 &&
		      tpc == 2);
	CHECK("cpu table: 144 threads a Sierra Forest socket are 144 cores",
	      !cpu_lookup("(Sierra Forest)", &ci) &&
		      !cpu_cores_split(&ci, 144, &cores, &tpc) &&
		      cores == 144 && tpc == 1);
	CHECK("cpu table: 58 threads a Skylake socket split into no part's cores",
	      !cpu_lookup("(Skylake)", &ci) &&
		      cpu_cores_split(&ci, 58, &cores, &tpc) == -ENOENT);
	CHECK("cpu table: a client part is never split by the server counts",
	      !cpu_lookup("Intel(R) Core(TM) i5-6500 CPU (Skylake)", &ci) &&
		      cpu_cores_split(&ci, 8, &cores, &tpc) == -ENOENT);
	help = argc > 1 ? argv[1] : getenv("CPU_HELP");
	if (help && *help) {
		list = file_read_all(help, NULL);
		for (i = 0; list && cpu_table_qemu_model(i); i++)
			if (!qemu_has(list, cpu_table_qemu_model(i))) {
				printf("FAIL cpu table: QEMU has no CPU model %s\n",
				       cpu_table_qemu_model(i));
				all = 0;
			}
		CHECK("cpu table: every QEMU model it names is in QEMU's -cpu help",
		      list && all);
		free(list);
	}
	return CHECK_DONE();
}
