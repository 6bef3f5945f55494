// SPDX-License-Identifier: GPL-2.0
/*
 * Test helper: nvu_cxl_owner stands in for the driver that owns a CXL PCI
 * function on a server (cxl_pci for a memory device, pcieport for a
 * port), the one that allocates the function's MSI vectors.  nv-uncore's
 * CXL driver never binds a function; it shares the owner's vector its
 * CPMU names.  Like cxl_pci, the owner requests vector 0 for its mailbox,
 * threaded and shared, and this handler claims nothing, so that a CPMU
 * sharing vector 0 still has to handle its own interrupts.
 *
 * It has no ID table: it binds only a function whose driver_override
 * names it, as the model's functions are given by a test:
 *
 *   echo nvu_cxl_owner > /sys/bus/pci/devices/<bdf>/driver_override
 *   echo <bdf> > /sys/bus/pci/drivers/nvu_cxl_owner/bind
 */

#include <linux/atomic.h>
#include <linux/interrupt.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/pm_runtime.h>

static unsigned int vectors = 16;
module_param(vectors, uint, 0444);
MODULE_PARM_DESC(vectors, "MSI vectors to allocate, at most (default 16)");

static bool mbox = true;
module_param(mbox, bool, 0444);
MODULE_PARM_DESC(mbox, "request vector 0 for a mailbox, as cxl_pci does (default 1)");

static bool rpm;
module_param(rpm, bool, 0444);
MODULE_PARM_DESC(rpm, "let the function runtime suspend (to D3hot) after 100 ms idle, as pcieport does (default 0)");

static atomic_t mbox_calls = ATOMIC_INIT(0);

static int mbox_calls_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%d\n", atomic_read(&mbox_calls));
}

static const struct kernel_param_ops mbox_calls_ops = {
	.get = mbox_calls_get,
};

module_param_cb(mbox_calls, &mbox_calls_ops, NULL, 0444);
MODULE_PARM_DESC(mbox_calls, "times the mailbox handler ran, on every function");

/* The mailbox interrupt: nothing of ours is ever pending. */
static irqreturn_t owner_mbox_irq(int irq, void *data)
{
	atomic_inc(&mbox_calls);
	return IRQ_NONE;
}

static int owner_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	int nvec, ret;

	ret = pci_enable_device(pdev);
	if (ret)
		return ret;
	pci_set_master(pdev);
	nvec = pci_alloc_irq_vectors(pdev, 1, vectors, PCI_IRQ_MSI);
	if (nvec < 0) {
		ret = nvec;
		goto disable;
	}
	if (mbox) {
		ret = request_threaded_irq(pci_irq_vector(pdev, 0), NULL,
					   owner_mbox_irq,
					   IRQF_SHARED | IRQF_ONESHOT,
					   "nvu_cxl_owner", pdev);
		if (ret)
			goto free_vectors;
	}
	pci_info(pdev, "%d MSI vectors, the first IRQ %d\n", nvec,
		 pci_irq_vector(pdev, 0));
	if (rpm) {
		pm_runtime_set_autosuspend_delay(&pdev->dev, 100);
		pm_runtime_use_autosuspend(&pdev->dev);
		pm_runtime_mark_last_busy(&pdev->dev);
		pm_runtime_put_autosuspend(&pdev->dev);
		pm_runtime_allow(&pdev->dev);
	}
	return 0;

free_vectors:
	pci_free_irq_vectors(pdev);
disable:
	pci_disable_device(pdev);
	return ret;
}

static void owner_remove(struct pci_dev *pdev)
{
	if (rpm) {
		pm_runtime_forbid(&pdev->dev);
		pm_runtime_get_noresume(&pdev->dev);
		pm_runtime_dont_use_autosuspend(&pdev->dev);
	}
	if (mbox)
		free_irq(pci_irq_vector(pdev, 0), pdev);
	pci_free_irq_vectors(pdev);
	pci_disable_device(pdev);
}

static struct pci_driver owner_driver = {
	.name = "nvu_cxl_owner",
	.probe = owner_probe,
	.remove = owner_remove,
};
module_pci_driver(owner_driver);

MODULE_DESCRIPTION("nv-uncore test stand-in for a CXL function's owner driver");
MODULE_LICENSE("GPL");
