// SPDX-License-Identifier: GPL-2.0
/*
 * nvu_emu: overflow interrupt lines of emulated blocks.
 *
 * A small interrupt domain whose lines are raised by the model, not by
 * wires.  Like a level-triggered line, a block's line is asserted while its
 * overflow status and interrupt enables overlap; when it becomes asserted
 * the handler runs in hard interrupt context on the CPU the line is routed
 * to (its affinity), as a real interrupt would: an irq_work leaves the
 * model's lock behind, then a function call reaches that CPU.
 */

#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/irq_work.h>
#include <linux/irqdomain.h>
#include <linux/smp.h>

#include "emu.h"

#define EMU_NR_IRQS	32

static struct irq_domain *emu_irq_domain;
static struct fwnode_handle *emu_irq_fwnode;

static int emu_irq_set_affinity(struct irq_data *d, const struct cpumask *mask,
				bool force)
{
	struct nvu_emu_dev *dev = irq_data_get_irq_chip_data(d);
	unsigned int cpu = cpumask_first_and(mask, cpu_online_mask);

	/* irq_affinity_fail=1: a controller that cannot route the line. */
	if (cpu >= nr_cpu_ids || READ_ONCE(nvu_emu_irq_affinity_fail))
		return -EINVAL;
	WRITE_ONCE(dev->irq_cpu, cpu);
	irq_data_update_effective_affinity(d, cpumask_of(cpu));
	return IRQ_SET_MASK_OK_DONE;
}

/*
 * Masked (not requested yet, or masked by the core), an asserted line
 * waits; unmasked, it interrupts.
 */
static void emu_irq_mask(struct irq_data *d)
{
}

static void emu_irq_unmask(struct irq_data *d)
{
	struct nvu_emu_dev *dev = irq_data_get_irq_chip_data(d);

	if (READ_ONCE(dev->irq_asserted))
		irq_work_queue(&dev->irq_work);
}

static struct irq_chip emu_irq_chip = {
	.name = "nvu_emu",
	.irq_mask = emu_irq_mask,
	.irq_unmask = emu_irq_unmask,
	.irq_set_affinity = emu_irq_set_affinity,
};

static int emu_irq_map(struct irq_domain *d, unsigned int virq,
		       irq_hw_number_t hw)
{
	irq_set_chip_and_handler(virq, &emu_irq_chip, handle_simple_irq);
#ifdef NVU_HAVE_IRQ_MOVE_PCNTXT
	/* No interrupt controller to move it on the next interrupt. */
	irq_set_status_flags(virq, IRQ_MOVE_PCNTXT);
#endif
	return 0;
}

static const struct irq_domain_ops emu_irq_ops = {
	.map = emu_irq_map,
};

/*
 * On the target CPU, in hard interrupt context: the handler runs.  A level
 * line still asserted afterwards (a new overflow raced with the handler's
 * clear) interrupts again, as it would on hardware.
 */
static void emu_irq_deliver(void *data)
{
	struct nvu_emu_dev *dev = data;
	struct irq_data *d = irq_get_irq_data(dev->irq);
	unsigned long flags;
	bool again;

	/*
	 * A masked line does not interrupt; unmasking sends it again.  A
	 * disabled one is left pending by the core, which resends it when
	 * enabled: either way, no storm meanwhile.
	 */
	if (!irqd_irq_masked(d))
		generic_handle_irq_safe(dev->irq);
	raw_spin_lock_irqsave(&dev->lock, flags);
	again = dev->type->irq_level(dev);
	WRITE_ONCE(dev->irq_asserted, again);
	if (again && !irqd_irq_masked(d) && !irqd_irq_disabled(d))
		irq_work_queue(&dev->irq_work);
	raw_spin_unlock_irqrestore(&dev->lock, flags);
}

/* Out of the model's lock: send the interrupt where it is routed. */
static void emu_irq_fire(struct irq_work *work)
{
	struct nvu_emu_dev *dev = container_of(work, struct nvu_emu_dev,
					       irq_work);

	/* -EBUSY: a delivery is still on its way, which will do. */
	smp_call_function_single_async(READ_ONCE(dev->irq_cpu), &dev->irq_csd);
}

/**
 * nvu_emu_irq_level() - a block's line level after a change, under its lock
 * @dev: the device
 * @level: whether overflow status and interrupt enables overlap
 */
void nvu_emu_irq_level(struct nvu_emu_dev *dev, bool level)
{
	if (!dev->irq || level == dev->irq_asserted)
		return;
	WRITE_ONCE(dev->irq_asserted, level);
	if (level)
		irq_work_queue(&dev->irq_work);
}

/* Give @dev an interrupt line; returns the Linux interrupt number. */
int nvu_emu_irq_alloc(struct nvu_emu_dev *dev, unsigned int hwirq)
{
	int virq;

	if (hwirq >= EMU_NR_IRQS)
		return -ENOSPC;
	virq = irq_create_mapping(emu_irq_domain, hwirq);
	if (!virq)
		return -ENOSPC;
	irq_set_chip_data(virq, dev);
	dev->irq_work = IRQ_WORK_INIT_HARD(emu_irq_fire);
	INIT_CSD(&dev->irq_csd, emu_irq_deliver, dev);
	dev->irq_cpu = cpumask_first(cpu_online_mask);
	dev->irq = virq;
	return virq;
}

void nvu_emu_irq_free(struct nvu_emu_dev *dev)
{
	if (!dev->irq)
		return;
	irq_work_sync(&dev->irq_work);
	/* A delivery in flight runs with interrupts off: let it finish. */
	synchronize_rcu();
	irq_dispose_mapping(dev->irq);
	dev->irq = 0;
}

int nvu_emu_irq_init(void)
{
	emu_irq_fwnode = irq_domain_alloc_named_fwnode("nvu_emu");
	if (!emu_irq_fwnode)
		return -ENOMEM;
	emu_irq_domain = irq_domain_create_linear(emu_irq_fwnode, EMU_NR_IRQS,
						  &emu_irq_ops, NULL);
	if (!emu_irq_domain) {
		irq_domain_free_fwnode(emu_irq_fwnode);
		return -ENOMEM;
	}
	return 0;
}

void nvu_emu_irq_exit(void)
{
	irq_domain_remove(emu_irq_domain);
	irq_domain_free_fwnode(emu_irq_fwnode);
}
