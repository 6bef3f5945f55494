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

#include <linux/acpi.h>
#include <linux/bitfield.h>
#include <linux/debugfs.h>
#include <linux/hrtimer.h>
#include <linux/irq_work.h>
#include <linux/platform_device.h>
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
	EMU_DIR,	/* C2C family: in (to the SoC) or out */
	EMU_PEER,	/* C2C family: which peer the link instance faces */
	EMU_RP,		/* PCIE, PCIE-TGT: root port */
	EMU_BDF,	/* PCIE: requester bus/device/function */
	EMU_ADDR,	/* PCIE-TGT: target address */
	EMU_VID,	/* CXL: event vendor ID */
	EMU_GID,	/* CXL: event group ID */
	EMU_EV,		/* CXL: event, its bit in the group's mask */
	EMU_HDM,	/* CXL: HDM decoder the traffic goes through */
	EMU_CRB,	/* CXL: channel/rank/bank of the traffic */
	EMU_PER,	/* CXL: events per clock cycle (default 1) */
	EMU_TYPE,	/* CMN-600: node type (perf ABI prefix or number) */
	EMU_NODEID,	/* CMN-600: that node ID only */
	EMU_EVENT,	/* CMN-600: event ID as a slot holds it */
	EMU_OCCUP,	/* CMN-600: occupancy class, 1-7 */
	EMU_FLIT,	/* CMN-600: a flit going up or down (watchpoints) */
	EMU_PORT,	/* CMN-600: the flit's XP device port */
	EMU_CHAN,	/* CMN-600: the flit's channel */
	EMU_VAL,	/* CMN-600: the flit's value in match group 0 */
	EMU_VAL1,	/* CMN-600: the flit's value in match group 1 */
	EMU_NR_KEYS
};

#define EMU_ALL		U64_MAX

/* EMU_OP values. */
enum {
	EMU_OP_RD, EMU_OP_WR, EMU_OP_ATOMIC, EMU_OP_DATALESS, EMU_OP_WB,
	EMU_OP_SNOOP, EMU_OP_EXT_SNP, EMU_OP_EXT_EVICT,
};

/*
 * EMU_SRC / EMU_DST values.  Each block takes the ones it knows (its
 * check() refuses the others) and maps them to its own filter bits.
 */
enum { EMU_SRC_NONCPU, EMU_SRC_CPU, EMU_SRC_REM };
enum {
	EMU_DST_CMEM, EMU_DST_GMEM, EMU_DST_OTHER, EMU_DST_REM,
	EMU_DST_P2P,	/* PCIE: another PCIe device */
	EMU_DST_CXL,	/* PCIE: CXL memory */
	EMU_DST_BAR,	/* PCIE-TGT: a root port's BAR */
	EMU_DST_HDM,	/* PCIE-TGT: a CXL HDM window */
};

