// libgd (Debian's libgd-dev) for resizing cover art.
//
// Thread safety: libgd's decoders (gdImageCreateFrom*Ptr), gdImageScale and the encoders
// (gdImageJpegPtr, gdImagePngPtr) keep their state in the image and on the stack, so calls
// on different images may run on many threads at once. Its global state is the FreeType
// font cache (unused here) and the error method, set once by cgd_silence_errors.
#include <gd.h>
#include <stdarg.h>

static void cgd_ignore_error(int priority, const char *format, va_list args) {
    (void)priority; (void)format; (void)args;
}

/// gd prints decoder warnings ("gd-jpeg: JPEG library reports unrecoverable error") to
/// stderr by default; a corrupt cover is reported as an error value instead. Call once,
/// before any image work (the error method is a global).
static inline void cgd_silence_errors(void) { gdSetErrorMethod(cgd_ignore_error); }

/// The image's width in pixels (gdImageSX is a macro Swift cannot import).
static inline int cgd_width(gdImagePtr image) { return gdImageSX(image); }

/// The image's height in pixels.
static inline int cgd_height(gdImagePtr image) { return gdImageSY(image); }
