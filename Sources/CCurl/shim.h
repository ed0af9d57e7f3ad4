#ifndef VENUES_CCURL_SHIM_H
#define VENUES_CCURL_SHIM_H

#include <curl/curl.h>
#include <dlfcn.h>
#include <stdlib.h>

// libcurl is not linked but loaded with dlopen the first time a transfer needs it
// (VenuesHTTP's CurlLibrary): with its dependencies — TLS, HTTP/2, SSH, LDAP, Kerberos, about
// thirty libraries — it made every start of `venues` load, relocate and initialise them, even
// `--version` and commands that never touch the network. Only its headers are used at build time.
//
// `ccurl_load` fills a table of the functions venues uses; every wrapper below takes that
// table first. The table is made once per process and never freed.

// The names tried, in order: the run-time library of libcurl4-openssl-dev (which install-deps
// installs), the GnuTLS flavour's, and the development link.
#if defined(__APPLE__)
static const char *_Nonnull const ccurl_library_names[] = {"libcurl.4.dylib", "libcurl.dylib"};
#else
static const char *_Nonnull const ccurl_library_names[] = {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so"};
#endif

typedef struct ccurl_api {
    CURLcode (*_Nonnull global_init)(long flags);
    const char *_Nonnull (*_Nonnull easy_strerror)(CURLcode code);
    CURL *_Nullable (*_Nonnull easy_init)(void);
    void (*_Nonnull easy_cleanup)(CURL *_Nonnull handle);
    // curl_easy_setopt and curl_easy_getinfo, variadic: called through the typed wrappers.
    void *_Nonnull easy_setopt;
    void *_Nonnull easy_getinfo;
    struct curl_slist *_Nullable (*_Nonnull slist_append)(struct curl_slist *_Nullable list, const char *_Nonnull line);
    void (*_Nonnull slist_free_all)(struct curl_slist *_Nullable list);
    CURLM *_Nullable (*_Nonnull multi_init)(void);
    CURLMcode (*_Nonnull multi_cleanup)(CURLM *_Nonnull multi);
    CURLMcode (*_Nonnull multi_add_handle)(CURLM *_Nonnull multi, CURL *_Nonnull handle);
    CURLMcode (*_Nonnull multi_remove_handle)(CURLM *_Nonnull multi, CURL *_Nonnull handle);
    CURLMcode (*_Nonnull multi_perform)(CURLM *_Nonnull multi, int *_Nonnull running);
    CURLMcode (*_Nonnull multi_poll)(CURLM *_Nonnull multi, struct curl_waitfd *_Nullable extra, unsigned int count,
                                     int timeout_ms, int *_Nullable ready);
    CURLMsg *_Nullable (*_Nonnull multi_info_read)(CURLM *_Nonnull multi, int *_Nonnull pending);
    CURLMcode (*_Nonnull multi_wakeup)(CURLM *_Nonnull multi);
} ccurl_api;

// Loads libcurl (the first of `ccurl_library_names` that loads) and resolves every function of
// the table. Returns the table, or NULL with `*failure` set to dlerror's message (copy it at
// once: the next dl* call reuses the buffer).
static inline const ccurl_api *_Nullable ccurl_load(const char *_Nullable *_Nonnull failure) {
    void *library = NULL;
    for (size_t index = 0; library == NULL && index < sizeof(ccurl_library_names) / sizeof(*ccurl_library_names);
         index++) {
        library = dlopen(ccurl_library_names[index], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        // The last name's failure (dlerror's buffer is reused by every failing dl* call).
        *failure = dlerror();
        return NULL;
    }
    ccurl_api *api = (ccurl_api *)calloc(1, sizeof(ccurl_api));
    if (api == NULL) {
        *failure = "out of memory";
        return NULL;
    }
#define CCURL_RESOLVE(field, symbol)                                                                                   \
    if ((*(void **)&api->field = dlsym(library, symbol)) == NULL) {                                                   \
        *failure = dlerror();                                                                                          \
        free(api);                                                                                                     \
        return NULL;                                                                                                   \
    }
    CCURL_RESOLVE(global_init, "curl_global_init")
    CCURL_RESOLVE(easy_strerror, "curl_easy_strerror")
    CCURL_RESOLVE(easy_init, "curl_easy_init")
    CCURL_RESOLVE(easy_cleanup, "curl_easy_cleanup")
    CCURL_RESOLVE(easy_setopt, "curl_easy_setopt")
    CCURL_RESOLVE(easy_getinfo, "curl_easy_getinfo")
    CCURL_RESOLVE(slist_append, "curl_slist_append")
    CCURL_RESOLVE(slist_free_all, "curl_slist_free_all")
    CCURL_RESOLVE(multi_init, "curl_multi_init")
    CCURL_RESOLVE(multi_cleanup, "curl_multi_cleanup")
    CCURL_RESOLVE(multi_add_handle, "curl_multi_add_handle")
    CCURL_RESOLVE(multi_remove_handle, "curl_multi_remove_handle")
    CCURL_RESOLVE(multi_perform, "curl_multi_perform")
    CCURL_RESOLVE(multi_poll, "curl_multi_poll")
    CCURL_RESOLVE(multi_info_read, "curl_multi_info_read")
    CCURL_RESOLVE(multi_wakeup, "curl_multi_wakeup")
#undef CCURL_RESOLVE
    return api;
}

// curl_global_init with every default flag (CURL_GLOBAL_ALL is a macro Swift may not import).
static inline CURLcode ccurl_global_init_all(const ccurl_api *_Nonnull api) {
    return api->global_init(CURL_GLOBAL_ALL);
}

static inline const char *_Nonnull ccurl_easy_strerror(const ccurl_api *_Nonnull api, CURLcode code) {
    return api->easy_strerror(code);
}

static inline CURL *_Nullable ccurl_easy_init(const ccurl_api *_Nonnull api) {
    return api->easy_init();
}

static inline void ccurl_easy_cleanup(const ccurl_api *_Nonnull api, CURL *_Nonnull handle) {
    api->easy_cleanup(handle);
}

static inline struct curl_slist *_Nullable ccurl_slist_append(const ccurl_api *_Nonnull api,
                                                              struct curl_slist *_Nullable list,
                                                              const char *_Nonnull line) {
    return api->slist_append(list, line);
}

static inline void ccurl_slist_free_all(const ccurl_api *_Nonnull api, struct curl_slist *_Nullable list) {
    api->slist_free_all(list);
}

static inline CURLM *_Nullable ccurl_multi_init(const ccurl_api *_Nonnull api) {
    return api->multi_init();
}

static inline CURLMcode ccurl_multi_cleanup(const ccurl_api *_Nonnull api, CURLM *_Nonnull multi) {
    return api->multi_cleanup(multi);
}

static inline CURLMcode ccurl_multi_add_handle(const ccurl_api *_Nonnull api, CURLM *_Nonnull multi,
                                               CURL *_Nonnull handle) {
    return api->multi_add_handle(multi, handle);
}

static inline CURLMcode ccurl_multi_remove_handle(const ccurl_api *_Nonnull api, CURLM *_Nonnull multi,
                                                  CURL *_Nonnull handle) {
    return api->multi_remove_handle(multi, handle);
}

static inline CURLMcode ccurl_multi_perform(const ccurl_api *_Nonnull api, CURLM *_Nonnull multi,
                                            int *_Nonnull running) {
    return api->multi_perform(multi, running);
}

// curl_multi_poll without extra descriptors.
static inline CURLMcode ccurl_multi_poll(const ccurl_api *_Nonnull api, CURLM *_Nonnull multi, int timeout_ms) {
    return api->multi_poll(multi, NULL, 0, timeout_ms, NULL);
}

static inline CURLMsg *_Nullable ccurl_multi_info_read(const ccurl_api *_Nonnull api, CURLM *_Nonnull multi,
                                                       int *_Nonnull pending) {
    return api->multi_info_read(multi, pending);
}

static inline CURLMcode ccurl_multi_wakeup(const ccurl_api *_Nonnull api, CURLM *_Nonnull multi) {
    return api->multi_wakeup(multi);
}

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call.
// These typed wrappers fix the argument type per option kind. Integer options take
// `long`, as libcurl reads them; *_LARGE options take curl_off_t.

typedef CURLcode (*ccurl_setopt_function)(CURL *, CURLoption, ...);
typedef CURLcode (*ccurl_getinfo_function)(CURL *, CURLINFO, ...);

static inline CURLcode ccurl_easy_setopt_long(const ccurl_api *_Nonnull api, CURL *_Nonnull handle,
                                              CURLoption option, long value) {
    return ((ccurl_setopt_function)api->easy_setopt)(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_off(const ccurl_api *_Nonnull api, CURL *_Nonnull handle,
                                             CURLoption option, curl_off_t value) {
    return ((ccurl_setopt_function)api->easy_setopt)(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_string(const ccurl_api *_Nonnull api, CURL *_Nonnull handle,
                                                CURLoption option, const char *_Nullable value) {
    return ((ccurl_setopt_function)api->easy_setopt)(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_pointer(const ccurl_api *_Nonnull api, CURL *_Nonnull handle,
                                                 CURLoption option, void *_Nullable value) {
    return ((ccurl_setopt_function)api->easy_setopt)(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_slist(const ccurl_api *_Nonnull api, CURL *_Nonnull handle,
                                               CURLoption option, struct curl_slist *_Nullable value) {
    return ((ccurl_setopt_function)api->easy_setopt)(handle, option, value);
}

typedef size_t (*ccurl_data_callback)(char *_Nonnull, size_t, size_t, void *_Nullable);
typedef int (*ccurl_progress_callback)(void *_Nullable, curl_off_t, curl_off_t, curl_off_t, curl_off_t);

static inline CURLcode ccurl_easy_setopt_data_callback(const ccurl_api *_Nonnull api, CURL *_Nonnull handle,
                                                       CURLoption option, ccurl_data_callback _Nullable callback) {
    return ((ccurl_setopt_function)api->easy_setopt)(handle, option, callback);
}

static inline CURLcode ccurl_easy_setopt_progress_callback(const ccurl_api *_Nonnull api, CURL *_Nonnull handle,
                                                           ccurl_progress_callback _Nullable callback) {
    return ((ccurl_setopt_function)api->easy_setopt)(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline CURLcode ccurl_easy_getinfo_long(const ccurl_api *_Nonnull api, CURL *_Nonnull handle, CURLINFO info,
                                               long *_Nonnull value) {
    return ((ccurl_getinfo_function)api->easy_getinfo)(handle, info, value);
}

static inline CURLcode ccurl_easy_getinfo_string(const ccurl_api *_Nonnull api, CURL *_Nonnull handle, CURLINFO info,
                                                 char *_Nullable *_Nonnull value) {
    return ((ccurl_getinfo_function)api->easy_getinfo)(handle, info, value);
}

// The result of a finished transfer, read out of CURLMsg's anonymous union.
static inline CURLcode ccurl_msg_result(const CURLMsg *_Nonnull message) {
    return message->data.result;
}

// True when the message says that a transfer is done.
static inline int ccurl_msg_is_done(const CURLMsg *_Nonnull message) {
    return message->msg == CURLMSG_DONE;
}

#endif
