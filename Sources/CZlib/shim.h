#ifndef VENUES_CZLIB_SHIM_H
#define VENUES_CZLIB_SHIM_H

#include <zlib.h>

// inflateInit2 is a macro (it passes the library's version and the stream's size).
static inline int czlib_inflate_init2(z_streamp _Nonnull stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}

// deflateInit2 is a macro too (used by tests to write gzip files).
static inline int czlib_deflate_init2(z_streamp _Nonnull stream, int level, int windowBits) {
    return deflateInit2(stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY);
}

#endif
