/* libcurl for Swift, loaded on first use. Only the network paths need libcurl (and the ~30
 * libraries it pulls in: TLS, HTTP/2, Kerberos, LDAP...); linking it made every start-up, even
 * `lector version`, pay for loading and relocating them. So nothing links it: lc_load() opens
 * libcurl.so.4 with dlopen and the lc_* functions below call through what it found.
 * curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift cannot
 * call: each argument kind has a typed function of its own. */
#ifndef CCURL_H
#define CCURL_H

#include <stddef.h>
#include <curl/curl.h>

/* The shape of CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION callbacks. */
typedef size_t (*lc_data_callback)(char *data, size_t size, size_t count, void *context);

/* The shape of CURLOPT_PREREQFUNCTION: called once the connection stands, before the request is
 * sent, with the address connected to; non-zero aborts the transfer. */
typedef int (*lc_prereq_callback)(void *context, char *primary_ip, char *local_ip, int primary_port, int local_port);

/* Loads libcurl and runs curl_global_init, once per process (thread-safe). 0 when libcurl is
 * usable; -1 otherwise, with the loader's reason copied into `reason` (always terminated).
 * Every other lc_* function may be called only after lc_load returned 0. */
int lc_load(char *reason, size_t size);

CURLM *lc_multi_init(void);
CURLMcode lc_multi_cleanup(CURLM *multi);
CURLMcode lc_multi_add_handle(CURLM *multi, CURL *easy);
CURLMcode lc_multi_remove_handle(CURLM *multi, CURL *easy);
CURLMcode lc_multi_perform(CURLM *multi, int *running);
CURLMcode lc_multi_poll(CURLM *multi, struct curl_waitfd *extra, unsigned int count, int timeout_ms, int *ready);
CURLMcode lc_multi_wakeup(CURLM *multi);
CURLMsg *lc_multi_info_read(CURLM *multi, int *remaining);
CURLMcode lc_multi_set_long(CURLM *multi, CURLMoption option, long value);

CURL *lc_easy_init(void);
void lc_easy_cleanup(CURL *easy);
CURLcode lc_set_long(CURL *easy, CURLoption option, long value);
CURLcode lc_set_offset(CURL *easy, CURLoption option, curl_off_t value);
CURLcode lc_set_string(CURL *easy, CURLoption option, const char *value);
CURLcode lc_set_pointer(CURL *easy, CURLoption option, void *value);
CURLcode lc_set_headers(CURL *easy, struct curl_slist *headers);
CURLcode lc_set_callback(CURL *easy, CURLoption option, lc_data_callback callback);
CURLcode lc_set_prereq(CURL *easy, lc_prereq_callback callback, void *context);
CURLcode lc_info_long(CURL *easy, CURLINFO info, long *value);

struct curl_slist *lc_slist_append(struct curl_slist *list, const char *text);
void lc_slist_free_all(struct curl_slist *list);

#endif
