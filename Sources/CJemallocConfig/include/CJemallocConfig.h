/*
 * CJemallocConfig: jemalloc's options for kanora, compiled in (see jemalloc_config.c).
 * Nothing to call: jemalloc reads the `malloc_conf` symbol when it starts.
 */
#ifndef CJEMALLOC_CONFIG_H
#define CJEMALLOC_CONFIG_H

/** The options jemalloc reads at start-up (see jemalloc(3), "TUNING"). */
extern const char *malloc_conf;

#endif
