#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Whether the C2C-family hardware restarts its counts at enable is not
# published [U]; the driver must count the same either way.  With the
# model's c2c_restart at 0 (counts kept over a disable) and at 1 (counts
# restart at enable):
#  - two perf sessions one after the other each count only their own
#    traffic;
#  - a session that is counting when a second one opens an event on the
#    same PMU (which disables, folds and re-enables the PMU) keeps its
#    count, and the second counts only what came after it.
# Then, on arm64 (the hardware's architecture; the driver code the mode
# changes is the same on both), the C2C latency and width tests (32, 33:
# many sessions on one load, wraps across them) run again with
# c2c_restart=0, through a modprobe.d option, so that every load of the
# model in them keeps counts.  30's event matrix adds no session pattern
# the checks above lack; 31 needs firmware tables of its own.
. "$NVU_TESTS/lib.sh"

c2c=nvidia_nvlink_c2c_pmu_0 dl=nvidia_nvdlink_pmu_1

# value FILE N: the count of the Nth event of a "perf stat -x," FILE.
value() {
	grep -v '^#' "$1" | grep . | sed -n "${2}p" | cut -d, -f1
}

check_restart() {
	_r=$1
	echo "$_r" >/sys/module/nvu_emu/parameters/c2c_restart ||
		fail "setting c2c_restart=$_r"
	for _s in 1 2 3; do
		_n=$((_s * 1000 + 7))
		_got=$(counts $c2c/in_rd_req/ $c2c/out_wr_cum_outs,gpu_mask=0x2/ $dl/cycles/ -- sh -c \
			"sleep 0.3; echo 'dir=in op=rd count=$_n' >$EMU/$c2c/inject; \
			 echo 'dir=out op=wr peer=gpu1 count=$_s outs=$_n' >$EMU/$c2c/inject; \
			 echo 'cycles=$_n' >$EMU/$dl/inject") || fail "perf stat"
		expect_eq "c2c_restart=$_r session $_s in_rd_req" $((14 * _n)) "$(echo "$_got" | sed -n 1p)"
		expect_eq "c2c_restart=$_r session $_s out_wr_cum_outs GPU1" $((7 * _s * _n)) \
			"$(echo "$_got" | sed -n 2p)"
		expect_eq "c2c_restart=$_r session $_s NV-DLink cycles" $_n "$(echo "$_got" | sed -n 3p)"
	done

	hold first -x, -a -e $c2c/in_rd_req/ -e $dl/cycles/ -o /tmp/first.out
	inject $c2c "dir=in op=rd inst=2 count=5"
	inject $dl "cycles=300"
	hold second -x, -a -e $c2c/in_rd_req/ -e $dl/cycles/ -o /tmp/second.out
	inject $c2c "dir=in op=rd inst=2 count=11"
	inject $dl "cycles=40"
	release second
	inject $c2c "dir=in op=rd inst=2 count=100"
	release first
	expect_eq "c2c_restart=$_r first session in_rd_req" 116 "$(value /tmp/first.out 1)"
	expect_eq "c2c_restart=$_r first session cycles" 340 "$(value /tmp/first.out 2)"
	expect_eq "c2c_restart=$_r second session in_rd_req" 11 "$(value /tmp/second.out 1)"
	expect_eq "c2c_restart=$_r second session cycles" 40 "$(value /tmp/second.out 2)"
}

load_t410 c2c_restart=0
check_restart 0
check_restart 1
check_restart 0
rmmod $T410_DRIVERS nvu_emu || fail "rmmod"

# The C2C suite with counts kept over a disable.
[ "$(uname -m)" = aarch64 ] || finish
mkdir -p /etc/modprobe.d
echo "options nvu_emu c2c_restart=0" >/etc/modprobe.d/nvu-c2c-restart.conf
load_t410
expect_eq "c2c_restart from modprobe.d" N "$(cat /sys/module/nvu_emu/parameters/c2c_restart)"
rmmod $T410_DRIVERS nvu_emu || fail "rmmod"
for t in 32-c2c-latency 33-c2c-wrap; do
	sh "$NVU_TESTS/e2e/$t.sh" >/tmp/restart.$t.log 2>&1
	rc=$?
	grep -E '^(ok|FAIL)' /tmp/restart.$t.log | sed "s/^/$t: /"
	expect_eq "$t with c2c_restart=0: exit status" 0 $rc
	for m in nvu_t410_c2c $T410_DRIVERS nvu_emu; do
		rmmod "$m" 2>/dev/null
	done
done
rm -f /etc/modprobe.d/nvu-c2c-restart.conf
finish
