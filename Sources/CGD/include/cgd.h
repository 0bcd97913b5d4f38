/*
 * cgd: the few libgd calls kanora makes to resize cover art, loaded on first use.
 *
 * libgd (Debian's libgd3) pulls in some fifty shared libraries (AVIF, HEIF, TIFF, X11,
 * fonts...). Linked directly, every kanora process would load them all at start, doubling
 * the start-up time of `kanora list` for a feature only `kanora serve` uses. So this shim
 * opens libgd.so.3 with dlopen the first time a cover is resized, and calls through the
 * functions it finds there. gd.h (libgd-dev) gives the types.
 *
 * Thread safety: libgd's decoders, gdImageScale and the encoders keep their state in the
 * image and on the stack, so calls on different images may run on many threads at once.
 * Its global state is the FreeType font cache (unused here) and the error method, which
 * cgd_load sets once to silent.
 */
#ifndef CGD_H
#define CGD_H

#include <gd.h>

/** Opens libgd once (later calls return the first answer): 1 when every function was
 *  found, 0 when libgd.so.3 is not installed or lacks one. Call before anything else. */
int cgd_load(void);

/** The image's width and height in pixels (gdImageSX/SY are macros Swift cannot import). */
static inline int cgd_width(gdImagePtr image) { return gdImageSX(image); }
static inline int cgd_height(gdImagePtr image) { return gdImageSY(image); }

gdImagePtr cgd_create_from_jpeg(int size, void *data);
gdImagePtr cgd_create_from_png(int size, void *data);
gdImagePtr cgd_create_from_gif(int size, void *data);
gdImagePtr cgd_create_from_webp(int size, void *data);
gdImagePtr cgd_create_from_bmp(int size, void *data);
void cgd_destroy(gdImagePtr image);
int cgd_palette_to_true_color(gdImagePtr image);
int cgd_set_interpolation(gdImagePtr image, gdInterpolationMethod method);
gdImagePtr cgd_scale(gdImagePtr image, unsigned int width, unsigned int height);
void cgd_save_alpha(gdImagePtr image, int save);
void *cgd_png(gdImagePtr image, int *size);
void *cgd_jpeg(gdImagePtr image, int *size, int quality);
void cgd_free(void *pointer);

#endif
