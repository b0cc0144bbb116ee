/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_SIM_H
#define BOOTBENCH_SIM_H

/*
 * Simulated runs for the statistics' unit tests: a fixed-seed xorshift
 * generator and normal samples, so every run of a test sees the same
 * numbers. Each test binary has its own state (sim_seed to change it).
 */
#include <math.h>
#include <stdint.h>

static uint64_t sim_state = 0x2545F4914F6CDD1DULL;

static inline void sim_seed(uint64_t seed)
{
	sim_state = seed;
}

static inline double sim_uniform(void)
{
	sim_state ^= sim_state >> 12;
	sim_state ^= sim_state << 25;
	sim_state ^= sim_state >> 27;
	return ((sim_state * 0x2545F4914F6CDD1DULL) >> 11) * 0x1.0p-53;
}

/* Box-Muller; the uniform is kept off 0 for the logarithm. */
static inline double sim_normal(double mean, double sd)
{
	double u = 1 - sim_uniform(), v = sim_uniform();

	return mean + sd * sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

#endif
