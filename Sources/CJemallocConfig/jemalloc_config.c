#include "CJemallocConfig.h"

/*
 * One arena instead of four per core (eight here): kanora's threads allocate in bursts (a
 * batch of tag reads, a batch of writes, an answer) and per-thread caches absorb most
 * contention, while every extra arena keeps its own partly used pages. Two arenas saved
 * 1.5-2.5 MB of a 100,000-track scan's peak (notes/scan-at-the-limit.md, "The allocator");
 * one saves about 1 MB more for a server at a million tracks (VmHWM 39.2-39.7 MB against
 * 40.0-40.6 MB over the same round) and 0.3-1 MB of the scan's peak. That note measured
 * ~3% more scan CPU for one arena; three alternating 100,000-track scans here showed no
 * difference beyond noise (wall 8.71-8.85 s against 8.39-9.04 s), nor did search3 and
 * getAlbumList2 under wrk.
 *
 * Freed pages go back to the system after 250 ms instead of 10 s: a scan frees each batch's
 * tag-reading memory within a fraction of a second, and keeping it ten seconds held ~1-1.5
 * MB more at a 100,000-track peak. 0 ms saved 4 MB but cost 16% of a cold scan's wall time;
 * 250 ms costs nothing measurable ("Third pass").
 *
 * The executable exports this symbol (Package.swift) so that libjemalloc.so finds it;
 * MALLOC_CONF in the environment still overrides it.
 */
const char *malloc_conf = "narenas:1,dirty_decay_ms:250";
