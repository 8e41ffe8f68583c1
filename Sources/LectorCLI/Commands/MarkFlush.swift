/// The flush that follows every mark: the core pushes (`AccountManager.mark`, `flushMarks`); the
/// CLI says whether the change reached the server.
enum MarkFlush {
    /// How a mark's output line ends: whether the change reached the server.
    static func ending(_ sent: Bool?) -> String {
        switch sent {
        case true?: ", sent."
        case false?: ", sent at the next sync."
        case nil: "."
        }
    }
}
