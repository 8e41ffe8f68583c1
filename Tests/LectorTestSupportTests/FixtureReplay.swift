import Foundation
import LectorHTTP
import LectorTestSupport

/// Sends a recorded request to an emulator and lists how its answer differs from the recording.
struct FixtureReplay {
    let server: LoopbackServer
    let substitutions: [String: String]
    let client = HTTPClient()

    func substitute(_ text: String) -> String {
        substitutions.reduce(text) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
    }

    /// Sends the recorded request again and returns the answer.
    func resend(_ exchange: RecordedExchange) async throws -> HTTPResponse {
        try await client.send(try request(exchange))
    }

    private func request(_ exchange: RecordedExchange) throws -> HTTPRequest {
        var headers = HTTPHeaders()
        for (name, value) in exchange.requestHeaders where name.lowercased() != "host" {
            headers[name] = substitute(value)
        }
        guard let url = URL(string: server.baseURL.absoluteString + substitute(exchange.target)) else { throw URLError(.badURL) }
        let body = exchange.requestBody.isEmpty ? nil : Data(substitute(exchange.requestBody).utf8)
        return HTTPRequest(method: exchange.method, url: url, headers: headers, body: body)
    }

    /// Problems found (empty when status, content type and body shape match).
    func check(_ exchange: RecordedExchange, compareBody: Bool = true) async throws -> [String] {
        var headers = HTTPHeaders()
        for (name, value) in exchange.requestHeaders where name.lowercased() != "host" {
            headers[name] = substitute(value)
        }
        guard let url = URL(string: server.baseURL.absoluteString + substitute(exchange.target)) else {
            return ["\(exchange.name): cannot build URL"]
        }
        let body = exchange.requestBody.isEmpty ? nil : Data(substitute(exchange.requestBody).utf8)
        let response = try await client.send(HTTPRequest(method: exchange.method, url: url, headers: headers, body: body))
        var problems: [String] = []
        if response.status != exchange.status {
            problems.append("\(exchange.name): status \(response.status), recorded \(exchange.status)")
        }
        let recordedType = exchange.responseHeader("Content-Type")
        if response.headers["Content-Type"] != recordedType {
            problems.append("\(exchange.name): content type \(response.headers["Content-Type"] ?? "none"), recorded \(recordedType ?? "none")")
        }
        for name in ["Google-Bad-Token", "WWW-Authenticate"] where exchange.responseHeader(name) != nil {
            if response.headers[name] != exchange.responseHeader(name) {
                problems.append("\(exchange.name): header \(name) is \(response.headers[name] ?? "absent")")
            }
        }
        guard compareBody else { return problems }
        let expected = substitute(exchange.responseBody)
        let actual = response.text
        if let expectedPaths = ResponseShape.keyPaths(expected) {
            guard let actualPaths = ResponseShape.keyPaths(actual) else {
                return problems + ["\(exchange.name): body is not JSON: \(actual.prefix(80))"]
            }
            if let difference = ResponseShape.difference(expected: expectedPaths, actual: actualPaths) {
                problems.append("\(exchange.name): JSON shape differs: \(difference)")
            }
            if let difference = ResponseShape.stateDifference(expected: expected, actual: actual) {
                problems.append("\(exchange.name): \(difference)")
            }
            if expected.hasSuffix("\n") != actual.hasSuffix("\n") {
                problems.append("\(exchange.name): trailing newline differs")
            }
        } else if expected != actual {
            problems.append("\(exchange.name): body \(actual.prefix(80).debugDescription), recorded \(expected.prefix(80).debugDescription)")
        }
        return problems
    }
}

/// Reads a recorded JSON body.
func recordedJSON(_ exchanges: [RecordedExchange], _ number: String) throws -> [String: Any] {
    guard let exchange = exchanges.first(where: { $0.number == number }),
          let object = try JSONSerialization.jsonObject(with: Data(exchange.responseBody.utf8)) as? [String: Any] else {
        throw CocoaError(.fileReadCorruptFile)
    }
    return object
}
