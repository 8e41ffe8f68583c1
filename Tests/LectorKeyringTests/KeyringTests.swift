import Testing

/// Every test that uses the private test keyring lives under this suite: `.serialized` is
/// recursive, so the lock test can never pull the keyring from under another test.
@Suite("Secret Service through libsecret", .serialized, .enabled(if: TestKeyring.isAvailable, TestKeyring.skipReason))
struct KeyringTests {}
