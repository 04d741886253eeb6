#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/crypto.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/pem.h>
#include <openssl/err.h>
#include <openssl/rand.h>

/* libcrypto's STACK_OF(X509) helpers are macros, which Swift does not import: a chain of
   untrusted certificates for X509_STORE_CTX_init, built and freed through these. */
static inline STACK_OF(X509) *storesim_x509_stack_new(void) {
    return sk_X509_new_null();
}

static inline int storesim_x509_stack_push(STACK_OF(X509) *stack, X509 *certificate) {
    return sk_X509_push(stack, certificate);
}

static inline void storesim_x509_stack_free(STACK_OF(X509) *stack) {
    sk_X509_free(stack);
}
#include <openssl/cms.h>
