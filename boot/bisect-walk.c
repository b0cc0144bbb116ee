// SPDX-License-Identifier: GPL-2.0
/*
 * The bisection itself, on struct bisect_ops (bootbench bisect's are
 * boot/ab.h's; tests/unit/test_bisect.c has its own): the ends
 * measured and compared, then git's order of the range, one commit a
 * step, each built, run and put on one end's side, then the culprit's
 * own A/B against its parent and its revert on the bad end. Every
 * settled record goes to the log first, and a record the log already
 * holds is not measured again: that is the whole of resuming.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boot/bisect.h"
#include "boot/session.h"
#include "shared/util.h"

/* bisect_step's word for "the range is one commit: the culprit" */
#define BISECT_FOUND 256

struct bisect_range {
	char bad[BISECT_SHA_LEN];
	char goods[BISECT_RECS_MAX][BISECT_SHA_LEN];
	char skips[BISECT_RECS_MAX][BISECT_SHA_LEN];
	size_t ngoods, nskips;
	char all[BISECT_SHAS_MAX][BISECT_SHA_LEN];
	size_t nall, total;
};

static void bisect_say(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
static void bisect_say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("bootbench: ", stdout);
	vprintf(fmt, ap);
	fputc('\n', stdout);
	va_end(ap);
	fflush(stdout);
}

/* The record into the state and the log, and bisect.json rewritten. */
static int bisect_rec_keep(struct bisect *b, const struct bisect_rec *rec)
{
	int err;

	if (b->st.nrecs == BISECT_RECS_MAX)
		return -E2BIG;
	b->st.recs[b->st.nrecs++] = *rec;
	err = bisect_log_rec(b->log, rec);
	if (!err)
		err = bisect_json_write(b->json, &b->st, NULL, NULL, -1, NULL);
	return err;
}

static void bisect_rec_init(struct bisect_rec *rec, const char *kind,
			    const char *commit)
{
	memset(rec, 0, sizeof(*rec));
	snprintf(rec->kind, sizeof(rec->kind), "%s", kind);
	snprintf(rec->commit, sizeof(rec->commit), "%s", commit);
	rec->llr = rec->position = rec->run_s = NAN;
}

/* A run's status that says nothing of the commit stops the bisection. */
static int bisect_status_fatal(int status)
{
	return status == VERDICT_BAD_INPUT || status == VERDICT_INFRA ||
	       status == VERDICT_INTERRUPTED || status < 0;
}

/* @m's commit built: 0, 1 when it does not build (the record skipped). */
static int bisect_build(struct bisect *b, struct bisect_meas *m)
{
	struct bisect_rec *rec = m->rec;
	int rc;

	snprintf(m->name, sizeof(m->name), "%s-%.12s", rec->kind, rec->commit);
	rc = b->ops->build(b, rec->commit, m->image, sizeof(m->image),
			   &rec->build_s, rec->why, sizeof(rec->why));
	if (rc == 1)
		rec->decision = BISECT_SKIP;
	return rc;
}

/* @runs more runs of each of @nm commits, taking turns. */
static int bisect_runs(struct bisect *b, struct bisect_meas *m, size_t nm,
		       unsigned int first, unsigned int runs)
{
	unsigned int i;
	double t;
	size_t k;
	int rc;

	for (i = first; i < first + runs; i++)
		for (k = 0; k < nm; k++) {
			t = util_now();
			rc = b->ops->run(b, &m[k], i, first + runs);
			m[k].rec->run_s =
				(isnan(m[k].rec->run_s) ? 0 : m[k].rec->run_s) +
				util_now() - t;
			if (rc)
				return rc;
		}
	return 0;
}

/* Built, prepared and run @runs times each, taking turns: 0 or a status. */
static int bisect_pair_measure(struct bisect *b, struct bisect_meas *m,
			       const char *what)
{
	int k, rc;

	for (k = 0; k < 2; k++) {
		rc = bisect_build(b, &m[k]);
		if (rc == 1) {
			fprintf(stderr,
				"bootbench: %s %s does not build (%s): %s\n",
				m[k].rec->kind, m[k].rec->commit, what,
				m[k].rec->why);
			return BISECT_EXIT_BUILD;
		}
		if (rc || (rc = b->ops->prepare(b, &m[k])))
			return rc;
	}
	return bisect_runs(b, m, 2, 0, b->runs);
}

