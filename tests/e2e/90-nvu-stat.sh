#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# nvu-stat against the model: its format encoder agrees with perf's own on
# every format field of every PMU type (Tegra410, CMN-600, CXL); stat
# totals and intervals exact; sweeps over root ports, GPUs, address blocks
# and BDFs exact when every bucket has a counter; a time-multiplexed
# source x destination sweep, each bucket exactly what the model counted; OpenMetrics
# output (validated with promtool on the host: NVU-OPENMETRICS blocks);
# the documented errors.
. "$NVU_TESTS/lib.sh"
load_t410 cxl_fns=1 pcie_rp_mask=0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff
modprobe nvu_arm_cmn600 || fail "modprobe nvu_arm_cmn600"
modprobe nvu_cxl_cpmu || fail "modprobe nvu_cxl_cpmu"
command -v nvu-stat >/dev/null || fail "nvu-stat is not in the VM"

# 1. The encoder: config words for FIELD=all ones and FIELD=1, beside
# perf -vv's.
perf_words() { # EVENT -> "config config1 config2" as perf passes them
	perf stat -vv -a -e "$1" -- true 2>&1 | awk '
		$1 == "config" { c = $2 }
		/bp_addr, config1/ { c1 = $NF }
		/bp_len, config2/ { c2 = $NF }
		END { printf "%s %s %s\n", c ? c : "0", c1 ? c1 : "0", c2 ? c2 : "0" }'
}
ours_words() {
	nvu-stat encode "$1" | awk '{
		for (i = 2; i <= NF; i++) { split($i, kv, "="); w[kv[1]] = kv[2] }
		printf "%s %s %s\n", w["config"], w["config1"], w["config2"] }'
}
hex() { # normalise "0" / "0x.." words to one spelling
	for w in $1; do printf '%x ' "$w"; done | sed 's/ $//'
}
n=0
for pmu in nvidia_ucf_pmu_0 nvidia_cmem_latency_pmu_0 nvidia_pcie_pmu_0_rc_0 \
	nvidia_pcie_tgt_pmu_0_rc_0 nvidia_nvlink_c2c_pmu_0 nvidia_nvclink_pmu_0 \
	nvidia_nvdlink_pmu_0 $(cmn_pmu 0) $(cxl_pmu 0 0); do
	for f in $(ls $PMUS/$pmu/format); do
		bits=$(sed 's/.*://' $PMUS/$pmu/format/$f | awk -F, '{
			n = 0; for (i = 1; i <= NF; i++) { split($i, r, "-");
			n += (r[2] == "" ? 1 : r[2] - r[1] + 1) } print n }')
		if [ "$bits" -ge 64 ]; then
			v=0xffffffffffffffff
		else
			v=$(printf '0x%x' $(((1 << bits) - 1)))
		fi
		# All ones reach every bit; 1 (for wider fields) their order.
		[ "$bits" = 1 ] || v="$v 0x1"
		for x in $v; do
			ev="$pmu/$f=$x/"
			case $pmu:$f in
			arm_cmn_*|cxl_pmu_*) ;;	# no "event" field: each field alone
			*:event) ;;
			*) ev="$pmu/event=0x0,$f=$x/" ;;
			esac
			expect_eq "encode $ev" "$(hex "$(perf_words "$ev")")" \
				"$(hex "$(ours_words "$ev")")"
			n=$((n + 1))
		done
	done
done
echo "compared $n encodings of format fields"

# 2. list: the PMUs of each socket with their filters.
nvu-stat list >/tmp/list.out || fail "nvu-stat list"
expect_eq "socket headers" "socket/node 0:|socket/node 1:" \
	"$(grep '^socket' /tmp/list.out | tr '\n' '|' | sed 's/|$//')"
expect_eq "ucf_1 filters" \
	"filters: dst_loc_cmem dst_loc_gmem dst_loc_other dst_rem src_loc_cpu src_loc_noncpu src_rem" \
	"$(grep 'nvidia_ucf_pmu_1 ' /tmp/list.out | sed 's/.*filters:/filters:/')"

