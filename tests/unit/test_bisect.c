// SPDX-License-Identifier: GPL-2.0
/*
 * bootbench bisect's pure parts: the decision rule on made-up runs, the
 * range's arithmetic, the log's replay, and the whole walk (bisect-
 * walk.c) on a small git history with made-up measurements: that a
 * culprit is found, and that after an interruption the same walk goes
 * on from its log without building or running a decided commit again.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "boot/bisect.h"
#include "check.h"

static void rec_set(struct bisect_rec *r, const double *v, size_t n)
{
	memset(r, 0, sizeof(*r));
	memcpy(r->v, v, n * sizeof(*v));
	r->n = n;
}

static enum bisect_decision decide(const struct bisect_rule *r, const double *v,
				   size_t n)
{
	struct bisect_rec rec;

	rec_set(&rec, v, n);
	return bisect_rule_decide(r, &rec);
}

static void test_rule_deterministic(void)
{
	static const double g[] = { 100 }, b[] = { 90 }, near[] = { 99.6 };
	static const double v100[] = { 100 }, v90[] = { 90 }, v95[] = { 95 };
	static const double v99_8[] = { 99.8 }, v99_9[] = { 99.9 };
	static const double v40[] = { 40 }, v120[] = { 120 };
	struct bisect_rec rg, rb;
	struct bisect_rule r;

	rec_set(&rg, g, 1);
	rec_set(&rb, b, 1);
	CHECK("bisect: deterministic: one run an end makes a rule",
	      !bisect_rule_make(&rg, &rb, 1, 0.2, &r));
	CHECK("bisect: deterministic: the spread is a quarter of the floor",
	      fabs(r.sd - 0.05) < 1e-9);
	CHECK("bisect: deterministic: the good end's value is good",
	      decide(&r, v100, 1) == BISECT_GOOD);
	CHECK("bisect: deterministic: the bad end's value is bad",
	      decide(&r, v90, 1) == BISECT_BAD);
	CHECK("bisect: deterministic: halfway cannot decide",
	      decide(&r, v95, 1) == BISECT_MORE);
	CHECK("bisect: deterministic: 0.46 of the way cannot decide",
	      decide(&r, (const double[]){ 95.4 }, 1) == BISECT_MORE);
	CHECK("bisect: deterministic: 0.35 of the way is good",
	      decide(&r, (const double[]){ 96.5 }, 1) == BISECT_GOOD);
	CHECK("bisect: deterministic: beyond the bad end is bad",
	      decide(&r, v40, 1) == BISECT_BAD);
	CHECK("bisect: deterministic: beyond the good end is good",
	      decide(&r, v120, 1) == BISECT_GOOD);
	/* a 0.4% change, twice the floor: only its middle is undecided */
	rec_set(&rb, near, 1);
	bisect_rule_make(&rg, &rb, 1, 0.2, &r);
	CHECK("bisect: deterministic: 0.4% change: the good end is good",
	      decide(&r, v100, 1) == BISECT_GOOD);
	CHECK("bisect: deterministic: 0.4% change: its middle cannot decide",
	      decide(&r, v99_8, 1) == BISECT_MORE);
	CHECK("bisect: deterministic: 0.4% change: a quarter of the way is good",
	      decide(&r, v99_9, 1) == BISECT_GOOD);
	CHECK("bisect: deterministic: 0.4% change: 0.45 of the way cannot decide",
	      decide(&r, (const double[]){ 99.82 }, 1) == BISECT_MORE);
	CHECK("bisect: deterministic: repeats of a value count once",
	      decide(&r, (const double[]){ 99.82, 99.82, 99.82, 99.82 }, 4) ==
		      BISECT_MORE);
	/* mgtime's pipe1: -2.99% of a 2% floor, its ends' values decide */
	rec_set(&rb, (const double[]){ 97.01 }, 1);
	bisect_rule_make(&rg, &rb, 1, 2, &r);
	CHECK("bisect: deterministic: 3% change of a 2% floor: the good end is good",
	      decide(&r, v100, 1) == BISECT_GOOD);
	CHECK("bisect: deterministic: 3% change of a 2% floor: the bad end is bad",
	      decide(&r, (const double[]){ 97.01 }, 1) == BISECT_BAD);
}

