// SPDX-License-Identifier: GPL-2.0
/* nvu_emu: PCIE and PCIE-TGT (placeholder). */

#include "emu.h"

int nvu_emu_pcie_create(int socket)
{
	return 0;
}
