// SPDX-License-Identifier: GPL-2.0
/*
 * nvu_emu: Arm CMN-600 meshes as devices of the model.  Instance i is
 * "cmn600_<i>", with the layout the i-th word of the cmn= parameter names,
 * a register window of EMU_CMN_WINDOW holding its configuration space,
 * and the firmware's ARMHC600 device with _UID i (tests/vm/fwgen).  The
 * register state machine and its counting rules are emu_cmn.c's.
 *
 * Overflow interrupts: the firmware lists one Interrupt descriptor per
 * DTC in each ARMHC600 _CRS, whose ResourceSource names the model's
 * interrupt controller, the ACPI device \_SB.NVUI (_HID NVUE0002).  Here
 * that controller is an interrupt domain with NVUI's fwnode; interrupt
 * 0x100 + 4 * i + d, its line 4 * i + d, is DTC d of instance i.  Linux
 * leaves such an interrupt disabled at boot.  With ACPI_GENERIC_GSI
 * (arm64) the kernel honours the ResourceSource, finds no domain yet, and
 * platform_get_irq_optional() later maps the interrupt in this one.
 * Without it (x86) the kernel takes every interrupt for a GSI of its
 * IOAPICs, whatever the ResourceSource: numbers from 0x100 up are none
 * ("Unable to locate IOAPIC" at boot), and since that kernel never looks
 * again, the model fills the device's interrupt resources itself when it
 * loads.  Either way it gives them back disabled when it unloads.
 */

#include <linux/acpi.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/irqdomain.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/timekeeping.h>

#include "emu.h"
#include "emu_cmn.h"
#include "nvu_cmn600_regs.h"

/*
 * Every instance's window, whatever its layout: the largest layout's
 * space fits.  tests/vm/fwgen (CMN_WINDOW) gives the same.
 */
#define EMU_CMN_WINDOW		SZ_4M
#define EMU_CMN_MAX_INST	8

static char *cmn = "2x2,4x2,8x8";
module_param(cmn, charp, 0444);
MODULE_PARM_DESC(cmn,
		 "CMN-600 instances cmn600_0, 1, ...: their layouts, comma-separated (2x2, 4x2, 8x8; empty or none: no instance)");

/* [U]; upstream's arm-cmn does not read the domains on CMN-600. */
static bool cmn_dtc_interleave;
module_param(cmn_dtc_interleave, bool, 0444);
MODULE_PARM_DESC(cmn_dtc_interleave,
		 "CMN-600: XP i feeds DTC i % dtcs, not a contiguous block [U]");

/*
 * [U], with evidence for the default: upstream's arm-cmn (6.12), which has
 * counted on CMN-600 silicon, never writes dtm_control: unless firmware
 * sets dtm_enable, a DTM counts without it.  The oracle runs upstream's
 * driver with the default (tests/README.md).
 */
static bool cmn_dtm_enable_gates;
module_param(cmn_dtm_enable_gates, bool, 0444);
MODULE_PARM_DESC(cmn_dtm_enable_gates,
		 "CMN-600: a DTM counts only with dtm_control.dtm_enable [U]");

static unsigned int cmn_wp_exclusive;
module_param(cmn_wp_exclusive, uint, 0444);
MODULE_PARM_DESC(cmn_wp_exclusive,
		 "CMN-600: wp_exclusive inverts 0: the whole match, 1: the value match only [U]");

/* r1p3: every CMN-600 event is visible in the perf ABI (spec B.9). */
static unsigned int cmn_rev = 3;
module_param(cmn_rev, uint, 0444);
MODULE_PARM_DESC(cmn_rev, "CMN-600 revision code, periph_id_2 7:4 (0-15)");

/*
 * [U], with evidence for the default: upstream's arm-cmn sets
 * dtc_ctl.cg_disable whenever it counts dtc_cycles, which it would not
 * need if gating could not hold the cycle counter.
 */
static bool cmn_clock_gating = true;
module_param(cmn_clock_gating, bool, 0444);
MODULE_PARM_DESC(cmn_clock_gating,
		 "CMN-600: a DTC's cycle counter skips idle cycles unless dtc_ctl.cg_disable is set (CMN's default; idle: a cycle without traffic in its inject line [U])");

