#include "ccurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* The Debian package that ships libcurl.so.4 (the runtime half of libcurl4-openssl-dev). */
#define LC_LIBRARY "libcurl.so.4"

static struct {
    CURLcode (*global_init)(long);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd *, unsigned int, int, int *);
    CURLMcode (*multi_wakeup)(CURLM *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];
static int loaded;

static int resolve(void *library, void **slot, const char *name) {
    *slot = dlsym(library, name);
    if (*slot == NULL) snprintf(failure, sizeof failure, "%s has no %s (too old a libcurl?)", LC_LIBRARY, name);
    return *slot != NULL;
}

static void load(void) {
    void *library = dlopen(LC_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(failure, sizeof failure, "%s", why ? why : LC_LIBRARY " could not be loaded");
        return;
    }
    int ok = resolve(library, (void **)&api.global_init, "curl_global_init")
        && resolve(library, (void **)&api.multi_init, "curl_multi_init")
        && resolve(library, (void **)&api.multi_cleanup, "curl_multi_cleanup")
        && resolve(library, (void **)&api.multi_add_handle, "curl_multi_add_handle")
        && resolve(library, (void **)&api.multi_remove_handle, "curl_multi_remove_handle")
        && resolve(library, (void **)&api.multi_perform, "curl_multi_perform")
        && resolve(library, (void **)&api.multi_poll, "curl_multi_poll")
        && resolve(library, (void **)&api.multi_wakeup, "curl_multi_wakeup")
        && resolve(library, (void **)&api.multi_info_read, "curl_multi_info_read")
        && resolve(library, (void **)&api.multi_setopt, "curl_multi_setopt")
        && resolve(library, (void **)&api.easy_init, "curl_easy_init")
        && resolve(library, (void **)&api.easy_cleanup, "curl_easy_cleanup")
        && resolve(library, (void **)&api.easy_setopt, "curl_easy_setopt")
        && resolve(library, (void **)&api.easy_getinfo, "curl_easy_getinfo")
        && resolve(library, (void **)&api.slist_append, "curl_slist_append")
        && resolve(library, (void **)&api.slist_free_all, "curl_slist_free_all");
    if (!ok) return;
    if (api.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(failure, sizeof failure, "curl_global_init failed");
        return;
    }
    loaded = 1;
}

int lc_load(char *reason, size_t size) {
    pthread_once(&once, load);
    if (loaded) return 0;
    if (reason != NULL && size > 0) snprintf(reason, size, "%s", failure);
    return -1;
}

CURLM *lc_multi_init(void) { return api.multi_init(); }
CURLMcode lc_multi_cleanup(CURLM *multi) { return api.multi_cleanup(multi); }
CURLMcode lc_multi_add_handle(CURLM *multi, CURL *easy) { return api.multi_add_handle(multi, easy); }
CURLMcode lc_multi_remove_handle(CURLM *multi, CURL *easy) { return api.multi_remove_handle(multi, easy); }
CURLMcode lc_multi_perform(CURLM *multi, int *running) { return api.multi_perform(multi, running); }
CURLMcode lc_multi_poll(CURLM *multi, struct curl_waitfd *extra, unsigned int count, int timeout_ms, int *ready) {
    return api.multi_poll(multi, extra, count, timeout_ms, ready);
}
CURLMcode lc_multi_wakeup(CURLM *multi) { return api.multi_wakeup(multi); }
CURLMsg *lc_multi_info_read(CURLM *multi, int *remaining) { return api.multi_info_read(multi, remaining); }
CURLMcode lc_multi_set_long(CURLM *multi, CURLMoption option, long value) { return api.multi_setopt(multi, option, value); }

CURL *lc_easy_init(void) { return api.easy_init(); }
void lc_easy_cleanup(CURL *easy) { api.easy_cleanup(easy); }
CURLcode lc_set_long(CURL *easy, CURLoption option, long value) { return api.easy_setopt(easy, option, value); }
CURLcode lc_set_offset(CURL *easy, CURLoption option, curl_off_t value) { return api.easy_setopt(easy, option, value); }
CURLcode lc_set_string(CURL *easy, CURLoption option, const char *value) { return api.easy_setopt(easy, option, value); }
CURLcode lc_set_pointer(CURL *easy, CURLoption option, void *value) { return api.easy_setopt(easy, option, value); }
CURLcode lc_set_headers(CURL *easy, struct curl_slist *headers) { return api.easy_setopt(easy, CURLOPT_HTTPHEADER, headers); }
CURLcode lc_set_callback(CURL *easy, CURLoption option, lc_data_callback callback) {
    return api.easy_setopt(easy, option, callback);
}
CURLcode lc_set_prereq(CURL *easy, lc_prereq_callback callback, void *context) {
    CURLcode code = api.easy_setopt(easy, CURLOPT_PREREQFUNCTION, callback);
    if (code != CURLE_OK) return code;
    return api.easy_setopt(easy, CURLOPT_PREREQDATA, context);
}
CURLcode lc_info_long(CURL *easy, CURLINFO info, long *value) { return api.easy_getinfo(easy, info, value); }

struct curl_slist *lc_slist_append(struct curl_slist *list, const char *text) { return api.slist_append(list, text); }
void lc_slist_free_all(struct curl_slist *list) { api.slist_free_all(list); }
