/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nvu_emu: register-level model of the uncore PMUs (internal header).
 *
 * Each emulated device is a platform device whose memory resources lie in
 * a physical window the model serves through the nv_uncore register layer.
 * Traffic is injected as transactions through debugfs; the model counts
 * them by the rules of the specification.  The model shares nothing with
 * the drivers but the register layouts in include/nvu_*_regs.h.
 */
#ifndef NVU_EMU_H
#define NVU_EMU_H

#include <linux/bitfield.h>
#include <linux/debugfs.h>
#include <linux/hrtimer.h>
#include <linux/irq_work.h>
#include <linux/platform_device.h>
#include <linux/property.h>
#include <linux/smp.h>
#include <linux/spinlock.h>

#include "nv_uncore.h"

/* Transaction attributes, the keys of an "inject" line. */
enum nvu_emu_key {
	EMU_COUNT,	/* transactions in the batch (default 1) */
	EMU_OP,		/* operation */
	EMU_SRC,	/* UCF source */
	EMU_DST,	/* UCF destination */
	EMU_BYTES,	/* bytes per transaction (default 64) */
	EMU_SLC,	/* UCF: SLC hit or miss */
	EMU_INST,	/* instance number, or all */
	EMU_MC,		/* CMEM memory channel, or all */
	EMU_OUTS,	/* outstanding cycles per request */
	EMU_CYCLES,	/* advance the PMU clock by this many cycles */
	EMU_NR_KEYS
};

#define EMU_ALL		U64_MAX

/* EMU_OP values. */
enum {
	EMU_OP_RD, EMU_OP_WR, EMU_OP_ATOMIC, EMU_OP_DATALESS, EMU_OP_WB,
	EMU_OP_SNOOP, EMU_OP_EXT_SNP, EMU_OP_EXT_EVICT,
};

/* EMU_SRC / EMU_DST values: bit numbers of the UCF filter fields. */
enum { EMU_SRC_NONCPU, EMU_SRC_CPU, EMU_SRC_REM };
enum { EMU_DST_CMEM, EMU_DST_GMEM, EMU_DST_OTHER, EMU_DST_REM };
enum { EMU_SLC_HIT, EMU_SLC_MISS };

struct nvu_emu_txn {
	u64 v[EMU_NR_KEYS];
	unsigned long set;	/* BIT(key) for keys given */
};

struct nvu_emu_dev;

/* Background traffic: up to this many kinds of transaction per device. */
#define EMU_MAX_RATES	8

/**
 * struct nvu_emu_type - one kind of emulated block
 * @kind: short name
 * @keys: BIT(key) of the inject keys this kind tells apart
 * @nr_res: memory resources of a device
 * @res_size: bytes of each resource
 * @state_size: bytes of per-device state
 * @pdev_name: platform device name
 * @driver: driver_override, for devices firmware would describe by HID
 * @check: optional; reject an inject line's values (-EINVAL)
 * @init: set reset values
 * @read: register read, under the device lock
 * @write: register write, under the device lock
 * @inject: count a batch of transactions, under the device lock
 * @tick: advance the clock by some cycles, under the device lock
 * @irq_level: optional; the overflow interrupt line's level, under the lock
 */
struct nvu_emu_type {
	const char *kind;
	unsigned long keys;
	unsigned int nr_res;
	u32 res_size;
	size_t state_size;
	const char *pdev_name;
	const char *driver;
	int (*check)(const struct nvu_emu_txn *t);
	void (*init)(struct nvu_emu_dev *dev);
	u64 (*read)(struct nvu_emu_dev *dev, u32 off, unsigned int size);
	void (*write)(struct nvu_emu_dev *dev, u32 off, u64 val,
		      unsigned int size);
	void (*inject)(struct nvu_emu_dev *dev, const struct nvu_emu_txn *t);
	void (*tick)(struct nvu_emu_dev *dev, u64 cycles);
	bool (*irq_level)(struct nvu_emu_dev *dev);
};

struct nvu_emu_dev {
	struct list_head list;
	char name[48];
	const struct nvu_emu_type *type;
	int socket;
	struct nvu_emu_window win;
	struct platform_device *pdev;
	/* Registers and counters vs. injection; taken inside perf's raw locks. */
	raw_spinlock_t lock;
	u64 nr_reads, nr_writes;
	u64 clock_ns;		/* model time already turned into cycles */
	u64 clock_frac;		/* sub-cycle remainder, in kHz*ns */
	struct hrtimer rate_timer;
	struct nvu_emu_txn rate[EMU_MAX_RATES];	/* counts per second */
	u64 rate_frac[EMU_MAX_RATES];
	unsigned int nr_rates;
	u64 rate_last_ns;
	struct dentry *dir;
	int irq;		/* overflow interrupt, 0 if none */
	unsigned int irq_cpu;	/* where the line is routed */
	bool irq_asserted;
	struct irq_work irq_work;
	call_single_data_t irq_csd;
	void *state;
};

/* Counter arithmetic shared by the blocks: add, wrap at @width, report. */
static inline bool nvu_emu_add(u64 *cntr, u64 amount, unsigned int width)
{
	u64 mask = width >= 64 ? U64_MAX : BIT_ULL(width) - 1;
	u64 old = *cntr;

	*cntr = (old + amount) & mask;
	return amount > mask - old;
}

int nvu_emu_irq_init(void);
void nvu_emu_irq_exit(void);
int nvu_emu_irq_alloc(struct nvu_emu_dev *dev, unsigned int hwirq);
void nvu_emu_irq_free(struct nvu_emu_dev *dev);
void nvu_emu_irq_level(struct nvu_emu_dev *dev, bool level);

extern const struct nvu_emu_type nvu_emu_ucf;
extern const struct nvu_emu_type nvu_emu_cmem;
extern unsigned int nvu_emu_ucf_counters, nvu_emu_ucf_width;
extern bool nvu_emu_ucf_irq, nvu_emu_ucf_atomic64, nvu_emu_ucf_pmiidr_zero;
extern unsigned int nvu_emu_cmem_width;

#endif /* NVU_EMU_H */
