/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The oracle's shim: included first by every upstream driver the oracle
 * builds (tests/oracle/oracle_*.c), it sends that driver's register
 * accessors and ioremap calls to nvu_oracle.ko, which serves them from
 * nv-uncore's hardware model (or, where no model window covers a range,
 * from the real registers).  The upstream source itself is read from the
 * kernel source tree at build time; nothing of it is in this repository.
 *
 * A mapping's cookie is the physical address itself: it is only ever
 * looked up, never dereferenced, so an accessor this header does not
 * redirect faults at once instead of reading something plausible.
 */
#ifndef NVU_ORACLE_H
#define NVU_ORACLE_H

/* Every header that defines an accessor, before the accessors are replaced. */
#include <linux/io.h>
#include <linux/io-64-nonatomic-lo-hi.h>
#include <linux/module.h>
#include <linux/platform_device.h>

/*
 * No module aliases: an oracle binds the devices ours would, so nothing
 * may load one but the test that wants it (udev, or a test loading the
 * devices' modaliases, would otherwise pick it).
 */
#undef MODULE_DEVICE_TABLE
#define MODULE_DEVICE_TABLE(type, name)	static_assert(sizeof(name) > 0)
#undef MODULE_ALIAS
#define MODULE_ALIAS(alias)		static_assert(sizeof(alias) > 0)

u64 nvu_oracle_read(const void __iomem *addr, unsigned int size);
void nvu_oracle_write(u64 val, void __iomem *addr, unsigned int size);
void __iomem *nvu_oracle_ioremap(struct device *dev, resource_size_t start,
				 resource_size_t size);
void __iomem *nvu_oracle_ioremap_resource(struct device *dev,
					  const struct resource *res);
void __iomem *nvu_oracle_platform_ioremap(struct platform_device *pdev,
					  unsigned int index);

#undef readl
#undef readl_relaxed
#undef readq
#undef readq_relaxed
#undef writel
#undef writel_relaxed
#undef writeq
#undef writeq_relaxed
#undef lo_hi_readq
#undef lo_hi_writeq
#undef hi_lo_readq
#undef hi_lo_writeq
#undef devm_ioremap
#undef devm_ioremap_resource
#undef devm_platform_ioremap_resource

#define readl(a)		((u32)nvu_oracle_read((a), 4))
#define readl_relaxed(a)	readl(a)
#define readq(a)		nvu_oracle_read((a), 8)
#define readq_relaxed(a)	readq(a)
#define writel(v, a)		nvu_oracle_write((u32)(v), (a), 4)
#define writel_relaxed(v, a)	writel(v, a)
#define writeq(v, a)		nvu_oracle_write((v), (a), 8)
#define writeq_relaxed(v, a)	writeq(v, a)
#define lo_hi_readq		nvu_oracle_lo_hi_readq
#define hi_lo_readq		nvu_oracle_hi_lo_readq
#define lo_hi_writeq		nvu_oracle_lo_hi_writeq
#define hi_lo_writeq		nvu_oracle_hi_lo_writeq
#define devm_ioremap(d, s, n)	nvu_oracle_ioremap((d), (s), (n))
#define devm_ioremap_resource(d, r) nvu_oracle_ioremap_resource((d), (r))
#define devm_platform_ioremap_resource(p, i) nvu_oracle_platform_ioremap((p), (i))

/* Two 32-bit accesses, in the order the name gives. */
static inline u64 nvu_oracle_lo_hi_readq(const void __iomem *a)
{
	u64 lo = readl(a);

	return lo | (u64)readl(a + 4) << 32;
}

static inline u64 nvu_oracle_hi_lo_readq(const void __iomem *a)
{
	u64 hi = readl(a + 4);

	return hi << 32 | readl(a);
}

static inline void nvu_oracle_lo_hi_writeq(u64 v, void __iomem *a)
{
	writel(lower_32_bits(v), a);
	writel(upper_32_bits(v), a + 4);
}

static inline void nvu_oracle_hi_lo_writeq(u64 v, void __iomem *a)
{
	writel(upper_32_bits(v), a + 4);
	writel(lower_32_bits(v), a);
}

#endif /* NVU_ORACLE_H */