static bool cmn_narrow_ids;
module_param(cmn_narrow_ids, bool, 0444);
MODULE_PARM_DESC(cmn_narrow_ids,
		 "CMN-600: node IDs' Y field fls((x-1)|(y-1)) bits wide, as Linux takes it (1 on a 2x2), not 2 up to 4x4 [U]");

static bool cmn_ae;
module_param(cmn_ae, bool, 0444);
MODULE_PARM_DESC(cmn_ae, "CMN-600: the meshes are CMN-600AE parts (0x438)");

static bool cmn_stale_ovf;
module_param(cmn_stale_ovf, bool, 0444);
MODULE_PARM_DESC(cmn_stale_ovf,
		 "CMN-600: every DTC starts with its overflow status set and its PMU disabled, as after kexec");

static bool cmn_irq;
module_param(cmn_irq, bool, 0444);
MODULE_PARM_DESC(cmn_irq,
		 "CMN-600: route the DTCs' overflow interrupts the firmware describes (else they do not resolve)");

static bool cmn_irq_shared;
module_param(cmn_irq_shared, bool, 0444);
MODULE_PARM_DESC(cmn_irq_shared,
		 "CMN-600: every DTC of an instance on its DTC 0's line, whatever the firmware lists");

/* The interrupt controller the firmware names (tests/vm/fwgen NVUI_HID). */
#define EMU_CMN_NVUI_HID	"NVUE0002"
/* Lines per instance: one per DTC, of which a layout has at most 4. */
#define EMU_CMN_LINES		4
/* The firmware's number of line 0: past any IOAPIC's GSIs (x86). */
#define EMU_CMN_IRQ_BASE	0x100
#define EMU_CMN_NR_LINES	(EMU_CMN_MAX_INST * EMU_CMN_LINES)

struct emu_cmn_inst;

/**
 * struct emu_cmn_line - one overflow interrupt line of the controller
 * @in: its instance, NULL while no DTC is on it
 * @dtcs: BIT(d) of the DTCs on the line: asserted while any of them is
 * @virq: Linux interrupt number while mapped, else 0
 * @cpu: where the line is routed
 * @asserted: its level
 * @work: leaves the model's lock behind
 * @csd: then reaches @cpu
 */
struct emu_cmn_line {
	struct emu_cmn_inst *in;
	unsigned long dtcs;
	unsigned int virq;
	unsigned int cpu;
	bool asserted;
	struct irq_work work;
	call_single_data_t csd;
};

struct emu_cmn_inst {
	struct nvu_emu_type type;
	struct emu_cmn *c;
	struct nvu_emu_dev *dev;
	/* The firmware's device, while it has lines. */
	struct acpi_device *adev;
	struct platform_device *pdev;
	/* Time every DTC counted, up to @on_since while @on. */
	u64 on_ns;
	u64 on_since;
	bool on;
};

static struct emu_cmn_inst emu_cmn_insts[EMU_CMN_MAX_INST];
static struct emu_cmn_line emu_cmn_lines[EMU_CMN_NR_LINES];
static struct irq_domain *emu_cmn_domain;
static struct acpi_device *emu_cmn_nvui;

static struct emu_cmn *emu_cmn_of(const struct nvu_emu_dev *dev)
{
	return *(struct emu_cmn **)dev->state;
}

static struct emu_cmn_inst *emu_cmn_inst_of(const struct nvu_emu_dev *dev)
{
	return container_of(dev->type, struct emu_cmn_inst, type);
}

static void emu_cmn600_init(struct nvu_emu_dev *dev)
{
	*(struct emu_cmn **)dev->state = emu_cmn_inst_of(dev)->c;
	emu_cmn_inst_of(dev)->dev = dev;
}

/* ------------------------------------------------------------------------
 * Overflow interrupt lines
 */

static struct emu_cmn_line *emu_cmn_lines_of(const struct emu_cmn_inst *in)
{
	return &emu_cmn_lines[(in - emu_cmn_insts) * EMU_CMN_LINES];
}

