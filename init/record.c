// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "init.h"

int file_read(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "re");
	size_t n;

	if (!f)
		return -errno;
	n = fread(buf, 1, size - 1, f);
	fclose(f);
	buf[n] = '\0';
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return n;
}

double uptime_read(void)
{
	char buf[64];

	if (file_read("/proc/uptime", buf, sizeof(buf)) < 0)
		return -1;
	return strtod(buf, NULL);
}

void record_begin(struct json_buf *j, const char *type)
{
	json_buf_reset(j);
	json_object_open(j);
	json_member_string(j, "type", type);
	json_member_int(j, "v", PROTO_RECORD_VERSION);
	json_member_number(j, "uptime", uptime_read());
}

int record_send(struct port *p, struct json_buf *j)
{
	json_object_close(j);
	json_raw_write(j, "\n", 1);
	if (j->err)
		return j->err;
	/* No port: a LAVA job's console carries the records (lava.c). */
	if (p->fd < 0 && lava_console_on())
		return 0;
	return port_write_all(p, j->buf, j->len);
}

int record_log_send(struct port *p, const char *kind, const char *msg)
{
	struct json_buf j;
	int err;

	json_buf_init(&j);
	record_begin(&j, "log");
	json_member_string(&j, "kind", kind);
	json_member_string(&j, "msg", msg);
	err = record_send(p, &j);
	json_buf_free(&j);
	return err;
}
