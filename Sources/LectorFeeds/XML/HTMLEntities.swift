import CLibXML2

/// Decoding of HTML character references left verbatim in attribute values.
enum HTMLEntities {
    /// Replaces `&name;`, `&#123;` and `&#x7B;` with their characters; unknown references stay as written.
    static func decode(_ s: String) -> String {
        var out = ""
        var rest = Substring(s)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semi = after.prefix(32).firstIndex(of: ";") else {
                out += "&"
                rest = after
                continue
            }
            let name = after[..<semi]
            if let scalar = scalar(for: name) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "&" + name + ";"
            }
            rest = after[after.index(after: semi)...]
        }
        out += rest
        return out
    }

    private static func scalar(for name: Substring) -> Unicode.Scalar? {
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value: UInt32?
            if digits.hasPrefix("x") || digits.hasPrefix("X") {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits)
            }
            return value.flatMap(Unicode.Scalar.init)
        }
        guard let desc = lx_htmlEntityLookup(String(name)) else { return nil }
        return Unicode.Scalar(desc.pointee.value)
    }
}
