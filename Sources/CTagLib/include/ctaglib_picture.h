/*
 * ctaglib_picture: the embedded cover picture of an audio file, through TagLib 1.13.
 *
 * Same rules as ctaglib.h: the format comes from the content, no C++ exception crosses
 * this boundary, and calls on different files may run concurrently on many threads.
 */
#ifndef CTAGLIB_PICTURE_H
#define CTAGLIB_PICTURE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** One embedded picture: its bytes as stored and the MIME type the tag declares. */
typedef struct ctaglib_picture {
    /** The image file's bytes (JPEG, PNG, ...), owned by this value. */
    const unsigned char *data;
    size_t size;
    /** The MIME type the tag declares ("image/jpeg"), possibly empty; never NULL. */
    const char *mime_type;
} ctaglib_picture;

/**
 * Reads the front cover embedded in the file at `path` (the first picture when none is
 * marked as the front cover). Returns NULL when the file has no picture, cannot be opened
 * or is not audio TagLib reads. Release the result with ctaglib_picture_free.
 */
ctaglib_picture *ctaglib_read_picture(const char *path);

/** Releases a picture from ctaglib_read_picture. Accepts NULL. */
void ctaglib_picture_free(ctaglib_picture *picture);

#ifdef __cplusplus
}
#endif

#endif /* CTAGLIB_PICTURE_H */
