/* A GLib-free face for libsecret, so Swift never sees GHashTable, GError or SecretSchema.
 * Every item lives in the default collection. Attributes are parallel arrays of n keys and values,
 * all strings. Strings handed back (ks_error fields, looked-up secrets) are owned by the caller. */
#ifndef SECRET_SHIM_H
#define SECRET_SHIM_H

#include <stddef.h>

/* The failure cases a user can act on differently. */
typedef enum {
    KS_FAILURE_OTHER = 0,          /* see domain, code and message */
    KS_FAILURE_UNREACHABLE = 1,    /* no session bus, or no Secret Service on it */
    KS_FAILURE_LOCKED = 2,         /* the collection holding (or meant to hold) the item is locked */
    KS_FAILURE_NO_COLLECTION = 3,  /* there is no default collection to use */
    KS_FAILURE_MISSING_LIBRARY = 4, /* libsecret-1.so.0 could not be loaded; message says why */
} ks_failure;

typedef struct {
    ks_failure kind;
    char *domain;                  /* GLib error domain, e.g. "g-io-error-quark"; NULL if none */
    int code;
    char *message;
} ks_error;

/* Frees the strings inside e (not e itself) and zeroes it. */
void ks_error_clear(ks_error *e);

/* Frees a secret from ks_lookup, wiping its memory first. */
void ks_secret_free(char *secret);

/* 0 default collection unlocked, 1 locked, 2 no default collection, -1 failure (see e). */
int ks_status(ks_error *e);

/* Stores or replaces the item whose attributes are exactly these. 0 ok, -1 failure. */
int ks_store(const char *schema, const char *label, const char *secret,
             const char *const *keys, const char *const *vals, size_t n, ks_error *e);

/* 0 found (*out set), 1 no such item, -1 failure. A locked or missing default collection is a
 * failure, never "no such item": libsecret itself reports a locked item as simply absent. */
int ks_lookup(const char *schema, const char *const *keys, const char *const *vals, size_t n,
              char **out, ks_error *e);

/* Deletes every item matching the attributes (a subset is fine). 0 deleted, 1 none, -1 failure. */
int ks_clear(const char *schema, const char *const *keys, const char *const *vals, size_t n,
             ks_error *e);

#endif
