// SPDX-License-Identifier: GPL-2.0
/*
 * schemacheck: validate JSON documents against the schemas in
 * docs/schema, for the tests. It implements the subset of JSON Schema
 * those files use (type, const, enum, minimum, maximum, properties,
 * required, additionalProperties, items, oneOf) and refuses any other
 * keyword, so a schema cannot claim what is not checked.
 *
 *   schemacheck SCHEMA FILE       FILE is one JSON document
 *   schemacheck -l SCHEMA FILE    FILE is JSON Lines, each line checked
 */
#define _GNU_SOURCE
#include <math.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fileio.h"
#include "proto/json_parse.h"

static char why[512];

static int fail(const char *path, const char *msg, const char *detail)
{
	snprintf(why, sizeof(why), "%s: %s%s%s", path[0] ? path : "/", msg,
		 detail ? " " : "", detail ? detail : "");
	return -1;
}

static int values_equal(const struct json_value *a, const struct json_value *b)
{
	if (a->type != b->type)
		return 0;
	switch (a->type) {
	case JSON_STRING:
		return !strcmp(a->string, b->string);
	case JSON_NUMBER:
		return a->number == b->number;
	case JSON_BOOL:
		return a->boolean == b->boolean;
	case JSON_NULL:
		return 1;
	default:
		return 0; /* not used in our schemas */
	}
}

static int type_matches(const struct json_value *v, const char *t)
{
	if (!strcmp(t, "integer"))
		return v->type == JSON_NUMBER && v->number == floor(v->number);
	return !strcmp(json_type_name(v->type), t) ||
	       (!strcmp(t, "boolean") && v->type == JSON_BOOL);
}

static int validate(const struct json_value *v, const struct json_value *s,
		    const char *path);

static int validate_object(const struct json_value *v,
			   const struct json_value *s, const char *path)
{
	const struct json_value *props = json_member(s, "properties");
	const struct json_value *addl = json_member(s, "additionalProperties");
	const struct json_value *req = json_member(s, "required"), *m, *r;
	char sub[1024];

	for (r = req ? req->child : NULL; r; r = r->next)
		if (!json_member(v, r->string))
			return fail(path, "missing required member", r->string);
	for (m = v->child; m; m = m->next) {
		const struct json_value *ps = json_member(props, m->key);

		snprintf(sub, sizeof(sub), "%s/%s", path, m->key);
		if (ps) {
			if (validate(m, ps, sub))
				return -1;
		} else if (addl && addl->type == JSON_BOOL && !addl->boolean) {
			return fail(sub, "member not allowed", NULL);
		} else if (addl && addl->type == JSON_OBJECT) {
			if (validate(m, addl, sub))
				return -1;
		}
	}
	return 0;
}

