/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Include first in every file that exports: its exports go in namespace
 * NV_UNCORE, bare before 6.13 and quoted since.  Distributions backport
 * that, so scripts/conftest.sh tests for it.
 */
#ifndef NVU_NS_H
#define NVU_NS_H

#include "nvu_conftest.h"

#ifdef NVU_DEFAULT_NS_UNQUOTED
#define DEFAULT_SYMBOL_NAMESPACE NV_UNCORE
#else
#define DEFAULT_SYMBOL_NAMESPACE "NV_UNCORE"
#endif

/* The hardware model's own namespace, which no driver imports. */
#ifdef NVU_NS_UNQUOTED
#define NVU_MODEL_NS	NV_UNCORE_EMU
#else
#define NVU_MODEL_NS	"NV_UNCORE_EMU"
#endif

/* Test-only helpers are exported to KUnit modules alone, if possible. */
#ifdef NVU_HAVE_KUNIT_VISIBILITY
#include <kunit/visibility.h>
#else
#define EXPORT_SYMBOL_IF_KUNIT(sym)	EXPORT_SYMBOL_GPL(sym)
#endif

#endif /* NVU_NS_H */
