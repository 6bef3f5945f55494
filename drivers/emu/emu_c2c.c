// SPDX-License-Identifier: GPL-2.0
/* nvu_emu: NVLink-C2C, NV-CLink and NV-DLink (placeholder). */

#include "emu.h"

int nvu_emu_c2c_create(int socket)
{
	return 0;
}
