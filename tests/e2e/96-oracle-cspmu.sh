#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The oracle for the Tegra410 CoreSight PMUs (UCF, PCIE, PCIE-TGT): upstream's
# arm_cspmu with its NVIDIA part (built by scripts/build-oracle from the
# kernel source this kernel came from, register accesses sent to the model)
# and ours, in turn, on the model's "arm-cs-arch-pmu" devices.  Linux 6.12
# knows no Tegra410 part: it takes the UCF for a Tegra241 SCF and the PCIE
# blocks for Tegra241 PCIE (by product ID), and the PCIE-TGT blocks for
# generic CoreSight PMUs, so names, events and filters differ by design;
# what must agree is the identifier, the cpumask (also while the owner CPU
# is offline), the format and events files both list, what
# the CoreSight architecture fixes (counters, groups, the cycle counter,
# 64-bit counts past 2^32 and 32-bit ones past every wrap on the overflow
# interrupt) and the counts of the same raw events under the same traffic.
# Every difference must be in the table of tests/README.md.
#
# Upstream's arm_cspmu takes a PMU's CPUs from the APMT node's processor
# with arm64-only ACPI code; on x86_64 the wrapper gives that code the
# processor objects' UIDs (tests/oracle/oracle_arm_cspmu.c).
. "$NVU_TESTS/lib.sh"
. "$NVU_TESTS/oracle/lib.sh"

