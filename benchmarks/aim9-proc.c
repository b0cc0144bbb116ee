// SPDX-License-Identifier: GPL-2.0
/*
 * AIM9's process and memory tests: fork_test, exec_test, signal_test,
 * jmp_test, brk_test and page_test.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "aim9.h"
#include "harness.h"

/* Waits for one child; a child that did not exit 0 fails the test. */
static int aim9_child_wait(pid_t pid)
{
	int status;

	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		return -ECHILD;
	return 0;
}

/*
 * @n times fork a child and wait for it: the child exits at once, or
 * with @exec, execs a program that only exits 0.
 */
static int aim9_children_run(int n, int exec)
{
	int i, err = 0;

	for (i = 0; i < n && !err; i++) {
		pid_t pid = fork();

		if (pid < 0)
			return -errno;
		if (!pid) {
			if (exec)
				execl(harness_self(), "true", "--copy",
				      (char *)NULL);
			_exit(exec ? 127 : 0);
		}
		err = aim9_child_wait(pid);
	}
	return err;
}

/* fork_test (factor 100): 100 times fork a child that exits at once. */
int aim9_fork_test(void)
{
	return aim9_children_run(100, 0);
}

/*
 * exec_test (factor 5): 5 times fork a child that execs a program that
 * only exits 0. The original execs its own tiny `true`; ours is this
 * static binary in its --copy mode, which returns before any work.
 */
int aim9_exec_test(void)
{
	return aim9_children_run(5, 1);
}

static volatile sig_atomic_t aim9_sigcount, aim9_sigwrong;

static void aim9_sigusr2(int sig)
{
	if (sig != SIGUSR2)
		aim9_sigwrong = 1;
	aim9_sigcount++;
}

/*
 * signal_test (factor 1000): send ourselves SIGUSR2 until the handler
 * has counted 1000 of them. The original reinstalls the handler with
 * signal() in the handler; sigaction without SA_RESETHAND keeps it.
 */
int aim9_signal_test(void)
{
	struct sigaction sa = { .sa_handler = aim9_sigusr2 };
	pid_t self = getpid();

	if (sigaction(SIGUSR2, &sa, NULL) < 0)
		return -errno;
	aim9_sigcount = 0;
	while (aim9_sigcount < 1000) {
		if (kill(self, SIGUSR2) < 0)
			return -errno;
		if (aim9_sigwrong)
			return -EBADMSG;
	}
	return 0;
}

/* exec_test's program: exits 0 before anything else. */
int aim9_copy_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

static jmp_buf aim9_jmp;
static void aim9_jmp_down(int depth);
/* Through a volatile pointer: the calls stay calls, frames stay frames. */
static void (*volatile aim9_jmp_next)(int) = aim9_jmp_down;

/* Goes @depth frames down, then jumps back to jmp_test's setjmp. */
static void aim9_jmp_down(int depth)
{
	if (!depth)
		longjmp(aim9_jmp, 1);
	aim9_jmp_next(depth - 1);
}

/*
 * jmp_test (factor 1000): 1000 times setjmp(), then a call 10 frames
 * deep that longjmp()s back. Checked: every setjmp came back once.
 */
int aim9_jmp_test(void)
{
	volatile int i, back = 0;

	for (i = 0; i < 1000; i++) {
		if (setjmp(aim9_jmp)) {
			back++;
			continue;
		}
		aim9_jmp_down(10);
		return -EFAULT; /* the jump did not happen */
	}
	return back == 1000 ? 0 : -EFAULT;
}

/* The break moved to @to with the system call: 0 or -ENOMEM. */
static int aim9_brk_set(char *to)
{
	return (char *)syscall(SYS_brk, to) == to ? 0 : -ENOMEM;
}

/*
 * brk_test and page_test: the break raised by 1 MB, then @n times
 * lowered by 16 pages and raised again a page at a time (17 break
 * moves, the factor's 17), and put back where it was. @touch (page_test)
 * writes every 128th byte of each new page, which the kernel hands out
 * zeroed: checked. The system call, as libc's sbrk is (musl's refuses
 * to move the break).
 */
static int aim9_brk_loop(unsigned int n, int touch)
{
	char *old = (char *)syscall(SYS_brk, 0), *top;
	unsigned int i, page, j;
	int err;

	/* From a page boundary: a lowered break then frees whole pages. */
	top = (char *)(((uintptr_t)old + 4095) & ~(uintptr_t)4095) + (1 << 20);
	err = aim9_brk_set(top);

	for (i = 0; i < n && !err; i++) {
		top -= 16 * 4096;
		err = aim9_brk_set(top);
		for (page = 0; page < 16 && !err; page++) {
			top += 4096;
			err = aim9_brk_set(top);
			for (j = 0; touch && !err && j < 4096; j += 128) {
				char *p = top - 4096 + j;

				if (*p)
					err = -EFAULT;
				*p = ' ';
			}
		}
	}
	if (aim9_brk_set(old) && !err)
		err = -ENOMEM;
	return err;
}

/* brk_test (factor 17000): the loop above 1000 times, untouched. */
int aim9_brk_test(void)
{
	return aim9_brk_loop(1000, 0);
}

/* page_test (factor 1700): 100 times, each new page dirtied. */
int aim9_page_test(void)
{
	return aim9_brk_loop(100, 1);
}

/*
 * shell_rtns_1, shell_rtns_2, shell_rtns_3 (factor 1): the suite's
 * three scripts are alike, one `ls -l > /dev/null 2>&1`; a call forks a
 * child that runs shell/aim.sh beside this binary through system() (sh
 * -c, which starts the script by its #! line), in this binary's
 * directory, as the original runs its scripts in its own. Checked: the
 * child, and so the script's ls, exited 0.
 */
int aim9_shell_rtns(void)
{
	char dir[PATH_MAX], cmd[PATH_MAX + 32];
	pid_t pid;

	snprintf(dir, sizeof(dir), "%s", harness_self());
	*strrchr(dir, '/') = '\0';
	snprintf(cmd, sizeof(cmd), "'%s/shell/aim.sh' 1", dir);
	pid = fork();
	if (pid < 0)
		return -errno;
	if (!pid) {
		int st = chdir(dir) < 0 ? -1 : system(cmd);

		_exit(st == 0 ? 0 : 1);
	}
	return aim9_child_wait(pid);
}
