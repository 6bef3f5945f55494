#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs inside the test VM (tests/vm/run tests/bench.sh; scripts/bench and
# scripts/bench-budget do that) and prints NVU-BENCH* lines, which those
# scripts turn into tables (Documentation/bench.rst says what each is):
#
#   NVU-BENCH          register reads/writes of each perf callback and of
#                      one read of each PMU type's typical group
#   NVU-BENCH-POLL     the driver's poll period and the cost of one poll
#   NVU-BENCH-STEADY   accesses and CPU time per second while counting
#   NVU-BENCH-SOAK     count error after soak_s of model time at max rate
#   NVU-BENCH-SCALE    1,000 extra PMUs registered, migrated, unregistered
#   NVU-BENCH-INJECT   injections per second the model takes
#
# NVU_BENCH_QUICK=1: the deterministic per-callback and per-read figures
# (what the budget check needs) and the scale run, whose figures vary, as
# a smoke test: no steady state, soak or model speed.  NVU_BENCH_SOAK_S:
# model seconds of each soak (default 600).  Exits non-zero only if something
# could not be loaded or measured.
. "$NVU_TESTS/lib.sh"

NB=/sys/kernel/debug/nvu_bench
rc=0

unload_all() {
	for _p in 1 2 3 4; do
		for _m in $(lsmod | awk '/^nvu_|^nv_uncore/ {print $1}'); do
			rmmod "$_m" 2>/dev/null
		done
	done
}

# elapsed COMMAND...: wall seconds COMMAND took, from perf stat.
elapsed() {
	perf stat -e task-clock -o /tmp/elapsed.out -- "$@" >/dev/null 2>&1 ||
		echo "NVU-BENCH-ERROR elapsed $*: failed"
	awk '/seconds time elapsed/ {print $1}' /tmp/elapsed.out
}

# Default model and drivers, a CXL function and the CMN-600 meshes:
# per-callback and per-read figures.
load_t410 cxl_fns=1
modprobe nvu_cxl_cpmu || fail "modprobe nvu_cxl_cpmu"
modprobe nvu_arm_cmn600 || fail "modprobe nvu_arm_cmn600"
modprobe nvu_bench soak_s="${NVU_BENCH_SOAK_S:-600}" || fail "modprobe nvu_bench"
cat $NB/results >/tmp/bench.out || fail "reading the results"
cat /tmp/bench.out
grep -q '^NVU-BENCH-ERROR' /tmp/bench.out && rc=1
grep -q '^NVU-BENCH ' /tmp/bench.out || rc=1
if [ "${NVU_BENCH_QUICK:-0}" = 1 ]; then
	unload_all
else

# Steady state and the model's own speed, still the default load.
cat $NB/steady
cat $NB/inject
cat $NB/widths >/tmp/widths
cat /tmp/widths
n=2000
E=$EMU/nvidia_ucf_pmu_0/inject
t=$(elapsed sh -c "i=0; while [ \$i -lt $n ]; do echo op=rd >$E; i=\$((i + 1)); done")
echo "NVU-BENCH-INJECT shell $(awk -v n=$n -v t="$t" 'BEGIN { if (t > 0) printf "%d", n / t }')"
unload_all

# Soak at the narrowest width each driver accepts.
# try TAG WIDTH: load the model and TAG's driver at WIDTH; 0 if it probed.
try() {
	unload_all
	case $1 in
	ucf) mp="ucf_width=$2" drv=nvu_t410_ucf dp='' pmu=nvidia_ucf_pmu_0 ;;
	pcie) mp="pcie_width=$2" drv=nvu_t410_pcie dp='' pmu=nvidia_pcie_pmu_0_rc_0 ;;
	pcie_tgt) mp="pcie_width=$2" drv=nvu_t410_pcie_tgt dp='' pmu=nvidia_pcie_tgt_pmu_0_rc_0 ;;
	# in_wr_req, 32 bits whatever the width argument.
	c2c) mp='' drv=nvu_t410_c2c dp='' pmu=nvidia_nvlink_c2c_pmu_0 ;;
	cxl) mp="cxl_fns=1 cxl_width=$2" drv=nvu_cxl_cpmu dp='' pmu=cxl_pmu_pci10000_00_00_0.0 ;;
	esac
	# shellcheck disable=SC2086
	modprobe nvu_emu clock_khz=0 $mp || return 1
	# shellcheck disable=SC2086
	modprobe $drv $dp 2>/dev/null || return 1
	[ -e "$PMUS/$pmu" ]
}

