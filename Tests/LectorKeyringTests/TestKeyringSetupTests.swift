import Testing
import LectorKeyring

/// Under the script a keyring that cannot be used is a failure, not a reason to skip.
@Suite("the private test keyring")
struct TestKeyringSetupTests {
    @Test("scripts/with-test-keyring.sh provides a reachable, unlocked keyring",
          .enabled(if: TestKeyring.password != nil, "not running under scripts/with-test-keyring.sh"))
    func scriptKeyringIsUsable() {
        // The status taken before any test ran: the lock test may have the keyring locked right now.
        #expect(TestKeyring.status == .available,
                "the script's keyring is not usable: \(TestKeyring.status.map(\.description) ?? "no status")")
    }
}