/* Two commits side by side and compare's verdict, or the log's. */
static int bisect_pair(struct bisect *b, const char *kinds[2],
		       const char *commits[2], const char *of, int *verdict)
{
	struct bisect_rec recs[2];
	struct bisect_meas m[2] = { { .rec = &recs[0] }, { .rec = &recs[1] } };
	int k, rc;

	if (*verdict >= 0)
		return 0;
	for (k = 0; k < 2; k++)
		bisect_rec_init(&recs[k], kinds[k], commits[k]);
	rc = bisect_pair_measure(b, m, of);
	if (!rc) {
		rc = b->ops->compare(b, &m[0], &m[1]);
		if (rc != 0 && rc != 1 && rc != 3)
			rc = rc == VERDICT_BAD_INPUT ? rc : VERDICT_INFRA;
		else
			*verdict = rc;
	}
	for (k = 0; k < 2; k++)
		b->ops->release(b, &m[k]);
	if (*verdict < 0)
		return rc;
	recs[0].decision = BISECT_GOOD;
	recs[1].decision = rc == 1 ? BISECT_BAD :
			   rc == 0 ? BISECT_GOOD :
				     BISECT_UNDECIDABLE;
	if ((rc = bisect_rec_keep(b, &recs[0])) ||
	    (rc = bisect_rec_keep(b, &recs[1])) ||
	    (rc = bisect_log_verdict(b->log, of, *verdict)))
		return VERDICT_INFRA;
	return 0;
}

/* The rule from the ends' records: 0 or a verdict, said. */
static int bisect_rule_get(struct bisect *b, struct bisect_rule *r)
{
	struct bisect_rec *g = bisect_state_find(&b->st, "good", b->good);
	struct bisect_rec *d = bisect_state_find(&b->st, "bad", b->bad);
	int err = g && d ? bisect_rule_make(g, d, b->deterministic,
					    b->floor_pct, r) :
			   -ENODATA;

	if (err) {
		fprintf(stderr,
			"bootbench: the ends' runs give no rule (%s): the log %s/bisect.jsonl is not this bisection's: remove it\n",
			strerror(-err), b->out);
		return VERDICT_BAD_INPUT;
	}
	return 0;
}

/* One more run at a time until the rule takes a side or the budget ends. */
static int bisect_step_runs(struct bisect *b, const struct bisect_rule *r,
			    struct bisect_meas *m)
{
	enum bisect_decision d = BISECT_MORE;
	unsigned int i;
	int rc;

	/* Real time: two runs at least, so that one stray run cannot decide. */
	for (i = 0; (d == BISECT_MORE || (i < 2 && !b->deterministic)) &&
		    i < b->max_runs;
	     i++) {
		rc = bisect_runs(b, m, 1, i, 1);
		if (rc) {
			if (bisect_status_fatal(rc))
				return rc;
			snprintf(m->rec->why, sizeof(m->rec->why),
				 "run %u failed: exit %d (docs/exit-codes.md)",
				 i + 1, rc);
			m->rec->decision = BISECT_SKIP;
			return 0;
		}
		d = bisect_rule_decide(r, m->rec);
	}
	if (d == BISECT_MORE) {
		d = BISECT_UNDECIDABLE;
		snprintf(
			m->rec->why, sizeof(m->rec->why),
			"%zu runs at %.2f of the way from the good end to the bad: neither end's side (log-likelihood ratio %.2f, bounds +-%.2f)",
			m->rec->n, m->rec->position, m->rec->llr, r->bound);
	}
	m->rec->decision = d;
	return 0;
}

/* A commit built, run and decided into @rec: 0 or a fatal status. */
static int bisect_commit_measure(struct bisect *b, const struct bisect_rule *r,
				 struct bisect_rec *rec)
{
	struct bisect_meas m = { .rec = rec };
	int rc = bisect_build(b, &m);

	if (rc == 1)
		return 0;
	if (!rc)
		rc = b->ops->prepare(b, &m);
	if (!rc)
		rc = bisect_step_runs(b, r, &m);
	b->ops->release(b, &m);
	return rc;
}

