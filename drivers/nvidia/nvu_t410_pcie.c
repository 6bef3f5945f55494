// SPDX-License-Identifier: GPL-2.0
/* Placeholder. */

#include <linux/module.h>

#include "nv_uncore.h"

MODULE_DESCRIPTION("placeholder");
MODULE_LICENSE("GPL");
NVU_IMPORT_NS();