/* Under the instance's lock. */
static bool emu_cmn_line_level(const struct emu_cmn_line *l)
{
	unsigned int d;

	for_each_set_bit(d, &l->dtcs, EMU_CMN_LINES)
		if (emu_cmn_irq(l->in->c, d))
			return true;
	return false;
}

/* After every register access and injection, under the lock. */
static void emu_cmn600_irq_update(struct nvu_emu_dev *dev)
{
	struct emu_cmn_line *l = emu_cmn_lines_of(emu_cmn_inst_of(dev));
	unsigned int i;
	bool level;

	for (i = 0; i < EMU_CMN_LINES; i++, l++) {
		if (!l->in)
			continue;
		level = emu_cmn_line_level(l);
		if (level == l->asserted)
			continue;
		WRITE_ONCE(l->asserted, level);
		if (level && READ_ONCE(l->virq))
			irq_work_queue(&l->work);
	}
}

/* Batches are counted where DTC 0's line goes (the PMU's owner). */
static unsigned int emu_cmn600_owner_cpu(struct nvu_emu_dev *dev)
{
	struct emu_cmn_line *l = emu_cmn_lines_of(emu_cmn_inst_of(dev));
	unsigned int i;

	for (i = 0; i < EMU_CMN_LINES; i++, l++)
		if (l->in && (l->dtcs & BIT(0)) && READ_ONCE(l->virq))
			return READ_ONCE(l->cpu);
	return nr_cpu_ids;
}

/*
 * On the CPU the line is routed to, in hard interrupt context, as
 * emu_irq.c delivers the UCF lines: a level line still asserted after
 * the handler interrupts again.
 */
static void emu_cmn_line_deliver(void *data)
{
	struct emu_cmn_line *l = data;
	unsigned int virq = READ_ONCE(l->virq);
	struct nvu_emu_dev *dev = l->in->dev;
	struct irq_data *d;
	unsigned long flags;
	bool again;

	d = virq ? irq_get_irq_data(virq) : NULL;
	if (!d)
		return;
	if (!irqd_irq_masked(d))
		generic_handle_irq_safe(virq);
	raw_spin_lock_irqsave(&dev->lock, flags);
	again = emu_cmn_line_level(l);
	WRITE_ONCE(l->asserted, again);
	if (again && !irqd_irq_masked(d) && !irqd_irq_disabled(d))
		irq_work_queue(&l->work);
	raw_spin_unlock_irqrestore(&dev->lock, flags);
}

static void emu_cmn_line_fire(struct irq_work *work)
{
	struct emu_cmn_line *l = container_of(work, struct emu_cmn_line, work);

	/* -EBUSY: a delivery is still on its way, which will do. */
	smp_call_function_single_async(READ_ONCE(l->cpu), &l->csd);
}

static void emu_cmn_line_mask(struct irq_data *d)
{
}

static void emu_cmn_line_unmask(struct irq_data *d)
{
	struct emu_cmn_line *l = irq_data_get_irq_chip_data(d);

	if (READ_ONCE(l->asserted))
		irq_work_queue(&l->work);
}

static int emu_cmn_line_set_affinity(struct irq_data *d,
				     const struct cpumask *mask, bool force)
{
	struct emu_cmn_line *l = irq_data_get_irq_chip_data(d);
	unsigned int cpu = cpumask_first_and(mask, cpu_online_mask);

	if (cpu >= nr_cpu_ids || READ_ONCE(nvu_emu_irq_affinity_fail))
		return -EINVAL;
	WRITE_ONCE(l->cpu, cpu);
	irq_data_update_effective_affinity(d, cpumask_of(cpu));
	return IRQ_SET_MASK_OK_DONE;
}

static struct irq_chip emu_cmn_irq_chip = {
	.name = "nvu_emu_cmn",
	.irq_mask = emu_cmn_line_mask,
	.irq_unmask = emu_cmn_line_unmask,
	.irq_set_affinity = emu_cmn_line_set_affinity,
};

