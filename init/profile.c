// SPDX-License-Identifier: GPL-2.0
/*
 * PROFILE=1 (docs/profile.md): the window the QEMU plugin counts in, and
 * the kernel's symbols. The window opens right before a benchmark's
 * iteration starts and closes right after it was reaped, so the boot,
 * the monitors' reads and the records stay outside it. The markers are
 * NOPs the plugin recognises by their bytes (proto/profile.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "init.h"
#include "proto/profile.h"

#define PROFILE_PORT_WAIT_MS 15000

void profile_window_open(const struct job *job)
{
	if (job->profile)
		asm volatile(PROFILE_MARK_ASM(0x50425342)::: "memory");
}

void profile_window_close(const struct job *job)
{
	if (job->profile)
		asm volatile(PROFILE_MARK_ASM(0x50425343)::: "memory");
}

/*
 * /proc/kallsyms as the kernel gives it (runtime addresses: KASLR and
 * the modules loaded so far) into its own port, once per boot. A failure
 * is said on the console; the run goes on without symbols.
 */
void profile_kallsyms_send(const struct job *job)
{
	struct port p = { .fd = -1 };
	char buf[32768];
	ssize_t n;
	int fd, err;

	if (!job->profile)
		return;
	err = port_open_by_name(&p, PROFILE_PORT_NAME, PROFILE_PORT_WAIT_MS);
	if (err) {
		fprintf(stderr, "bootbench-init: no port '%s': %s\n",
			PROFILE_PORT_NAME, strerror(-err));
		return;
	}
	fd = open("/proc/kallsyms", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		err = -errno;
	while (fd >= 0 && !err && (n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0)
			err = errno == EINTR ? 0 : -errno;
		else
			err = port_write_all(&p, buf, n);
	}
	if (err)
		fprintf(stderr, "bootbench-init: /proc/kallsyms: %s\n",
			strerror(-err));
	if (fd >= 0)
		close(fd);
	port_close(&p);
}
