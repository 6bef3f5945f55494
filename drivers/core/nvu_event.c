// SPDX-License-Identifier: GPL-2.0
/*
 * nv_uncore: perf callbacks, counter accumulation and group validation.
 * All but event_init run on the owner CPU with interrupts off (in perf's
 * context lock), as does the poll timer: no lock of our own.
 */

#include "nvu_ns.h"

#include <linux/bitmap.h>
#include <linux/math64.h>
#include <linux/slab.h>

#include "nv_uncore.h"
#include "nvu_internal.h"

/**
 * nvu_delta() - events counted between two raw reads of a counter
 * @prev: earlier raw value
 * @now: later raw value
 * @width: counter width in bits, 1..64
 *
 * Return: @now - @prev modulo 2^@width; right if it wrapped at most once.
 */
u64 nvu_delta(u64 prev, u64 now, unsigned int width)
{
	u64 mask = width >= 64 ? U64_MAX : BIT_ULL(width) - 1;

	return (now - prev) & mask;
}
EXPORT_SYMBOL_IF_KUNIT(nvu_delta);

/**
 * nvu_poll_period_ns() - how often a counter must be read not to miss a wrap
 * @width: counter width in bits
 * @max_rate: fastest rate at which it can count, per second
 *
 * Return: time to count half the range at @max_rate, at most 60 s; 0 for
 * 64 bits or no @max_rate.
 */
u64 nvu_poll_period_ns(unsigned int width, u64 max_rate)
{
	u64 ns;

	if (width >= 64 || !max_rate)
		return 0;
	ns = mul_u64_u64_div_u64(BIT_ULL(width - 1), NSEC_PER_SEC, max_rate);
	return min_t(u64, ns, 60 * NSEC_PER_SEC);
}
EXPORT_SYMBOL_IF_KUNIT(nvu_poll_period_ns);

/**
 * nvu_width_pollable() - can counters of @width be polled often enough?
 * @width: counter width in bits
 * @max_rate: fastest count rate, per second
 *
 * Return: whether nvu_poll_period_ns() is 0 or at least NVU_MIN_POLL_NS.
 */
bool nvu_width_pollable(unsigned int width, u64 max_rate)
{
	return width >= 64 || !max_rate ||
	       nvu_poll_period_ns(width, max_rate) >= NVU_MIN_POLL_NS;
}
EXPORT_SYMBOL_IF_KUNIT(nvu_width_pollable);

/* hw.config_base: see nvu_event_set_wrap(). */
static bool nvu_event_pollable(const struct perf_event *event)
{
	return !event->hw.config_base ||
	       event->hw.config_base >= NVU_MIN_POLL_NS;
}

/**
 * nvu_event_set_wrap() - an event whose count wraps sooner than its PMU's
 * @event: the event, from the IP's &nvu_pmu_ops.event_init
 * @width: bits of the value read_counter() returns for @event, 1..64
 * @max_rate: fastest that value can grow, per second
 *
 * Overrides &nvu_pmu.counter_width and &nvu_pmu_desc.max_rate for @event,
 * which is polled every nvu_poll_period_ns(@width, @max_rate), or refused
 * if that is below NVU_MIN_POLL_NS and no overflow interrupt covers it.
 * Uses hw.event_base and hw.config_base.
 */
void nvu_event_set_wrap(struct perf_event *event, unsigned int width,
			u64 max_rate)
{
	u64 ns = nvu_poll_period_ns(width, max_rate);

	event->hw.event_base = width;
	/* 0 stands for "never wraps": one that wraps at once needs 1 ns. */
	event->hw.config_base = width < 64 && max_rate ? max(ns, 1ULL) : 0;
}
EXPORT_SYMBOL_GPL(nvu_event_set_wrap);

const char * const nvu_config_name[3] = { "config", "config1", "config2" };

/**
 * nvu_event_config() - the config, config1 and config2 words of @event
 * @event: the event
 * @config: filled with the three words
 */