/*
 * The line of the firmware's interrupt number @fw, or -EINVAL: none
 * without cmn_irq=1 (so that the interrupt never resolves and a driver
 * polls), and none that no DTC is on.
 */
static int emu_cmn_line_of(u32 fw)
{
	if (!cmn_irq || fw < EMU_CMN_IRQ_BASE ||
	    fw - EMU_CMN_IRQ_BASE >= EMU_CMN_NR_LINES)
		return -EINVAL;
	fw -= EMU_CMN_IRQ_BASE;
	if (cmn_irq_shared)
		fw -= fw % EMU_CMN_LINES;
	return emu_cmn_lines[fw].in ? fw : -EINVAL;
}

static int emu_cmn_xlate(struct irq_domain *d, struct device_node *node,
			 const u32 *intspec, unsigned int intsize,
			 irq_hw_number_t *out_hwirq, unsigned int *out_type)
{
	int line = intsize ? emu_cmn_line_of(intspec[0]) : -EINVAL;

	if (line < 0)
		return line;
	*out_hwirq = line;
	*out_type = IRQ_TYPE_NONE;
	return 0;
}

static int emu_cmn_map(struct irq_domain *d, unsigned int virq,
		       irq_hw_number_t hw)
{
	struct emu_cmn_line *l = &emu_cmn_lines[hw];

	if (!l->in)
		return -EINVAL;
	irq_set_chip_and_handler(virq, &emu_cmn_irq_chip, handle_simple_irq);
	irq_set_chip_data(virq, l);
#ifdef NVU_HAVE_IRQ_MOVE_PCNTXT
	irq_set_status_flags(virq, IRQ_MOVE_PCNTXT);
#endif
	WRITE_ONCE(l->virq, virq);
	return 0;
}

static void emu_cmn_unmap(struct irq_domain *d, unsigned int virq)
{
	struct emu_cmn_line *l = irq_get_chip_data(virq);

	if (l)
		WRITE_ONCE(l->virq, 0);
	irq_set_chip_and_handler(virq, NULL, NULL);
	irq_set_chip_data(virq, NULL);
}

static const struct irq_domain_ops emu_cmn_domain_ops = {
	.xlate = emu_cmn_xlate,
	.map = emu_cmn_map,
	.unmap = emu_cmn_unmap,
};

/* The interrupts of an ARMHC600 _CRS, in order (DTC d is the d-th). */
struct emu_cmn_crs {
	unsigned int n;
	struct {
		bool ours;	/* names \_SB.NVUI */
		u32 fw;
		u8 trig, pol, share, wake;
	} irq[EMU_CMN_LINES];
};

static acpi_status emu_cmn_crs_irq(struct acpi_resource *ares, void *data)
{
	struct acpi_resource_extended_irq *x = &ares->data.extended_irq;
	struct emu_cmn_crs *crs = data;
	acpi_handle h;
	unsigned int k;

	if (ares->type == ACPI_RESOURCE_TYPE_IRQ) {
		crs->n += ares->data.irq.interrupt_count;
		return AE_OK;
	}
	if (ares->type != ACPI_RESOURCE_TYPE_EXTENDED_IRQ ||
	    x->producer_consumer == ACPI_PRODUCER)
		return AE_OK;
	for (k = 0; k < x->interrupt_count; k++, crs->n++) {
		if (crs->n >= EMU_CMN_LINES)
			continue;
		crs->irq[crs->n].ours = x->resource_source.string_length &&
			ACPI_SUCCESS(acpi_get_handle(NULL,
						     x->resource_source.string_ptr,
						     &h)) &&
			h == emu_cmn_nvui->handle;
		crs->irq[crs->n].fw = x->interrupts[k];
		crs->irq[crs->n].trig = x->triggering;
		crs->irq[crs->n].pol = x->polarity;
		crs->irq[crs->n].share = x->shareable;
		crs->irq[crs->n].wake = x->wake_capable;
	}
	return AE_OK;
}

/*
 * Where the kernel cannot resolve an interrupt of a ResourceSource
 * itself, give the device's disabled interrupt resource @n its line.
 */
