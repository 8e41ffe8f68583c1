import Testing
import LectorKeyring

@Suite("keyring error messages")
struct KeyringErrorTests {
    @Test("an unreachable service names the cause and both fixes")
    func unreachableMessage() {
        let message = KeyringError.unreachable(cause: "Could not connect: No such file or directory").message
        #expect(message.contains("Could not connect"), "the cause must be kept: \(message)")
        #expect(message.contains("gnome-keyring-daemon") && message.contains("dbus-run-session"), "the fixes must be named: \(message)")
    }

    @Test("a locked keyring says how to unlock it")
    func lockedMessage() {
        #expect(KeyringError.locked.message.contains("locked"))
        #expect(KeyringError.locked.message.contains("gnome-keyring-daemon --replace --unlock"))
    }

    @Test("a missing default keyring says how to create one")
    func noCollectionMessage() {
        #expect(KeyringError.noDefaultCollection.message.contains("no default keyring"))
        #expect(KeyringError.noDefaultCollection.message.contains("--unlock"))
    }

    @Test("other failures keep libsecret's domain, code and message; description is the message")
    func otherFailure() {
        let error = KeyringError.failed(domain: "secret-error", code: 1, message: "received an invalid secret")
        #expect(error.message == "the Secret Service failed (secret-error 1): received an invalid secret")
        #expect(error.description == error.message)
        #expect(KeyringStatus.unavailable(.locked).description == KeyringError.locked.message)
    }
}
