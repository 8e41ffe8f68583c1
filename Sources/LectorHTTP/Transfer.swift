import CCurl
import FoundationEssentials

/// One request from submission to outcome, across its redirect hops and at most one fresh-connection
/// retry. Once submitted it is touched only on its engine's thread (libcurl's callbacks run there
/// too), except `requestedFailure`, which is guarded by the engine's lock.
// Unchecked: confined to its engine's thread once submitted; `requestedFailure` is guarded by the engine's lock.
final class Transfer: @unchecked Sendable {
    let original: HTTPRequest
    let configuration: HTTPClientConfiguration
    let deadline: ContinuousClock.Instant
    /// The checked addresses a secret-carrying plain-http request may connect to (see `PlainHTTPRule`).
    let pin: ConnectionPin?
    private let sink: (@Sendable (HTTPBodyChunk) -> Bool)?
    private let completion: @Sendable (Result<HTTPResponse, HTTPError>) -> Void

    /// A cancel or deadline asked for from another thread; guarded by the engine's lock.
    var requestedFailure: HTTPError?

    /// The request of the current hop (redirects change URL, method and headers).
    private(set) var current: HTTPRequest
    var seen: Set<String>
    var retriedOnFreshConnection = false
    private(set) var lastActivity = ContinuousClock.now

    // The current hop.
    var easy: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var resolveList: UnsafeMutablePointer<curl_slist>?
    private(set) var head = ResponseHead()
    private var body = Data()
    private var bodyBytes = 0
    /// Set when we end the hop ourselves (cap, cancel, deadline); later bytes are refused.
    var failure: HTTPError?
    /// The streaming caller asked to stop reading: the response ends there, without an error.
    private(set) var stoppedByReceiver = false
    private var isRedirectHop = false
    private var finished = false

    init(request: HTTPRequest, configuration: HTTPClientConfiguration, pin: ConnectionPin? = nil,
         sink: (@Sendable (HTTPBodyChunk) -> Bool)?,
         completion: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void) {
        self.original = request
        self.current = request
        self.configuration = configuration
        self.pin = pin
        self.deadline = .now + (request.timeout ?? configuration.deadline)
        self.sink = sink
        self.completion = completion
        self.seen = [RedirectPolicy.seenKey(request.url)]
    }

    var host: String { original.host }

    /// When the server has been silent for too long.
    var idleDeadline: ContinuousClock.Instant { lastActivity + configuration.idleTimeout }

    /// Moves to the next hop's request and forgets the previous hop's answer.
    func advance(to request: HTTPRequest) {
        // The head is still the hop's: a move is permanent only when every hop was.
        permanentOnly = permanentOnly && [301, 308].contains(head.status)
        permanentRedirect = permanentOnly ? request.url : nil
        current = request
    }

    private var permanentOnly = true
    private var permanentRedirect: URL?

    /// Creates and configures the easy handle for the current hop.
    func makeHandle(freshConnection: Bool) throws(HTTPError) -> UnsafeMutableRawPointer {
        head = ResponseHead()
        body = Data()
        bodyBytes = 0
        isRedirectHop = false
        lastActivity = .now
        guard let easy = lc_easy_init() else { throw .badResponse(host: host) }
        self.easy = easy
        headerList = CurlRequestSetup.apply(current, configuration: configuration, to: easy,
                                            context: Unmanaged.passUnretained(self).toOpaque(),
                                            freshConnection: freshConnection)
        let pinned = pin.map { $0.covers(current.url) } ?? false
        if let pin, pinned {
            resolveList = CurlRequestSetup.pin(pin, on: easy, context: Unmanaged.passUnretained(self).toOpaque())
        }
        // An empty CURLOPT_PROXY overrides the environment's proxy variables for this hop.
        if ProxyBypass.applies(to: current, pinned: pinned) { lc_set_string(easy, CURLOPT_PROXY, "") }
        return easy
    }

    /// Frees the hop's handle and header list (after it left the multi handle).
    func releaseHandle() {
        if let easy { lc_easy_cleanup(easy) }
        if let headerList { lc_slist_free_all(headerList) }
        if let resolveList { lc_slist_free_all(resolveList) }
        easy = nil
        headerList = nil
        resolveList = nil
    }

    /// The connection stands (new or reused) and nothing is sent yet: false when it is not to one of
    /// the pinned addresses (a connection made earlier for the same name, before it changed).
    func connected(to address: String) -> Bool {
        guard let pin, pin.covers(current.url) else { return true }
        if pin.addresses.contains(address) { return true }
        failure = .insecureSecret(host: pin.host)
        return false
    }

    /// A header line arrived; false stops the transfer.
    func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Bool {
        lastActivity = .now
        guard failure == nil else { return false }
        head.take(line: bytes)
        guard head.isComplete else { return true }
        isRedirectHop = RedirectPolicy.wouldFollow(status: head.status, headers: head.headers, request: current)
        if !isRedirectHop, current.method != "HEAD", let length = head.contentLength, length > configuration.maxBodyBytes {
            failure = .bodyTooLarge(host: host, limit: configuration.maxBodyBytes)
            return false
        }
        return true
    }

    /// Decoded body bytes arrived; counted against the cap before they are kept. False stops the transfer.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        lastActivity = .now
        guard failure == nil, !stoppedByReceiver else { return false }
        bodyBytes += bytes.count
        if bodyBytes > configuration.maxBodyBytes {
            failure = .bodyTooLarge(host: host, limit: configuration.maxBodyBytes)
            return false
        }
        if isRedirectHop { return true }
        if let sink {
            guard sink(HTTPBodyChunk(status: head.status, headers: head.headers, data: Data(bytes))) else {
                stoppedByReceiver = true
                return false
            }
            return true
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// The response of the current hop.
    var response: HTTPResponse {
        HTTPResponse(status: head.status, headers: head.headers, body: body, url: current.url, permanentRedirect: permanentRedirect)
    }

    /// Hands the outcome to the caller, once.
    func finish(_ result: Result<HTTPResponse, HTTPError>) {
        guard !finished else { return }
        finished = true
        releaseHandle()
        completion(result)
    }
}
