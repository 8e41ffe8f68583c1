import CLibXML2
import Foundation

/// The parse ceiling the parser is measured against (by lector-bench and the printed throughput
/// test): a libxml2 SAX2 push pass that only counts elements, fed in 256 KiB chunks.
public enum RawSAXCounter {
    /// Elements in `data` (as far as libxml2 gets; errors are ignored, not reported).
    public static func count(_ data: Data) -> Int {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, _, _, _, _, _, _, _, _ in
            let parser = context!.assumingMemoryBound(to: xmlParserCtxt.self)
            parser.pointee._private.assumingMemoryBound(to: Int.self).pointee += 1
        }
        handler.serror = { _, _ in }
        var count = 0
        return withUnsafeMutablePointer(to: &count) { counter in
            let parser = lx_xmlCreatePushParserCtxt(&handler, nil, nil, 0, nil)!
            parser.pointee._private = UnsafeMutableRawPointer(counter)
            data.withUnsafeBytes { raw in
                guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self) else { return }
                var offset = 0
                while offset < raw.count {
                    let length = min(256 * 1024, raw.count - offset)
                    _ = lx_xmlParseChunk(parser, base + offset, Int32(length), 0)
                    offset += length
                }
                _ = lx_xmlParseChunk(parser, nil, 0, 1)
            }
            lx_xmlFreeParserCtxt(parser)
            return counter.pointee
        }
    }
}
