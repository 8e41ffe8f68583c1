import LectorBasics

/// How rendered text is decorated: escape codes only when `color` is on (the CLI decides, from
/// `isatty` or a forcing flag), and Bionic Reading only together with color.
public struct RenderStyle: Sendable, Equatable {
    /// Emit ANSI SGR codes (bold, italic, underline, Bionic Reading).
    public var color: Bool
    /// Bionic Reading mode; ignored when `color` is off.
    public var bionic: BionicMode

    /// Creates a style; the default is plain text.
    public init(color: Bool = false, bionic: BionicMode = .off) {
        self.color = color
        self.bionic = bionic
    }
}
