// SPDX-License-Identifier: GPL-2.0
/*
 * bootbench history simulate: e-divisive, as `history changes` runs
 * it, on simulated series with a planted step, to say how often it
 * finds a step, how often it finds one that is not there, and how far
 * from the step it puts it. Each series is 60 kernels of one value
 * each, log-normal noise of the cell's spread, a step of the cell's
 * size (a drop) at a kernel drawn from 10..50; a cell of step 0 is
 * the null series. A change point within 3 kernels of the step is its
 * detection; every other one is a false alarm.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history/history.h"
#include "history/series.h"
#include "shared/util.h"

#define HIST_SIM_N 60
#define HIST_SIM_NEAR 3

/*
 * The noise of one kernel's point. Deterministic timing: two boots of
 * one kernel agree to 0.001% (docs/deterministic.md), judged beyond
 * the test's floor as compare does (context1's 0.5%). Real time under
 * TCG: about 4% between the means of boots (docs/compare.md). And 1%,
 * the spread at which a 3% step is 3 times the noise.
 */
static const struct hist_sim_noise {
	const char *name;
	double sd_pct, floor_pct;
} hist_sim_noises[] = {
	{ "deterministic", 0.001, 0.5 },
	{ "3x-noise", 1, 0 },
	{ "realtime", 4, 0 },
};

static const double hist_sim_steps[] = { 0, 1, 3, 10 };

struct hist_sim_tally {
	unsigned int series, detected, within1, false_alarms;
};

static void hist_sim_series_make(struct hist_series *s, double sd, double step,
				 size_t at, unsigned long long *seed)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		s->pts[i].mean = 1000 * exp(sd / 100 * edv_normal(seed)) *
				 (i >= at ? 1 - step / 100 : 1);
}

static void hist_sim_score(const struct hist_series *s, double step, size_t at,
			   struct hist_sim_tally *t)
{
	size_t k, best = s->ncp, d, bestd = (size_t)-1;

	for (k = 0; step > 0 && k < s->ncp; k++) {
		d = s->cps[k].at > at ? s->cps[k].at - at : at - s->cps[k].at;
		if (d <= HIST_SIM_NEAR && d < bestd) {
			best = k;
			bestd = d;
		}
	}
	t->series++;
	if (best < s->ncp) {
		t->detected++;
		t->within1 += bestd <= 1;
	}
	t->false_alarms += s->ncp - (best < s->ncp);
}

static int hist_sim_cell(const struct hist_sim_noise *nz, double step,
			 unsigned int series, unsigned long long *seed,
			 struct hist_sim_tally *t)
{
	struct hist_point pts[HIST_SIM_N];
	struct hist_series s = { .pts = pts, .n = HIST_SIM_N };
	struct edv_opts o;
	unsigned int i;
	size_t at;

	memset(pts, 0, sizeof(pts));
	memset(t, 0, sizeof(*t));
	hist_edv_defaults(&o);
	snprintf(s.metric, sizeof(s.metric), "unixbench.throughput");
	s.floor_pct = nz->floor_pct;
	for (i = 0; i < series; i++) {
		at = 10 + (size_t)(edv_uniform(seed) * 41);
		hist_sim_series_make(&s, nz->sd_pct, step, at, seed);
		o.seed = *seed ^ (i + 1) * 0x9e3779b97f4a7c15ull;
		if (hist_series_changes(&s, &o))
			return -1;
		hist_sim_score(&s, step, at, t);
	}
	return 0;
}

int hist_sim_run(unsigned int series, unsigned long long seed, FILE *out)
{
	unsigned long long s = seed ? seed : 1;
	struct hist_sim_tally t;
	size_t i, j;

	fprintf(out,
		"# e-divisive on %u series of %d kernels a cell (seed %llu)\n"
		"# noise     sd%%    floor%% step%% detected%% false/100k within1%%\n",
		series, HIST_SIM_N, seed);
	for (i = 0; i < ARRAY_SIZE(hist_sim_noises); i++) {
		const struct hist_sim_noise *nz = &hist_sim_noises[i];

		for (j = 0; j < ARRAY_SIZE(hist_sim_steps); j++) {
			if (hist_sim_cell(nz, hist_sim_steps[j], series, &s,
					  &t))
				return HIST_EXIT_INFRA;
			fprintf(out,
				"%-13s %-6g %-6g %-5g %-9.1f %-10.2f %.1f\n",
				nz->name, nz->sd_pct, nz->floor_pct,
				hist_sim_steps[j],
				hist_sim_steps[j] > 0 ?
					100.0 * t.detected / t.series :
					0.0,
				100.0 * t.false_alarms /
					(t.series * (double)HIST_SIM_N),
				t.detected ? 100.0 * t.within1 / t.detected :
					     0.0);
		}
	}
	return 0;
}