enum { EMU_SLC_HIT, EMU_SLC_MISS };
enum { EMU_DIR_IN, EMU_DIR_OUT };
enum { EMU_PEER_CPU, EMU_PEER_GPU0, EMU_PEER_GPU1, EMU_PEER_CXLMEM };
enum { EMU_FLIT_UP, EMU_FLIT_DOWN };
enum { EMU_CHAN_REQ, EMU_CHAN_RSP, EMU_CHAN_SNP, EMU_CHAN_DAT };

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
 * @no_window: the block has no window of its own: another part of the
 *	model (a PCI BAR) forwards accesses with nvu_emu_dev_read/write()
 * @pdev_name: platform device the model creates, as the kernel's APMT
 *	code would ("arm-cs-arch-pmu"); NULL for blocks the firmware tables
 *	describe by _HID (tests/vm/fwgen), which only get their window
 * @defaults: optional; default values of this kind's keys
 * @check: optional; reject an inject line's values for @dev (-EINVAL)
 * @init: optional; set reset values other than zero
 * @read: register read, under the device lock
 * @write: register write, under the device lock
 * @inject: count a batch of transactions, under the device lock
 * @tick: advance the clock by some cycles, under the device lock
 * @irq_level: optional; the overflow interrupt line's level, under the lock
 * @irq_update: optional; re-evaluate lines the kind keeps itself (not
 *	@irq_level's single line), under the lock, after every change
 * @owner_cpu: optional; where such a line is routed (batches are counted
 *	there), nr_cpu_ids for nowhere
 * @counting_ns: optional; nanoseconds, so far, during which the block's
 *	global enable was on (debugfs "counting"), under the lock
 * @counted: optional; events the block's counters have added so far,
 *	all counters together, under the lock (what "rate" reports)
 * @exit: optional; free what @init or the device's creator allocated
 */
struct nvu_emu_type {
	const char *kind;
	unsigned long keys;
	unsigned int nr_res;
	u32 res_size;
	size_t state_size;
	bool no_window;
	const char *pdev_name;
	void (*defaults)(struct nvu_emu_txn *t);
	int (*check)(const struct nvu_emu_dev *dev,
		     const struct nvu_emu_txn *t);
	void (*init)(struct nvu_emu_dev *dev);
	u64 (*read)(struct nvu_emu_dev *dev, u32 off, unsigned int size);
	void (*write)(struct nvu_emu_dev *dev, u32 off, u64 val,
		      unsigned int size);
	void (*inject)(struct nvu_emu_dev *dev, const struct nvu_emu_txn *t);
	void (*tick)(struct nvu_emu_dev *dev, u64 cycles);
	bool (*irq_level)(struct nvu_emu_dev *dev);
	void (*irq_update)(struct nvu_emu_dev *dev);
	unsigned int (*owner_cpu)(struct nvu_emu_dev *dev);
	u64 (*counting_ns)(struct nvu_emu_dev *dev);
	u64 (*counted)(struct nvu_emu_dev *dev);
	void (*exit)(struct nvu_emu_dev *dev);
};

struct nvu_emu_dev {
	struct list_head list;
	char name[48];
	const struct nvu_emu_type *type;
	int socket;
	unsigned int index;	/* which of its type on the socket */
	struct nvu_emu_window win;
	struct platform_device *pdev;
	struct acpi_apmt_node apmt;	/* platform data of @pdev points here */
	const struct acpi_apmt_node *apmt_ptr;
	/* Registers and counters vs. injection; taken inside perf's raw locks. */
	raw_spinlock_t lock;
	u64 nr_reads, nr_writes;
	unsigned long access_cpus;
	u64 clock_ns;		/* model time already turned into cycles */
	u64 clock_frac;		/* sub-cycle remainder, in kHz*ns */
	/* the cycles .tick() is given come with traffic (a busy block) */
	bool tick_busy;
	struct hrtimer rate_timer;
	struct nvu_emu_txn rate[EMU_MAX_RATES];	/* counts per second */
	u64 rate_frac[EMU_MAX_RATES];
	u64 rate_counted[EMU_MAX_RATES];	/* what counters took of it */
	unsigned int nr_rates;
	u64 rate_last_ns;
	struct dentry *dir;
	/* "tear": a transaction applied right after a read of one register */
	struct nvu_emu_txn tear;
	u32 tear_off;		/* that register's offset in the window */
	bool tear_armed;
	u32 tear_times;		/* reads it fires on, 0 for every read */
	u64 tear_fired;
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

/**
 * struct nvu_emu_apmt - what a CoreSight block's APMT node says
 * @type: ACPI_APMT_NODE_TYPE_*
 * @flags: ACPI_APMT_FLAGS_ATOMIC or 0 (the model adds dual page)
 * @hid: node type ACPI device: the _HID of the device it names
 * @uid: and its _UID
 * @impl_id: implementation ID, 0 for none
 */
struct nvu_emu_apmt {
	u8 type;
	u8 flags;
	const char *hid;
	u32 uid;
	u32 impl_id;
};

int __nvu_emu_dev_create(const struct nvu_emu_type *type, const char *name,
			 int socket, unsigned int index,
			 const struct nvu_emu_apmt *apmt, int irq_hw);

/* A device that is the only one of its type on @socket. */
static inline int nvu_emu_dev_create(const struct nvu_emu_type *type,
				     const char *name, int socket,
				     const struct nvu_emu_apmt *apmt,
				     int irq_hw)
{
	return __nvu_emu_dev_create(type, name, socket, 0, apmt, irq_hw);
}

u64 nvu_emu_dev_read(struct nvu_emu_dev *dev, u32 off, unsigned int size);
void nvu_emu_dev_write(struct nvu_emu_dev *dev, u32 off, u64 val,
		       unsigned int size);
phys_addr_t nvu_emu_alloc_phys(resource_size_t size, resource_size_t align);
struct nvu_emu_dev *nvu_emu_dev_find(const char *name);

/*
 * CXL components on an emulated PCI host bridge, and a Tegra410 root port
 * on another (emu_cxl.c).
 */
#if IS_ENABLED(CONFIG_PCI)
int nvu_emu_cxl_create(unsigned int sockets);
void nvu_emu_cxl_destroy(void);
int nvu_emu_t410_rp_create(unsigned int sockets);
void nvu_emu_t410_rp_destroy(void);
#else
static inline int nvu_emu_cxl_create(unsigned int sockets) { return 0; }
static inline void nvu_emu_cxl_destroy(void) { }
static inline int nvu_emu_t410_rp_create(unsigned int sockets) { return 0; }
static inline void nvu_emu_t410_rp_destroy(void) { }
#endif

/* Per-socket topologies of the blocks kept in their own files. */
int nvu_emu_pcie_create(int socket);
bool nvu_emu_pcie_has_rp(unsigned int socket, unsigned int rc,
			 unsigned int rp);
int nvu_emu_c2c_create(int socket);
/* The CMN-600 meshes (emu_cmn600.c), after every socket's blocks. */
int nvu_emu_cmn_create(void);
void nvu_emu_cmn_irq_exit(void);
/* Extra blocks for the scale benchmark (emu_bench.c). */
int nvu_emu_bench_create(unsigned int sockets);

/* Physical counters a CoreSight block of the model can have (two banks). */
#define EMU_CSPMU_MAX	64

/**
 * struct emu_cspmu - state of a CoreSight PMU architecture block
 * @pmiidr: identity
 * @pmiidr_zero: PMIIDR reads as 0 (identity only in PMPIDR0-4)
 * @nctr: event counters, the cycle counter excluded
 * @width: counter width in bits
 * @atomic64: the APMT flag the model advertises
 * @cc: PMCFGR.CC: counter 31 is the cycle counter
 * @dual: dual-page: page-1 registers at +4 KiB, the second resource
 * @pmcfgr_n: PMCFGR.N as read (normally @nctr + @cc - 1)
 * @pmcfgr_size: PMCFGR.SIZE as read (normally @width - 1)
 * @clock_evt: an event type that counts the clock, or 0
 * @pmcr: PMCR.E
 * @cnten: counter enables, bank 1 in the high half
 * @inten: interrupt enables
 * @ovs: overflow status
 * @evtyper: PMEVTYPER<n>; [31] is PMCCFILTR
 * @filtr: PMEVFILTR<n>
 * @filt2r: PMEVFILT2R<n>
 * @cntr: counters; [31] is PMCCNTR when @cc
 * @ext: the block's last resource, a register file
 */
struct emu_cspmu {
	u32 pmiidr;
	bool pmiidr_zero;
	unsigned int nctr;
	unsigned int width;
	bool atomic64;
	bool cc;
	bool dual;
	u32 pmcfgr_n, pmcfgr_size;
	u32 clock_evt;
	u32 pmcr;
	u64 cnten, inten, ovs;
	u32 evtyper[EMU_CSPMU_MAX];
	u32 filtr[EMU_CSPMU_MAX];
	u32 filt2r[EMU_CSPMU_MAX];
	u64 cntr[EMU_CSPMU_MAX];
	u32 ext[1024];
	u64 counted;		/* traffic its counters took, all together */
};

void emu_cspmu_setup(struct nvu_emu_dev *dev, u32 pmiidr, unsigned int nctr,
		     unsigned int width, bool atomic64);
bool emu_cspmu_evt(const struct emu_cspmu *u, unsigned int n);
void emu_cspmu_count(struct emu_cspmu *u, unsigned int n, u64 amount);
void emu_cspmu_count_traffic(struct emu_cspmu *u, unsigned int n, u64 amount);
bool emu_cspmu_counting(const struct emu_cspmu *u, unsigned int n);
u64 emu_cspmu_read(struct nvu_emu_dev *dev, u32 off, unsigned int size);
void emu_cspmu_write(struct nvu_emu_dev *dev, u32 off, u64 val,
		     unsigned int size);
void emu_cspmu_tick(struct nvu_emu_dev *dev, u64 cycles);
bool emu_cspmu_irq_level(struct nvu_emu_dev *dev);
/* Where the PCIE-TGT address-filter region is in its block's window. */
#define EMU_TGT_REGION_OFF	0x8000
/* The _HID of the RC devices the PCIE and PCIE-TGT APMT nodes name. */
#define EMU_RC_HID		"NVUE0001"
/* The _UID of RC @rc of @socket; tests/vm/fwgen gives the same. */
#define EMU_RC_UID(socket, rc)	((socket) * 8 + (rc))

extern const struct nvu_emu_type nvu_emu_ucf, nvu_emu_ucf_dual;
extern const struct nvu_emu_type nvu_emu_cmem;
extern unsigned int nvu_emu_ucf_counters, nvu_emu_ucf_width;
extern bool nvu_emu_ucf_irq, nvu_emu_ucf_atomic64, nvu_emu_ucf_pmiidr_zero;
extern bool nvu_emu_cspmu_cc, nvu_emu_cspmu_dual_page, nvu_emu_cspmu_dirty;
extern bool nvu_emu_irq_affinity_fail;
bool nvu_emu_bad(const struct nvu_emu_dev *dev, const char *what);
bool nvu_emu_bad_name(const char *name, const char *what);

#endif /* NVU_EMU_H */
