// SPDX-License-Identifier: GPL-2.0
/*
 * AIM9's misc_rtns_1: the system's identifiers and process state, as
 * the library gives them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <grp.h>
#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/times.h>
#include <sys/utsname.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "aim9.h"

volatile long aim9_misc_sink;

/*
 * misc_rtns_1 (factor 10): 10 rounds of cfgetispeed, cfgetospeed,
 * clock, ctermid, getcwd, getuid, geteuid, getgid, getegid,
 * getenv("PATH"), getgroups, getpid, getpgrp, getppid, getpwnam("root"),
 * getpwuid, getgrgid, times, isatty(0), ttyname(0) and uname. Checked:
 * each that the original requires succeeds (root is uid 0, our pid is
 * the one we know); isatty and ttyname may fail, as stdin may be no
 * terminal. The guest's image has root's passwd and group lines.
 */
int aim9_misc_rtns_1(void)
{
	static gid_t groups[NGROUPS_MAX];
	struct termios t = { 0 };
	char cwd[PATH_MAX], term[L_ctermid];
	pid_t self = getpid();
	struct utsname name;
	struct passwd *pw;
	struct tms tms;
	int n;

	for (n = 0; n < 10; n++) {
		long s =
			(long)cfgetispeed(&t) + (long)cfgetospeed(&t) + clock();

		if (!ctermid(term) || !getcwd(cwd, sizeof(cwd)) ||
		    !getenv("PATH") || getgroups(NGROUPS_MAX, groups) < 0)
			return errno ? -errno : -ENOENT;
		s += getuid() + geteuid() + getgid() + getegid();
		if (getpid() != self)
			return -ESRCH;
		s += getpgrp() + getppid();
		pw = getpwnam("root");
		if (!pw || pw->pw_uid != 0 || !getpwuid(getuid()) ||
		    !getgrgid(getgid()))
			return errno ? -errno : -ENOENT;
		if (times(&tms) == (clock_t)-1 || uname(&name) < 0)
			return -errno;
		s += isatty(STDIN_FILENO) + (ttyname(STDIN_FILENO) != NULL);
		aim9_misc_sink = s;
	}
	return 0;
}