# 3. stat: totals exact, as CSV; intervals as JSON lines.
ucf=nvidia_ucf_pmu_0
cat >/tmp/st.sh <<S
echo 'op=rd count=1234 bytes=64' >$EMU/$ucf/inject
echo 'op=wr count=321 bytes=128' >$EMU/$ucf/inject
S
nvu-stat stat -o csv $ucf/slc_access_rd/ $ucf/slc_bytes_wr/ -- sh /tmp/st.sh >/tmp/st.csv ||
	fail "nvu-stat stat"
expect_eq "stat slc_access_rd" 1234 "$(awk -F, '$3 == "slc_access_rd" { print $4 }' /tmp/st.csv)"
expect_eq "stat slc_bytes_wr" $((321 * 128)) "$(awk -F, '$3 == "slc_bytes_wr" { print $4 }' /tmp/st.csv)"
nvu-stat stat -o json -I 100 -n 3 $ucf/cycles/ >/tmp/st.json || fail "nvu-stat stat -I"
expect_eq "interval lines" 3 "$(grep -c '"type":"interval"' /tmp/st.json)"
expect_eq "total lines" 1 "$(grep -c '"type":"total"' /tmp/st.json)"

# sweep_counts FILE: "bucket=count ..." from -o csv
sweep_counts() { tail -n +2 "$1" | awk -F, '{ printf "%s=%s ", $1, $2 }' | sed 's/ $//'; }

# 4. Root ports of a PCIE RC: 8 buckets on 16 counters, exact.
pcie=nvidia_pcie_pmu_1_rc_3
: >/tmp/rp.sh
want=
for rp in 0 1 2 3 4 5 6 7; do
	echo "echo 'op=rd rp=$rp count=$((rp * 3 + 1)) bytes=64' >$EMU/$pcie/inject" >>/tmp/rp.sh
	want="$want src_rp_mask=$(printf '%#x' $((1 << rp)))=$((rp * 3 + 1))"
done
nvu-stat sweep -k 8 -o csv rp $pcie/rd_req/ -- sh /tmp/rp.sh >/tmp/rp.csv || fail "sweep rp"
expect_eq "sweep rp" "${want# }" "$(sweep_counts /tmp/rp.csv)"

# 5. Address blocks of PCIE-TGT: 8 blocks of 4 KiB, 8 slots, exact; the
# busiest first with --top.
tgt=nvidia_pcie_tgt_pmu_0_rc_1
: >/tmp/addr.sh
want=
for i in 0 1 2 3 4 5 6 7; do
	a=$((0x10000 + i * 0x1000 + 0x80))
	echo "echo 'op=rd rp=0 count=$((10 + i)) bytes=64 addr=$(printf '%#x' $a)' >$EMU/$tgt/inject" >>/tmp/addr.sh
	lo=$((0x10000 + i * 0x1000))
	want="$want $(printf '%#x-%#x' $lo $((lo + 0xfff)))=$((10 + i))"
done
nvu-stat sweep -k 8 -o csv addr $tgt/rd_req/ 0x10000 0x8000 8 -- sh /tmp/addr.sh >/tmp/addr.csv ||
	fail "sweep addr"
expect_eq "sweep addr" "${want# }" "$(sweep_counts /tmp/addr.csv)"
nvu-stat sweep -k 8 --top 2 -o csv addr $tgt/rd_req/ 0x10000 0x8000 8 -- sh /tmp/addr.sh >/tmp/top.csv ||
	fail "sweep addr --top"
expect_eq "hot spots" "0x17000-0x17fff=17 0x16000-0x16fff=16" "$(sweep_counts /tmp/top.csv)"

# 6. GPUs of NVLink-C2C.
c2c=nvidia_nvlink_c2c_pmu_0
cat >/tmp/gpu.sh <<S
echo 'dir=in op=rd peer=gpu0 count=70' >$EMU/$c2c/inject
echo 'dir=in op=rd peer=gpu1 count=5' >$EMU/$c2c/inject
S
nvu-stat sweep -o csv gpu $c2c/in_rd_req/ -- sh /tmp/gpu.sh >/tmp/gpu.csv || fail "sweep gpu"
# A line reaches each of the 7 instances facing that GPU.
expect_eq "sweep gpu" "gpu_mask=0x1=490 gpu_mask=0x2=35" "$(sweep_counts /tmp/gpu.csv)"

