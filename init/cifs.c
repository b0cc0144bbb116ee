// SPDX-License-Identifier: GPL-2.0
/*
 * fs2's SMB server (docs/disks.md; its row is proto/storage.def's, the
 * client's mount init/fs2.c's): Samba's smbd (the image's fs2-cifs
 * layer) serving the disk's filesystem, mounted at /fs/<device>, as
 * share "fs" (path /fs). The shape of LKP's setup: share [fs], user
 * root with password "pass", //localhost/fs/<device> mounted with no
 * vers= (the client negotiates SMB 2.1 or later, 3.1.1 with this
 * Samba).
 *
 * smbd only: no nmbd (NetBIOS is off, port 445 alone), no winbindd
 * (a standalone server, its one user in an smbpasswd file the init
 * writes, so no smbpasswd tool is needed).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "init.h"
#include "shared/util.h"

#define CIFS_SMBD "/usr/sbin/smbd"
#define CIFS_CONF "/etc/samba/smb.conf"
#define CIFS_LOG "/var/log/samba/log.smbd"
/* smbd daemonizes before it listens: how long its port may take. */
#define CIFS_LISTEN_MS 30000

/*
 * "pass" (the row's password=) as the smbpasswd file stores it (smbpasswd(5)): the NT hash,
 * MD4 of the password in UTF-16LE, no LAN Manager hash; a normal user
 * (U) whose password never expires (X), last changed at some time
 * other than 0, which Samba takes for "must change at next logon" and
 * refuses the session (STATUS_PASSWORD_MUST_CHANGE).
 */
#define CIFS_USER "root" /* the row's username= */
#define CIFS_PASS_NT "36AA83BDCAB3C9FDAF321CA42A31C3FC"

/*
 * Samba's defaults are Debian's (smb.conf(5)) but for what this guest
 * lacks: no printers, no NetBIOS (so no nmbd), no syslog.
 */
static const char cifs_conf[] = "[global]\n"
				"\tserver role = standalone server\n"
				"\tpassdb backend = smbpasswd\n"
				"\tdisable netbios = yes\n"
				"\tsmb ports = 445\n"
				"\tload printers = no\n"
				"\tprinting = bsd\n"
				"\tprintcap name = /dev/null\n"
				"\tdisable spoolss = yes\n"
				"\tlogging = file\n"
				"\tlog file = " CIFS_LOG "\n"
				"\tlog level = 1\n"
				"[fs]\n"
				"\tpath = /fs\n"
				"\tread only = no\n";

/* Samba's compiled-in directories (smbd -b), and its configuration. */
static int cifs_conf_make(const struct job *job, char *why, size_t size)
{
	static const char *const dirs[] = {
		"/etc",		  "/etc/samba",
		"/run",		  "/run/samba",
		"/var",		  "/var/lib",
		"/var/lib/samba", "/var/lib/samba/private",
		"/var/cache",	  "/var/cache/samba",
		"/var/log",	  "/var/log/samba",
	};
	size_t i;
	int err;

	for (i = 0; i < ARRAY_SIZE(dirs); i++)
		mkdir(dirs[i], 0755);
	/*
	 * smbd will not start without its guest account, Debian's nobody,
	 * even with no guest access: the image has root alone.
	 */
	err = fs2_file_put(
		"/etc/passwd",
		"nobody:x:65534:65534:nobody:/nonexistent:/bin/false\n", 0,
		O_APPEND);
	if (!err)
		err = fs2_file_put("/etc/group", "nogroup:x:65534:\n", 0,
				   O_APPEND);
	if (!err)
		err = fs2_file_put(CIFS_CONF, cifs_conf, 0644,
				   O_CREAT | O_TRUNC);
	if (!err)
		err = fs2_file_put(
			"/etc/samba/smbpasswd",
			CIFS_USER
			":0:XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX:" CIFS_PASS_NT
			":[UX         ]:LCT-60000000:\n",
			0600, O_CREAT | O_TRUNC);
	if (!err)
		return 0;
	snprintf(why, size, "FS2=%s: cannot write Samba's configuration: %s",
		 job->fs2, strerror(-err));
	return -EIO;
}

/* The last line of smbd's log: why it stopped, when it did. */
static void cifs_log_tail(char *out, size_t size)
{
	char buf[2048], *end, *line;
	size_t keep;
	int fd = open(CIFS_LOG, O_RDONLY | O_CLOEXEC);
	off_t len;
	ssize_t n;

	out[0] = '\0';
	if (fd < 0)
		return;
	len = lseek(fd, 0, SEEK_END);
	if (len > (off_t)sizeof(buf) - 1)
		lseek(fd, len - (off_t)sizeof(buf) + 1, SEEK_SET);
	else
		lseek(fd, 0, SEEK_SET);
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return;
	buf[n] = '\0';
	end = buf + n;
	while (end > buf && (end[-1] == '\n' || end[-1] == ' '))
		*--end = '\0';
	line = strrchr(buf, '\n');
	line = line ? line + 1 : buf;
	while (*line == ' ')
		line++;
	keep = strlen(line) < size ? strlen(line) : size - 1;
	memcpy(out, line, keep);
	out[keep] = '\0';
}

/* Whether smbd accepts connections on 127.0.0.1:445 yet. */
static int cifs_port_open(void)
{
	struct sockaddr_in sa = { .sin_family = AF_INET,
				  .sin_port = htons(445) };
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), ok;

	if (fd < 0)
		return 0;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ok = !connect(fd, (struct sockaddr *)&sa, sizeof(sa));
	close(fd);
	return ok;
}

/*
 * smbd as a daemon: its parent returns at once, before the child
 * listens, so the port says when it is up.
 */
int fs2_cifs_serve(const struct job *job, char *why, size_t size)
{
	char *smbd[] = { CIFS_SMBD, "-D", "-s", CIFS_CONF, NULL };
	char out[256], what[32], said[160];
	int err, ms;

	snprintf(what, sizeof(what), "FS2=%s", job->fs2);
	err = fs2_tool_have(job, CIFS_SMBD, why, size);
	if (!err)
		err = cifs_conf_make(job, why, size);
	if (err)
		return err;
	err = disks_tool_run(smbd, out, sizeof(out));
	if (err) {
		disks_tool_said(what, CIFS_SMBD, err, out, why, size);
		return -EIO;
	}
	for (ms = 0; ms < CIFS_LISTEN_MS; ms += 50) {
		if (cifs_port_open())
			return 0;
		usleep(50000);
	}
	cifs_log_tail(said, sizeof(said));
	snprintf(why, size,
		 "FS2=%s: " CIFS_SMBD
		 " did not listen on 127.0.0.1:445 in %d s: %s",
		 job->fs2, CIFS_LISTEN_MS / 1000,
		 said[0] ? said : "its log says nothing");
	return -EIO;
}

/*
 * The dialect the client and smbd agreed on, from the client's
 * /proc/fs/cifs/DebugData ("Dialect 0x311"), for the console: 0 when
 * it does not say.
 */
void fs2_cifs_said(char *buf, size_t size)
{
	char text[4096], *at;
	int fd = open("/proc/fs/cifs/DebugData", O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, text, sizeof(text) - 1);
	unsigned int dialect = 0;

	if (fd >= 0)
		close(fd);
	if (n > 0) {
		text[n] = '\0';
		at = strstr(text, "Dialect 0x");
		dialect = at ? (unsigned int)strtoul(at + 10, NULL, 16) : 0;
	}
	snprintf(buf, size, "SMB dialect 0x%x", dialect);
}

/* smbd has nothing to let go of once the client's mount is gone. */
void fs2_cifs_stop(void)
{
}
