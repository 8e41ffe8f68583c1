/// How one item of a run that does many things went (an account of a sync, a feed of an import):
/// `ok`, `partial` or `failed`, or `skipped` for an automatic sync that waits, `interrupted` for
/// one Ctrl-C stopped. The raw values are what scripts read.
public enum RunOutcome: String, Encodable, Sendable {
    case ok, partial, failed, skipped, interrupted

    /// The outcome of a run that did `succeeded` things and had `failures`.
    public static func of(succeeded: Int, failures: Int) -> RunOutcome {
        failures == 0 ? .ok : (succeeded == 0 ? .failed : .partial)
    }
}
