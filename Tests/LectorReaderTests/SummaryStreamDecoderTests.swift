import Foundation
import Testing
@testable import LectorReader

@Suite("Summary stream decoding")
struct SummaryStreamDecoderTests {
    @Test("SSE events split at every byte still decode to the same tokens, multi-byte characters included")
    func byteByByte() {
        let body = Data(SummaryStreams.openAI(["Grüße ", "aus ", "Zürich — ", "日本"]).utf8)
        var decoder = StreamDecoder(provider: .openAI)
        var events: [StreamEvent] = []
        for byte in body { events += decoder.feed(Data([byte])) }
        events += decoder.finish()
        #expect(events == [.text("Grüße "), .text("aus "), .text("Zürich — "), .text("日本"), .done, .done],
                "got \(events)")
    }

    @Test("CRLF line endings, comments and other SSE fields are tolerated")
    func sseNoise() {
        var decoder = StreamDecoder(provider: .openAI)
        let text = ": keep-alive\r\nevent: message\r\nid: 1\r\ndata:{\"choices\":[{\"delta\":{\"content\":\"x\"}}]}\r\n\r\ndata: [DONE]"
        let events = decoder.feed(Data(text.utf8)) + decoder.finish()
        #expect(events == [.text("x"), .done], "got \(events)")
    }

    @Test("Ollama error lines become failures")
    func ollamaError() {
        var decoder = StreamDecoder(provider: .ollama)
        let events = decoder.feed(Data("{\"error\":\"out of memory\"}\n".utf8))
        #expect(events == [.failure("out of memory")], "got \(events)")
    }
}
