// SPDX-License-Identifier: GPL-2.0
/* The floor for boot overhead: an init that only powers off. */
#include <sys/reboot.h>
#include <unistd.h>

int main(void)
{
	sync();
	reboot(RB_POWER_OFF);
	for (;;)
		pause();
}
