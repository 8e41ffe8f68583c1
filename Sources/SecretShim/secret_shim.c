#include "secret_shim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libsecret/secret.h>

/* libsecret and the GLib/GIO/GObject stack under it are opened with dlopen on the first keyring
 * call, not linked: linking them made every start-up (even `lector version`) load and relocate
 * them. Every GLib and libsecret function this file calls is listed here; the #defines below
 * route the calls through the table, so the code reads like ordinary libsecret code. */
#define KS_LIBRARY "libsecret-1.so.0"
#define KS_FUNCTIONS(X) \
    X(g_free) X(g_strdup) X(g_error_free) X(g_error_matches) X(g_clear_error) X(g_quark_to_string) \
    X(g_io_error_quark) X(g_dbus_error_quark) X(g_bus_get_sync) X(g_dbus_connection_call_sync) \
    X(g_variant_new) X(g_variant_get) X(g_variant_unref) X(g_variant_is_of_type) X(g_variant_get_boolean) \
    X(g_variant_type_checked_) X(g_object_unref) X(g_hash_table_new) X(g_hash_table_insert) \
    X(g_hash_table_unref) X(g_str_hash) X(g_str_equal) \
    X(secret_error_get_quark) X(secret_password_free) X(secret_schema_newv) X(secret_schema_unref) \
    X(secret_password_storev_sync) X(secret_password_lookupv_sync) X(secret_password_clearv_sync) \
    X(secret_service_disconnect)

#define KS_FIELD(name) __typeof__(name) *name;
static struct { KS_FUNCTIONS(KS_FIELD) } lazy;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char load_failure[512];
static int loaded;

