/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BOOTBENCH_PROTO_H
#define BOOTBENCH_PROTO_H

/*
 * The contract between the guest's init and the host (docs/protocol.md),
 * said once: the init writes it, boot/ reads it, report/ reads what boot/
 * kept. Job keys and their limits are proto/jobkeys.def.
 */

/* "v" of every record; docs/schema/record.schema.json. */
#define PROTO_RECORD_VERSION 1
/* The virtio serial port the records travel on. */
#define PROTO_PORT_NAME "bootbench.results"
/* Job words on the kernel command line: bootbench.<key>=<value>. */
#define PROTO_JOB_PREFIX "bootbench."

#endif