# 7. UCF source x destination, 12 buckets on 4 counters at a time: each
# bucket's count exactly what the model's counters took of the background
# traffic meant for it (the model's "rate" read: traffic while a bucket is
# off its counter, or perf has the PMU disabled, is in neither).
echo 'op=rd src=cpu dst=cmem count=2000000' >$EMU/$ucf/rate
nvu-stat sweep -k 4 -S 50 -t 2 -o csv srcdst $ucf/slc_access_rd/ >/tmp/sd.csv ||
	fail "sweep srcdst"
took=$(cat $EMU/$ucf/rate)
echo >$EMU/$ucf/rate
[ "$took" -gt 0 ] || { echo "FAIL: the counters took none of the traffic"; NVU_FAILED=1; }
cat /tmp/sd.csv
expect_eq "srcdst bucket counts" "src_loc_cpu>dst_loc_cmem=$took" \
	"$(tail -n +2 /tmp/sd.csv | awk -F, '$2 != 0 { printf "%s=%s ", $1, $2 }' | sed 's/ $//')"
expect_eq "srcdst buckets observed part of the time" 12 \
	"$(tail -n +2 /tmp/sd.csv | awk -F, '$3 < $4 * 0.6' | wc -l)"

# 8. OpenMetrics: printed for the host's promtool check.
nvu-stat stat --openmetrics /tmp/om.prom $ucf/slc_access_rd/ $pcie/rd_req,src_rp_mask=0x3/ -- true ||
	fail "stat --openmetrics"
nvu-stat sweep -k 8 --openmetrics /tmp/om2.prom rp $pcie/rd_req/ -- true >/dev/null ||
	fail "sweep --openmetrics"
for f in om om2; do
	echo "NVU-OPENMETRICS-BEGIN $f"
	cat /tmp/$f.prom
	echo "NVU-OPENMETRICS-END $f"
done
expect_eq "last line" "# EOF" "$(tail -n 1 /tmp/om.prom)"

# 9. Errors, each with its message and exit status 2.
err() { # WHAT EXPECTED-TEXT COMMAND...
	_what=$1 _text=$2
	shift 2
	"$@" >/tmp/err.out 2>&1
	_rc=$?
	expect_eq "$_what: status" 2 $_rc
	grep -qF "$_text" /tmp/err.out && echo "ok: $_what: $_text" ||
		{ echo "FAIL: $_what: no '$_text' in: $(cat /tmp/err.out)"; NVU_FAILED=1; }
}
err "absent PMU" "no PMU nvidia_ucf_pmu_7" nvu-stat stat nvidia_ucf_pmu_7/cycles/
err "missing filter" "has no filter 'gpu_mask'" nvu-stat sweep gpu $ucf/cycles/
err "value too wide" "src_rp_mask=0x100 does not fit: src_rp_mask has 8 bits" \
	nvu-stat encode $pcie/rd_req,src_rp_mask=0x100/
err "sweep larger than its domain" "sweep larger than domain" \
	nvu-stat sweep addr $tgt/rd_req/ 0x10000 0x10 32
err "unknown event" "has no format field or event 'nope'" nvu-stat stat $ucf/nope/
# No permission: an unprivileged user with perf_event_paranoid 2.
mkdir -p /etc
grep -q '^nobody:' /etc/passwd 2>/dev/null ||
	echo 'nobody:x:65534:65534:nobody:/tmp:/bin/sh' >>/etc/passwd
grep -q '^nogroup:' /etc/group 2>/dev/null || echo 'nogroup:x:65534:' >>/etc/group
echo 2 >/proc/sys/kernel/perf_event_paranoid
err "no permission" "perf_event_paranoid <= 0 (it is 2) or CAP_PERFMON" \
	su -s /bin/sh nobody -c "nvu-stat stat $ucf/cycles/"
echo -1 >/proc/sys/kernel/perf_event_paranoid
finish