void nvu_event_config(const struct perf_event *event, u64 *config)
{
	config[0] = event->attr.config;
	config[1] = event->attr.config1;
	config[2] = event->attr.config2;
}
EXPORT_SYMBOL_GPL(nvu_event_config);

/**
 * nvu_config_unknown_bits() - bits of a config word no format defines
 * @formats: NULL-terminated NVU_FORMAT attributes
 * @word: 0 for config, 1 for config1, 2 for config2
 * @value: the user's value of that word
 *
 * Return: those bits of @value.
 */
u64 nvu_config_unknown_bits(struct attribute **formats, unsigned int word,
			    u64 value)
{
	u64 known = 0;

	for (; formats && *formats; formats++) {
		struct nvu_format_attr *fa = container_of(*formats,
				struct nvu_format_attr, attr.attr);

		if (fa->word == word)
			known |= fa->mask;
	}
	return value & ~known;
}
EXPORT_SYMBOL_IF_KUNIT(nvu_config_unknown_bits);

/**
 * nvu_counters_fit() - are there counters for all these events at once?
 * @num_counters: regular counters
 * @has_cycle_counter: a dedicated cycle counter exists
 * @reqs: the group's events on this PMU
 * @n: number of @reqs
 *
 * With a cycle counter, cycle requests need it, so at most one fits.
 *
 * Return: 0 or -EINVAL.
 */
int nvu_counters_fit(unsigned int num_counters, bool has_cycle_counter,
		     const struct nvu_req *reqs, unsigned int n)
{
	unsigned int i, regular = 0, cycle = 0;

	for (i = 0; i < n; i++) {
		if (reqs[i].cycle && has_cycle_counter)
			cycle++;
		else
			regular++;
	}
	return regular > num_counters || cycle > 1 ? -EINVAL : 0;
}
EXPORT_SYMBOL_IF_KUNIT(nvu_counters_fit);

static void nvu_read_pass(struct nvu_pmu *pmu)
{
	pmu->read_gen++;
}

/* The cmpxchg stops a concurrent update (poll timer) counting twice. */
static void nvu_event_update(struct nvu_pmu *pmu, struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;
	u64 prev, now;

	do {
		prev = local64_read(&hwc->prev_count);
		now = pmu->desc->ops->read_counter(pmu, event);
	} while (local64_cmpxchg(&hwc->prev_count, prev, now) != prev);

	local64_add(nvu_delta(prev, now, event->hw.event_base), &event->count);
}

/*
 * Whether the hardware holds unfolded counts: a PMU that clears on disable
 * was folded by pmu_disable and counts nothing until enabled.
 */
static bool nvu_hw_live(const struct nvu_pmu *pmu)
{
	return pmu->hw_running || !(pmu->desc->flags & NVU_CLEAR_ON_DISABLE);
}

static bool nvu_is_cycle(const struct nvu_pmu *pmu, const u64 *config)
{
	const struct nvu_pmu_ops *ops = pmu->desc->ops;

	return pmu->has_cycle_counter && ops->is_cycle &&
	       ops->is_cycle(pmu, config);
}

/* Add @event to @reqs unless it is a software event; -EINVAL if foreign. */
static int nvu_collect_req(struct nvu_pmu *pmu, struct perf_event *event,
			   struct nvu_req *reqs, unsigned int *n,
			   unsigned int max)
{
	if (event->pmu != &pmu->pmu)
		return is_software_event(event) ? 0 : -EINVAL;
	if (*n >= max)
		return -EINVAL;
	nvu_event_config(event, reqs[*n].config);
	reqs[*n].cycle = nvu_is_cycle(pmu, reqs[*n].config);
	(*n)++;
	return 0;
}

/**
 * nvu_group_fits() - do this group's events fit @pmu's counters and filters?
 * @pmu: the PMU
 * @reqs: the group's events on @pmu (a new event last)
 * @n: number of @reqs
 *
 * Counters, then &nvu_pmu_ops.filters_fit.  Pure: reads @pmu's setup only.
 *
 * Return: 0 or a negative errno.
 */
