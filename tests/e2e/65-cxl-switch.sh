#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# CXL CPMU: a switch.  The model puts a switch with two downstream ports,
# a memory device behind each, beside one memory device on the root bus;
# every function has a CPMU.  The driver finds the CPMUs of the upstream
# and downstream ports (type 1 headers, bus numbers as firmware left
# them) as it finds an endpoint's, names each by its function, puts its
# owner on the switch's node, and counts on each exactly.  Removing a
# downstream port while counting on it and on the device behind it
# keeps the counts up to the removal for both, leaves the rest of the
# switch counting, and a rescan finds both again.
. "$NVU_TESTS/lib.sh"
load_cxl cxl_fns=1 cxl_switch=2
pmu() { echo "cxl_pmu_pci10000_$1_0.0"; }
ep=$(pmu 00_00) usp=$(pmu 00_01) dsp0=$(pmu 01_00) dsp1=$(pmu 01_01)
ep0=$(pmu 02_00) ep1=$(pmu 03_00)
all="$ep $usp $dsp0 $dsp1 $ep0 $ep1"

expect_eq "PMUs" "$(echo $all | tr ' ' '\n' | sort | xargs)" \
	"$(ls $PMUS | grep '^cxl_pmu_' | sort | xargs)"
for p in $all; do
	f=10000:${p#cxl_pmu_pci10000_}
	f=$(echo "${f%_0.0}" | tr _ :).0
	expect_eq "$p: pci_function" "$f" "$(cat $PMUS/$p/pci_function)"
done
expect_eq "upstream port's type" 0x060400 \
	"$(cat /sys/bus/pci/devices/10000:00:01.0/class)"
expect_eq "downstream port 1's secondary bus" 10000:03 \
	"$(ls /sys/bus/pci/devices/10000:01:01.0/pci_bus)"

# The switch is on the socket after the root-bus device's (one socket:
# the same); its PMUs' owners are on that socket's node.
nodes=$(ls -d /sys/devices/system/node/node* | wc -l)
sw_node=$((1 % nodes))
for p in $usp $dsp0 $dsp1 $ep0 $ep1; do
	expect_eq "$p: associated_cpus" "$(cat /sys/devices/system/node/node$sw_node/cpulist)" \
		"$(cat $PMUS/$p/associated_cpus)"
done

# Exact counts on every CPMU, each its own number.
evs= cmd= n=1
for p in $all; do
	evs="$evs $p/m2s_req_memrd/"
	cmd="$cmd echo 'gid=0x20 ev=1 count=$n' >$EMU/$p/inject;"
	n=$((n + 1))
done
# shellcheck disable=SC2086
expect_eq "counts on every CPMU" "1 2 3 4 5 6" "$(counts $evs -- sh -c "$cmd" | xargs)"

# Downstream port 1 goes, with the device behind it, while both count.
hold rm -x, -a -e $dsp1/m2s_req_memrd/ -e $ep1/m2s_req_memrd/ \
	-e $dsp0/m2s_req_memrd/ -o /tmp/rm.out
inject $dsp1 "gid=0x20 ev=1 count=7"
inject $ep1 "gid=0x20 ev=1 count=8"
echo 1 >/sys/bus/pci/devices/10000:01:01.0/remove || fail "remove"
inject $dsp0 "gid=0x20 ev=1 count=9"
release rm
expect_eq "counts up to the removal, and the other port's" "7 8 9" \
	"$(grep -v '^#' /tmp/rm.out | grep . | cut -d, -f1 | xargs)"
i=0
while { [ -d $PMUS/$dsp1 ] || [ -d $PMUS/$ep1 ]; } && [ $i -lt 100 ]; do
	sleep 0.05
	i=$((i + 1))
done
expect_eq "PMUs after the removal" "$(echo $ep $usp $dsp0 $ep0 | tr ' ' '\n' | sort | xargs)" \
	"$(ls $PMUS | grep '^cxl_pmu_' | sort | xargs)"

echo 1 >/sys/bus/pci/rescan
i=0
while { [ ! -d $PMUS/$dsp1 ] || [ ! -d $PMUS/$ep1 ]; } && [ $i -lt 100 ]; do
	sleep 0.05
	i=$((i + 1))
done
expect_eq "after rescan" "10 11" "$(counts $dsp1/m2s_req_memrd/ $ep1/m2s_req_memrd/ -- \
	sh -c "echo 'gid=0x20 ev=1 count=10' >$EMU/$dsp1/inject;
	       echo 'gid=0x20 ev=1 count=11' >$EMU/$ep1/inject" | xargs)"
finish
