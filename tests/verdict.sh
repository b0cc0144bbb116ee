# Sourced by tests/run.sh: the verdicts of compare on simulated runs
# (tests/unit/test_verdict.c: interval coverage at 2-10 runs a side, the
# A/A rate and power of the headline's test; fixed seed, no boot). The
# golden output of each verdict path is the compare-golden area.
build test_verdict tests/unit/test_verdict.c report/model.c report/rules.c report/stats.c \
	report/result.c proto/*.c lib/*.c && unit test_verdict
# RUNS=auto's sequential design under optional stopping (report/seq.c).
build test_seq tests/unit/test_seq.c report/seq.c report/stats.c && unit test_seq
