import Foundation
import Testing
import LectorKeyring

/// These run without the private test keyring: each probe process gets a bus of its own.
@Suite("no usable Secret Service", .enabled(if: Probe.isBuilt, "keyring-probe was not found next to the test binary"))
struct UnreachableServiceTests {
    @Test("a dead bus address makes every call report 'unreachable' with the cause and the fix")
    func deadBus() throws {
        var environment = Probe.headlessEnvironment
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/tmp/lector-nonexistent-\(UUID().uuidString)/bus"
        for command in ["status", "lookup", "store", "remove"] {
            let probe = try Probe.run(command, environment: environment)
            #expect(probe.status == 1, "\(command) must fail on a dead bus")
            #expect(probe.outcome == "unreachable", "\(command) on a dead bus: \(probe.outcome) \(probe.message)")
            #expect(probe.message.contains("Could not connect"), "\(command) must name the cause: \(probe.message)")
            #expect(probe.message.contains("dbus-run-session"), "\(command) must name the fix: \(probe.message)")
            #expect(!probe.message.contains("probe-secret"), "\(command) must not reveal the secret")
        }
    }

    @Test("libsecret that cannot be loaded makes every call report 'library-missing' with the package to install")
    func libsecretMissing() throws {
        // libsecret is opened with dlopen on the first call; a broken one first on the search path stands in for none.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lector-no-libsecret-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data().write(to: directory.appendingPathComponent("libsecret-1.so.0"))
        var environment = Probe.headlessEnvironment
        environment["LD_LIBRARY_PATH"] = directory.path
        for command in ["status", "lookup", "store", "remove"] {
            let probe = try Probe.run(command, environment: environment)
            #expect(probe.status == 1, "\(command) must fail without libsecret")
            #expect(probe.outcome == "library-missing", "\(command) without libsecret: \(probe.outcome) \(probe.message)")
            #expect(probe.message.contains("apt-get install libsecret-1-0"), "\(command) must name the package: \(probe.message)")
        }
    }

    @Test("no bus address and no display makes status and lookup report 'unreachable'")
    func noBusNoDisplay() throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("lector-empty-runtime-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: runtime) }
        var environment = Probe.headlessEnvironment
        environment["XDG_RUNTIME_DIR"] = runtime.path  // or GLib would find a systemd user bus there
        for command in ["status", "lookup"] {
            let probe = try Probe.run(command, environment: environment)
            #expect(probe.outcome == "unreachable", "\(command) without a bus: \(probe.outcome) \(probe.message)")
            #expect(probe.message.contains("gnome-keyring-daemon"), "\(command) must name the fix: \(probe.message)")
        }
    }

    @Test("a bus whose keyring daemon has no login keyring reports 'no default collection', not 'not found'",
          .enabled(if: Command.exists("dbus-daemon") && Command.exists("gnome-keyring-daemon") && Command.exists("gdbus"),
                   "needs dbus-daemon, gnome-keyring-daemon and gdbus"))
    func busWithoutKeyring() throws {
        let bus = try ScratchBus()
        defer { bus.stop() }
        for command in ["status", "lookup", "store", "remove"] {
            let probe = try Probe.run(command, environment: bus.environment)
            #expect(probe.outcome == "no-default-collection", "\(command) with no login keyring: \(probe.outcome) \(probe.message)")
            #expect(probe.message.contains("--unlock"), "\(command) must say how to create the keyring: \(probe.message)")
        }
    }
}
