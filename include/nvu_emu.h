/* SPDX-License-Identifier: GPL-2.0 */
/* nvu_emu: what tests may call in the hardware model. */
#ifndef NVU_EMU_API_H
#define NVU_EMU_API_H

#include <linux/types.h>

int nvu_emu_inject(const char *name, const char *line);
int nvu_emu_tear(const char *name, const char *line);
u64 nvu_emu_tear_fired(const char *name);
int nvu_emu_access(const char *name, u64 *reads, u64 *writes, bool reset);

#endif /* NVU_EMU_API_H */