static void emu_cmn_fill(struct emu_cmn_inst *in, unsigned int n,
			 const struct emu_cmn_crs *crs)
{
	struct irq_fwspec fwspec = {
		.fwnode = acpi_fwnode_handle(emu_cmn_nvui),
		.param = { crs->irq[n].fw },
		.param_count = 1,
	};
	struct resource *r;
	unsigned int virq;

	if (IS_ENABLED(CONFIG_ACPI_GENERIC_GSI))
		return;
	r = platform_get_resource(in->pdev, IORESOURCE_IRQ, n);
	if (!r || !(r->flags & IORESOURCE_DISABLED))
		return;
	virq = irq_create_fwspec_mapping(&fwspec);
	if (!virq)
		return;
	r->start = virq;
	r->end = virq;
	r->flags = acpi_dev_irq_flags(crs->irq[n].trig, crs->irq[n].pol,
				      crs->irq[n].share, crs->irq[n].wake);
}

/* Instance @in's lines, from its firmware device's _CRS. */
static void emu_cmn_irq_setup(struct emu_cmn_inst *in, unsigned int i)
{
	struct emu_cmn_line *l;
	unsigned int d, dtcs = emu_cmn_dtcs(in->c);
	struct emu_cmn_crs crs = { };
	struct device *phys;
	char uid[12];
	int line;

	if (!cmn_irq || !emu_cmn_domain)
		return;
	snprintf(uid, sizeof(uid), "%u", i);
	in->adev = acpi_dev_get_first_match_dev("ARMHC600", uid, -1);
	if (!in->adev)
		return;
	phys = acpi_get_first_physical_node(in->adev);
	if (phys && dev_is_platform(phys))
		in->pdev = to_platform_device(get_device(phys));
	acpi_walk_resources(in->adev->handle, METHOD_NAME__CRS,
			    emu_cmn_crs_irq, &crs);
	for (d = 0; d < dtcs && d < crs.n; d++) {
		if (!crs.irq[d].ours)
			continue;
		/* Lines 4i..4i+3 only: another instance's is a table bug. */
		line = crs.irq[d].fw - EMU_CMN_IRQ_BASE;
		if (crs.irq[d].fw < EMU_CMN_IRQ_BASE ||
		    line / EMU_CMN_LINES != i) {
			pr_warn("nvu_emu: cmn600_%u: DTC %u: interrupt %#x is not one of this instance's\n",
				i, d, crs.irq[d].fw);
			continue;
		}
		if (cmn_irq_shared)
			line = i * EMU_CMN_LINES;
		l = &emu_cmn_lines[line];
		if (!l->in) {
			l->in = in;
			l->work = IRQ_WORK_INIT_HARD(emu_cmn_line_fire);
			INIT_CSD(&l->csd, emu_cmn_line_deliver, l);
			l->cpu = cpumask_first(cpu_online_mask);
		}
		l->dtcs |= BIT(d);
	}
	if (!in->pdev)
		return;
	for (d = 0; d < dtcs && d < crs.n; d++)
		if (crs.irq[d].ours && emu_cmn_line_of(crs.irq[d].fw) >= 0)
			emu_cmn_fill(in, d, &crs);
}

/*
 * Give the device's interrupt resources back disabled, as the kernel made
 * them at boot, then unmap the lines: a stale number must not survive the
 * model.
 */
static void emu_cmn_irq_teardown(struct emu_cmn_inst *in)
{
	struct emu_cmn_line *l = emu_cmn_lines_of(in);
	struct irq_data *d;
	struct resource *r;
	unsigned int i;

	for (i = 0; in->pdev &&
	     (r = platform_get_resource(in->pdev, IORESOURCE_IRQ, i)); i++) {
		d = r->flags & IORESOURCE_DISABLED ? NULL :
		    irq_get_irq_data(r->start);
		if (!d || d->domain != emu_cmn_domain)
			continue;
		r->start = 0;
		r->end = 0;
		r->flags = IORESOURCE_IRQ | IORESOURCE_DISABLED |
			   IORESOURCE_UNSET;
	}
	for (i = 0; i < EMU_CMN_LINES; i++, l++) {
		if (!l->in)
			continue;
		irq_work_sync(&l->work);
		/* A delivery in flight runs with interrupts off. */
		synchronize_rcu();
		if (l->virq)
			irq_dispose_mapping(l->virq);
		memset(l, 0, sizeof(*l));
	}
	if (in->pdev)
		put_device(&in->pdev->dev);
	in->pdev = NULL;
	acpi_dev_put(in->adev);
	in->adev = NULL;
}

