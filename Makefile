# SPDX-License-Identifier: GPL-2.0
#
# nv-uncore: out-of-tree uncore PMU drivers.  See README.md.
#
#   make [KDIR=<kernel build dir>] [ARCH=arm64 CROSS_COMPILE=...]
#   make check | demo | bench | deps | clean

# Default: the running kernel's build directory, else the project's test
# kernel (built on first use into the cache).
KDIR ?= $(if $(wildcard /lib/modules/$(shell uname -r)/build),\
	/lib/modules/$(shell uname -r)/build,\
	$(shell tests/vm/kernel --arch x86_64))

CONFTEST_H := include/generated/nvu_conftest.h

all: modules

modules:
	scripts/conftest.sh $(KDIR) $(CONFTEST_H)
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules

clean:
	$(MAKE) -C $(KDIR) M=$(CURDIR) clean
	rm -rf include/generated

check:
	scripts/check

demo:
	scripts/demo

bench:
	scripts/bench

deps:
	scripts/deps

.PHONY: all modules clean check demo bench deps
