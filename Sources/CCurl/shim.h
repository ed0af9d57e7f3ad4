#ifndef VENUES_CCURL_SHIM_H
#define VENUES_CCURL_SHIM_H

#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call.
// These typed wrappers fix the argument type per option kind. Integer options take
// `long`, as libcurl reads them; *_LARGE options take curl_off_t.

static inline CURLcode ccurl_easy_setopt_long(CURL *_Nonnull handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_off(CURL *_Nonnull handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_string(CURL *_Nonnull handle, CURLoption option,
                                                const char *_Nullable value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_pointer(CURL *_Nonnull handle, CURLoption option,
                                                 void *_Nullable value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_slist(CURL *_Nonnull handle, CURLoption option,
                                               struct curl_slist *_Nullable value) {
    return curl_easy_setopt(handle, option, value);
}

typedef size_t (*ccurl_data_callback)(char *_Nonnull, size_t, size_t, void *_Nullable);
typedef int (*ccurl_progress_callback)(void *_Nullable, curl_off_t, curl_off_t, curl_off_t, curl_off_t);

static inline CURLcode ccurl_easy_setopt_data_callback(CURL *_Nonnull handle, CURLoption option,
                                                       ccurl_data_callback _Nullable callback) {
    return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode ccurl_easy_setopt_progress_callback(CURL *_Nonnull handle,
                                                           ccurl_progress_callback _Nullable callback) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline CURLcode ccurl_easy_getinfo_long(CURL *_Nonnull handle, CURLINFO info, long *_Nonnull value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ccurl_easy_getinfo_string(CURL *_Nonnull handle, CURLINFO info,
                                                 char *_Nullable *_Nonnull value) {
    return curl_easy_getinfo(handle, info, value);
}


// The result of a finished transfer, read out of CURLMsg's anonymous union.
static inline CURLcode ccurl_msg_result(const CURLMsg *_Nonnull message) {
    return message->data.result;
}

// True when the message says that a transfer is done.
static inline int ccurl_msg_is_done(const CURLMsg *_Nonnull message) {
    return message->msg == CURLMSG_DONE;
}

// curl_global_init with every default flag (CURL_GLOBAL_ALL is a macro Swift may not import).
static inline CURLcode ccurl_global_init_all(void) {
    return curl_global_init(CURL_GLOBAL_ALL);
}

#endif