/* After every instance is gone. */
void nvu_emu_cmn_irq_exit(void)
{
	if (emu_cmn_domain)
		irq_domain_remove(emu_cmn_domain);
	emu_cmn_domain = NULL;
	acpi_dev_put(emu_cmn_nvui);
	emu_cmn_nvui = NULL;
}

/* The controller, where the firmware has one. */
static int emu_cmn_irq_init(void)
{
	emu_cmn_nvui = acpi_dev_get_first_match_dev(EMU_CMN_NVUI_HID, NULL, -1);
	if (!emu_cmn_nvui)
		return 0;
	emu_cmn_domain = irq_domain_create_linear(acpi_fwnode_handle(emu_cmn_nvui),
						  EMU_CMN_NR_LINES,
						  &emu_cmn_domain_ops, NULL);
	if (!emu_cmn_domain) {
		acpi_dev_put(emu_cmn_nvui);
		emu_cmn_nvui = NULL;
		return -ENOMEM;
	}
	return 0;
}

/* ------------------------------------------------------------------------
 * The device
 */

static void emu_cmn600_exit(struct nvu_emu_dev *dev)
{
	struct emu_cmn_inst *in = emu_cmn_inst_of(dev);

	emu_cmn_irq_teardown(in);
	emu_cmn_destroy(in->c);
	in->c = NULL;
}

static u64 emu_cmn600_read(struct nvu_emu_dev *dev, u32 off,
			   unsigned int size)
{
	return emu_cmn_read(emu_cmn_of(dev), off, size);
}

static void emu_cmn600_write(struct nvu_emu_dev *dev, u32 off, u64 val,
			     unsigned int size)
{
	struct emu_cmn_inst *in = emu_cmn_inst_of(dev);
	bool on;

	emu_cmn_write(in->c, off, val, size);
	on = emu_cmn_counting(in->c);
	if (on == in->on)
		return;
	if (on)
		in->on_since = ktime_get_ns();
	else
		in->on_ns += ktime_get_ns() - in->on_since;
	in->on = on;
}

static u64 emu_cmn600_counting_ns(struct nvu_emu_dev *dev)
{
	struct emu_cmn_inst *in = emu_cmn_inst_of(dev);

	return in->on_ns + (in->on ? ktime_get_ns() - in->on_since : 0);
}

static u64 emu_cmn600_counted(struct nvu_emu_dev *dev)
{
	return emu_cmn_counted(emu_cmn_of(dev));
}

static void emu_cmn600_tick(struct nvu_emu_dev *dev, u64 cycles)
{
	emu_cmn_cycles(emu_cmn_of(dev), cycles, dev->tick_busy);
}

#define EMU_CMN_KEYS_EVENT	(BIT(EMU_TYPE) | BIT(EMU_EVENT) | BIT(EMU_OCCUP))
#define EMU_CMN_KEYS_FLIT	(BIT(EMU_FLIT) | BIT(EMU_PORT) | BIT(EMU_CHAN) | \
				 BIT(EMU_VAL) | BIT(EMU_VAL1))

/* Node types traffic can name: those with events (spec B.9). */
static bool emu_cmn600_type_ok(u64 type)
{
	switch (type) {
	case NVU_CMN_TYPE_DN:
	case NVU_CMN_TYPE_HNI:
	case NVU_CMN_TYPE_HNF:
	case NVU_CMN_TYPE_XP:
	case NVU_CMN_TYPE_SBSX:
	case NVU_CMN_TYPE_RNI:
	case NVU_CMN_TYPE_RND:
	case NVU_CMN_TYPE_CXRA:
	case NVU_CMN_TYPE_CXHA:
		return true;
	}
	return false;
}

