// SPDX-License-Identifier: GPL-2.0
/*
 * jsonget: print one member of a JSON file, for the shell tests.
 *   jsonget FILE KEY            top-level member of a JSON object file
 *   jsonget -t TYPE FILE KEY    member of the first JSON Lines record of TYPE
 * Numbers print with %.17g, strings raw; exit 1 when absent.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fileio.h"
#include "proto/json_parse.h"

static int print_member(const struct json_value *v, const char *key)
{
	const struct json_value *m = json_member(v, key);

	if (!m)
		return 1;
	if (m->type == JSON_NUMBER)
		printf("%.17g\n", m->number);
	else if (m->type == JSON_STRING)
		printf("%s\n", m->string);
	else if (m->type == JSON_BOOL)
		printf("%s\n", m->boolean ? "true" : "false");
	else
		printf("(%s)\n", json_type_name(m->type));
	return 0;
}

int main(int argc, char **argv)
{
	const char *type = NULL, *file, *key;
	struct json_value *v;
	char *line = NULL, err[128];
	size_t cap = 0;
	ssize_t n;
	FILE *f;
	int ret = 1;

	if (argc == 5 && !strcmp(argv[1], "-t")) {
		type = argv[2];
		argv += 2;
		argc -= 2;
	}
	if (argc != 3)
		return 2;
	file = argv[1];
	key = argv[2];
	f = fopen(file, "r");
	if (!f)
		return 2;
	if (!type) {
		size_t len = 0;

		line = file_read_all(file, &len);
		n = len;
		if (!line || json_parse(line, n, &v, err, sizeof(err))) {
			fprintf(stderr, "jsonget: %s: %s\n", file,
				line ? err : "cannot read");
			free(line);
			fclose(f);
			return 2;
		}
		ret = print_member(v, key);
		json_value_free(v);
		free(line);
		fclose(f);
		return ret;
	}
	while ((n = getline(&line, &cap, f)) > 0) {
		const struct json_value *t;

		if (json_parse(line, n, &v, err, sizeof(err)))
			continue;
		t = json_member(v, "type");
		if (t && t->type == JSON_STRING && !strcmp(t->string, type)) {
			ret = print_member(v, key);
			json_value_free(v);
			break;
		}
		json_value_free(v);
	}
	free(line);
	fclose(f);
	return ret;
}