static int validate(const struct json_value *v, const struct json_value *s,
		    const char *path)
{
	const struct json_value *k, *e;
	char sub[1024];
	int n, i;

	for (k = s->child; k; k = k->next) {
		if (!strcmp(k->key, "type")) {
			int ok = 0;

			if (k->type == JSON_STRING)
				ok = type_matches(v, k->string);
			for (e = k->type == JSON_ARRAY ? k->child : NULL; e;
			     e = e->next)
				ok |= type_matches(v, e->string);
			if (!ok)
				return fail(path, "wrong type: a",
					    json_type_name(v->type));
		} else if (!strcmp(k->key, "const")) {
			if (!values_equal(v, k))
				return fail(path, "not the constant", NULL);
		} else if (!strcmp(k->key, "enum")) {
			for (e = k->child; e && !values_equal(v, e);
			     e = e->next)
				;
			if (!e)
				return fail(path, "not one of the enum",
					    v->type == JSON_STRING ? v->string :
								     NULL);
		} else if (!strcmp(k->key, "pattern")) {
			regex_t re;
			int bad;

			if (v->type != JSON_STRING)
				continue;
			if (regcomp(&re, k->string, REG_EXTENDED | REG_NOSUB))
				return fail(path,
					    "schema pattern does not compile",
					    k->string);
			bad = regexec(&re, v->string, 0, NULL, 0);
			regfree(&re);
			if (bad)
				return fail(path, "does not match the pattern",
					    v->string);
		} else if (!strcmp(k->key, "minimum")) {
			if (v->type == JSON_NUMBER && v->number < k->number)
				return fail(path, "below minimum", NULL);
		} else if (!strcmp(k->key, "maximum")) {
			if (v->type == JSON_NUMBER && v->number > k->number)
				return fail(path, "above maximum", NULL);
		} else if (!strcmp(k->key, "items")) {
			for (i = 0, e = v->type == JSON_ARRAY ? v->child : NULL;
			     e; e = e->next, i++) {
				snprintf(sub, sizeof(sub), "%s/%d", path, i);
				if (validate(e, k, sub))
					return -1;
			}
		} else if (!strcmp(k->key, "oneOf")) {
			for (n = 0, e = k->child; e; e = e->next)
				n += validate(v, e, path) == 0;
			if (n != 1) {
				snprintf(sub, sizeof(sub),
					 "matches %d of oneOf, not 1", n);
				return fail(path, sub, NULL);
			}
		} else if (!strcmp(k->key, "properties") ||
			   !strcmp(k->key, "required") ||
			   !strcmp(k->key, "additionalProperties")) {
			continue; /* validate_object() below */
		} else if (strcmp(k->key, "$schema") && strcmp(k->key, "$id") &&
			   strcmp(k->key, "title") &&
			   strcmp(k->key, "description")) {
			/* Not an annotation: a keyword this checker lacks. */
			fprintf(stderr, "schemacheck: unsupported keyword %s\n",
				k->key);
			exit(2);
		}
	}
	if (v->type == JSON_OBJECT)
		return validate_object(v, s, path);
	return 0;
}

static int doc_check(const char *text, size_t n,
		     const struct json_value *schema, const char *where)
{
	struct json_value *v;
	char err[128];
	int ret;

	if (json_parse(text, n, &v, err, sizeof(err))) {
		printf("%s: not JSON: %s\n", where, err);
		return -1;
	}
	ret = validate(v, schema, "");
	if (ret)
		printf("%s: %s\n", where, why);
	json_value_free(v);
	return ret;
}

int main(int argc, char **argv)
{
	int lines = argc == 4 && !strcmp(argv[1], "-l"), bad = 0, docs = 0;
	struct json_value *schema;
	char *stext, *text, err[128], where[1100];
	size_t sn, n;

	if (argc != 3 + lines) {
		fprintf(stderr, "usage: schemacheck [-l] SCHEMA FILE\n");
		return 2;
	}
	stext = file_read_all(argv[1 + lines], &sn);
	text = file_read_all(argv[2 + lines], &n);
	if (!stext || !text ||
	    json_parse(stext, sn, &schema, err, sizeof(err))) {
		fprintf(stderr, "schemacheck: cannot read %s or %s\n",
			argv[1 + lines], argv[2 + lines]);
		return 2;
	}
	if (!lines) {
		bad = doc_check(text, n, schema, argv[2]) != 0;
		docs = 1;
	} else {
		char *line = text, *nl;
		unsigned int no = 0;

		for (; *line; line = nl + 1) {
			nl = strchr(line, '\n');
			if (!nl)
				nl = line + strlen(line);
			no++;
			snprintf(where, sizeof(where), "%s:%u", argv[3], no);
			if (nl > line) {
				bad += doc_check(line, nl - line, schema,
						 where) != 0;
				docs++;
			}
			if (!*nl)
				break;
		}
	}
	if (!bad)
		printf("ok: %d document(s)\n", docs);
	json_value_free(schema);
	free(stext);
	free(text);
	return bad ? 1 : 0;
}