static void load(void) {
    void *library = dlopen(KS_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(load_failure, sizeof load_failure, "%s", why ? why : KS_LIBRARY " could not be loaded");
        return;
    }
    /* dlsym on libsecret's handle also searches the GLib libraries it depends on. */
#define KS_RESOLVE(name) \
    if ((lazy.name = (__typeof__(name) *)dlsym(library, #name)) == NULL) { \
        snprintf(load_failure, sizeof load_failure, "%s has no %s", KS_LIBRARY, #name); \
        return; \
    }
    KS_FUNCTIONS(KS_RESOLVE)
#undef KS_RESOLVE
    loaded = 1;
}

/* Fails with KS_FAILURE_MISSING_LIBRARY unless libsecret is usable. Its strings come from malloc,
 * which is what g_free releases too (GLib >= 2.46 always allocates with the system malloc). */
static int require_library(ks_error *e) {
    pthread_once(&once, load);
    if (loaded) return 0;
    if (e) {
        memset(e, 0, sizeof *e);
        e->kind = KS_FAILURE_MISSING_LIBRARY;
        e->domain = strdup("secret-shim");
        e->message = strdup(load_failure);
    }
    return -1;
}

#define KS_ROUTE(name) lazy.name
#define g_free KS_ROUTE(g_free)
#define g_strdup KS_ROUTE(g_strdup)
#define g_error_free KS_ROUTE(g_error_free)
#define g_error_matches KS_ROUTE(g_error_matches)
#define g_clear_error KS_ROUTE(g_clear_error)
#define g_quark_to_string KS_ROUTE(g_quark_to_string)
#define g_io_error_quark KS_ROUTE(g_io_error_quark)
#define g_dbus_error_quark KS_ROUTE(g_dbus_error_quark)
#define g_bus_get_sync KS_ROUTE(g_bus_get_sync)
#define g_dbus_connection_call_sync KS_ROUTE(g_dbus_connection_call_sync)
#define g_variant_new KS_ROUTE(g_variant_new)
#define g_variant_get KS_ROUTE(g_variant_get)
#define g_variant_unref KS_ROUTE(g_variant_unref)
#define g_variant_is_of_type KS_ROUTE(g_variant_is_of_type)
#define g_variant_get_boolean KS_ROUTE(g_variant_get_boolean)
#define g_variant_type_checked_ KS_ROUTE(g_variant_type_checked_)
#define g_object_unref KS_ROUTE(g_object_unref)
#define g_hash_table_new KS_ROUTE(g_hash_table_new)
#define g_hash_table_insert KS_ROUTE(g_hash_table_insert)
#define g_hash_table_unref KS_ROUTE(g_hash_table_unref)
#define g_str_hash KS_ROUTE(g_str_hash)
#undef g_str_equal  /* newer GLib makes it a macro too; the shim passes it as a function */
#define g_str_equal KS_ROUTE(g_str_equal)
#define secret_error_get_quark KS_ROUTE(secret_error_get_quark)
#define secret_password_free KS_ROUTE(secret_password_free)
#define secret_schema_newv KS_ROUTE(secret_schema_newv)
#define secret_schema_unref KS_ROUTE(secret_schema_unref)
#define secret_password_storev_sync KS_ROUTE(secret_password_storev_sync)
#define secret_password_lookupv_sync KS_ROUTE(secret_password_lookupv_sync)
#define secret_password_clearv_sync KS_ROUTE(secret_password_clearv_sync)
#define secret_service_disconnect KS_ROUTE(secret_service_disconnect)

#define SECRETS_NAME "org.freedesktop.secrets"
#define SECRETS_PATH "/org/freedesktop/secrets"

void ks_error_clear(ks_error *e) {
    if (!e) return;
    free(e->domain);  /* g_free is free (see require_library), and may not be loaded */
    free(e->message);
    memset(e, 0, sizeof *e);
}

void ks_secret_free(char *secret) {
    if (secret) secret_password_free(secret);
}

/* Sorts a GLib error into the cases the caller reports differently. */
static ks_failure classify(const GError *err) {
    /* A remote error whose D-Bus name GLib does not know arrives as G_IO_ERROR_DBUS_ERROR;
     * every other G_IO_ERROR is about reaching the bus (no bus, dead socket, autolaunch). */
    if (err->domain == G_IO_ERROR)
        return err->code == G_IO_ERROR_DBUS_ERROR ? KS_FAILURE_OTHER : KS_FAILURE_UNREACHABLE;
    if (g_error_matches(err, SECRET_ERROR, SECRET_ERROR_IS_LOCKED)) return KS_FAILURE_LOCKED;
    if (err->domain == G_DBUS_ERROR) {
        switch (err->code) {
        case G_DBUS_ERROR_SERVICE_UNKNOWN:
        case G_DBUS_ERROR_NAME_HAS_NO_OWNER:
        case G_DBUS_ERROR_NO_SERVER:
        case G_DBUS_ERROR_DISCONNECTED:
        case G_DBUS_ERROR_SPAWN_EXEC_FAILED:
        case G_DBUS_ERROR_SPAWN_FORK_FAILED:
        case G_DBUS_ERROR_SPAWN_CHILD_EXITED:
        case G_DBUS_ERROR_SPAWN_CHILD_SIGNALED:
        case G_DBUS_ERROR_SPAWN_FAILED:
        case G_DBUS_ERROR_SPAWN_SETUP_FAILED:
        case G_DBUS_ERROR_SPAWN_CONFIG_INVALID:
        case G_DBUS_ERROR_SPAWN_SERVICE_INVALID:
        case G_DBUS_ERROR_SPAWN_SERVICE_NOT_FOUND:
        case G_DBUS_ERROR_SPAWN_PERMISSIONS_INVALID:
        case G_DBUS_ERROR_SPAWN_FILE_INVALID:
        case G_DBUS_ERROR_SPAWN_NO_MEMORY:
            return KS_FAILURE_UNREACHABLE;
        case G_DBUS_ERROR_UNKNOWN_METHOD:
        case G_DBUS_ERROR_UNKNOWN_OBJECT:
            /* gnome-keyring answers "Object does not exist at path …/collection/login" when the
             * default alias names a keyring that was never created (daemon started by the bus). */
            if (err->message && (strstr(err->message, "/collection/") || strstr(err->message, "/aliases/")))
                return KS_FAILURE_NO_COLLECTION;
            break;
        default:
            break;
        }
    }
    return KS_FAILURE_OTHER;
}

/* Moves err into e (if given) and frees it; always returns -1 so callers can `return fail(…)`. */
static int fail(GError *err, ks_error *e) {
    if (e) {
        ks_error_clear(e);
        if (err) {
            e->kind = classify(err);
            e->domain = g_strdup(g_quark_to_string(err->domain));
            e->code = err->code;
            e->message = g_strdup(err->message);
        }
    }
    if (err) g_error_free(err);
    return -1;
}

/* Fails with a shim-made error of the given kind (no GLib error behind it). */
static int fail_with(ks_failure kind, const char *message, ks_error *e) {
    if (e) {
        ks_error_clear(e);
        e->kind = kind;
        e->domain = g_strdup("secret-shim");
        e->message = g_strdup(message);
    }
    return -1;
}

/* Asks the service directly rather than through libsecret's proxies, whose cached
 * properties go stale in a process without a running main loop. */
int ks_status(ks_error *e) {
    if (require_library(e) != 0) return -1;
    GError *err = NULL;
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, &err);
    if (!bus) return fail(err, e);

    GVariant *alias = g_dbus_connection_call_sync(
        bus, SECRETS_NAME, SECRETS_PATH, "org.freedesktop.Secret.Service", "ReadAlias",
        g_variant_new("(s)", "default"), G_VARIANT_TYPE("(o)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL, &err);
    if (!alias) { g_object_unref(bus); return fail(err, e); }
    const char *path = NULL;
    g_variant_get(alias, "(&o)", &path);
    if (strcmp(path, "/") == 0) { g_variant_unref(alias); g_object_unref(bus); return 2; }

    GVariant *locked = g_dbus_connection_call_sync(
        bus, SECRETS_NAME, path, "org.freedesktop.DBus.Properties", "Get",
        g_variant_new("(ss)", "org.freedesktop.Secret.Collection", "Locked"), G_VARIANT_TYPE("(v)"),
        G_DBUS_CALL_FLAGS_NONE, -1, NULL, &err);
    g_variant_unref(alias);
    g_object_unref(bus);
    if (!locked) {
        if (classify(err) == KS_FAILURE_NO_COLLECTION) { g_error_free(err); return 2; }
        return fail(err, e);
    }
    GVariant *value = NULL;
    g_variant_get(locked, "(v)", &value);
    int result = g_variant_is_of_type(value, G_VARIANT_TYPE_BOOLEAN) && g_variant_get_boolean(value) ? 1 : 0;
    g_variant_unref(value);
    g_variant_unref(locked);
    return result;
}

/* libsecret answers "not found" for a locked or missing collection; find out which it was. */
static int explain_absence(ks_error *e) {
    switch (ks_status(e)) {
    case 0: return 1;
    case 1: return fail_with(KS_FAILURE_LOCKED, "the default collection is locked", e);
    case 2: return fail_with(KS_FAILURE_NO_COLLECTION, "there is no default collection", e);
    default: return -1;
    }
}

static SecretSchema *schema_for(const char *name, const char *const *keys, size_t n) {
    GHashTable *types = g_hash_table_new(g_str_hash, g_str_equal);
    for (size_t i = 0; i < n; i++)
        g_hash_table_insert(types, (gpointer)keys[i], GINT_TO_POINTER(SECRET_SCHEMA_ATTRIBUTE_STRING));
    SecretSchema *schema = secret_schema_newv(name, SECRET_SCHEMA_NONE, types);
    g_hash_table_unref(types);
    return schema;
}

static GHashTable *attributes_for(const char *const *keys, const char *const *vals, size_t n) {
    GHashTable *attributes = g_hash_table_new(g_str_hash, g_str_equal);
    for (size_t i = 0; i < n; i++)
        g_hash_table_insert(attributes, (gpointer)keys[i], (gpointer)vals[i]);
    return attributes;
}

/* libsecret caches one service proxy and one encryption session per process, and a process
 * with no main loop never hears that the daemon was replaced (a restart, or
 * `gnome-keyring-daemon --replace`): calls then go to the old daemon's unique name or session.
 * Worth one retry with a fresh connection; locked or missing collections are not. */
static gboolean worth_retrying(const GError *err) {
    if (!err || g_error_matches(err, G_IO_ERROR, G_IO_ERROR_TIMED_OUT)) return FALSE;  /* would only wait twice */
    ks_failure kind = classify(err);
    return kind == KS_FAILURE_UNREACHABLE || kind == KS_FAILURE_OTHER;
}

int ks_store(const char *schema_name, const char *label, const char *secret,
             const char *const *keys, const char *const *vals, size_t n, ks_error *e) {
    if (require_library(e) != 0) return -1;
    SecretSchema *schema = schema_for(schema_name, keys, n);
    GHashTable *attributes = attributes_for(keys, vals, n);
    GError *err = NULL;
    gboolean ok = secret_password_storev_sync(schema, attributes, SECRET_COLLECTION_DEFAULT,
                                              label, secret, NULL, &err);
    if (!ok && worth_retrying(err)) {
        g_clear_error(&err);
        secret_service_disconnect();
        ok = secret_password_storev_sync(schema, attributes, SECRET_COLLECTION_DEFAULT,
                                         label, secret, NULL, &err);
    }
    g_hash_table_unref(attributes);
    secret_schema_unref(schema);
    return ok ? 0 : fail(err, e);
}

int ks_lookup(const char *schema_name, const char *const *keys, const char *const *vals, size_t n,
              char **out, ks_error *e) {
    *out = NULL;
    if (require_library(e) != 0) return -1;
    SecretSchema *schema = schema_for(schema_name, keys, n);
    GHashTable *attributes = attributes_for(keys, vals, n);
    GError *err = NULL;
    char *secret = secret_password_lookupv_sync(schema, attributes, NULL, &err);
    if (!secret && worth_retrying(err)) {
        g_clear_error(&err);
        secret_service_disconnect();
        secret = secret_password_lookupv_sync(schema, attributes, NULL, &err);
    }
    g_hash_table_unref(attributes);
    secret_schema_unref(schema);
    if (err) return fail(err, e);
    if (!secret) return explain_absence(e);
    *out = secret;
    return 0;
}

int ks_clear(const char *schema_name, const char *const *keys, const char *const *vals, size_t n,
             ks_error *e) {
    if (require_library(e) != 0) return -1;
    SecretSchema *schema = schema_for(schema_name, keys, n);
    GHashTable *attributes = attributes_for(keys, vals, n);
    GError *err = NULL;
    gboolean deleted = secret_password_clearv_sync(schema, attributes, NULL, &err);
    if (!deleted && worth_retrying(err)) {
        g_clear_error(&err);
        secret_service_disconnect();
        deleted = secret_password_clearv_sync(schema, attributes, NULL, &err);
    }
    g_hash_table_unref(attributes);
    secret_schema_unref(schema);
    if (err) return fail(err, e);
    return deleted ? 0 : explain_absence(e);
}