/*
 * An inject line is either node events (type=, event=, optionally
 * nodeid=, occup=), or flits (flit=, optionally nodeid=, port=, chan=,
 * val=, val1=), or only cycles=.
 */
static int emu_cmn600_check(const struct nvu_emu_dev *dev,
			    const struct nvu_emu_txn *t)
{
	const struct emu_cmn *c = emu_cmn_of(dev);
	int nodeid = -1;

	if (t->set & BIT(EMU_NODEID)) {
		if (t->v[EMU_NODEID] > U16_MAX)
			return -EINVAL;
		nodeid = t->v[EMU_NODEID];
	}
	if (t->set & BIT(EMU_FLIT)) {
		if (t->set & EMU_CMN_KEYS_EVENT || t->v[EMU_PORT] > 1 ||
		    !emu_cmn_has_node(c, NVU_CMN_TYPE_XP, nodeid))
			return -EINVAL;
		return 0;
	}
	if (t->set & BIT(EMU_TYPE)) {
		if (t->set & EMU_CMN_KEYS_FLIT || !(t->set & BIT(EMU_EVENT)) ||
		    !emu_cmn600_type_ok(t->v[EMU_TYPE]) ||
		    !emu_cmn_has_node(c, t->v[EMU_TYPE], nodeid))
			return -EINVAL;
		if (t->v[EMU_EVENT] > (t->v[EMU_TYPE] == NVU_CMN_TYPE_XP ?
				       0xff : NVU_CMN_EVENT_ID_MASK))
			return -EINVAL;
		if ((t->set & BIT(EMU_OCCUP)) &&
		    (t->v[EMU_TYPE] == NVU_CMN_TYPE_XP || !t->v[EMU_OCCUP] ||
		     t->v[EMU_OCCUP] > FIELD_MAX(NVU_CMN_OCCUP1_ID)))
			return -EINVAL;
		return 0;
	}
	/* Nothing to count but cycles. */
	if (t->set & ~(BIT(EMU_CYCLES) | BIT(EMU_COUNT)))
		return -EINVAL;
	return 0;
}

static void emu_cmn600_inject(struct nvu_emu_dev *dev,
			      const struct nvu_emu_txn *t)
{
	struct emu_cmn *c = emu_cmn_of(dev);
	int nodeid = t->set & BIT(EMU_NODEID) ? (int)t->v[EMU_NODEID] : -1;

	if (t->set & BIT(EMU_FLIT)) {
		const struct emu_cmn_flit f = {
			.down = t->v[EMU_FLIT] == EMU_FLIT_DOWN,
			.nodeid = nodeid,
			.port = t->v[EMU_PORT],
			.chan = t->v[EMU_CHAN],
			.val = { t->v[EMU_VAL], t->v[EMU_VAL1] },
			.count = t->v[EMU_COUNT],
		};

		emu_cmn_flits(c, &f);
	} else if (t->set & BIT(EMU_TYPE)) {
		const struct emu_cmn_traffic tr = {
			.type = t->v[EMU_TYPE],
			.logid = -1,
			.nodeid = nodeid,
			.event = t->v[EMU_EVENT],
			.occup = t->v[EMU_OCCUP],
			.count = t->v[EMU_COUNT],
		};

		emu_cmn_event(c, &tr);
	}
}

static const struct nvu_emu_type emu_cmn600_type = {
	.kind = "cmn600",
	.keys = BIT(EMU_COUNT) | BIT(EMU_CYCLES) | BIT(EMU_NODEID) |
		EMU_CMN_KEYS_EVENT | EMU_CMN_KEYS_FLIT,
	.nr_res = 1,
	.res_size = EMU_CMN_WINDOW,
	.state_size = sizeof(struct emu_cmn *),
	.check = emu_cmn600_check,
	.init = emu_cmn600_init,
	.read = emu_cmn600_read,
	.write = emu_cmn600_write,
	.inject = emu_cmn600_inject,
	.tick = emu_cmn600_tick,
	.irq_update = emu_cmn600_irq_update,
	.owner_cpu = emu_cmn600_owner_cpu,
	.counting_ns = emu_cmn600_counting_ns,
	.counted = emu_cmn600_counted,
	.exit = emu_cmn600_exit,
};

