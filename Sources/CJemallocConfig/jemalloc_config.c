#include "CJemallocConfig.h"

/*
 * Two arenas instead of four per core (eight here): kanora's threads allocate in bursts (a
 * batch of tag reads, a batch of writes) and per-thread caches absorb most contention,
 * while every extra arena keeps its own partly used pages. Measured on 2 cores: a
 * 100,000-track scan peaks 1.5-2.5 MB lower at the same CPU; one arena saves another
 * ~1 MB but costs ~3% CPU (notes/scan-at-the-limit.md, "The allocator").
 *
 * Freed pages go back to the system after 250 ms instead of 10 s: a scan frees each batch's
 * tag-reading memory within a fraction of a second, and keeping it ten seconds held ~1-1.5
 * MB more at a 100,000-track peak. 0 ms saved 4 MB but cost 16% of a cold scan's wall time;
 * 250 ms costs nothing measurable ("Third pass").
 *
 * The executable exports this symbol (Package.swift) so that libjemalloc.so finds it;
 * MALLOC_CONF in the environment still overrides it.
 */
const char *malloc_conf = "narenas:2,dirty_decay_ms:250";