static void test_rule_realtime(void)
{
	static const double g[] = { 100, 102, 98, 101, 99 };
	static const double b[] = { 90, 92, 88, 91, 89 };
	struct bisect_rec rg, rb, rec;
	struct bisect_rule r;

	rec_set(&rg, g, 5);
	rec_set(&rb, b, 5);
	CHECK("bisect: realtime: the rule from 5+5 runs",
	      !bisect_rule_make(&rg, &rb, 0, 0.2, &r) &&
		      fabs(r.sd - sqrt(2.5)) < 1e-9);
	CHECK("bisect: realtime: a run at the good end is good",
	      decide(&r, (const double[]){ 100 }, 1) == BISECT_GOOD);
	CHECK("bisect: realtime: a run at the bad end is bad",
	      decide(&r, (const double[]){ 90 }, 1) == BISECT_BAD);
	CHECK("bisect: realtime: one run near the middle is not enough",
	      decide(&r, (const double[]){ 95.5 }, 1) == BISECT_MORE);
	CHECK("bisect: realtime: more runs on one side decide",
	      decide(&r, (const double[]){ 95.5, 96, 95.8, 96.2 }, 4) ==
		      BISECT_GOOD);
	rec_set(&rec, (const double[]){ 97.5 }, 1);
	bisect_rule_decide(&r, &rec);
	CHECK("bisect: realtime: the position from good (0) to bad (1)",
	      fabs(rec.position - 0.25) < 1e-9);
	rec_set(&rg, g, 1);
	CHECK("bisect: realtime: one run an end gives no spread: -EDOM",
	      bisect_rule_make(&rg, &rb, 0, 0.2, &r) == -EDOM);
	rec_set(&rg, b, 5);
	CHECK("bisect: realtime: equal ends: -ERANGE",
	      bisect_rule_make(&rg, &rb, 0, 0.2, &r) == -ERANGE);
}

static void test_range(void)
{
	char all[5][BISECT_SHA_LEN] = { "c", "b", "d", "bad", "a" };
	char skips[2][BISECT_SHA_LEN] = { "c", "x" };
	size_t left;

	CHECK("bisect: steps left: 1 commit, 0 steps", !bisect_steps_left(1));
	CHECK("bisect: steps left: 2 commits, 1 step",
	      bisect_steps_left(2) == 1);
	CHECK("bisect: steps left: 5 commits, 3 steps",
	      bisect_steps_left(5) == 3);
	CHECK("bisect: steps left: 19 commits, 5 steps",
	      bisect_steps_left(19) == 5);
	CHECK("bisect: steps left: 1024 commits, 10 steps",
	      bisect_steps_left(1024) == 10);
	CHECK("bisect: range: the best commit not skipped",
	      bisect_range_pick(all, 5, 5, "bad", skips, 2, &left) == 1 &&
		      left == 4);
	CHECK("bisect: range: the tip is never picked",
	      bisect_range_pick(all + 3, 1, 1, "bad", skips, 2, &left) ==
			      -ENOENT &&
		      left == 1);
	CHECK("bisect: range: only skipped commits left",
	      bisect_range_pick(all, 1, 2, "bad", skips, 1, &left) == -ENOENT &&
		      left == 1);
	CHECK("bisect: range: a list cut short counts the whole range",
	      bisect_range_pick(all, 3, 5000, "bad", skips, 2, &left) == 1 &&
		      left == 4999);
}

static const char *tmp_file(const char *dir, const char *name)
{
	static char path[4096];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return path;
}

static void test_log(const char *dir)
{
	struct bisect_rec rec = { .kind = "step",
				  .commit = "abc",
				  .n = 2,
				  .v = { 1.5, 0.1 + 0.2 },
				  .decision = BISECT_GOOD,
				  .llr = -7.25,
				  .position = NAN,
				  .why = "a \"quoted\" why" };
	static struct bisect_state st, back;
	const char *path = tmp_file(dir, "log.jsonl");
	FILE *f = fopen(path, "w");

	bisect_state_init(&st);
	strcpy(st.good, "g");
	strcpy(st.bad, "b");
	strcpy(st.test, "execl");
	st.deterministic = 1;
	bisect_log_start(f, &st);
	bisect_log_rec(f, &rec);
	bisect_log_verdict(f, "ends", 1);
	strcpy(rec.commit, "def");
	rec.decision = BISECT_SKIP;
	bisect_log_rec(f, &rec);
	fputs("{\"kind\":\"step\",\"commit\":\"cut sh", f);
	fclose(f);
	bisect_state_init(&back);
	CHECK("bisect: log: replayed, its cut last line dropped",
	      !bisect_log_replay(path, &back) && back.nrecs == 2);
	CHECK("bisect: log: the start line's fields",
	      !strcmp(back.good, "g") && !strcmp(back.test, "execl") &&
		      back.deterministic && back.ends_verdict == 1 &&
		      back.culprit_verdict == -1);
	CHECK("bisect: log: a record's values read back exactly",
	      back.recs[0].n == 2 && back.recs[0].v[1] == 0.1 + 0.2 &&
		      back.recs[0].llr == -7.25 &&
		      isnan(back.recs[0].position) &&
		      !strcmp(back.recs[0].why, "a \"quoted\" why"));
	CHECK("bisect: log: found by kind and commit",
	      bisect_state_find(&back, "step", "def") == &back.recs[1] &&
		      bisect_state_find(&back, "step", NULL) == &back.recs[1] &&
		      !bisect_state_find(&back, "revert", NULL));
	f = fopen(path, "a");
	fputs("ends here\n{\"kind\":\"compare\",\"of\":\"ends\",\"verdict\":0}\n",
	      f);
	fclose(f);
	bisect_state_init(&back);
	CHECK("bisect: log: a bad line in the middle: -EINVAL",
	      bisect_log_replay(path, &back) == -EINVAL);
	bisect_state_init(&back);
	CHECK("bisect: log: none yet is an empty state",
	      !bisect_log_replay(tmp_file(dir, "none"), &back) && !back.nrecs &&
		      !back.good[0]);
}

