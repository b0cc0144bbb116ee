// SPDX-License-Identifier: GPL-2.0
/*
 * The plugin's capped files (plugin/capfile.h): whole lines up to the
 * cap, then nothing more but the cut mark the host looks for.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "plugin/capfile.h"
#include "lib/fileio.h"
#include "check.h"

static char *capfile_write(const char *path, unsigned long max, int lines)
{
	struct capfile c;
	int i;

	if (capfile_open(&c, path, max))
		return NULL;
	for (i = 0; i < lines; i++)
		capfile_printf(&c, "ffffffff8100%04x 10 %04d\n", i, i);
	capfile_close(&c);
	return file_read_all(path, NULL);
}

int main(void)
{
	char path[] = "/tmp/bootbench-capfile.XXXXXX";
	int fd = mkstemp(path);
	char *text;

	if (fd < 0)
		return 1;
	close(fd);
	/* Each line is 25 bytes: 3 of them fit in 80, not 4. */
	text = capfile_write(path, 80, 10);
	CHECK("capfile: past the cap, whole lines up to it and the cut mark last",
	      text && !strcmp(text + 3 * 25, PROFILE_CUT_MARK " 80 bytes\n") &&
		      !strncmp(text + 2 * 25, "ffffffff81000002 10 0002\n",
			       25));
	free(text);
	text = capfile_write(path, 75, 3);
	CHECK("capfile: exactly the cap is whole, no mark",
	      text && strlen(text) == 75 && !strstr(text, PROFILE_CUT_MARK));
	free(text);
	text = capfile_write(path, PROFILE_RAW_MAX, 1000);
	CHECK("capfile: under the cap, every line and no mark",
	      text && strlen(text) == 1000 * 25 &&
		      !strstr(text, PROFILE_CUT_MARK));
	free(text);
	unlink(path);
	return CHECK_DONE();
}
