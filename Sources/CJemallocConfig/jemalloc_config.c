#include "CJemallocConfig.h"

/*
 * One arena instead of four per core: kanora's threads allocate in bursts (a batch of tag
 * reads, a batch of writes), and per-thread caches absorb the contention, while every
 * extra arena keeps its own partly used pages. A 100,000-track scan peaks ~2.5 MB lower
 * at the same speed (notes/scan-at-the-limit.md, "The allocator"). The executable exports
 * this symbol (Package.swift) so that libjemalloc.so finds it; MALLOC_CONF still overrides.
 */
const char *malloc_conf = "narenas:1";