/* The walk's made-up world: a value file per commit, one commit not built. */
static char fake_repo[1024], fake_unbuilt[BISECT_SHA_LEN];
static char fake_built[64][BISECT_SHA_LEN];
static size_t fake_nbuilt;
static int fake_runs_left = -1; /* runs before an interruption; -1 none */

static int fake_build(struct bisect *b, const char *sha, char *image,
		      size_t size, double *secs, char *why, size_t wlen)
{
	(void)b;
	if (fake_nbuilt < 64)
		strcpy(fake_built[fake_nbuilt++], sha);
	*secs = 1;
	if (!strcmp(sha, fake_unbuilt)) {
		snprintf(why, wlen, "made up not to build");
		return 1;
	}
	snprintf(image, size, "%s", sha);
	return 0;
}

static int fake_prepare(struct bisect *b, struct bisect_meas *m)
{
	(void)b;
	m->rec->n = 0;
	return 0;
}

static int fake_run(struct bisect *b, struct bisect_meas *m, unsigned int i,
		    unsigned int n)
{
	char cmd[8192];
	double v = 0;
	FILE *p;

	(void)b, (void)i, (void)n;
	if (fake_runs_left == 0)
		return 7; /* VERDICT_INTERRUPTED */
	if (fake_runs_left > 0)
		fake_runs_left--;
	snprintf(cmd, sizeof(cmd), "git -C %s show %s:value", fake_repo,
		 m->image);
	p = popen(cmd, "r");
	if (!p || fscanf(p, "%lf", &v) != 1)
		v = -1;
	if (p)
		pclose(p);
	m->rec->v[m->rec->n++] = v;
	return 0;
}

static int fake_compare(struct bisect *b, struct bisect_meas *base,
			struct bisect_meas *new)
{
	(void)b;
	return new->rec->v[0] < base->rec->v[0] * 0.998;
}

static void fake_release(struct bisect *b, struct bisect_meas *m)
{
	(void)b, (void)m;
}

static const struct bisect_ops fake_ops = {
	fake_build, fake_prepare, fake_run, fake_compare, fake_release,
};

static size_t fake_builds_of(const char *sha)
{
	size_t i, n = 0;

	for (i = 0; i < fake_nbuilt; i++)
		n += !strcmp(fake_built[i], sha);
	return n;
}

/*
 * Twelve commits, the value 100 before the eighth and 90 from it on;
 * fixed dates, so the SHAs and git's order of the range are the same in
 * every run.
 */
static int fake_repo_make(const char *dir)
{
	char cmd[16384];

	snprintf(fake_repo, sizeof(fake_repo), "%s/repo", dir);
	snprintf(cmd, sizeof(cmd),
		 "set -e; git init -q %s; cd %s; for i in $(seq 1 12); do "
		 "[ $i = 1 ] && echo 100 >value; [ $i = 8 ] && echo 90 >value; "
		 "echo $i >n$i; git add .; d=\"@$((1700000000 + i)) +0000\"; "
		 "GIT_AUTHOR_DATE=$d GIT_COMMITTER_DATE=$d git -c user.name=t "
		 "-c user.email=t@t commit -qm \"commit $i\"; done",
		 fake_repo, fake_repo);
	return system(cmd);
}

