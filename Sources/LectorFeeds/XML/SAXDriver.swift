import CLibXML2

/// How a SAX run ended, before the caller decides what that means for a feed.
struct SAXOutcome {
    var firstError: (line: Int, column: Int, reason: String)?
    var entityLimitHit = false
    var unsupportedEncoding = false
    /// libxml2 met bytes that are not characters in the encoding it was using.
    var invalidCharacters = false
}

/// Drives libxml2's SAX2 push parser over a byte buffer and forwards events to a sink.
///
/// Safety: no network, no DTD loading, no entity substitution by libxml2 (so no external entities);
/// entity references are expanded through SAX callbacks, and the total text they produce is capped
/// relative to the input size, so billion-laughs and quadratic-blowup documents stop early.
/// One driver parses one document.
final class SAXDriver {
    private let sink: any XMLEventSink
    private var outcome = SAXOutcome()
    private var deliveredBytes = 0
    private var expansionBudget = 0
    private var outerContext: xmlParserCtxtPtr?
    private var fallbackEntityDoc: xmlDocPtr?
    private var stopped = false

    static let chunkSize = 256 * 1024

    init(sink: any XMLEventSink) {
        self.sink = sink
    }

    deinit {
        if let doc = fallbackEntityDoc { lx_xmlFreeDoc(doc) }
    }

    /// Parses `bytes` in chunks through the push parser; `forcedEncoding` replaces the document's own declaration.
    func parse(_ bytes: UnsafeRawBufferPointer, url: String?, forcedEncoding: String?) -> SAXOutcome {
        LibXML2.ensureInitialized()
        // Errors without a parser context (encoding conversion, "lx_xmlParseChunk: encoder error") would
        // otherwise go to stderr; libxml2 keeps these handlers per thread, and they are restored after.
        lx_xmlSetStructuredErrorFunc(nil, { _, _ in })
        lector_xml_silence_generic_errors(1)
        defer {
            lx_xmlSetStructuredErrorFunc(nil, nil)
            lector_xml_silence_generic_errors(0)
        }
        var handler = SAXDriver.makeHandler()
        guard let ctxt = lx_xmlCreatePushParserCtxt(&handler, nil, nil, 0, url) else {
            outcome.firstError = (0, 0, "libxml2 could not create a parser")
            return outcome
        }
        defer {
            if let doc = ctxt.pointee.myDoc { lx_xmlFreeDoc(doc); ctxt.pointee.myDoc = nil }
            lx_xmlFreeParserCtxt(ctxt)
        }
        if let forcedEncoding {
            if lx_xmlCtxtResetPush(ctxt, nil, 0, url, forcedEncoding) != 0 {
                outcome.unsupportedEncoding = true
                return outcome
            }
        }
        // Deliberately absent: XML_PARSE_NOENT (entity substitution, which would load external entities),
        // XML_PARSE_DTDLOAD / DTDVALID, and XML_PARSE_HUGE (keeps libxml2's own amplification limits).
        // XML_PARSE_OLDSAX: every entity reference, the five predefined ones included, is asked of
        // `getEntity`, which keeps a recovering parse taking them (see `keepRecovering`).
        var options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_RECOVER.rawValue | XML_PARSE_NOCDATA.rawValue
                            | XML_PARSE_OLDSAX.rawValue)
        if forcedEncoding != nil { options |= Int32(XML_PARSE_IGNORE_ENC.rawValue) }
        lx_xmlCtxtUseOptions(ctxt, options)
        ctxt.pointee.replaceEntities = 0
        ctxt.pointee.loadsubset = 0
        ctxt.pointee.validate = 0
        ctxt.pointee._private = Unmanaged.passUnretained(self).toOpaque()
        outerContext = ctxt
        // A document's own text never exceeds its size; anything far beyond that comes from entities.
        expansionBudget = bytes.count * 2 + 1_048_576

