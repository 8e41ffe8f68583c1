#ifndef LECTOR_CCRYPTO_SHIM_H
#define LECTOR_CCRYPTO_SHIM_H
#include <openssl/evp.h>
#endif
