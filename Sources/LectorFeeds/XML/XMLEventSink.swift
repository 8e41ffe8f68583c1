import CLibXML2

/// One attribute of a start tag, as libxml2 hands it over (pointers valid only during the callback).
struct RawAttribute {
    let localName: UnsafePointer<xmlChar>
    let prefix: UnsafePointer<xmlChar>?
    let namespaceURI: UnsafePointer<xmlChar>?
    let valueStart: UnsafePointer<xmlChar>
    let valueEnd: UnsafePointer<xmlChar>

    var value: String {
        let count = valueEnd - valueStart
        let bytes = UnsafeBufferPointer(start: valueStart, count: count)
        let raw = String(decoding: bytes, as: UTF8.self)
        // With entity substitution off, libxml2 leaves non-predefined references (&eacute;) verbatim.
        return bytes.contains(UInt8(ascii: "&")) ? HTMLEntities.decode(raw) : raw
    }

    func hasLocalName(_ name: StaticString) -> Bool {
        strcmpStatic(localName, name)
    }
}

/// The attribute array of a start tag.
struct RawAttributes {
    let base: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    subscript(index: Int) -> RawAttribute {
        let p = base! + index * 5
        return RawAttribute(localName: p[0]!, prefix: p[1], namespaceURI: p[2], valueStart: p[3]!, valueEnd: p[4]!)
    }

    /// The value of the un-namespaced attribute with this local name.
    func value(_ name: StaticString) -> String? {
        for i in 0..<count {
            let a = self[i]
            if a.namespaceURI == nil && a.hasLocalName(name) { return a.value }
        }
        return nil
    }

    /// The value of `xml:base`, if present.
    var xmlBase: String? { xmlAttribute("base") }

    /// The value of `xml:lang`, if present.
    var xmlLang: String? { xmlAttribute("lang") }

    private func xmlAttribute(_ name: StaticString) -> String? {
        for i in 0..<count {
            let a = self[i]
            if let p = a.prefix, strcmpStatic(p, "xml"), a.hasLocalName(name) { return a.value }
        }
        return nil
    }
}

/// Receives the parse events the SAX driver forwards from libxml2.
protocol XMLEventSink: AnyObject {
    func startElement(localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?,
                      namespaceURI: UnsafePointer<xmlChar>?, attributes: RawAttributes)
    func endElement(localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?,
                    namespaceURI: UnsafePointer<xmlChar>?)
    func characters(_ bytes: UnsafeBufferPointer<UInt8>)
    /// True once the sink has seen enough to know the document is not one it wants (stops parsing).
    var wantsToStop: Bool { get }
}

@inline(__always)
func strcmpStatic(_ p: UnsafePointer<xmlChar>, _ s: StaticString) -> Bool {
    s.withUTF8Buffer { buf in
        var i = 0
        while i < buf.count {
            if p[i] != buf[i] { return false }
            i += 1
        }
        return p[i] == 0
    }
}
