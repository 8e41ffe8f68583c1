/// JSON for a terminal: an encoder escapes C0 controls but writes C1 controls (U+0085, the 8-bit
/// CSI U+009B …), DEL, the line and paragraph separators and the bidi controls as they are, and a
/// terminal acts on them. Every one of those can only stand inside a JSON string, where `\uXXXX`
/// is the same value, so the document means the same and shows nothing a terminal would act on.
public enum JSONControlEscaping {
    public static func escape(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: needsEscape) else { return json }
        var output = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if needsEscape(scalar) {
                let hex = String(scalar.value, radix: 16)
                output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }

    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F where scalar != "\n" && scalar != "\t": true   // pretty-printing's own newlines stay
        case 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