static void bisect_secs_format(double s, char *buf, size_t size)
{
	if (s >= 3600)
		snprintf(buf, size, "%dh%02dm", (int)(s / 3600),
			 (int)fmod(s / 60, 60));
	else
		snprintf(buf, size, "%dm%02ds", (int)(s / 60),
			 (int)fmod(s, 60));
}

/* A step's seconds so far: this process's, else the ends'. */
static double bisect_step_secs(struct bisect *b)
{
	struct bisect_rec *g = bisect_state_find(&b->st, "good", b->good);
	struct bisect_rec *d = bisect_state_find(&b->st, "bad", b->bad);

	if (b->measured)
		return b->measured_s / b->measured;
	if (!g || !d)
		return NAN;
	return (g->build_s + d->build_s + g->run_s + d->run_s) / 2 /
	       (b->deterministic ? 1 : b->runs);
}

static void bisect_progress(struct bisect *b, const struct bisect_rec *rec,
			    size_t left)
{
	unsigned int steps = bisect_steps_left(left);
	/* the steps, then the culprit's A/B and its revert: two more */
	double eta = (steps + 2) * bisect_step_secs(b);
	char subject[120] = "", when[32] = "?";

	bisect_git_subject(b->tree, rec->commit, subject, sizeof(subject));
	if (isfinite(eta))
		bisect_secs_format(eta, when, sizeof(when));
	size_t i, n = 1;

	for (i = 0; i < b->st.nrecs; i++)
		n += !strcmp(b->st.recs[i].kind, "step");
	bisect_say(
		"step %zu: %.12s %s: %zu commits left, about %u step%s, ETA %s",
		n, rec->commit, subject, left, steps, steps == 1 ? "" : "s",
		when);
}

static void bisect_rec_say(const struct bisect_rec *rec)
{
	char vals[160] = "", at[48] = "";
	size_t i, len = 0;

	for (i = 0; i < rec->n && len < sizeof(vals) - 20; i++)
		len += snprintf(vals + len, sizeof(vals) - len, " %.6g",
				rec->v[i]);
	if (isfinite(rec->position))
		snprintf(at, sizeof(at), ", at %.3f from good to bad",
			 fabs(rec->position) < 5e-4 ? 0 : rec->position);
	bisect_say("%s %.12s: %s (values:%s%s; build %.0f s, runs %.0f s)%s%s",
		   rec->kind, rec->commit, bisect_decision_name(rec->decision),
		   rec->n ? vals : " none", at, rec->build_s,
		   isnan(rec->run_s) ? 0 : rec->run_s, rec->why[0] ? ": " : "",
		   rec->why);
}

/* The range as the steps left it: the last bad, the goods, the skipped. */
static void bisect_range_get(struct bisect *b, struct bisect_range *g)
{
	size_t i;

	snprintf(g->bad, sizeof(g->bad), "%s", b->bad);
	snprintf(g->goods[0], sizeof(g->goods[0]), "%s", b->good);
	g->ngoods = 1;
	g->nskips = 0;
	for (i = 0; i < b->st.nrecs; i++) {
		const struct bisect_rec *r = &b->st.recs[i];

		if (strcmp(r->kind, "step"))
			continue;
		if (r->decision == BISECT_GOOD)
			strcpy(g->goods[g->ngoods++], r->commit);
		else if (r->decision == BISECT_BAD)
			strcpy(g->bad, r->commit);
		else
			strcpy(g->skips[g->nskips++], r->commit);
	}
}

/*
 * One step: 0 with the next commit decided and logged, BISECT_FOUND
 * with g->bad the culprit, BISECT_EXIT_NO_CULPRIT, or a fatal status.
 */
static int bisect_step(struct bisect *b, const struct bisect_rule *r,
		       struct bisect_range *g)
{
	struct bisect_rec rec;
	size_t left;
	double t;
	int pick, rc;