int nvu_group_fits(const struct nvu_pmu *pmu, const struct nvu_req *reqs,
		   unsigned int n)
{
	const struct nvu_pmu_ops *ops = pmu->desc->ops;
	int ret;

	ret = nvu_counters_fit(pmu->num_counters, pmu->has_cycle_counter,
			       reqs, n);
	if (!ret && ops->filters_fit)
		ret = ops->filters_fit(pmu, reqs, n);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(nvu_group_fits);

static int nvu_event_group_fits(struct nvu_pmu *pmu, struct perf_event *event)
{
	struct perf_event *leader = event->group_leader, *sibling;
	unsigned int n = 0, max = pmu->num_counters + 2;
	struct nvu_req *reqs;
	int ret;

	reqs = kcalloc(max, sizeof(*reqs), GFP_KERNEL);
	if (!reqs)
		return -ENOMEM;

	ret = leader == event ? 0 : nvu_collect_req(pmu, leader, reqs, &n, max);
	if (!ret && leader != event) {
		for_each_sibling_event(sibling, leader) {
			ret = nvu_collect_req(pmu, sibling, reqs, &n, max);
			if (ret)
				break;
		}
	}
	if (!ret)
		ret = nvu_collect_req(pmu, event, reqs, &n, max);
	if (ret) {
		dev_dbg(pmu->dev, "group mixes PMUs or has too many events\n");
	} else {
		ret = nvu_group_fits(pmu, reqs, n);
		if (ret)
			dev_dbg(pmu->dev, "group of %u events does not fit\n", n);
	}
	kfree(reqs);
	return ret;
}

static int nvu_event_init(struct perf_event *event)
{
	struct nvu_pmu *pmu = to_nvu_pmu(event->pmu);
	const struct nvu_pmu_desc *desc = pmu->desc;
	unsigned int w;
	u64 config[3];
	int ret;

	if (event->attr.type != event->pmu->type)
		return -ENOENT;

	if (is_sampling_event(event)) {
		dev_dbg(pmu->dev, "sampling is not supported\n");
		return -EOPNOTSUPP;
	}
	if (event->cpu < 0 || event->attach_state & PERF_ATTACH_TASK) {
		dev_dbg(pmu->dev, "per-task counting is not supported\n");
		return -EOPNOTSUPP;
	}
	/* The owner may be outside them while the whole socket is offline. */
	if (!(desc->flags & NVU_EVENT_ANY_CPU) &&
	    !cpumask_test_cpu(event->cpu, &pmu->associated_cpus) &&
	    event->cpu != pmu->cpu) {
		dev_dbg(pmu->dev, "CPU %d is not associated with this PMU\n",
			event->cpu);
		return -EINVAL;
	}
	nvu_event_config(event, config);
	for (w = 0; w < 3; w++) {
		u64 bad;

		bad = nvu_config_unknown_bits(desc->formats, w, config[w]);
		if (bad) {
			dev_dbg(pmu->dev, "%s bits %#llx are undefined\n",
				nvu_config_name[w], bad);
			return -EINVAL;
		}
	}
	if (pmu->cpu >= nr_cpu_ids)
		return -ENODEV;
	nvu_event_set_wrap(event, pmu->counter_width, pmu->desc->max_rate);
	if (!pmu->has_cycle_counter && desc->ops->is_cycle &&
	    desc->ops->is_cycle(pmu, config)) {
		dev_dbg(pmu->dev, "event %#llx needs the cycle counter, which this PMU lacks\n",
			config[0]);
		return -EOPNOTSUPP;
	}
	if (desc->ops->event_init) {
		ret = desc->ops->event_init(pmu, event);
		if (ret)
			return ret;
	}
	if (!pmu->core->irq && !nvu_event_pollable(event)) {
		dev_dbg(pmu->dev, "event %#llx wraps too fast to poll, and no overflow interrupt is attached\n",
			config[0]);
		ret = -EOPNOTSUPP;
		goto undo;
	}
	event->cpu = pmu->cpu;
	event->hw.idx = -1;

	/* perf calls event->destroy only for an event that initialised. */
	ret = nvu_event_group_fits(pmu, event);
undo:
	if (ret && event->destroy) {
		event->destroy(event);
		event->destroy = NULL;
	}
	return ret;
}

static void nvu_pmu_enable(struct pmu *p)
{
	struct nvu_pmu *pmu = to_nvu_pmu(p);

	if (bitmap_empty(pmu->used, NVU_MAX_COUNTERS + 1))
		return;
	pmu->desc->ops->enable(pmu);
	pmu->hw_running = true;
}

static void nvu_pmu_disable(struct pmu *p)
{
	struct nvu_pmu *pmu = to_nvu_pmu(p);
	const struct nvu_pmu_ops *ops = pmu->desc->ops;
	unsigned int idx;

	if (!pmu->hw_running)
		return;
	ops->disable(pmu);
	pmu->hw_running = false;
	if (!(pmu->desc->flags & NVU_CLEAR_ON_DISABLE))
		return;

	/* Counting has stopped: fold every count, then let the hw reset. */
	nvu_read_pass(pmu);
	for_each_set_bit(idx, pmu->used, NVU_MAX_COUNTERS + 1) {
		struct perf_event *event = pmu->events[idx];

		if (!(event->hw.state & PERF_HES_STOPPED))
			nvu_event_update(pmu, event);
	}
	if (ops->clear)
		ops->clear(pmu);
	for_each_set_bit(idx, pmu->used, NVU_MAX_COUNTERS + 1)
		local64_set(&pmu->events[idx]->hw.prev_count, 0);
}

/* Half range with an interrupt: it has half a range to be handled in. */
static u64 nvu_start_value(const struct nvu_pmu *pmu)
{
	return pmu->core->irq ? BIT_ULL(pmu->counter_width - 1) : 0;
}

static ktime_t nvu_poll_need(const struct nvu_pmu *pmu)
{
	unsigned long ns = 0;
	unsigned int idx;

	for_each_set_bit(idx, pmu->polled, NVU_MAX_COUNTERS + 1) {
		unsigned long p = pmu->events[idx]->hw.config_base;

		/* One too fast to poll waits for its overflow interrupt. */
		if (p >= NVU_MIN_POLL_NS && (!ns || p < ns))
			ns = p;
	}
	return ns_to_ktime(ns);
}

/*
 * On the owner CPU with interrupts off: the pinned timer is not running,
 * so the cancel does not wait.
 */
static void nvu_poll_clear(struct nvu_pmu *pmu, unsigned int idx)
{
	if (!test_and_clear_bit(idx, pmu->polled))
		return;
	pmu->poll_period = nvu_poll_need(pmu);
	if (!pmu->poll_period)
		hrtimer_cancel(&pmu->core->poll_timer);
}

/*
 * A timer due soon enough is not restarted, so that frequent starts
 * (rotation) cannot hold it off.
 */
static void nvu_poll_set(struct nvu_pmu *pmu, unsigned int idx, bool covered)
{
	ktime_t period;

	if (covered || !pmu->events[idx]->hw.config_base) {
		nvu_poll_clear(pmu, idx);
		return;
	}
	set_bit(idx, pmu->polled);
	period = nvu_poll_need(pmu);
	if (!period)
		return;
	if (!hrtimer_is_queued(&pmu->core->poll_timer) ||
	    hrtimer_get_remaining(&pmu->core->poll_timer) > period)
		hrtimer_start(&pmu->core->poll_timer, period,
			      HRTIMER_MODE_REL_PINNED_HARD);
	pmu->poll_period = period;
}

static void nvu_start(struct perf_event *event, int flags)
{
	struct nvu_pmu *pmu = to_nvu_pmu(event->pmu);
	const struct nvu_pmu_ops *ops = pmu->desc->ops;
	struct hw_perf_event *hwc = &event->hw;
	u64 prev = nvu_start_value(pmu);

	hwc->state = 0;
	if (ops->write_counter) {
		ops->write_counter(pmu, event, prev);
	} else {
		/* read_counter() may take prev_count as a bound: none is known. */
		prev = 0;
		local64_set(&hwc->prev_count, 0);
		if (nvu_hw_live(pmu)) {
			nvu_read_pass(pmu);
			prev = ops->read_counter(pmu, event);
		}
	}
	local64_set(&hwc->prev_count, prev);
	if (ops->start_counter)
		ops->start_counter(pmu, event);
	nvu_poll_set(pmu, hwc->idx, ops->write_counter && pmu->core->irq);
}

static void nvu_stop(struct perf_event *event, int flags)
{
	struct nvu_pmu *pmu = to_nvu_pmu(event->pmu);
	const struct nvu_pmu_ops *ops = pmu->desc->ops;
	struct hw_perf_event *hwc = &event->hw;

	if (hwc->state & PERF_HES_STOPPED)
		return;
	if (ops->stop_counter)
		ops->stop_counter(pmu, event);
	if (nvu_hw_live(pmu)) {
		nvu_read_pass(pmu);
		nvu_event_update(pmu, event);
	}
	hwc->state |= PERF_HES_STOPPED | PERF_HES_UPTODATE;
}

static int nvu_get_idx(struct nvu_pmu *pmu, struct perf_event *event)
{
	u64 config[3];
	unsigned int idx;

	if (pmu->desc->ops->get_idx)
		return pmu->desc->ops->get_idx(pmu, event);
	nvu_event_config(event, config);
	if (nvu_is_cycle(pmu, config)) {
		if (test_bit(nvu_cycle_idx(pmu), pmu->used))
			return -EAGAIN;
		return nvu_cycle_idx(pmu);
	}
	idx = find_first_zero_bit(pmu->used, pmu->num_counters);
	return idx < pmu->num_counters ? idx : -EAGAIN;
}

static int nvu_add(struct perf_event *event, int flags)
{
	struct nvu_pmu *pmu = to_nvu_pmu(event->pmu);
	struct nvu_pmu_core *c = pmu->core;
	const struct nvu_pmu_ops *ops = pmu->desc->ops;
	struct hw_perf_event *hwc = &event->hw;
	int idx, ret;

	/*
	 * The owner moved since event_init(): counting here would race it.
	 * Refuse before touching registers; nvu_stray_work() moves the event.
	 */
	if (unlikely(event->cpu != READ_ONCE(pmu->cpu) &&
		     event->cpu != READ_ONCE(c->moving_to))) {
		cpumask_set_cpu(event->cpu, &c->stray_cpus);
		irq_work_queue(&c->stray_kick);
		return -EAGAIN;
	}
	idx = nvu_get_idx(pmu, event);
	if (idx < 0)
		return idx;
	hwc->idx = idx;
	if (ops->add) {
		ret = ops->add(pmu, event);
		if (ret) {
			hwc->idx = -1;
			return ret;
		}
	}
	set_bit(idx, pmu->used);
	pmu->events[idx] = event;
	hwc->state = PERF_HES_STOPPED | PERF_HES_UPTODATE;

	if (flags & PERF_EF_START)
		nvu_start(event, PERF_EF_RELOAD);
	return 0;
}

static void nvu_del(struct perf_event *event, int flags)
{
	struct nvu_pmu *pmu = to_nvu_pmu(event->pmu);
	const struct nvu_pmu_ops *ops = pmu->desc->ops;
	struct hw_perf_event *hwc = &event->hw;

	nvu_stop(event, PERF_EF_UPDATE);
	if (ops->del)
		ops->del(pmu, event);
	pmu->events[hwc->idx] = NULL;
	clear_bit(hwc->idx, pmu->used);
	nvu_poll_clear(pmu, hwc->idx);
	hwc->idx = -1;
}

static void nvu_read_event(struct nvu_pmu *pmu, struct perf_event *event)
{
	if (!(event->hw.state & PERF_HES_STOPPED) && nvu_hw_live(pmu))
		nvu_event_update(pmu, event);
}

static void nvu_read(struct perf_event *event)
{
	struct nvu_pmu *pmu = to_nvu_pmu(event->pmu);

	/* In a group read, the transaction started the pass. */
	if (!(pmu->core->txn_flags & PERF_PMU_TXN_READ))
		nvu_read_pass(pmu);
	nvu_read_event(pmu, event);
}

/*
 * A group read is one pass of reads.  Add transactions need nothing: perf
 * disables the PMU around them itself.
 */
static void nvu_start_txn(struct pmu *p, unsigned int flags)
{
	struct nvu_pmu *pmu = to_nvu_pmu(p);

	pmu->core->txn_flags = flags;
	if (flags & PERF_PMU_TXN_READ)
		nvu_read_pass(pmu);
}

static int nvu_commit_txn(struct pmu *p)
{
	to_nvu_pmu(p)->core->txn_flags = 0;
	return 0;
}

static void nvu_cancel_txn(struct pmu *p)
{
	to_nvu_pmu(p)->core->txn_flags = 0;
}

static enum hrtimer_restart nvu_poll(struct hrtimer *timer)
{
	struct nvu_pmu *pmu = container_of(timer, struct nvu_pmu_core,
					   poll_timer)->pmu;
	unsigned int idx;

	nvu_read_pass(pmu);
	for_each_set_bit(idx, pmu->polled, NVU_MAX_COUNTERS + 1)
		nvu_read_event(pmu, pmu->events[idx]);
	hrtimer_forward_now(timer, pmu->poll_period);
	return HRTIMER_RESTART;
}

/*
 * The PMU is stopped meanwhile so that nothing counts unseen.  On the owner
 * with interrupts off: between perf's callbacks.
 */
static bool nvu_overflow(struct nvu_pmu *pmu)
{
	const struct nvu_pmu_ops *ops = pmu->desc->ops;
	DECLARE_BITMAP(ovf, NVU_MAX_COUNTERS + 1) = { };
	bool running = pmu->hw_running;
	unsigned int idx;

	if (!ops->read_clear_overflow(pmu, ovf))
		return false;
	if (running)
		ops->disable(pmu);
	nvu_read_pass(pmu);
	for_each_set_bit(idx, ovf, NVU_MAX_COUNTERS + 1) {
		struct perf_event *event = pmu->events[idx];

		if (!test_bit(idx, pmu->used) ||
		    event->hw.state & PERF_HES_STOPPED)
			continue;
		nvu_event_update(pmu, event);
		ops->write_counter(pmu, event, nvu_start_value(pmu));
		local64_set(&event->hw.prev_count, nvu_start_value(pmu));
	}
	if (running)
		ops->enable(pmu);
	return true;
}

/*
 * The line reached a CPU other than the owner (a controller that cannot
 * route it there, or a move of the owner under way).  A call still queued
 * (-EBUSY) has yet to read the status, so it handles this interrupt too.
 */
static irqreturn_t nvu_irq_pass(struct nvu_pmu *pmu, unsigned int cpu)
{
	struct nvu_pmu_core *c = pmu->core;
	int ret;

	atomic_inc(&c->irq_passed);
	ret = smp_call_function_single_async(cpu, &c->irq_csd);
	if (ret)
		atomic_dec(&c->irq_passed);
	return ret && ret != -EBUSY ? IRQ_NONE : IRQ_HANDLED;
}

/*
 * If the owner went offline meanwhile, this runs on the dying CPU and
 * passes itself on to the new owner.
 */
static void nvu_irq_passed(void *data)
{
	struct nvu_pmu *pmu = data;
	struct nvu_pmu_core *c = pmu->core;
	unsigned int cpu = READ_ONCE(pmu->cpu);

	if (cpu < nr_cpu_ids && cpu != smp_processor_id()) {
		nvu_irq_pass(pmu, cpu);
	} else {
		if (cpu < nr_cpu_ids && READ_ONCE(c->irq))
			nvu_overflow(pmu);
		if (xchg(&c->irq_held, 0))
			enable_irq(c->irq_line);
	}
	/* The last access to @pmu: nvu_irq_sync() may free it after this. */
	smp_mb__before_atomic();
	atomic_dec(&c->irq_passed);
}

void nvu_irq_init(struct nvu_pmu *pmu)
{
	INIT_CSD(&pmu->core->irq_csd, nvu_irq_passed, pmu);
	atomic_set(&pmu->core->irq_passed, 0);
}

/* Wait for interrupts in flight; the line must be disabled or freed. */
void nvu_irq_sync(struct nvu_pmu *pmu)
{
	while (atomic_read_acquire(&pmu->core->irq_passed))
		cpu_relax();
}

/*
 * A line passed to the owner stays disabled until the owner has cleared
 * it, or a level-triggered one would fire again at once.  pmu->cpu changes
 * only in nvu_migrate(), with the line off and none in flight.
 */
irqreturn_t nvu_pmu_irq(int irq, void *data)
{
	struct nvu_pmu *pmu = data;
	unsigned int cpu = READ_ONCE(pmu->cpu);

	/* The PMU is going (nvu_unregister()): nothing to hand on. */
	if (!READ_ONCE(pmu->core->irq))
		return IRQ_NONE;
	if (cpu == smp_processor_id())
		return nvu_overflow(pmu) ? IRQ_HANDLED : IRQ_NONE;
	/* No counter in use: not ours (a shared vector's other devices). */
	if (cpu >= nr_cpu_ids || bitmap_empty(pmu->used, NVU_MAX_COUNTERS + 1))
		return IRQ_NONE;
	if (!test_and_set_bit(0, &pmu->core->irq_held))
		disable_irq_nosync(irq);
	return nvu_irq_pass(pmu, cpu);
}

/*
 * With pmu->core->irq 0 no new handler passes anything on: wait for those that
 * run, then for what they passed on.  Before the line is freed.
 */
void nvu_irq_quiesce(struct nvu_pmu *pmu)
{
	if (pmu->core->irq_line)
		synchronize_irq(pmu->core->irq_line);
	nvu_irq_sync(pmu);
}

void nvu_pmu_setup_callbacks(struct nvu_pmu *pmu)
{
	pmu->pmu.task_ctx_nr = perf_invalid_context;
	pmu->pmu.event_init = nvu_event_init;
	pmu->pmu.pmu_enable = nvu_pmu_enable;
	pmu->pmu.pmu_disable = nvu_pmu_disable;
	pmu->pmu.add = nvu_add;
	pmu->pmu.del = nvu_del;
	pmu->pmu.start = nvu_start;
	pmu->pmu.stop = nvu_stop;
	pmu->pmu.read = nvu_read;
	pmu->pmu.start_txn = nvu_start_txn;
	pmu->pmu.commit_txn = nvu_commit_txn;
	pmu->pmu.cancel_txn = nvu_cancel_txn;
	pmu->pmu.capabilities = PERF_PMU_CAP_NO_EXCLUDE |
				PERF_PMU_CAP_NO_INTERRUPT;

	/* Hard: it must not be preempted by the callbacks (PREEMPT_RT). */
	nvu_hrtimer_setup(&pmu->core->poll_timer, nvu_poll, CLOCK_MONOTONIC,
			  HRTIMER_MODE_REL_PINNED_HARD);
}
