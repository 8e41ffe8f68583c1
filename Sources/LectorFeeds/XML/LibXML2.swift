import CLibXML2

/// One-time libxml2 set-up: lx_xmlInitParser must run once before parsers are used from several threads.
enum LibXML2 {
    private static let initialized: Bool = {
        lx_xmlInitParser()
        return true
    }()

    static func ensureInitialized() {
        _ = initialized
    }
}
