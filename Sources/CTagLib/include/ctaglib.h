/*
 * ctaglib: a small C API over TagLib 1.13 for Swift.
 *
 * One call reads one file and returns a heap-allocated result that owns every string in it;
 * ctaglib_result_free releases it all. The format is detected from the file's content (magic
 * bytes), never from its extension. Every C++ exception is caught inside; no exception
 * crosses this boundary. Calls on different files may run concurrently on many threads.
 */
#ifndef CTAGLIB_H
#define CTAGLIB_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** What happened when reading a file. */
typedef enum ctaglib_status {
    /** Read: format, audio properties and tags are filled in. */
    CTAGLIB_STATUS_OK = 0,
    /** open(2) or TagLib could not open the file; error_number holds errno. */
    CTAGLIB_STATUS_CANNOT_OPEN = 1,
    /** The file has zero bytes. */
    CTAGLIB_STATUS_EMPTY = 2,
    /** The content is not an audio format TagLib can read (whatever the extension says). */
    CTAGLIB_STATUS_NOT_AUDIO = 3,
    /**
     * A recognised format (format is set) that TagLib cannot use: no audio frame at all, or
     * invalid; message holds a short reason for the user. (A file TagLib reads but that is
     * cut short is OK, with `damage` set.)
     */
    CTAGLIB_STATUS_CORRUPT = 4,
    /** TagLib threw; message holds what() when available. */
    CTAGLIB_STATUS_EXCEPTION = 5,
    /**
     * Audio by its content (format is set, e.g. "DSD audio (.dsf)") in a format TagLib 1.13
     * has no reader for; message holds the reason for the user.
     */
    CTAGLIB_STATUS_UNSUPPORTED = 6
} ctaglib_status;

/** One PropertyMap entry: a key and all its values, in order (UTF-8, owned by the result). */
typedef struct ctaglib_property {
    const char *key;
    const char *const *values;
    size_t value_count;
} ctaglib_property;

/** Everything read from one file. Strings are UTF-8 and owned by the result. */
typedef struct ctaglib_result {
    ctaglib_status status;
    /** errno when status is CTAGLIB_STATUS_CANNOT_OPEN, else 0. */
    int error_number;
    /** Canonical format name ("MP3", "FLAC", "Opus", "AAC", ...), or NULL when unknown. */
    const char *format;
    /** CORRUPT: the reason, for the user. EXCEPTION: what() when available. Else NULL. */
    const char *message;
    /** Duration in milliseconds. */
    int duration_ms;
    /** Average bitrate in kbit/s, never negative. */
    int bitrate_kbps;
    int sample_rate;
    int channels;
    /** Bits per sample where the format records it, else 0. */
    int bits_per_sample;
    /** Whether the file embeds at least one picture (cover art). */
    bool has_cover_art;
    /** Every PropertyMap key with its values, sorted by key as TagLib's map orders them. */
    const ctaglib_property *properties;
    size_t property_count;
    /**
     * OK only: a hash of the last 4 KiB of the audio payload (tags excluded), which survives
     * moves, renames and retagging; see fingerprint.hpp. Valid when has_content_hash.
     */
    unsigned long long content_hash;
    bool has_content_hash;
    /**
     * OK only: what the cheap checks near the end of the file found wrong in a file TagLib
     * read anyway ("last frame cut short", "ends at 48% of its audio data"), or NULL when
     * the file looks whole. Players play such files; they are indexed with this note.
     */
    const char *damage;
} ctaglib_result;

/**
 * Reads the file at `path` (raw bytes, NUL-terminated). Never returns NULL unless memory
 * runs out; release the result with ctaglib_result_free.
 */
ctaglib_result *ctaglib_read(const char *path);

/** Releases a result from ctaglib_read and everything it owns. Accepts NULL. */
void ctaglib_result_free(ctaglib_result *result);

#ifdef __cplusplus
}
#endif

#endif /* CTAGLIB_H */
