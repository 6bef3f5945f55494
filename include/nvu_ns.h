/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Include first in every file that exports: puts its EXPORT_SYMBOL_GPL()s
 * into the NV_UNCORE namespace.  It is a bare identifier before Linux 6.13
 * and a string literal since; distributions backport the change on its own
 * (scripts/conftest.sh tells which this kernel wants).
 */
#ifndef NVU_NS_H
#define NVU_NS_H

#include "nvu_conftest.h"

#ifdef NVU_DEFAULT_NS_UNQUOTED
#define DEFAULT_SYMBOL_NAMESPACE NV_UNCORE
#else
#define DEFAULT_SYMBOL_NAMESPACE "NV_UNCORE"
#endif

/*
 * What only the hardware model uses (serving register windows) goes in a
 * namespace of its own, which no driver imports.  EXPORT_SYMBOL_NS_GPL()
 * took the namespace bare before 6.13, as MODULE_IMPORT_NS() did.
 */
#ifdef NVU_NS_UNQUOTED
#define NVU_MODEL_NS	NV_UNCORE_EMU
#else
#define NVU_MODEL_NS	"NV_UNCORE_EMU"
#endif

/*
 * Helpers only tests use are exported to KUnit modules alone, in the
 * namespace KUnit's own header names (where the kernel has one).
 */
#ifdef NVU_HAVE_KUNIT_VISIBILITY
#include <kunit/visibility.h>
#else
#define EXPORT_SYMBOL_IF_KUNIT(sym)	EXPORT_SYMBOL_GPL(sym)
#endif

#endif /* NVU_NS_H */
