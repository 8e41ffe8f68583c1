// keyring-probe status|store|lookup|remove
// Makes one keyring call on a throwaway item and prints a single line:
//   `available`, `stored`, `found`, `none`, `removed`  (exit 0)
//   `<kind>\t<message>` for a KeyringError, kind one of
//   unreachable, locked, no-default-collection, failed, library-missing  (exit 1)
import Glibc
import LectorKeyring

let probeItem = SecretItem.account(id: "keyring-probe", kind: "probe", server: "probe.invalid", user: "probe")

func kind(of error: KeyringError) -> String {
    switch error {
    case .unreachable: "unreachable"
    case .locked: "locked"
    case .noDefaultCollection: "no-default-collection"
    case .failed: "failed"
    case .libraryMissing: "library-missing"
    }
}

func report(_ error: KeyringError) -> Never {
    print("\(kind(of: error))\t\(error.message)")
    exit(1)
}

let keyring = LibsecretKeyring()
let command = CommandLine.arguments.dropFirst().first ?? ""
do throws(KeyringError) {
    switch command {
    case "status":
        if case .unavailable(let error) = keyring.status() { report(error) }
        print("available")
    case "store":
        try keyring.store("probe-secret", for: probeItem)
        print("stored")
    case "lookup":
        print(try keyring.secret(for: probeItem) == nil ? "none" : "found")
    case "remove":
        print(try keyring.remove(probeItem) ? "removed" : "none")
    default:
        print("usage: keyring-probe status|store|lookup|remove")
        exit(64)
    }
} catch {
    report(error)
}
