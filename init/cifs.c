// SPDX-License-Identifier: GPL-2.0
/*
 * LKP's fs2: cifs (docs/disks.md): the disk's filesystem, mounted at
 * /fs/<device>, served by Samba's smbd (the image's fs2-cifs layer) as
 * share "fs" (path /fs) and mounted back over loopback at
 * /cifs/<device> with the kernel's cifs client, which becomes the
 * benchmarks' working directory. The shape of LKP's setup: share [fs],
 * user root with password "pass", //localhost/fs/<device> mounted with
 * no vers= (the client negotiates SMB 2.1 or later, 3.1.1 with this
 * Samba).
 *
 * smbd only: no nmbd (NetBIOS is off, port 445 alone), no winbindd
 * (a standalone server, its one user in an smbpasswd file the init
 * writes, so no smbpasswd tool is needed). The client is mounted with
 * mount(2) and the options the kernel takes itself (ip=, username=,
 * password=), as mount.cifs would pass them.
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
 * "pass" as the smbpasswd file stores it (smbpasswd(5)): the NT hash,
 * MD4 of the password in UTF-16LE, no LAN Manager hash; a normal user
 * (U) whose password never expires (X), last changed at some time
 * other than 0, which Samba takes for "must change at next logon" and
 * refuses the session (STATUS_PASSWORD_MUST_CHANGE).
 */
#define CIFS_USER "root"
#define CIFS_PASS "pass"
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

/* The client's mount, which the poweroff lets go of first. */
static char cifs_mnt[64];

static int cifs_file_put(const char *path, const char *text, mode_t mode)
{
	size_t len = strlen(text);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, text, len);
	close(fd);
	return n == (ssize_t)len ? 0 : -EIO;
}

/* @line appended to @path. */
static int cifs_line_add(const char *path, const char *line)
{
	size_t len = strlen(line);
	int fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, line, len);
	close(fd);
	return n == (ssize_t)len ? 0 : -EIO;
}

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
	err = cifs_line_add(
		"/etc/passwd",
		"nobody:x:65534:65534:nobody:/nonexistent:/bin/false\n");
	if (!err)
		err = cifs_line_add("/etc/group", "nogroup:x:65534:\n");
	if (!err)
		err = cifs_file_put(CIFS_CONF, cifs_conf, 0644);
	if (!err)
		err = cifs_file_put(
			"/etc/samba/smbpasswd",
			CIFS_USER
			":0:XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX:" CIFS_PASS_NT
			":[UX         ]:LCT-60000000:\n",
			0600);
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
static int cifs_server_start(const struct job *job, char *why, size_t size)
{
	char *smbd[] = { CIFS_SMBD, "-D", "-s", CIFS_CONF, NULL };
	char out[256], what[32], said[160];
	int err, ms;

	snprintf(what, sizeof(what), "FS2=%s", job->fs2);
	err = disks_tool_have(what, CIFS_SMBD, "samba", "fs2-cifs", why, size);
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
 * A file made and removed on the mount before any benchmark: the share
 * is proved writable, and the first open's cost is paid outside the
 * measurement.
 */
static int cifs_mount_probe(const struct job *job, const char *mnt, char *why,
			    size_t size)
{
	char path[96];
	int fd;

	snprintf(path, sizeof(path), "%s/.bootbench-cifs-probe", mnt);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 || close(fd) || unlink(path)) {
		snprintf(why, size, "FS2=%s: cannot write on %s: %s", job->fs2,
			 mnt, strerror(errno));
		return -EIO;
	}
	return 0;
}

/* //127.0.0.1/fs/<device> mounted at /cifs/<device>, the working directory. */
static int cifs_client_mount(struct job *job, char *why, size_t size)
{
	static const char *const crypto[] = {
		"ecb", "cmac", "sha512_generic", "ctr", "ghash_generic",
		"ccm", "gcm"
	};
	const char *dev = strrchr(job->workdir, '/') + 1;
	char src[128], mnt[64];
	size_t i;

	/*
	 * cifs.ko's soft dependencies and the templates gcm and ccm are
	 * built of (ctr, ghash): the client asks the crypto API for them
	 * by name at the negotiation (SMB 3.1.1's preauth hash, signing,
	 * encryption), which cannot load a module without a modprobe in
	 * reach.
	 */
	for (i = 0; i < ARRAY_SIZE(crypto); i++)
		modules_probe_name(crypto[i]);
	modules_probe_name("cifs");
	snprintf(src, sizeof(src), "//127.0.0.1%s", job->workdir);
	snprintf(mnt, sizeof(mnt), "/cifs/%s", dev);
	mkdir("/cifs", 0755);
	mkdir(mnt, 0755);
	if (mount(src, mnt, "cifs", 0,
		  "ip=127.0.0.1,username=" CIFS_USER ",password=" CIFS_PASS)) {
		snprintf(
			why, size,
			errno == ENODEV ?
				"FS2=%s: the kernel has no cifs client (mount %s: %s): build CONFIG_CIFS in (kconfigs/disk.config) or give the cifs module (MODULES=)" :
				"FS2=%s: cannot mount %s: %s",
			job->fs2, src, strerror(errno));
		return -EIO;
	}
	snprintf(cifs_mnt, sizeof(cifs_mnt), "%s", mnt);
	snprintf(job->workdir, sizeof(job->workdir), "%s", mnt);
	return cifs_mount_probe(job, mnt, why, size);
}

/*
 * The dialect the client and smbd agreed on, from the client's
 * /proc/fs/cifs/DebugData ("Dialect 0x311"), for the console: 0 when
 * it does not say.
 */
static unsigned int cifs_dialect_read(void)
{
	char buf[4096], *at;
	int fd = open("/proc/fs/cifs/DebugData", O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	at = strstr(buf, "Dialect 0x");
	return at ? (unsigned int)strtoul(at + 10, NULL, 16) : 0;
}

int cifs_prepare(struct job *job, char *why, size_t size)
{
	double t0 = uptime_read();
	int err;

	if (strcmp(job->fs2, "cifs"))
		return 0;
	if (strncmp(job->workdir, "/fs/", 4)) {
		snprintf(
			why, size,
			"FS2=%s serves the disk's filesystem over SMB: give DISK= and FS= too",
			job->fs2);
		return -EINVAL;
	}
	err = cifs_server_start(job, why, size);
	if (!err)
		err = cifs_client_mount(job, why, size);
	if (!err)
		fprintf(stderr,
			"bootbench-init: disk: cifs served by smbd, mounted with SMB dialect 0x%x on %s in %.2f s\n",
			cifs_dialect_read(), job->workdir, uptime_read() - t0);
	return err;
}

/*
 * Before the poweroff's sync: a mount whose server hangs would hold the
 * sync, and the run's results are already sent.
 */
void cifs_release(void)
{
	if (cifs_mnt[0])
		umount2(cifs_mnt, MNT_FORCE | MNT_DETACH);
}