for tag in ucf pcie pcie_tgt c2c cxl; do
	w=$(awk -v t=$tag '$2 == t {print $3}' /tmp/widths)
	[ -n "$w" ] || w=32
	[ $tag != c2c ] || w=1
	# Up until the driver takes it, then down while it still does.
	while ! try $tag "$w" >/dev/null 2>&1 && [ "$w" -lt 64 ]; do
		w=$((w + 1))
	done
	while [ "$w" -gt 1 ] && try $tag $((w - 1)) >/dev/null 2>&1; do
		w=$((w - 1))
	done
	try $tag "$w" >/dev/null 2>&1 || { echo "NVU-BENCH-ERROR soak $tag: no width"; continue; }
	modprobe nvu_bench soak_s="${NVU_BENCH_SOAK_S:-600}" || fail "modprobe nvu_bench"
	echo $tag >$NB/soak
	cat $NB/soak
done
unload_all

fi

# npcie: PCIE PMUs registered.
npcie() {
	_n=0
	for _d in "$PMUS"/nvidia_pcie_pmu_*; do
		[ -e "$_d" ] && _n=$((_n + 1))
	done
	echo $_n
}

# Scale: N extra PCIE PMUs on the last socket, their RC devices in the
# firmware tables (scripts/bench and scripts/check boot with
# NVU_FW="--bench-rcs 1000").  Also in the quick run: a smoke test of the
# path, checked below.
case " ${NVU_FW:-} " in
*" --bench-rcs "*) N=${NVU_FW#*--bench-rcs }; N=${N%% *} ;;
*) fail "the scale benchmark needs NVU_FW=\"--bench-rcs N\"" ;;
esac
modprobe nvu_emu clock_khz=0 bench_pcie_blocks=$N || fail "modprobe nvu_emu bench_pcie_blocks=$N"
sync
m0=$(awk '/^MemAvailable/ {print $2}' /proc/meminfo)
t_reg=$(elapsed modprobe nvu_t410_pcie)
m1=$(awk '/^MemAvailable/ {print $2}' /proc/meminfo)
npmu=$(npcie)
for _d in "$PMUS"/nvidia_pcie_pmu_*_rc_1000; do
	p=${_d##*/}
done
owner=$(cat "$PMUS/$p/cpumask")
t_off=$(elapsed sh -c "echo 0 >/sys/devices/system/cpu/cpu$owner/online")
moved=$(cat "$PMUS/$p/cpumask")
t_on=$(elapsed sh -c "echo 1 >/sys/devices/system/cpu/cpu$owner/online")
back=$(cat "$PMUS/$p/cpumask")
t_unreg=$(elapsed rmmod nvu_t410_pcie)
left=$(npcie)
# perf_pmu_unregister() waits for two RCU grace periods per PMU: again
# with expedited grace periods, if the kernel lets us ask for them.
t_exp=-
if [ -w /sys/kernel/rcu_expedited ]; then
	modprobe nvu_t410_pcie
	echo 1 >/sys/kernel/rcu_expedited
	t_exp=$(elapsed rmmod nvu_t410_pcie)
	echo 0 >/sys/kernel/rcu_expedited
fi
echo "NVU-BENCH-SCALE $npmu $t_reg $t_off $t_on $t_unreg $(((m0 - m1) / npmu)) $owner $moved $back $left $t_exp"
# 12 PCIE PMUs of the two sockets besides the N.
[ "$npmu" = $((N + 12)) ] && [ "$left" = 0 ] ||
	echo "NVU-BENCH-ERROR scale: $npmu PCIE PMUs registered (expected $((N + 12))), $left left after unloading"
unload_all
exit $rc
