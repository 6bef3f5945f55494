// SPDX-License-Identifier: GPL-2.0
/*
 * nvu_oracle: the register accessors of upstream drivers built as oracles
 * (tests/oracle/nvu_oracle.h redirects theirs here).  A mapping records a
 * physical range and the nv-uncore register block that serves it, got from
 * the core as our own drivers get theirs; an access finds its mapping by
 * address.  Test-only: never installed by DKMS.
 */

#include <linux/device.h>
#include <linux/io.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/platform_device.h>

#include "nv_uncore.h"
/* After nv_uncore.h: its accessors keep the kernel's readl() and friends. */
#include "nvu_oracle.h"

/* Upstream's drivers map a handful of ranges per device. */
#define NVU_ORACLE_MAPS		128

/**
 * struct nvu_oracle_map - one range an upstream driver mapped
 * @start: its physical address, which is also the cookie it was given
 * @size: its length; 0 while the slot is free (published last)
 * @regs: the block that serves it
 */
struct nvu_oracle_map {
	phys_addr_t start;
	resource_size_t size;
	struct nvu_regs regs;
};

static struct nvu_oracle_map nvu_oracle_maps[NVU_ORACLE_MAPS];
static DEFINE_MUTEX(nvu_oracle_lock);

/*
 * Accesses come from any context (interrupt handlers, perf callbacks with
 * interrupts off): the lookup takes no lock.  A slot is filled before its
 * size is published and freed only once its driver has unbound.
 */
static struct nvu_oracle_map *nvu_oracle_find(const void __iomem *addr,
					      u32 *off)
{
	phys_addr_t a = (phys_addr_t)(uintptr_t)addr;
	unsigned int i;

	for (i = 0; i < NVU_ORACLE_MAPS; i++) {
		struct nvu_oracle_map *m = &nvu_oracle_maps[i];
		/* Pairs with the release in nvu_oracle_ioremap(). */
		resource_size_t size = smp_load_acquire(&m->size);

		if (size && a >= m->start && a - m->start < size) {
			*off = a - m->start;
			return m;
		}
	}
	return NULL;
}

/**
 * nvu_oracle_read() - an upstream driver's register read
 * @addr: cookie from nvu_oracle_ioremap() plus the register's offset
 * @size: 4 or 8
 *
 * Return: the register; all ones (and a warning) for an address no
 * mapping covers.
 */
u64 nvu_oracle_read(const void __iomem *addr, unsigned int size)
{
	struct nvu_oracle_map *m;
	u32 off;

	m = nvu_oracle_find(addr, &off);
	if (WARN_ONCE(!m, "nvu_oracle: read of unmapped 0x%lx\n",
		      (unsigned long)addr))
		return ~0ULL;
	return size == 8 ? nvu_read64(&m->regs, off) : nvu_read32(&m->regs, off);
}
EXPORT_SYMBOL_GPL(nvu_oracle_read);

/**
 * nvu_oracle_write() - an upstream driver's register write
 * @val: the value
 * @addr: cookie from nvu_oracle_ioremap() plus the register's offset
 * @size: 4 or 8
 */
void nvu_oracle_write(u64 val, void __iomem *addr, unsigned int size)
{
	struct nvu_oracle_map *m;
	u32 off;

	m = nvu_oracle_find(addr, &off);
	if (WARN_ONCE(!m, "nvu_oracle: write of unmapped 0x%lx\n",
		      (unsigned long)addr))
		return;
	if (size == 8)
		nvu_write64(&m->regs, off, val);
	else
		nvu_write32(&m->regs, off, val);
}
EXPORT_SYMBOL_GPL(nvu_oracle_write);

static void nvu_oracle_unmap(void *data)
{
	struct nvu_oracle_map *m = data;

	mutex_lock(&nvu_oracle_lock);
	WRITE_ONCE(m->size, 0);
	mutex_unlock(&nvu_oracle_lock);
}

/**
 * nvu_oracle_ioremap() - devm_ioremap() for an upstream driver
 * @dev: the device
 * @start: physical address
 * @size: length
 *
 * Return: the cookie its accessors take, NULL on failure.
 */
void __iomem *nvu_oracle_ioremap(struct device *dev, resource_size_t start,
				 resource_size_t size)
{
	struct resource res = DEFINE_RES_MEM(start, size);
	struct nvu_oracle_map *m = NULL;
	unsigned int i;
	int ret;

	mutex_lock(&nvu_oracle_lock);
	for (i = 0; i < NVU_ORACLE_MAPS && !m; i++)
		if (!nvu_oracle_maps[i].size)
			m = &nvu_oracle_maps[i];
	if (!m) {
		mutex_unlock(&nvu_oracle_lock);
		dev_err(dev, "nvu_oracle: more than %d mappings\n", NVU_ORACLE_MAPS);
		return NULL;
	}
	ret = nvu_map_shared(dev, &res, &m->regs);
	if (ret) {
		mutex_unlock(&nvu_oracle_lock);
		dev_err(dev, "nvu_oracle: cannot map %pR: %d\n", &res, ret);
		return NULL;
	}
	m->start = start;
	/* The slot is complete before an access can find it. */
	smp_store_release(&m->size, size);
	mutex_unlock(&nvu_oracle_lock);
	if (devm_add_action_or_reset(dev, nvu_oracle_unmap, m))
		return NULL;
	return (void __iomem *)(uintptr_t)start;
}
EXPORT_SYMBOL_GPL(nvu_oracle_ioremap);

/**
 * nvu_oracle_ioremap_resource() - devm_ioremap_resource() for an upstream
 *	driver: requests the range, then maps it
 * @dev: the device
 * @res: the range
 *
 * Return: the cookie, or an ERR_PTR().
 */
void __iomem *nvu_oracle_ioremap_resource(struct device *dev,
					  const struct resource *res)
{
	void __iomem *base;

	if (!res || resource_type(res) != IORESOURCE_MEM)
		return IOMEM_ERR_PTR(-EINVAL);
	if (!devm_request_mem_region(dev, res->start, resource_size(res),
				     dev_name(dev)))
		return IOMEM_ERR_PTR(-EBUSY);
	base = nvu_oracle_ioremap(dev, res->start, resource_size(res));
	return base ?: IOMEM_ERR_PTR(-ENOMEM);
}
EXPORT_SYMBOL_GPL(nvu_oracle_ioremap_resource);

/**
 * nvu_oracle_platform_ioremap() - devm_platform_ioremap_resource() for an
 *	upstream driver
 * @pdev: the device
 * @index: index among its memory resources
 *
 * Return: the cookie, or an ERR_PTR().
 */
void __iomem *nvu_oracle_platform_ioremap(struct platform_device *pdev,
					  unsigned int index)
{
	return nvu_oracle_ioremap_resource(&pdev->dev,
		platform_get_resource(pdev, IORESOURCE_MEM, index));
}
EXPORT_SYMBOL_GPL(nvu_oracle_platform_ioremap);

MODULE_DESCRIPTION("nv-uncore: register access for upstream drivers run as oracles");
MODULE_LICENSE("GPL");
NVU_IMPORT_NS();