# devs: the CoreSight PMU devices, in the order the model made them.
devs() {
	ls /sys/bus/platform/devices | grep '^arm-cs-arch-pmu\.' | sort -t. -k2 -n
}
# pmu_of DEV: the PMU registered for DEV, or nothing.
pmu_of() {
	for _f in /sys/bus/platform/devices/"$1"/*/format; do
		[ -d "$_f" ] && { basename "${_f%/format}"; return; }
	done
}

# side: the ABI of every device's PMU; counts on socket 0's UCF, first
# PCIE and first PCIE-TGT block (devices 0, 1 and 2, named by raw event
# codes read from ours).
side() {
	k=0
	for d in $(devs); do
		p=$(pmu_of "$d")
		if [ -z "$p" ]; then
			echo "abi dev$k name|(no PMU)"
		else
			echo "abi dev$k name|$p"
			for f in identifier cpumask $(cd "$PMUS/$p" && ls -d format/* events/*); do
				echo "abi dev$k $f|$(cat "$PMUS/$p/$f" 2>/dev/null || echo '(no file)')"
			done
		fi
		eval "pmu$k=$p"
		k=$((k + 1))
	done
	# shellcheck disable=SC2154
	u=$pmu0 pc=$pmu1 tg=$pmu2
	# Socket 1's UCF (device 13) while its owner CPU is offline.
	# shellcheck disable=SC2154
	[ -z "$pmu13" ] || oracle_hotplug dev13 "$pmu13"
	eu=$EMU/nvidia_ucf_pmu_0/inject ep=$EMU/nvidia_pcie_pmu_0_rc_0/inject
	et=$EMU/nvidia_pcie_tgt_pmu_0_rc_0/inject
	# The cycle counters, and events under each block's default filters.
	oracle_count ucf-cycles "$u/$ucf_cycles/" -- sh -c "echo 'cycles=1000' >$eu"
	oracle_count ucf-events "$u/$ucf_access_rd/,$u/$ucf_bytes_rd/,$u/$ucf_refill_rd/,$u/$ucf_access_wr/" -- sh -c "
		echo 'op=rd slc=miss count=13 bytes=128' >$eu
		echo 'op=rd slc=hit count=11 bytes=64' >$eu
		echo 'op=wr slc=hit count=17 bytes=32' >$eu"
	oracle_count pcie-cycles "$pc/$pcie_cycles/" -- sh -c "echo 'cycles=12345' >$ep"
	oracle_count pcie-events "$pc/$pcie_rd_req/,$pc/$pcie_rd_bytes/,$pc/$pcie_wr_req/" -- sh -c "
		echo 'op=rd rp=0 count=10 bytes=256' >$ep
		echo 'op=wr rp=1 count=7 bytes=128' >$ep"
	oracle_count tgt-cycles "$tg/$tgt_cycles/" -- sh -c "echo 'cycles=777' >$et"
	oracle_count tgt-events "$tg/$tgt_rd_req/,$tg/$tgt_wr_bytes/" -- sh -c "
		echo 'op=rd rp=0 count=4 bytes=64 addr=0x10000' >$et
		echo 'op=wr rp=1 count=3 bytes=128 addr=0x20000' >$et"
	# Past 2^32 on the 64-bit cycle counter.
	oracle_count ucf-cycles-big "$u/$ucf_cycles/" -- sh -c "
		for i in 1 2 3; do echo 'cycles=$(((1 << 31) + 5))' >$eu; done"
	# Groups: 8 counters and the cycle counter.
	g= c=
	for i in 1 2 3 4 5 6 7 8 9; do
		g="$g${g:+,}$u/$ucf_access_rd/"
		oracle_accept "group-$i" -a -e "{$g}"
	done
	oracle_accept group-cycles-2 -a -e "{$u/$ucf_cycles/,$u/$ucf_cycles/}"
	oracle_accept group-cycles-8 -a -e "{$u/$ucf_cycles/,$g}"
	oracle_accept per-task -e "$u/$ucf_cycles/"
	oracle_accept sampling -a -e "$u/$ucf_cycles,period=1000/"
	oracle_accept cpu1 -C 1 -e "$u/$ucf_cycles/"
	# Ten events for the 8 counters.
	m="$g,$u/$ucf_access_rd/"
	oracle_mux ucf "$u" "$m" -- sh -c "
		for i in 1 2 3 4 5; do echo 'op=rd count=13' >$eu; done; sleep 0.2"
}

# wraps KEY: 32-bit counters (the model's ucf_width=32) past 2^32 twice,
# each step below half the range.
wraps() {
	u=$(pmu_of "$(devs | head -n 1)") eu=$EMU/nvidia_ucf_pmu_0/inject
	oracle_count "$1" "$u/$ucf_cycles/" -- sh -c "
		for i in 1 2 3 4 5; do
			echo 'cycles=$(((1 << 31) - 3))' >$eu
			sleep 0.5
		done"
}

# The raw codes of the events compared, from our events files.
load_t410
for e in ucf:nvidia_ucf_pmu_0:cycles ucf:nvidia_ucf_pmu_0:slc_access_rd \
	ucf:nvidia_ucf_pmu_0:slc_bytes_rd ucf:nvidia_ucf_pmu_0:slc_refill_rd \
	ucf:nvidia_ucf_pmu_0:slc_access_wr pcie:nvidia_pcie_pmu_0_rc_0:cycles \
	pcie:nvidia_pcie_pmu_0_rc_0:rd_req pcie:nvidia_pcie_pmu_0_rc_0:rd_bytes \
	pcie:nvidia_pcie_pmu_0_rc_0:wr_req tgt:nvidia_pcie_tgt_pmu_0_rc_0:cycles \
	tgt:nvidia_pcie_tgt_pmu_0_rc_0:rd_req tgt:nvidia_pcie_tgt_pmu_0_rc_0:wr_bytes; do
	IFS=: read -r kind pmu ev <<E
$e
E
	v=$(sed 's/event=/config=/' "$PMUS/$pmu/events/$ev")
	eval "${kind}_$(echo "$ev" | sed -e 's/^slc_//' -e 's/^cycles$/cycles/')=\$v"
done
side >"$ORACLE_DIR/cspmu.ours"
rmmod $T410_DRIVERS nvu_emu || fail "rmmod ours"

load_model
oracle_load oracle_arm_cspmu
modprobe oracle_nvidia_cspmu || fail "modprobe oracle_nvidia_cspmu"
side >"$ORACLE_DIR/cspmu.upstream"
rmmod oracle_nvidia_cspmu oracle_arm_cspmu nvu_oracle nvu_emu || fail "rmmod upstream's"

# 32-bit counters with the overflow interrupt (ucf_irq=1), and without.
for irq in 1 0; do
	load_t410 ucf_width=32 ucf_irq=$irq
	wraps "ucf-wrap32-irq$irq" >>"$ORACLE_DIR/cspmu.ours"
	rmmod $T410_DRIVERS nvu_emu || fail "rmmod ours"
	load_model ucf_width=32 ucf_irq=$irq
	oracle_load oracle_arm_cspmu
	modprobe oracle_nvidia_cspmu || fail "modprobe oracle_nvidia_cspmu"
	wraps "ucf-wrap32-irq$irq" >>"$ORACLE_DIR/cspmu.upstream"
	rmmod oracle_nvidia_cspmu oracle_arm_cspmu nvu_oracle nvu_emu || fail "rmmod upstream's"
done
oracle_compare arm_cspmu "$ORACLE_DIR/cspmu.ours" "$ORACLE_DIR/cspmu.upstream"
finish
