#ifndef VENUES_CZLIB_SHIM_H
#define VENUES_CZLIB_SHIM_H

#include <zlib.h>

// inflateInit2 is a macro (it passes the library's version and the stream's size).
static inline int czlib_inflate_init2(z_streamp _Nonnull stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}

#endif
