# SPDX-License-Identifier: GPL-2.0
#
# What scripts/dkms-lifecycle and scripts/deb-lifecycle share, sourced by
# each inside its private mount namespace after it set top, scratch, k1,
# k2 and keep: the version and module lists of dkms.conf, the two
# kernels' releases (r1, r2), the "ok"/"FAIL" lines and the checks of
# what DKMS installed.

ver=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$top/dkms.conf")
# Every module; mods_of RELEASE: those dkms.conf names for that kernel.
mods=$("$top/scripts/dkms-modules")
mods_of() { "$top/scripts/dkms-modules" "$(readlink -f "/lib/modules/$1/build")"; }
failed=0
ok() { echo "ok $*"; }
fail() { echo "FAIL $*"; failed=1; }
release_of() { sed -n 's/.*UTS_RELEASE "\(.*\)"/\1/p' "$1/include/generated/utsrelease.h"; }
r1=$(release_of "$k1") r2=$(release_of "$k2")
[ -n "$r1" ] && [ -n "$r2" ] && [ "$r1" != "$r2" ] ||
	{ echo "${0##*/}: need two kernels of different releases" >&2; exit 2; }
log=$scratch/lifecycle.log

# overlay DIR...: each DIR an overlay whose writes land in $scratch.
overlay() {
	local d n
	for d in "$@"; do
		n=$scratch/$(echo "$d" | tr / _)
		mkdir -p "$n/upper" "$n/work" "$d"
		mount -t overlay overlay -o "lowerdir=$d,upperdir=$n/upper,workdir=$n/work" "$d"
	done
}
# install_kernel RELEASE KDIR: as the kernel's headers package leaves it.
install_kernel() {
	mkdir -p "/lib/modules/$1"
	ln -sfn "$2" "/lib/modules/$1/build"
}
# run COMMAND...: into $log; a failure is a FAIL line with the log's tail.
run() {
	echo "+ $*" >>"$log"
	"$@" >>"$log" 2>&1 || { fail "$* (exit $?)"; tail -n 30 "$log" | sed 's/^/  /'; return 1; }
}
# installed RELEASE: our modules in updates/dkms and in modules.dep, and
# "installed" in dkms status.
installed() {
	local m f n=0 want
	want=$(mods_of "$1")
	[ -n "$want" ] || { fail "$1: dkms.conf names no module"; return; }
	for m in $want; do
		f=$(find "/lib/modules/$1/updates/dkms" -name "$m.ko*" 2>/dev/null | head -n1 || true)
		[ -n "$f" ] && grep -q "^updates/dkms/${f##*/}:" "/lib/modules/$1/modules.dep" &&
			n=$((n + 1))
	done
	[ "$n" = "$(echo $want | wc -w)" ] &&
		ok "$1: all $n modules in updates/dkms and modules.dep" ||
		fail "$1: $n of $(echo $want | wc -w) modules installed and in modules.dep"
	dkms status -m nv-uncore -v "$ver" -k "$1" 2>/dev/null | grep -q ": installed" &&
		ok "$1: dkms status says installed" || fail "$1: dkms status: $(dkms status -k "$1")"
}
# keep_modules RELEASE: copy what DKMS installed for it to $keep/RELEASE.
keep_modules() {
	rm -rf "${keep:?}/$1"
	mkdir -p "$keep/$1"
	find "/lib/modules/$1/updates/dkms" -name '*.ko*' -exec cp {} "$keep/$1/" \; 2>/dev/null || true
}
