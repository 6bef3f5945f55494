# SPDX-License-Identifier: GPL-2.0
# Shared by the tests/vm scripts: where the cache lives and how it is keyed.
# Source it; it defines functions and variables only.

NVU_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
NVU_CACHE=${NVU_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/nv-uncore}
NVU_VM_DIR=$NVU_TOP/tests/vm

nvu_die() { echo "$(basename "$0"): $*" >&2; exit 1; }

# nvu_console_lines FILE: a guest's console log, with a kernel message that
# the serial console wrote into the end of one of the guest's protocol
# lines (NVU-* markers, KTAP version, plan and result lines) put on a line
# of its own.  The console writes a message wherever it falls: one arm64
# boot's log read "NVU-KTAP-BEGIN kunit[    5.267045] hrtimer: interrupt
# took 47710016 ns", and that boot's KUnit document went unread.  Comment
# lines, where tests print dmesg lines on purpose, are left as they are.
nvu_console_lines() {
	awk '/^((# )?NVU-[A-Z]|KTAP version|[0-9]+\.\.| *(ok|not ok) )/ &&
	     match($0, /\[ *[0-9]+\.[0-9]+\] /) > 1 {
		print substr($0, 1, RSTART - 1)
		$0 = substr($0, RSTART)
	}
	1' "$1"
}

# nvu_exit_status FILE: the exit status the guest printed last
# ("NVU-EXIT: N"), or nothing if it died first.
nvu_exit_status() {
	nvu_console_lines "$1" | sed -n 's/^NVU-EXIT: \([0-9]*\)$/\1/p' | tail -n1
}

# nvu_arch_vars ARCH: sets KARCH, CROSS, CC_BIN, IMAGE for a test kernel
nvu_arch_vars() {
	case "$1" in
	x86_64)	KARCH=x86_64; CROSS=; CC_BIN=gcc
		IMAGE=arch/x86/boot/bzImage ;;
	arm64)	KARCH=arm64; CROSS=aarch64-linux-gnu-; CC_BIN=aarch64-linux-gnu-gcc
		IMAGE=arch/arm64/boot/Image ;;
	*)	nvu_die "unknown architecture '$1' (x86_64 or arm64)" ;;
	esac
}

nvu_src_version() {
	dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null ||
		nvu_die "linux-source-6.12 is not installed (run scripts/deps)"
}

# nvu_kernel_dir ARCH DEBUG(0|1): the build directory for that kernel.  The
# key covers everything that changes the result: source package version,
# config fragments, the arch's patches (tests/vm/patches/ARCH/) and the
# compiler.
nvu_kernel_dir() {
	local arch=$1 debug=$2 frags key
	nvu_arch_vars "$arch"
	frags="$NVU_VM_DIR/common.config $NVU_VM_DIR/$arch.config"
	[ "$debug" = 1 ] && frags="$frags $NVU_VM_DIR/debug.config"
	key=$( { nvu_src_version; cat $frags; nvu_patches "$arch" | xargs -r cat
		$CC_BIN -dumpfullversion; } | sha256sum | cut -c1-16)
	echo "$NVU_CACHE/kernel/$arch$([ "$debug" = 1 ] && echo -debug)-$key"
}

# nvu_patches ARCH: the test-kernel patches for ARCH, in order.
nvu_patches() {
	ls "$NVU_VM_DIR/patches/$1/"*.patch 2>/dev/null || true
}

nvu_src_dir() {
	echo "$NVU_CACHE/src/linux-source-$(nvu_src_version)"
}

# nvu_deb_bins PACKAGE BINARY...: the directory holding BINARY... of
# /usr/bin in Debian's PACKAGE (the version apt would install), downloaded
# and unpacked into the cache on first use, never installed.  Returns 2,
# saying why on stderr, if apt knows no such package or cannot fetch it.
nvu_deb_bins() {
	local p=$1 ver dir tmp b have=1
	shift
	ver=$(apt-cache policy "$p" 2>/dev/null | sed -n 's/ *Candidate: //p')
	if [ -z "$ver" ] || [ "$ver" = "(none)" ]; then
		echo "$(basename "$0"): no $p package known to apt" >&2
		return 2
	fi
	dir=$NVU_CACHE/$p/$ver
	for b in "$@"; do
		[ -x "$dir/$b" ] || have=
	done
	if [ -z "$have" ]; then
		tmp=$(mktemp -d)
		local sandbox=()
		[ "$(id -u)" -eq 0 ] && sandbox=(-o APT::Sandbox::User=root)
		if ! (cd "$tmp" && apt-get download -q "${sandbox[@]}" "$p=$ver") >/dev/null 2>&1; then
			rm -rf "$tmp"
			echo "$(basename "$0"): apt-get download $p=$ver failed" >&2
			return 2
		fi
		dpkg-deb -x "$tmp/${p}"_*.deb "$tmp/x"
		mkdir -p "$dir"
		for b in "$@"; do
			cp "$tmp/x/usr/bin/$b" "$dir/$b.new" && mv "$dir/$b.new" "$dir/$b"
		done
		rm -rf "$tmp"
	fi
	echo "$dir"
}
