// SPDX-License-Identifier: GPL-2.0
/*
 * tsc-khz: print this x86_64 host's TSC rate in kHz, measured against
 * CLOCK_MONOTONIC_RAW.  tests/vm/run gives it to x86_64 guests under
 * software emulation (tsc_early_khz=): QEMU's TCG hands the guest the
 * host's TSC, and a guest that calibrates it against the emulated PIT on
 * a loaded host can be off by a factor of ten.
 *
 * Each of five samples reads the TSC between two clock reads 50 ms apart
 * at each end; the sample whose clock reads bracket the TSC most tightly
 * at both ends wins, so a preempted read cannot skew the figure.
 */
#include <limits.h>
#include <stdio.h>
#include <time.h>
#include <x86intrin.h>

static long long ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* TSC and clock at one instant; *gap is the clock reads' distance. */
static void both(unsigned long long *tsc, long long *mid, long long *gap)
{
	long long a = ns();

	*tsc = __rdtsc();
	*gap = ns() - a;
	*mid = a + *gap / 2;
}

int main(void)
{
	const struct timespec wait = { 0, 50000000 };
	long long best_gap = LLONG_MAX, khz = 0;
	int i;

	for (i = 0; i < 5; i++) {
		unsigned long long c0, c1;
		long long t0, t1, g0, g1;

		both(&c0, &t0, &g0);
		nanosleep(&wait, NULL);
		both(&c1, &t1, &g1);
		if (g0 + g1 < best_gap && t1 > t0) {
			best_gap = g0 + g1;
			khz = (long long)((c1 - c0) * 1000000.0 / (t1 - t0) + 0.5);
		}
	}
	if (khz <= 0)
		return 1;
	printf("%lld\n", khz);
	return 0;
}
