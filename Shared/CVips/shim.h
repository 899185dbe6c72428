// libvips (images, EXIF) and libwebp, from Debian's libvips-dev. Swift cannot call C variadic functions
// or macros, so each call Roam makes is a small inline function here.
#include <stdlib.h>
#include <vips/vips.h>
#include <webp/encode.h>

/// Starts libvips once per process. Each job runs on one thread (Roam runs one job per core itself),
/// and libvips' warnings stay out of the service's log (failures come back as errors).
static inline int roam_vips_start(const char *program) {
    setenv("VIPS_WARNING", "0", 0);
    if (VIPS_INIT(program)) return -1;
    vips_concurrency_set(1);
    vips_cache_set_max(0);
    return 0;
}

/// Opens a file for its header and metadata; pixels are decoded only when something reads them.
static inline VipsImage *roam_vips_open(const char *path) {
    return vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

/// Shrinks (never enlarges) to fit `size` × `size`, upright by its orientation tag, in sRGB, failing on
/// a truncated or corrupt file instead of filling in grey.
static inline VipsImage *roam_vips_thumbnail(const char *path, int size) {
    VipsImage *shrunk = NULL, *srgb = NULL, *uchar = NULL;
    if (vips_thumbnail(path, &shrunk, size, "height", size, "size", VIPS_SIZE_DOWN, "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL))
        return NULL;
    int failed = vips_colourspace(shrunk, &srgb, VIPS_INTERPRETATION_sRGB, NULL);
    g_object_unref(shrunk);
    if (failed) return NULL;
    failed = vips_cast_uchar(srgb, &uchar, NULL);
    g_object_unref(srgb);
    return failed ? NULL : uchar;
}

/// Shrinks an image already in memory (never enlarges) to fit `size` × `size`.
static inline VipsImage *roam_vips_shrink(VipsImage *image, int size) {
    VipsImage *out = NULL;
    if (vips_thumbnail_image(image, &out, size, "height", size, "size", VIPS_SIZE_DOWN, NULL)) return NULL;
    return out;
}

/// JPEG with every metadata field left out.
static inline int roam_vips_jpeg(VipsImage *image, int quality, void **bytes, size_t *length) {
    return vips_jpegsave_buffer(image, bytes, length, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, NULL);
}

/// Decodes the pixels (3 or 4 bands of uchar) for an encoder that writes no metadata at all.
static inline void *roam_vips_pixels(VipsImage *image, size_t *length) {
    return vips_image_write_to_memory(image, length);
}

/// Writes `image` in the format its name says (`x.jpg`, `x.heic`), with whatever metadata it carries.
static inline int roam_vips_write(VipsImage *image, const char *path) {
    return vips_image_write_to_file(image, path, NULL);
}

/// A `width` × `height` sRGB gradient, for tests that need real pictures.
static inline VipsImage *roam_vips_gradient(int width, int height) {
    VipsImage *xyz = NULL, *red = NULL, *rgb = NULL, *out = NULL;
    if (vips_xyz(&xyz, width, height, NULL)) return NULL;
    int failed = vips_cast_uchar(xyz, &red, NULL);
    g_object_unref(xyz);
    if (failed) return NULL;
    double green_blue[] = {128, 64};
    failed = vips_bandjoin_const(red, &rgb, green_blue, 2, NULL);
    g_object_unref(red);
    if (failed) return NULL;
    failed = vips_copy(rgb, &out, "interpretation", VIPS_INTERPRETATION_sRGB, NULL);
    g_object_unref(rgb);
    return failed ? NULL : out;
}

/// A `width` × `height` sRGB picture of noise, which compresses as a photo does, for benchmarks.
static inline VipsImage *roam_vips_noise(int width, int height) {
    VipsImage *bands[3] = {NULL, NULL, NULL}, *joined = NULL, *uchar = NULL, *out = NULL;
    for (int i = 0; i < 3; i++)
        if (vips_gaussnoise(&bands[i], width, height, "mean", 128.0, "sigma", 40.0, NULL)) return NULL;
    int failed = vips_bandjoin(bands, &joined, 3, NULL);
    for (int i = 0; i < 3; i++) g_object_unref(bands[i]);
    if (failed) return NULL;
    failed = vips_cast_uchar(joined, &uchar, NULL);
    g_object_unref(joined);
    if (failed) return NULL;
    failed = vips_copy(uchar, &out, "interpretation", VIPS_INTERPRETATION_sRGB, NULL);
    g_object_unref(uchar);
    return failed ? NULL : out;
}

/// Whether any EXIF, XMP or IPTC field survived in `image`.
static inline int roam_vips_has_metadata(VipsImage *image) {
    gchar **fields = vips_image_get_fields(image);
    int found = 0;
    for (int i = 0; fields[i]; i++)
        if (vips_isprefix("exif-", fields[i]) || vips_isprefix("xmp-", fields[i]) || vips_isprefix("iptc-", fields[i])) found = 1;
    g_strfreev(fields);
    return found;
}

static inline const char *roam_vips_error(void) { return vips_error_buffer(); }
static inline void roam_vips_clear_error(void) { vips_error_clear(); }
static inline void roam_vips_release(void *object) { g_object_unref(object); }
static inline void roam_vips_free(void *bytes) { g_free(bytes); }