        var offset = 0
        let total = bytes.count
        let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
        while offset < total && !stopped {
            let n = min(SAXDriver.chunkSize, total - offset)
            _ = lx_xmlParseChunk(ctxt, base! + offset, Int32(n), 0)
            offset += n
            if ctxt.pointee.instate == XML_PARSER_EOF { break }
        }
        if !stopped { _ = lx_xmlParseChunk(ctxt, nil, 0, 1) }
        return outcome
    }

    // MARK: - callback plumbing

    fileprivate static func driver(_ ctx: UnsafeMutableRawPointer?) -> SAXDriver? {
        guard let ctx else { return nil }
        let ctxt = ctx.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let priv = ctxt.pointee._private else { return nil }
        return Unmanaged<SAXDriver>.fromOpaque(priv).takeUnretainedValue()
    }

    /// Hot-path variant of `driver(_:)` that skips the retain/release pair per callback.
    @inline(__always)
    fileprivate static func withDriver(_ ctx: UnsafeMutableRawPointer?, _ body: (SAXDriver) -> Void) {
        guard let ctx, let priv = ctx.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private else { return }
        Unmanaged<SAXDriver>.fromOpaque(priv)._withUnsafeGuaranteedRef(body)
    }

    fileprivate func stop(_ ctx: UnsafeMutableRawPointer?) {
        stopped = true
        if let ctx { lx_xmlStopParser(ctx.assumingMemoryBound(to: xmlParserCtxt.self)) }
        if let outerContext { lx_xmlStopParser(outerContext) }
    }

    fileprivate func deliver(_ ctx: UnsafeMutableRawPointer?, _ ch: UnsafePointer<xmlChar>?, _ len: Int32) {
        guard !stopped, let ch, len > 0 else { return }
        deliveredBytes += Int(len)
        if deliveredBytes > expansionBudget {
            outcome.entityLimitHit = true
            stop(ctx)
            return
        }
        sink.characters(UnsafeBufferPointer(start: ch, count: Int(len)))
    }

    fileprivate func record(_ error: xmlErrorPtr) {
        let e = error.pointee
        if e.code == Int32(XML_ERR_ENTITY_LOOP.rawValue) { outcome.entityLimitHit = true }
        if e.code == Int32(XML_ERR_UNSUPPORTED_ENCODING.rawValue) { outcome.unsupportedEncoding = true }
        if e.code == Int32(XML_ERR_INVALID_CHAR.rawValue) || e.code == Int32(XML_ERR_INVALID_ENCODING.rawValue) {
            outcome.invalidCharacters = true
        }
        guard e.level.rawValue >= XML_ERR_ERROR.rawValue, outcome.firstError == nil else { return }
        var reason = e.message.map { String(cString: $0) } ?? "unknown XML error"
        while reason.last?.isNewline == true { reason.removeLast() }
        outcome.firstError = (Int(e.line), Int(e.int2), reason)
    }

    /// After its first error libxml2 (2.9) marks the document not well-formed and from then on
    /// drops every named reference it meets (`xmlParseReference` returns before expanding one when
    /// `wellFormed` is 0): one stray control byte in a channel title turned `Fish &amp; chips` into
    /// "Fish  chips" for the whole feed. The errors are ours to keep (`record`); the flag is set
    /// back as each reference is asked for, and as elements and text arrive, so recovery keeps text.
    fileprivate static func keepRecovering(_ ctx: UnsafeMutableRawPointer?) {
        guard let ctx else { return }
        let ctxt = ctx.assumingMemoryBound(to: xmlParserCtxt.self)
        if ctxt.pointee.wellFormed == 0 && ctxt.pointee.recovery != 0 { ctxt.pointee.wellFormed = 1 }
    }

    /// Entities libxml2 does not know (HTML names such as &eacute;, or typos) become text instead of errors.
    fileprivate func fallbackEntity(_ name: UnsafePointer<xmlChar>) -> xmlEntityPtr? {
        if fallbackEntityDoc == nil {
            fallbackEntityDoc = lx_xmlNewDoc("1.0")
            _ = lx_xmlCreateIntSubset(fallbackEntityDoc, "x", nil, nil)
        }
        if let existing = lx_xmlGetDocEntity(fallbackEntityDoc, name) { return existing }
        let content: String
        if let desc = lx_htmlEntityLookup(name) {
            content = "&#\(desc.pointee.value);"
        } else {
            // Keep the reference visible as literal text, as browsers do.
            content = "&#38;" + String(cString: name) + ";"
        }
        return lx_xmlAddDocEntity(fallbackEntityDoc, name, Int32(XML_INTERNAL_GENERAL_ENTITY.rawValue), nil, nil, content)
    }

    private static func makeHandler() -> xmlSAXHandler {
        var h = xmlSAXHandler()
        h.initialized = UInt32(XML_SAX2_MAGIC)
        // The SAX2 defaults keep the internal subset (declared entities) on ctxt->myDoc.
        h.internalSubset = lx_xmlSAX2InternalSubset
        h.entityDecl = lx_xmlSAX2EntityDecl
        h.startDocument = lx_xmlSAX2StartDocument
        h.getEntity = { ctx, name in
            guard let ctx, let name else { return nil }
            SAXDriver.keepRecovering(ctx)
            if let known = lx_xmlSAX2GetEntity(ctx, name) { return known }
            return SAXDriver.driver(ctx)?.fallbackEntity(name)
        }
        h.startElementNs = { ctx, localname, prefix, uri, _, _, nbAttributes, _, attributes in
            guard let d = SAXDriver.driver(ctx), !d.stopped, let localname else { return }
            SAXDriver.keepRecovering(ctx)
            d.sink.startElement(localName: localname, prefix: prefix, namespaceURI: uri,
                                attributes: RawAttributes(base: attributes, count: Int(nbAttributes)))
            if d.sink.wantsToStop { d.stop(ctx) }
        }
        h.endElementNs = { ctx, localname, prefix, uri in
            guard let d = SAXDriver.driver(ctx), !d.stopped, let localname else { return }
            d.sink.endElement(localName: localname, prefix: prefix, namespaceURI: uri)
        }
        h.characters = { ctx, ch, len in SAXDriver.withDriver(ctx) { $0.deliver(ctx, ch, len) } }
        h.cdataBlock = { ctx, ch, len in SAXDriver.withDriver(ctx) { $0.deliver(ctx, ch, len) } }
        h.serror = { userData, error in
            guard let error else { return }
            SAXDriver.driver(userData)?.record(error)
        }
        return h
    }
}
