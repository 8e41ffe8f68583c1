// swift-tools-version:6.0
import PackageDescription

// Dependencies point one way: executable → LectorCLI → core modules (store, …) → C bridges.
let package = Package(
    name: "Lector",
    products: [
        .executable(name: "lector", targets: ["lector"]),
        .executable(name: "lector-bench", targets: ["lector-bench"]),
    ],
    targets: [
        // C bridges
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),

        // Core
        .target(name: "LectorStore", dependencies: ["CSQLite"]),
        .target(name: "LectorSettings"),

        // Front end
        .target(name: "LectorCLI", dependencies: ["LectorStore", "LectorSettings", "CReadline"]),
        .executableTarget(name: "lector", dependencies: ["LectorCLI"]),
        // Benchmarks (see README): measures Lector beside its peers in the same run.
        .executableTarget(name: "lector-bench", dependencies: ["LectorStore"]),

        // Tests: one target per module
        .testTarget(name: "LectorStoreTests", dependencies: ["LectorStore"]),
        .testTarget(name: "LectorSettingsTests", dependencies: ["LectorSettings"]),
        .testTarget(name: "LectorCLITests", dependencies: ["LectorCLI", "LectorStore"]),
    ],
    swiftLanguageModes: [.v6]
)
