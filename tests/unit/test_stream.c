// SPDX-License-Identifier: GPL-2.0
/* The results stream against well-formed and hostile input. */
#include <stdlib.h>
#include <string.h>

#include "boot/stream.h"
#include "check.h"

#define HELLO                                                             \
	"{\"type\":\"hello\",\"v\":1,\"uptime\":1,\"release\":\"6.1.0\"," \
	"\"cpus_online\":2,\"test\":\"execl\",\"iterations\":1}\n"
#define SAMPLE(st, val)                                                                 \
	"{\"type\":\"sample\",\"v\":1,\"uptime\":1,\"test\":\"execl\",\"iteration\":1," \
	"\"status\":\"" st                                                              \
	"\",\"exit_code\":0,\"metrics\":{\"unixbench.throughput\":" val "}}\n"
#define DONE \
	"{\"type\":\"done\",\"v\":1,\"uptime\":1,\"iterations\":1,\"failed\":0}\n"

static void feed(struct stream *s, const char *text)
{
	stream_feed(s, text, strlen(text));
	stream_finish(s);
}

/* Feed @text in one piece; return the number of errors. */
static unsigned int errors_of(const char *text)
{
	struct stream s;
	unsigned int n;

	stream_init(&s, NULL, NULL);
	feed(&s, text);
	n = s.errors;
	stream_free(&s);
	return n;
}

int main(void)
{
	const char *good = HELLO SAMPLE("ok", "100.5") DONE;
	const struct stream_metric *m;
	struct stream s;
	char *big;
	size_t i;

	stream_init(&s, NULL, NULL);
	feed(&s, good);
	m = stream_metric_find(&s, "unixbench.throughput");
	CHECK("stream: a good run is complete and clean",
	      s.have_hello && s.have_done && !s.errors && s.samples == 1);
	CHECK("stream: the metric is kept", m && m->n == 1 && m->sum == 100.5);
	CHECK("stream: the release is taken from hello",
	      s.release && !strcmp(s.release, "6.1.0"));
	stream_free(&s);

	stream_init(&s, NULL, NULL);
	for (i = 0; good[i]; i++)
		stream_feed(&s, good + i, 1);
	stream_finish(&s);
	CHECK("stream: byte-at-a-time delivery gives the same result",
	      s.have_done && !s.errors && s.samples == 1);
	stream_free(&s);

	stream_init(&s, NULL, NULL);
	feed(&s, HELLO SAMPLE("failed", "1") DONE);
	CHECK("stream: failed iterations are counted, not averaged",
	      s.samples_failed == 1 &&
		      !stream_metric_find(&s, "unixbench.throughput"));
	stream_free(&s);

	CHECK("stream: record before hello", errors_of(SAMPLE("ok", "1")) == 1);
	CHECK("stream: record after done",
	      errors_of(HELLO DONE SAMPLE("ok", "1")) == 1);
	CHECK("stream: second done", errors_of(HELLO DONE DONE) == 1);
	CHECK("stream: second hello", errors_of(HELLO HELLO) == 1);
	CHECK("stream: truncated last line",
	      errors_of(HELLO "{\"type\":\"sam") == 1);
	CHECK("stream: not JSON", errors_of(HELLO "garbage\n") == 1);
	CHECK("stream: NUL byte",
	      errors_of(HELLO "{\"type\":\0\"log\"}\n") == 1);
	CHECK("stream: invalid UTF-8",
	      errors_of(
		      HELLO
		      "{\"type\":\"log\",\"v\":1,\"uptime\":1,\"kind\":\"x\",\"msg\":\"\xfe\"}\n") ==
		      1);
	CHECK("stream: wrong type of a field",
	      errors_of(
		      HELLO
		      "{\"type\":\"log\",\"v\":1,\"uptime\":1,\"kind\":\"x\",\"msg\":5}\n") ==
		      1);
	CHECK("stream: metric that is not a number",
	      errors_of(HELLO SAMPLE("ok", "\"fast\"")) == 1);
	CHECK("stream: a metric named twice in one sample",
	      errors_of(
		      HELLO
		      "{\"type\":\"sample\",\"v\":1,\"uptime\":1,\"test\":\"t\",\"iteration\":1,"
		      "\"status\":\"ok\",\"exit_code\":0,\"metrics\":{\"a\":1,\"b\":2,\"a\":3}}\n") ==
		      1);
	CHECK("stream: unknown status",
	      errors_of(HELLO SAMPLE("great", "1")) == 1);
	CHECK("stream: a hello without the test it ran",
	      errors_of(
		      "{\"type\":\"hello\",\"v\":1,\"uptime\":1,\"release\":\"x\"}\n") ==
		      1);
	CHECK("stream: a record without uptime",
	      errors_of(HELLO
			"{\"type\":\"heartbeat\",\"v\":1,\"iteration\":1}\n") ==
		      1);
	CHECK("stream: unknown log kind",
	      errors_of(
		      HELLO
		      "{\"type\":\"log\",\"v\":1,\"uptime\":1,\"kind\":\"x\",\"msg\":\"m\"}\n") ==
		      1);
	CHECK("stream: unknown record type",
	      errors_of(HELLO "{\"type\":\"party\",\"v\":1}\n") == 1);
	CHECK("stream: wrong version",
	      errors_of("{\"type\":\"hello\",\"v\":2,\"release\":\"x\"}\n") ==
		      1);
	CHECK("stream: a record that is not an object",
	      errors_of("[1,2]\n") == 1);
	CHECK("stream: blank lines and CRLF are fine",
	      errors_of("\n" HELLO "\r\n" DONE) == 0);

	big = malloc(10 * 1024 * 1024 + 2);
	memset(big, 'x', 10 * 1024 * 1024);
	big[0] = '"';
	big[10 * 1024 * 1024] = '\n';
	big[10 * 1024 * 1024 + 1] = '\0';
	stream_init(&s, NULL, NULL);
	stream_feed(&s, HELLO, strlen(HELLO));
	for (i = 0; i < 10; i++)
		stream_feed(&s, big + i * 1024 * 1024, 1024 * 1024);
	stream_feed(&s, big + 10 * 1024 * 1024, 1);
	stream_feed(&s, DONE, strlen(DONE));
	stream_finish(&s);
	CHECK("stream: a 10 MB line is dropped with one error, the rest is read",
	      s.errors == 1 && s.have_done);
	stream_free(&s);
	free(big);
	return CHECK_DONE();
}
