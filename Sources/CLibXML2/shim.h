#ifndef VENUES_CLIBXML2_SHIM_H
#define VENUES_CLIBXML2_SHIM_H

// libxml2's headers pull in ICU, whose definitions clash with Foundation's own copy
// ('UErrorCode' has different definitions). Read the version header first, then turn ICU off.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlmemory.h>

// xmlFree is a global function-pointer variable, which Swift 6 rejects as shared mutable state.
static inline void cxml_free(void *_Nullable pointer) {
    xmlFree(pointer);
}

#endif
