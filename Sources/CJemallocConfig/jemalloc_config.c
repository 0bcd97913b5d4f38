#include "CJemallocConfig.h"

/*
 * Two arenas instead of four per core (eight here): kanora's threads allocate in bursts (a
 * batch of tag reads, a batch of writes) and per-thread caches absorb most contention,
 * while every extra arena keeps its own partly used pages. Measured on 2 cores: a
 * 100,000-track scan peaks 1.5-2.5 MB lower at the same CPU; one arena saves another
 * ~1 MB but costs ~3% CPU (notes/scan-at-the-limit.md, "The allocator"). The executable
 * exports this symbol (Package.swift) so that libjemalloc.so finds it; MALLOC_CONF in the
 * environment still overrides it.
 */
const char *malloc_conf = "narenas:2";
