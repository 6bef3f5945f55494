// SPDX-License-Identifier: GPL-2.0
/* Placeholder. */
#include "nvu_ns.h"
