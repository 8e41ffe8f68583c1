/// Builds text with every run of whitespace collapsed to one space and none at either end —
/// what Readability's `innerText` and the block-separated text both need. A caller may also
/// `breakWord()` where markup separates words (a block boundary) without any whitespace.
struct CollapsedText {
    private(set) var scalars = String.UnicodeScalarView()
    private var pendingSpace = false

    mutating func append(_ text: String) {
        for scalar in text.unicodeScalars {
            if HTMLNode.isSpace(scalar) {
                pendingSpace = true
            } else {
                if pendingSpace, !scalars.isEmpty { scalars.append(" ") }
                pendingSpace = false
                scalars.append(scalar)
            }
        }
    }

    mutating func breakWord() {
        pendingSpace = true
    }

    var text: String { String(scalars) }
}
