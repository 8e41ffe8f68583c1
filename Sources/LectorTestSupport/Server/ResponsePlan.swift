import Foundation

/// How one response is written once the active faults are taken into account.
struct ResponsePlan {
    var response: ServerResponse
    var delay: TimeInterval?
    var trickle: (chunk: Int, interval: TimeInterval)?
    var oversized: (bytes: Int, declareLength: Bool)?

    init(faults: [ServerFault], answer: () -> ServerResponse) {
        var replacement: ServerResponse?
        for fault in faults {
            switch fault {
            case .delay(let duration): delay = Self.seconds(duration)
            case .trickle(let chunk, let interval): trickle = (max(1, chunk), Self.seconds(interval))
            case .respond(let status, let headers, let body):
                replacement = ServerResponse(status: status, headers: headers, body: Data(body.utf8))
            case .oversizedBody(let bytes, let declare): oversized = (bytes, declare)
            case .dropConnection, .stripAuthorization, .loseAnswer: break
            }
        }
        response = replacement ?? answer()
    }

    /// Writes status line, headers and body; false when the connection must close.
    func write(to io: SocketIO, keepAlive: Bool, headRequest: Bool) -> Bool {
        let noBody = response.status == 204 || response.status == 304 || (100..<200).contains(response.status)
        let declaresLength = oversized.map(\.declareLength) ?? true
        var persistent = keepAlive && declaresLength && trickle == nil
        let bodyLength = oversized?.bytes ?? response.body.count
        var head = "HTTP/1.1 \(response.status) \(ReasonPhrase.of(response.status))\r\n"
        for (name, value) in response.headers where !["content-length", "connection"].contains(name.lowercased()) {
            head += "\(name): \(value)\r\n"
        }
        if !noBody && declaresLength { head += "Content-Length: \(bodyLength)\r\n" }
        if noBody { persistent = keepAlive }
        head += "Connection: \(persistent ? "keep-alive" : "close")\r\n\r\n"
        guard io.write(Array(head.utf8)) else { return false }
        if noBody || headRequest { return persistent }
        if let oversized {
            let block = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
            var left = oversized.bytes
            while left > 0 {
                let count = min(left, block.count)
                guard io.write(block[0..<count]) else { return false }
                left -= count
            }
            return persistent
        }
        if let trickle {
            var offset = 0
            let bytes = [UInt8](response.body)
            while offset < bytes.count {
                let end = min(bytes.count, offset + trickle.chunk)
                guard io.write(bytes[offset..<end]) else { return false }
                offset = end
                if offset < bytes.count { Thread.sleep(forTimeInterval: trickle.interval) }
            }
            return false
        }
        return io.write([UInt8](response.body)) && persistent
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        let (whole, attos) = duration.components
        return TimeInterval(whole) + TimeInterval(attos) / 1e18
    }
}
