/// The result of rendering: wrapped body text and the reference list, kept apart so the CLI can
/// page the body and print references where it likes.
public struct RenderedText: Sendable, Equatable {
    /// Wrapped article text, lines separated by "\n", without a trailing newline.
    public let body: String
    /// Links, images and media in order of first appearance.
    public let references: [LinkReference]
    /// Words of article text (code blocks and reference markers excluded).
    public let wordCount: Int

    /// The reference list as lines `[n] url`.
    public var referenceLines: [String] { references.map(\.line) }

    /// Body followed by a blank line and the reference list (when there is one).
    public var text: String {
        references.isEmpty ? body : body + "\n\n" + referenceLines.joined(separator: "\n")
    }
}