/* Instance @i with the layout called @layout. */
static int emu_cmn600_create_one(unsigned int i, const char *layout)
{
	struct emu_cmn_inst *in = &emu_cmn_insts[i];
	struct emu_cmn_params p = {
		.rev = cmn_rev,
		.ae = cmn_ae,
		.dtm_enable_gates = cmn_dtm_enable_gates,
		.stale_ovf = cmn_stale_ovf,
		.dtc_interleave = cmn_dtc_interleave,
		.wp_exclusive = cmn_wp_exclusive,
		.clock_gating = cmn_clock_gating,
		.narrow_ids = cmn_narrow_ids,
	};
	char name[48];
	unsigned int b;
	int ret;

	p.layout = emu_cmn_layout(layout);
	if (!p.layout) {
		pr_err("nvu_emu: cmn=: no CMN-600 layout is called '%s'\n",
		       layout);
		return -EINVAL;
	}
	snprintf(name, sizeof(name), "cmn600_%u", i);
	for (b = 0; b < EMU_CMN_NR_BAD; b++)
		if (nvu_emu_bad_name(name, emu_cmn_bad_names[b]))
			p.bad |= BIT(b);
	in->c = emu_cmn_create(&p);
	if (!in->c)
		return -ENOMEM;
	if (emu_cmn_size(in->c) > EMU_CMN_WINDOW) {
		ret = -EINVAL;
		goto fail;
	}
	in->type = emu_cmn600_type;
	/* No socket: batches are counted on node 0's first CPU. */
	ret = __nvu_emu_dev_create(&in->type, name, 0, i, NULL, -1);
	if (!ret) {
		emu_cmn_irq_setup(in, i);
		return 0;
	}
fail:
	emu_cmn_destroy(in->c);
	in->c = NULL;
	return ret;
}

/*
 * A mesh the firmware describes is probed by a driver whatever cmn= says:
 * without an instance behind its window, the driver's reads reach no
 * device (on arm64 an external abort, a panic).  Refuse to load then.
 */
static int emu_cmn_fw_check(unsigned int instances)
{
	struct acpi_device *adev;
	struct device_node *np;
	unsigned int fw = 0;

	for_each_acpi_dev_match(adev, "ARMHC600", NULL, -1)
		fw++;
	for_each_compatible_node(np, NULL, "arm,cmn-600")
		fw++;
	if (fw <= instances)
		return 0;
	pr_err("nvu_emu: the firmware describes %u CMN-600 meshes and cmn= lists %u: a driver would read registers nothing serves; give cmn= the tables' list (tests/vm/fwgen --cmn)\n",
	       fw, instances);
	return -EINVAL;
}

/**
 * nvu_emu_cmn_create() - the CMN-600 instances the cmn= parameter lists
 *
 * Returns 0, or -EINVAL for an unknown layout, too many instances or a
 * bad knob (-ENOMEM if out of memory).
 */
int nvu_emu_cmn_create(void)
{
	char *list, *p, *word;
	unsigned int i = 0;
	int ret = 0;

	if (cmn_wp_exclusive > EMU_CMN_WPX_VALUE || cmn_rev > 15)
		return -EINVAL;
	if (!cmn || !*cmn || !strcmp(cmn, "none"))
		return emu_cmn_fw_check(0);
	for (p = cmn; p; p = strchr(p + 1, ','))
		i++;
	ret = emu_cmn_fw_check(i);
	if (ret)
		return ret;
	i = 0;
	ret = emu_cmn_irq_init();
	if (ret)
		return ret;
	list = kstrdup(cmn, GFP_KERNEL);
	if (!list)
		return -ENOMEM;
	p = list;
	while (!ret && (word = strsep(&p, ","))) {
		if (i == EMU_CMN_MAX_INST)
			ret = -EINVAL;
		else
			ret = emu_cmn600_create_one(i++, strim(word));
	}
	kfree(list);
	return ret;
}
