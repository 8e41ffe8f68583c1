// swift-tools-version:6.0
import PackageDescription

// Dependencies point one way: executable → LectorCLI → LectorAccounts → core modules (store, …) → C bridges.

// Release builds of the modules no benchmarked path runs hot in — the accounts' verbs, the settings
// registry, the command line, the keyring, HTTP, the reader view's extraction and the sync code
// (whose time is the network's and the store's) — are optimised for size: the stripped binary was
// 20.7 MB, over its 20 MB goal (docs/performance.md). Parsing, the store and the sanitiser keep -O.
let optimisedForSize: [SwiftSetting] = [.unsafeFlags(["-Osize"], .when(configuration: .release))]

let package = Package(
    name: "Lector",
    products: [
        .executable(name: "lector", targets: ["lector"]),
        .executable(name: "lector-bench", targets: ["lector-bench"]),
    ],
    targets: [
        // C bridges
        // SQLite and readline are linked from their static archives (libsqlite3-dev, libreadline-dev,
        // libncurses-dev): as shared libraries, resolving their ~2,000 symbols cost every start-up.
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev", "libncurses-dev"])]),
        // libsecret's headers only: the shim opens libsecret-1.so.0 with dlopen on the first keyring
        // call (pkg-config would link it, and GLib with it, into every start-up).
        .systemLibrary(name: "CLibSecret", providers: [.apt(["libsecret-1-dev"])]),
        .target(name: "SecretShim", dependencies: ["CLibSecret"],
                cSettings: [.unsafeFlags(["-I/usr/include/libsecret-1", "-I/usr/include/glib-2.0",
                                          "-I/usr/lib/x86_64-linux-gnu/glib-2.0/include",
                                          "-I/usr/lib/aarch64-linux-gnu/glib-2.0/include"])]),
        // Desktop notifications through GIO's D-Bus, opened with dlopen on the first one (as libsecret is).
        .target(name: "NotifyShim",
                cSettings: [.unsafeFlags(["-I/usr/include/glib-2.0", "-I/usr/lib/x86_64-linux-gnu/glib-2.0/include",
                                          "-I/usr/lib/aarch64-linux-gnu/glib-2.0/include"])]),
        // libxml2 is opened with dlopen on the first parse (see CLibXML2/include/clibxml2.h); headers from libxml2-dev.
        .target(name: "CLibXML2"),
        // libcurl is opened with dlopen on the first request (see CCurl/include/ccurl.h); its headers come from libcurl4-openssl-dev.
        .target(name: "CCurl"),

        // Core
        // What FoundationEssentials lacks and the product needs (a lock, JSON as Any, trimming,
        // percent-encoding): the binary links no full Foundation, so no ICU data (see README).
        .target(name: "LectorBasics"),
        .target(name: "LectorStore", dependencies: ["CSQLite", "LectorBasics"],
                linkerSettings: [.linkedLibrary(":libsqlite3.a"), .linkedLibrary("m")]),
        .target(name: "LectorSettings", dependencies: ["LectorBasics"], swiftSettings: optimisedForSize),
        .target(name: "LectorKeyring", dependencies: ["SecretShim"], swiftSettings: optimisedForSize),
        .target(name: "LectorHTTP", dependencies: ["CCurl", "LectorBasics"], swiftSettings: optimisedForSize),
        // The one sanitiser for outside text on its way to a terminal or a log.
        .target(name: "LectorText"),
        // Loopback HTTP server and service emulators, for tests and benchmarks only.
        .target(name: "LectorTestSupport", dependencies: ["CLibXML2", "LectorStore", "LectorBasics"]),
        .target(name: "LectorFeeds", dependencies: ["CLibXML2", "LectorHTTP", "LectorBasics"]),
        .target(name: "LectorReader", dependencies: ["CLibXML2", "LectorHTTP", "LectorText", "LectorBasics"], swiftSettings: optimisedForSize),
        .target(name: "LectorSync", dependencies: ["LectorStore", "LectorHTTP", "LectorFeeds", "LectorBasics"], swiftSettings: optimisedForSize),

        // The app: accounts, their lifecycle, sync runs, restore and copy (NetNewsWire's Account and
        // AccountManager); every front end goes through it.
        .target(name: "LectorAccounts", dependencies: ["LectorStore", "LectorSettings", "LectorKeyring", "LectorSync", "LectorHTTP", "LectorReader",
                                                       "LectorFeeds", "LectorBasics"],
                swiftSettings: optimisedForSize),

        // Front end
        .target(name: "LectorCLI", dependencies: ["LectorAccounts", "LectorStore", "LectorSettings", "LectorKeyring", "LectorSync", "LectorHTTP", "LectorFeeds", "LectorReader", "LectorText", "LectorBasics", "CReadline", "NotifyShim"],
                swiftSettings: optimisedForSize,
                linkerSettings: [.linkedLibrary(":libreadline.a"), .linkedLibrary(":libtinfo.a")]),
        .executableTarget(name: "lector", dependencies: ["LectorCLI"]),
        // Benchmarks (see README): measures Lector beside its peers in the same run.
        .executableTarget(name: "lector-bench", dependencies: ["LectorStore", "LectorFeeds", "LectorSync", "LectorReader", "LectorHTTP",
                                                              "LectorTestSupport", "LectorAccounts", "LectorSettings", "LectorKeyring", "LectorBasics"]),
        // Makes one keyring call in a fresh process: libsecret keeps its bus connection for the
        // life of a process, so "no bus" can only be tested in a new one.
        .executableTarget(name: "keyring-probe", dependencies: ["LectorKeyring"]),
        // Measures LectorHTTP's CPU while waiting, cancellation latency and peak memory alone in a process.
        .executableTarget(name: "http-probe", dependencies: ["LectorHTTP"]),

        // Tests: one target per module
        .testTarget(name: "LectorBasicsTests", dependencies: ["LectorBasics"]),
        .testTarget(name: "LectorStoreTests", dependencies: ["LectorStore", "LectorTestSupport"]),
        .testTarget(name: "LectorSettingsTests", dependencies: ["LectorSettings"]),
        .testTarget(name: "LectorKeyringTests", dependencies: ["LectorKeyring", "keyring-probe"]),
        .testTarget(name: "LectorTextTests", dependencies: ["LectorText"]),
        .testTarget(name: "LectorHTTPTests", dependencies: ["LectorHTTP", "LectorTestSupport", "http-probe"]),
        .testTarget(name: "LectorTestSupportTests", dependencies: ["LectorTestSupport", "LectorHTTP", "LectorBasics"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "LectorFeedsTests", dependencies: ["LectorFeeds", "LectorHTTP", "LectorTestSupport"]),
        .testTarget(name: "LectorReaderTests", dependencies: ["LectorReader", "LectorText", "LectorFeeds", "LectorHTTP", "LectorTestSupport"],
                    exclude: ["Golden"]),
        .testTarget(name: "LectorSyncTests", dependencies: ["LectorSync", "LectorStore", "LectorHTTP", "LectorTestSupport",
                                                            "LectorAccounts"]),
        .testTarget(name: "LectorAccountsTests", dependencies: ["LectorAccounts", "LectorSettings", "LectorStore", "LectorKeyring", "LectorSync", "LectorTestSupport"]),
        .testTarget(name: "LectorCLITests", dependencies: ["LectorCLI", "LectorAccounts", "LectorText", "LectorStore", "LectorKeyring", "LectorTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
