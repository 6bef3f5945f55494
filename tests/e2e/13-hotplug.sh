#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# CPU hotplug: every CPU of socket 1 goes offline while perf counts on its
# PMUs; ownership moves to an online CPU of socket 0, counting goes on,
# ownership returns to socket 1's first CPU when the CPUs come back, and no
# count is lost.  Any number of CPUs per socket (52-hotplug-owner moves the
# owner between the CPUs of one socket).
. "$NVU_TESTS/lib.sh"
load_t410
ucf=nvidia_ucf_pmu_1 cmem=nvidia_cmem_latency_pmu_1
owner=$(cat $PMUS/$ucf/cpumask)
expect_eq "$ucf owner before" "$(cat $PMUS/$ucf/associated_cpus | cut -d, -f1 | cut -d- -f1)" "$owner"
cpus1=$(node_cpus 1 | xargs)
expect_eq "the owner is socket 1's first CPU" "$owner" "${cpus1%% *}"

cat >/tmp/hp.sh <<S
echo 'op=rd count=100' >$EMU/$ucf/inject
echo 'inst=all mc=all count=1' >$EMU/$cmem/inject
for c in $cpus1; do echo 0 >/sys/devices/system/cpu/cpu\$c/online; done
cat $PMUS/$ucf/cpumask >/tmp/owner.off
# No CPU of socket 1 is left: the stand-in is the first online CPU.
cut -d, -f1 /sys/devices/system/cpu/online | cut -d- -f1 >/tmp/first.online
echo 'op=rd count=20' >$EMU/$ucf/inject
echo 'inst=all mc=all count=2' >$EMU/$cmem/inject
# With socket 1 offline, a new event opens on the stand-in owner.
perf stat -x, -a -e $ucf/slc_access_rd/ -o /tmp/inner.out -- \
	sh -c "echo 'op=rd count=9' >$EMU/$ucf/inject"
for c in $cpus1; do echo 1 >/sys/devices/system/cpu/cpu\$c/online; done
cat $PMUS/$ucf/cpumask >/tmp/owner.on
echo 'op=rd count=3' >$EMU/$ucf/inject
echo 'inst=all mc=all count=4' >$EMU/$cmem/inject
S
got=$(counts $ucf/slc_access_rd/ $cmem/rd_req/ -- sh /tmp/hp.sh) || fail "perf stat failed"
expect_eq "owner while socket 1 ($cpus1) is offline" "$(cat /tmp/first.online)" "$(cat /tmp/owner.off)"
expect_eq "owner after online" "$owner" "$(cat /tmp/owner.on)"
expect_eq "$ucf slc_access_rd across hotplug" 132 "$(echo "$got" | sed -n 1p)"
expect_eq "new event while socket 1 is offline" 9 \
	"$(grep -v '^#' /tmp/inner.out | grep -v '^$' | cut -d, -f1)"
expect_eq "$cmem rd_req across hotplug" $((42 * 7)) "$(echo "$got" | sed -n 2p)"
finish
