#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/* The value of a hexadecimal digit, or -1. */
static inline int storesim_hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Percent-decodes a URL's path or query value in place, as libmicrohttpd does, except that %00
   stays as it is: decoded, it would end the C string, and `/transactions/1%00x` would be read as
   `/transactions/1`. Returns the decoded length. */
static inline size_t storesim_mhd_unescape(void *context, struct MHD_Connection *connection, char *text) {
    (void) context;
    (void) connection;
    char *read = text;
    char *write = text;
    while (*read != 0) {
        int high = read[0] == '%' ? storesim_hex_digit(read[1]) : -1;
        int low = high >= 0 ? storesim_hex_digit(read[2]) : -1;
        if (low >= 0 && (high | low) != 0) {
            *write++ = (char) (high * 16 + low);
            read += 3;
        } else {
            *write++ = *read++;
        }
    }
    *write = 0;
    return (size_t) (write - text);
}

/* MHD_start_daemon takes its options as C varargs, which Swift does not import: StoreSim's one
   way to start a daemon, on a socket it bound and listens on itself, with a pool of polling
   threads, connections that may be suspended while the world answers, and limits on time,
   memory and connections; with a key and certificate (PEM text), over TLS. */
static inline struct MHD_Daemon *storesim_mhd_start(int listen_socket, MHD_AccessHandlerCallback handler, void *context,
                                                    MHD_RequestCompletedCallback completed, unsigned int threads,
                                                    unsigned int timeout_seconds, size_t memory_limit,
                                                    unsigned int connection_limit, const char *tls_key, const char *tls_cert) {
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME;
    int tls = tls_key != NULL && tls_cert != NULL;
    struct MHD_OptionItem options[] = {
        { MHD_OPTION_LISTEN_SOCKET, listen_socket, NULL },
        { MHD_OPTION_NOTIFY_COMPLETED, (intptr_t) completed, context },
        { MHD_OPTION_THREAD_POOL_SIZE, threads, NULL },
        { MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds, NULL },
        { MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t) memory_limit, NULL },
        { MHD_OPTION_CONNECTION_LIMIT, connection_limit, NULL },
        { MHD_OPTION_UNESCAPE_CALLBACK, (intptr_t) storesim_mhd_unescape, NULL },
        { tls ? MHD_OPTION_HTTPS_MEM_KEY : MHD_OPTION_END, 0, (void *) tls_key },
        { tls ? MHD_OPTION_HTTPS_MEM_CERT : MHD_OPTION_END, 0, (void *) tls_cert },
        { MHD_OPTION_END, 0, NULL },
    };
    return MHD_start_daemon(flags | (tls ? MHD_USE_TLS : 0), 0, NULL, NULL, handler, context,
                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/* MHD_get_connection_info is variadic too: the client's address, or NULL. */
static inline const struct sockaddr *storesim_mhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info != NULL ? info->client_addr : NULL;
}
