import CCurl
import FoundationEssentials

/// Turns one hop of an `HTTPRequest` into libcurl options: our own redirect handling, no cookies,
/// every encoding libcurl can decode (decoded before our write callback counts the bytes), HTTP/2
/// where offered, and the connect timeout. Deadlines and idle time are the engine's to enforce.
enum CurlRequestSetup {
    /// Configures `easy`; returns the header list, which must outlive the transfer.
    static func apply(_ request: HTTPRequest, configuration: HTTPClientConfiguration, to easy: UnsafeMutableRawPointer,
                      context: UnsafeMutableRawPointer, freshConnection: Bool) -> UnsafeMutablePointer<curl_slist>? {
        lc_set_string(easy, CURLOPT_URL, request.url.absoluteString)
        lc_set_long(easy, CURLOPT_NOSIGNAL, 1)
        lc_set_long(easy, CURLOPT_FOLLOWLOCATION, 0)
        lc_set_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        lc_set_string(easy, CURLOPT_ACCEPT_ENCODING, "")
        lc_set_long(easy, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        lc_set_long(easy, CURLOPT_CONNECTTIMEOUT_MS, configuration.connectTimeout.curlMilliseconds)
        lc_set_long(easy, CURLOPT_TCP_KEEPALIVE, 1)
        if freshConnection { lc_set_long(easy, CURLOPT_FRESH_CONNECT, 1) }
        lc_set_callback(easy, CURLOPT_HEADERFUNCTION, receiveHeader)
        lc_set_pointer(easy, CURLOPT_HEADERDATA, context)
        lc_set_callback(easy, CURLOPT_WRITEFUNCTION, receiveBody)
        lc_set_pointer(easy, CURLOPT_WRITEDATA, context)
        applyMethod(request, to: easy)
        return headerList(for: request, userAgent: configuration.userAgent).map { list in
            lc_set_headers(easy, list)
            return list
        }
    }

    /// Makes libcurl connect `pin.host:pin.port` only to the pinned addresses, and check the
    /// address of the connection it uses (reused ones too) before sending. Returns the resolve
    /// list, which must outlive the transfer.
    static func pin(_ pin: ConnectionPin, on easy: UnsafeMutableRawPointer,
                    context: UnsafeMutableRawPointer) -> UnsafeMutablePointer<curl_slist>? {
        let list = lc_slist_append(nil, pin.resolveEntry)
        lc_set_pointer(easy, CURLOPT_RESOLVE, UnsafeMutableRawPointer(list))
        if lc_set_prereq(easy, checkConnection, context) != CURLE_OK {
            // A libcurl older than 7.80 cannot show the address before sending: then no kept
            // connection (made before the check, perhaps elsewhere) is used, and none is kept.
            lc_set_long(easy, CURLOPT_FRESH_CONNECT, 1)
            lc_set_long(easy, CURLOPT_FORBID_REUSE, 1)
        }
        return list
    }

    private static func applyMethod(_ request: HTTPRequest, to easy: UnsafeMutableRawPointer) {
        let method = request.method.uppercased()
        if method == "HEAD" {
            lc_set_long(easy, CURLOPT_NOBODY, 1)
        } else if let body = request.body ?? (method == "POST" ? Data() : nil) {
            // COPYPOSTFIELDS copies the bytes, so libcurl can replay them on a fresh connection.
            lc_set_offset(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
            body.withUnsafeBytes { bytes in
                let base = bytes.baseAddress ?? UnsafeRawPointer(("" as StaticString).utf8Start)
                _ = lc_set_pointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: base))
            }
            if method != "POST" { lc_set_string(easy, CURLOPT_CUSTOMREQUEST, method) }
        } else if method != "GET" {
            lc_set_string(easy, CURLOPT_CUSTOMREQUEST, method)
        }
    }

    private static func headerList(for request: HTTPRequest, userAgent: String) -> UnsafeMutablePointer<curl_slist>? {
        var lines: [String] = []
        for (name, value) in request.headers {
            // Header injection: a CR or LF in a name or value would start a new field.
            guard !name.contains(where: \.isNewline), !value.contains(where: \.isNewline) else { continue }
            // "Name;" is libcurl's spelling of a field with an empty value.
            lines.append(value.isEmpty ? "\(name);" : "\(name): \(value)")
        }
        if !request.headers.contains("User-Agent") { lines.append("User-Agent: \(userAgent)") }
        // No "Expect: 100-continue" round trip before a larger body.
        if !request.headers.contains("Expect") { lines.append("Expect:") }
        var list: UnsafeMutablePointer<curl_slist>?
        for line in lines {
            guard let longer = lc_slist_append(list, line) else { continue }
            list = longer
        }
        return list
    }
}

/// libcurl's header callback: one header line of the current hop.
private func receiveHeader(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
                           _ context: UnsafeMutableRawPointer?) -> Int {
    guard let context else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
    return transfer.receiveHeader(bytes) ? size * count : 0
}

/// libcurl's pre-request callback: the address actually connected to, checked against the pin.
private func checkConnection(_ context: UnsafeMutableRawPointer?, _ primaryIP: UnsafeMutablePointer<CChar>?,
                             _ localIP: UnsafeMutablePointer<CChar>?, _ primaryPort: Int32, _ localPort: Int32) -> Int32 {
    guard let context, let primaryIP else { return CURL_PREREQFUNC_ABORT }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.connected(to: String(cString: primaryIP)) ? CURL_PREREQFUNC_OK : CURL_PREREQFUNC_ABORT
}

/// libcurl's write callback: decoded body bytes of the current hop.
private func receiveBody(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
                         _ context: UnsafeMutableRawPointer?) -> Int {
    guard let context else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
    return transfer.receiveBody(bytes) ? size * count : 0
}