	bisect_range_get(b, g);
	rc = bisect_git_bisect_all(b->tree, g->bad, g->goods, g->ngoods, g->all,
				   BISECT_SHAS_MAX, &g->nall, &g->total);
	if (rc) {
		fprintf(stderr,
			"bootbench: git rev-list --bisect-all %s failed (%s)\n",
			g->bad, strerror(-rc));
		return VERDICT_INFRA;
	}
	pick = bisect_range_pick(g->all, g->nall, g->total, g->bad, g->skips,
				 g->nskips, &left);
	if (pick < 0)
		return left == g->total ? BISECT_FOUND : BISECT_EXIT_NO_CULPRIT;
	bisect_rec_init(&rec, "step", g->all[pick]);
	bisect_progress(b, &rec, left);
	t = util_now();
	rc = bisect_commit_measure(b, r, &rec);
	if (rc)
		return rc;
	b->measured++;
	b->measured_s += util_now() - t;
	bisect_rec_say(&rec);
	return bisect_rec_keep(b, &rec) ? VERDICT_INFRA : 0;
}

/* The culprit's A/B against its first parent (the ends' when they are). */
static int bisect_culprit_ab(struct bisect *b, const char *culprit)
{
	char parent[BISECT_SHA_LEN];
	const char *kinds[2] = { "parent", "culprit" };
	const char *commits[2] = { parent, culprit };
	int rc;

	if (bisect_git_parent(b->tree, culprit, parent)) {
		fprintf(stderr, "bootbench: %s has no parent in %s\n", culprit,
			b->tree);
		return VERDICT_INFRA;
	}
	if (b->st.culprit_verdict < 0 && !strcmp(parent, b->good) &&
	    !strcmp(culprit, b->bad)) {
		/* One commit between the ends: their A/B is the culprit's. */
		b->st.culprit_verdict = b->st.ends_verdict;
		if (bisect_log_verdict(b->log, "culprit",
				       b->st.culprit_verdict))
			return VERDICT_INFRA;
	}
	if (b->st.culprit_verdict < 0)
		bisect_say(
			"the culprit's own A/B: %.12s against its parent %.12s, %u runs each",
			culprit, parent, b->runs);
	rc = bisect_pair(b, kinds, commits, "culprit", &b->st.culprit_verdict);
	if (!rc)
		bisect_say("the culprit's A/B: %s",
			   b->st.culprit_verdict == 1 ? "a regression" :
			   b->st.culprit_verdict == 3 ? "undecidable" :
							"no regression");
	return rc;
}

/* The culprit reverted on the bad end, built and put on a side. */
static int bisect_revert(struct bisect *b, const struct bisect_rule *r,
			 const char *culprit, struct bisect_rec **out)
{
	char dir[PATH_MAX], sha[BISECT_SHA_LEN];
	struct bisect_rec rec;
	int rc;

	*out = bisect_state_find(&b->st, "revert", NULL);
	if (*out)
		return 0;
	/* Absolute: git -C TREE would take a relative path from the tree. */
	if (!realpath(b->out, dir)) {
		fprintf(stderr, "bootbench: %s: %s\n", b->out, strerror(errno));
		return VERDICT_INFRA;
	}
	if (strlen(dir) + sizeof("/revert-worktree") > sizeof(dir))
		return VERDICT_INFRA;
	strcat(dir, "/revert-worktree");
	rc = bisect_git_revert(b->tree, dir, b->bad, culprit, sha);
	if (rc < 0) {
		fprintf(stderr, "bootbench: reverting %s on %s failed (%s)\n",
			culprit, b->bad, strerror(-rc));
		return VERDICT_INFRA;
	}
	bisect_rec_init(&rec, "revert", rc ? culprit : sha);
	if (rc) {
		rec.decision = BISECT_SKIP;
		snprintf(rec.why, sizeof(rec.why),
			 "the culprit does not revert cleanly on %.12s",
			 b->bad);
	} else {
		bisect_say("the revert of %.12s on %.12s: %.12s", culprit,
			   b->bad, sha);
		rc = bisect_commit_measure(b, r, &rec);
		if (rc)
			return rc;
	}
	bisect_rec_say(&rec);
	if (bisect_rec_keep(b, &rec))
		return VERDICT_INFRA;
	*out = &b->st.recs[b->st.nrecs - 1];
	return 0;
}