static int fake_walk(const char *dir, struct bisect *b)
{
	static char out[1024];
	char log[4200];
	int rc, fresh;

	memset(b, 0, sizeof(*b));
	/* A relative OUT, as make gives it: the revert's worktree too. */
	if (chdir(dir))
		return -1;
	snprintf(out, sizeof(out), "out");
	b->tree = fake_repo;
	b->out = out;
	bisect_git_commit(fake_repo, "HEAD~11", b->good);
	bisect_git_commit(fake_repo, "HEAD", b->bad);
	b->deterministic = 1;
	b->floor_pct = 0.2;
	b->runs = 1;
	b->max_runs = 2;
	b->ops = &fake_ops;
	bisect_state_init(&b->st);
	snprintf(log, sizeof(log), "%s/bisect.jsonl", out);
	snprintf(b->json, sizeof(b->json), "%s/bisect.json", out);
	mkdir(out, 0755);
	if (bisect_log_replay(log, &b->st))
		return -1;
	fresh = !b->st.good[0];
	strcpy(b->st.good, b->good);
	strcpy(b->st.bad, b->bad);
	b->log = fopen(log, "a");
	if (fresh)
		bisect_log_start(b->log, &b->st);
	rc = bisect_walk(b);
	fclose(b->log);
	return rc;
}

/* Each commit's step record once, whichever walk measured it. */
static int steps_unique(const struct bisect_state *st)
{
	size_t i, j;

	for (i = 0; i < st->nrecs; i++)
		for (j = i + 1; j < st->nrecs; j++)
			if (!strcmp(st->recs[i].kind, "step") &&
			    !strcmp(st->recs[j].kind, "step") &&
			    !strcmp(st->recs[i].commit, st->recs[j].commit))
				return 0;
	return 1;
}

static void test_walk(const char *dir)
{
	static struct bisect b;
	char culprit[BISECT_SHA_LEN], want[64], *json;
	size_t steps1, i;
	int rc, rc2, out;

	if (fake_repo_make(dir)) {
		CHECK("bisect: walk: a git history to walk", 0);
		return;
	}
	bisect_git_commit(fake_repo, "HEAD~3", fake_unbuilt);
	bisect_git_commit(fake_repo, "HEAD~4", culprit);
	/* The walk's own lines are not tests: kept from unit.sh's output. */
	fflush(stdout);
	out = dup(STDOUT_FILENO);
	if (out < 0 || !freopen("/dev/null", "w", stdout))
		return;
	fake_runs_left = 4;
	rc = fake_walk(dir, &b);
	steps1 = b.st.nrecs;
	fake_runs_left = -1;
	rc2 = fake_walk(dir, &b);
	fflush(stdout);
	dup2(out, STDOUT_FILENO);
	close(out);
	CHECK("bisect: walk: interrupted in a step (exit 7)", rc == 7);
	CHECK("bisect: walk: resumed, the culprit confirmed (exit 0)",
	      rc2 == 0);
	CHECK("bisect: walk: the resumed walk read the first one's records",
	      steps1 >= 4 && b.st.nrecs > steps1);
	CHECK("bisect: walk: the ends built once in both walks",
	      fake_builds_of(b.good) == 1 && fake_builds_of(b.bad) == 1);
	for (i = 2; i < steps1; i++)
		if (fake_builds_of(b.st.recs[i].commit) !=
		    (size_t)1 +
			    !!bisect_state_find(&b.st, "parent",
						b.st.recs[i].commit) +
			    !!bisect_state_find(&b.st, "culprit",
						b.st.recs[i].commit))
			break;
	CHECK("bisect: walk: no step the first walk decided was built again",
	      i == steps1);
	CHECK("bisect: walk: no commit was a step twice", steps_unique(&b.st));
	CHECK("bisect: walk: a commit that does not build is skipped",
	      fake_builds_of(fake_unbuilt) == 1 &&
		      bisect_state_find(&b.st, "step", fake_unbuilt)->decision ==
			      BISECT_SKIP);
	snprintf(want, sizeof(want), "\"culprit\":\"%s\"", culprit);
	json = NULL;
	{
		FILE *f = fopen(b.json, "r");
		static char buf[1 << 16];
		size_t n = f ? fread(buf, 1, sizeof(buf) - 1, f) : 0;

		buf[n] = '\0';
		json = buf;
		if (f)
			fclose(f);
	}
	CHECK("bisect: walk: bisect.json names the eighth commit the culprit",
	      strstr(json, want) && strstr(json, "\"exit_code\":0"));
	CHECK("bisect: walk: the revert came back to the good side",
	      bisect_state_find(&b.st, "revert", NULL) &&
		      bisect_state_find(&b.st, "revert", NULL)->decision ==
			      BISECT_GOOD);
}

int main(void)
{
	char dir[] = "/tmp/bootbench-bisect.XXXXXX";
	char cmd[64];

	if (!mkdtemp(dir))
		return 1;
	test_rule_deterministic();
	test_rule_realtime();
	test_range();
	test_log(dir);
	test_walk(dir);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		return 1;
	return CHECK_DONE();
}
