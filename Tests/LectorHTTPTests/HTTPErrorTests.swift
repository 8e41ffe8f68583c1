import Testing
import LectorHTTP

@Suite("HTTPError")
struct HTTPErrorTests {
    @Test("only connection-level failures count as network failures")
    func classification() {
        let network: [HTTPError] = [.cannotConnect(host: "h"), .timedOut(host: "h"), .offline(host: "h"), .connectionLost(host: "h")]
        let other: [HTTPError] = [.invalidURL("x"), .tls(host: "h", .handshake), .tls(host: "h", .certificate), .cancelled(host: "h"),
                                  .bodyTooLarge(host: "h", limit: 1), .tooManyRedirects(host: "h"), .badResponse(host: "h")]
        let allNetwork = network.allSatisfy { $0.isNetworkFailure }
        #expect(allNetwork, "connection-level failures are retryable")
        let anyOther = other.contains { $0.isNetworkFailure }
        #expect(!anyOther, "request or content failures are not retryable")
    }

    @Test("every message is one line naming the host")
    func messagesNameHost() {
        let all: [HTTPError] = [.cannotConnect(host: "feeds.example"), .timedOut(host: "feeds.example"),
                                .offline(host: "feeds.example"), .connectionLost(host: "feeds.example"),
                                .tls(host: "feeds.example", .handshake), .tls(host: "feeds.example", .certificate), .cancelled(host: "feeds.example"),
                                .bodyTooLarge(host: "feeds.example", limit: 5), .tooManyRedirects(host: "feeds.example"),
                                .badResponse(host: "feeds.example")]
        for error in all {
            #expect(error.message.contains("feeds.example"), "\(error) should name the host")
            #expect(!error.message.contains("\n"), "\(error) should be one line")
        }
    }
}