/* The figures: steps, build and run seconds of all records, this wall. */
static void bisect_summary_say(struct bisect *b)
{
	double build = 0, run = 0;
	size_t i, steps = 0;

	for (i = 0; i < b->st.nrecs; i++) {
		const struct bisect_rec *r = &b->st.recs[i];

		steps += !strcmp(r->kind, "step");
		build += isnan(r->build_s) ? 0 : r->build_s;
		run += isnan(r->run_s) ? 0 : r->run_s;
	}
	bisect_say(
		"%zu steps, %zu commits measured: builds %.0f s, runs %.0f s; this command's wall time %.0f s",
		steps, b->st.nrecs, build, run, util_now() - b->start);
}

/* The culprit's line, the A/B's and the revert's word, bisect.json. */
static int bisect_culprit(struct bisect *b, const struct bisect_rule *r,
			  const char *culprit)
{
	char subject[200] = "", why[300];
	struct bisect_rec *rev;
	int rc = bisect_culprit_ab(b, culprit), code;

	if (!rc)
		rc = bisect_revert(b, r, culprit, &rev);
	if (rc)
		return rc;
	bisect_git_subject(b->tree, culprit, subject, sizeof(subject));
	code = b->st.culprit_verdict == 1 && rev->decision == BISECT_GOOD ?
		       0 :
		       BISECT_EXIT_UNCONFIRMED;
	snprintf(why, sizeof(why),
		 "its own A/B: %s; its revert on %.12s: %s%s%s",
		 b->st.culprit_verdict == 1 ? "a regression" : "no regression",
		 b->bad, bisect_decision_name(rev->decision),
		 rev->why[0] ? ", " : "", rev->why);
	bisect_summary_say(b);
	printf("bootbench: culprit %s %s\n", culprit, subject);
	bisect_say("%s: %s", code ? "not confirmed" : "confirmed", why);
	bisect_json_write(b->json, &b->st, culprit, subject, code, why);
	return code;
}

/* No culprit: why, in a line and in bisect.json. */
static int bisect_none(struct bisect *b, int code, const char *why)
{
	bisect_summary_say(b);
	fprintf(stderr, "bootbench: %s\n", why);
	bisect_json_write(b->json, &b->st, NULL, NULL, code, why);
	return code;
}

/* The ends: measured and compared, or the log's. */
static int bisect_ends(struct bisect *b)
{
	const char *kinds[2] = { "good", "bad" };
	const char *commits[2] = { b->good, b->bad };
	char why[300];
	int rc;

	if (b->st.ends_verdict < 0)
		bisect_say("the ends: good %.12s and bad %.12s, %u runs each",
			   b->good, b->bad, b->runs);
	rc = bisect_pair(b, kinds, commits, "ends", &b->st.ends_verdict);
	if (rc)
		return rc;
	if (b->st.ends_verdict == 1)
		return 0;
	snprintf(
		why, sizeof(why),
		"nothing to bisect: %.12s against %.12s is %s of %s (compare's verdict above)",
		b->bad, b->good,
		b->st.ends_verdict == 3 ?
			"undecidable with these runs: give more RUNS=" :
			"no regression",
		b->st.metric[0] ? b->st.metric : "the headline");
	return bisect_none(b, BISECT_EXIT_NOTHING, why);
}

int bisect_walk(struct bisect *b)
{
	static struct bisect_range g;
	struct bisect_rule r;
	char why[400];
	int rc;

	b->start = util_now();
	rc = bisect_ends(b);
	if (!rc)
		rc = bisect_rule_get(b, &r);
	while (!rc)
		rc = bisect_step(b, &r, &g);
	if (rc == BISECT_FOUND)
		return bisect_culprit(b, &r, g.bad);
	if (rc == BISECT_EXIT_NO_CULPRIT) {
		snprintf(
			why, sizeof(why),
			"no single culprit: only skipped commits are left between the good ones and %.12s (bisect.json's steps say why each was skipped)",
			g.bad);
		return bisect_none(b, rc, why);
	}
	if (rc == VERDICT_INTERRUPTED)
		fprintf(stderr,
			"bootbench: interrupted: the same command goes on from %s/bisect.jsonl\n",
			b->out);
	return rc;
}
