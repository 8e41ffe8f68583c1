#include "notify_shim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <gio/gio.h>

/* GIO is opened with dlopen on the first notification, not linked, as the keyring's libsecret is
 * (SecretShim): linking it would load the GLib stack into every start-up. Every GLib function this
 * file calls is listed here and reached through the table. */
#define NS_LIBRARY "libgio-2.0.so.0"
#define NS_FUNCTIONS(X) \
    X(g_bus_get_sync) X(g_dbus_connection_call_sync) X(g_variant_new) X(g_variant_unref) \
    X(g_error_free) X(g_object_unref)

#define NS_FIELD(name) __typeof__(name) *name;
static struct { NS_FUNCTIONS(NS_FIELD) } lazy;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char load_failure[256];
static int loaded;

static void load(void) {
    void *library = dlopen(NS_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(load_failure, sizeof load_failure, "%s", why ? why : NS_LIBRARY " could not be loaded");
        return;
    }
#define NS_RESOLVE(name) \
    if ((lazy.name = (__typeof__(name) *)dlsym(library, #name)) == NULL) { \
        snprintf(load_failure, sizeof load_failure, "%s has no %s", NS_LIBRARY, #name); \
        return; \
    }
    NS_FUNCTIONS(NS_RESOLVE)
#undef NS_RESOLVE
    loaded = 1;
}

static void say(char *reason, size_t size, const char *what, GError *error) {
    if (reason && size > 0) snprintf(reason, size, "%s%s%s", what, error ? ": " : "", error ? error->message : "");
}

notify_result notify_send(const char *app_name, const char *summary, const char *body, int timeout_ms,
                          char *reason, size_t size) {
    pthread_once(&once, load);
    if (!loaded) {
        say(reason, size, load_failure, NULL);
        return NOTIFY_NO_BUS;
    }
    GError *error = NULL;
    GDBusConnection *bus = lazy.g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, &error);
    if (bus == NULL) {
        say(reason, size, "no session bus", error);
        if (error) lazy.g_error_free(error);
        return NOTIFY_NO_BUS;
    }
    /* Notify(app_name s, replaces_id u, app_icon s, summary s, body s, actions as, hints a{sv},
     * expire_timeout i): a NULL builder is an empty array. */
    GVariant *arguments = lazy.g_variant_new("(susssasa{sv}i)", app_name, 0u, "", summary, body, NULL, NULL, -1);
    GVariant *reply = lazy.g_dbus_connection_call_sync(bus, "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                                                       "org.freedesktop.Notifications", "Notify", arguments, NULL,
                                                       G_DBUS_CALL_FLAGS_NO_AUTO_START, timeout_ms, NULL, &error);
    lazy.g_object_unref(bus);
    if (reply == NULL) {
        say(reason, size, "no notification server took it", error);
        if (error) lazy.g_error_free(error);
        return NOTIFY_NOT_TAKEN;
    }
    lazy.g_variant_unref(reply);
    return NOTIFY_SENT;
}
