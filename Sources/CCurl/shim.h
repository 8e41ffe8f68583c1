/* libcurl for Swift. curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which
 * Swift cannot call: these typed inline wrappers give each argument kind a function of its own. */
#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H

#include <curl/curl.h>

/* The shape of CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION callbacks. */
typedef size_t (*lc_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode lc_set_long(CURL *easy, CURLoption option, long value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode lc_set_offset(CURL *easy, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode lc_set_string(CURL *easy, CURLoption option, const char *value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode lc_set_pointer(CURL *easy, CURLoption option, void *value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode lc_set_headers(CURL *easy, struct curl_slist *headers) {
    return curl_easy_setopt(easy, CURLOPT_HTTPHEADER, headers);
}

static inline CURLcode lc_set_callback(CURL *easy, CURLoption option, lc_data_callback callback) {
    return curl_easy_setopt(easy, option, callback);
}

static inline CURLcode lc_info_long(CURL *easy, CURLINFO info, long *value) {
    return curl_easy_getinfo(easy, info, value);
}

static inline CURLMcode lc_multi_set_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

#endif
