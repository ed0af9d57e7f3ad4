#ifndef VENUES_CBZIP2_SHIM_H
#define VENUES_CBZIP2_SHIM_H

// libbz2 (Debian libbz2-dev) ships no pkg-config file; its header is on the default path.
#include <bzlib.h>

#endif
