#ifndef NOTIFY_SHIM_H
#define NOTIFY_SHIM_H

#include <stddef.h>

/* What became of one desktop notification. */
typedef enum {
    NOTIFY_SENT = 0,
    /* GIO could not be loaded, or no session bus could be reached. */
    NOTIFY_NO_BUS = 1,
    /* The bus answered, but nothing took the notification (no server owns the name, or it refused). */
    NOTIFY_NOT_TAKEN = 2,
} notify_result;

/* Sends one notification through org.freedesktop.Notifications on the session bus (Notify:
 * app name, no icon, no actions, no hints, the server's own timeout), waiting at most
 * `timeout_ms` for the answer. On failure, `reason` (if given) holds why, truncated to `size`. */
notify_result notify_send(const char *app_name, const char *summary, const char *body, int timeout_ms,
                          char *reason, size_t size);

#endif
