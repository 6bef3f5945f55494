# SPDX-License-Identifier: GPL-2.0
#
# nv-uncore: out-of-tree uncore PMU drivers.  See README.md.
#
#   make [KDIR=<kernel build dir>] [ARCH=arm64 CROSS_COMPILE=...]
#   make modules | tools | install | deb | check | demo | bench | deps | clean

# Default: the running kernel's build directory, else the project's test
# kernel (built on first use into the cache).
KDIR ?= $(if $(wildcard /lib/modules/$(shell uname -r)/build),\
	/lib/modules/$(shell uname -r)/build,\
	$(shell tests/vm/kernel --arch x86_64))

CONFTEST_H := include/generated/nvu_conftest.h

# y: the drivers, the hardware model and (with KUnit) the test modules;
# n: the core and the drivers, as DKMS installs them (Kbuild says more).
NVU_MODEL ?= y

PREFIX ?= /usr/local

all: modules tools

modules:
	scripts/conftest.sh $(KDIR) $(CONFTEST_H)
	$(MAKE) -C $(KDIR) M=$(CURDIR) NVU_MODEL=$(NVU_MODEL) modules

# Userspace tools: nvu-stat (static, C) beside the nvu-metrics script.
tools:
	$(MAKE) -C tools/nvu-stat CC=$(CROSS_COMPILE)gcc

# The tools; the modules are installed by DKMS (see README.md).
install: tools
	install -D -m 755 tools/nvu-stat/nvu-stat $(DESTDIR)$(PREFIX)/bin/nvu-stat
	install -D -m 755 tools/nvu-metrics $(DESTDIR)$(PREFIX)/bin/nvu-metrics

# The Debian packages nv-uncore-dkms and nv-uncore-tools, lintian-checked,
# in build/deb (scripts/deb).
deb:
	scripts/deb

# Needs no kernel tree: removes every build product of the in-place build
# and the per-kernel build trees under build/.  Also where DKMS runs it,
# in a source tree without tests/ and tools/.
clean:
	find drivers $(wildcard tests) -name '*.o' -o -name '*.ko' -o -name '*.mod' \
		-o -name '*.mod.c' -o -name '.*.cmd' | xargs rm -f
	rm -rf build include/generated *.ko *.mod *.mod.c *.o .*.cmd \
		Module.symvers modules.order .tmp_versions
	$(if $(wildcard tools/nvu-stat),$(MAKE) -C tools/nvu-stat clean)

check:
	scripts/check

demo:
	scripts/demo

bench:
	scripts/bench

deps:
	scripts/deps

.PHONY: all modules tools install deb clean check demo bench deps
