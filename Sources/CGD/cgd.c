// See include/cgd.h: libgd opened with dlopen on first use, never linked.
#include "cgd.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>

static struct {
    gdImagePtr (*createFromJpeg)(int, void *, int);
    gdImagePtr (*createFromPng)(int, void *);
    gdImagePtr (*createFromGif)(int, void *);
    gdImagePtr (*createFromWebp)(int, void *);
    gdImagePtr (*createFromBmp)(int, void *);
    void (*destroy)(gdImagePtr);
    int (*paletteToTrueColor)(gdImagePtr);
    int (*setInterpolation)(gdImagePtr, gdInterpolationMethod);
    gdImagePtr (*scale)(gdImagePtr, unsigned int, unsigned int);
    void (*saveAlpha)(gdImagePtr, int);
    void *(*png)(gdImagePtr, int *);
    void *(*jpeg)(gdImagePtr, int *, int);
    void (*free)(void *);
    void (*setErrorMethod)(void (*)(int, const char *, va_list));
} gd;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = 0;

static void ignoreError(int priority, const char *format, va_list args) {
    (void)priority; (void)format; (void)args;
}

// Every symbol or none: a partial libgd is treated as absent.
static void open_libgd(void) {
    void *library = dlopen("libgd.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
#define FIND(field, name) if (!(*(void **)&gd.field = dlsym(library, name))) return
    FIND(createFromJpeg, "gdImageCreateFromJpegPtrEx");
    FIND(createFromPng, "gdImageCreateFromPngPtr");
    FIND(createFromGif, "gdImageCreateFromGifPtr");
    FIND(createFromWebp, "gdImageCreateFromWebpPtr");
    FIND(createFromBmp, "gdImageCreateFromBmpPtr");
    FIND(destroy, "gdImageDestroy");
    FIND(paletteToTrueColor, "gdImagePaletteToTrueColor");
    FIND(setInterpolation, "gdImageSetInterpolationMethod");
    FIND(scale, "gdImageScale");
    FIND(saveAlpha, "gdImageSaveAlpha");
    FIND(png, "gdImagePngPtr");
    FIND(jpeg, "gdImageJpegPtr");
    FIND(free, "gdFree");
    FIND(setErrorMethod, "gdSetErrorMethod");
#undef FIND
    // gd prints decoder warnings to stderr by default; a corrupt cover is an error value.
    gd.setErrorMethod(ignoreError);
    loaded = 1;
}

int cgd_load(void) {
    pthread_once(&once, open_libgd);
    return loaded;
}

gdImagePtr cgd_create_from_jpeg(int size, void *data) { return gd.createFromJpeg(size, data, 1); }
gdImagePtr cgd_create_from_png(int size, void *data) { return gd.createFromPng(size, data); }
gdImagePtr cgd_create_from_gif(int size, void *data) { return gd.createFromGif(size, data); }
gdImagePtr cgd_create_from_webp(int size, void *data) { return gd.createFromWebp(size, data); }
gdImagePtr cgd_create_from_bmp(int size, void *data) { return gd.createFromBmp(size, data); }
void cgd_destroy(gdImagePtr image) { gd.destroy(image); }
int cgd_palette_to_true_color(gdImagePtr image) { return gd.paletteToTrueColor(image); }
int cgd_set_interpolation(gdImagePtr image, gdInterpolationMethod method) { return gd.setInterpolation(image, method); }
gdImagePtr cgd_scale(gdImagePtr image, unsigned int width, unsigned int height) { return gd.scale(image, width, height); }
void cgd_save_alpha(gdImagePtr image, int save) { gd.saveAlpha(image, save); }
void *cgd_png(gdImagePtr image, int *size) { return gd.png(image, size); }
void *cgd_jpeg(gdImagePtr image, int *size, int quality) { return gd.jpeg(image, size, quality); }
void cgd_free(void *pointer) { gd.free(pointer); }
