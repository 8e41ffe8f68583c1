import Foundation
import Testing
import LectorHTTP
import LectorTestSupport

@Suite("HTTPClient redirects")
struct HTTPClientRedirectTests {
    @Test("a redirect to another host never forwards Authorization or X-Auth-Token")
    func crossHostDropsCredentials() async throws {
        let target = try echoServer()
        defer { target.stop() }
        let origin = try LoopbackServer { _ in
            .empty(302, headers: [(name: "Location", value: target.localhostURL.absoluteString + "/landing")])
        }
        defer { origin.stop() }
        let request = HTTPRequest.get(origin.url("/start"),
                                      headers: ["Authorization": "GoogleLogin auth=tester/secret", "X-Auth-Token": "k"])
        let response = try await HTTPClient().send(request)
        #expect(response.status == 200)
        #expect(response.url.port == Int(target.port), "final URL is the redirect target")
        #expect(origin.requests.first?.header("Authorization") != nil, "the origin itself got the credentials")
        let landed = try #require(target.requests.first, "the redirect was followed")
        #expect(landed.header("Authorization") == nil, "Authorization must not reach another host")
        #expect(landed.header("X-Auth-Token") == nil, "API tokens must not reach another host")
    }

    @Test("127.0.0.1 and localhost on the same port are different origins")
    func hostNameChangeDropsCredentials() async throws {
        let site = StaticSite()
        let hop = try LoopbackServer(handler: site.handler)
        defer { hop.stop() }
        site.redirect("/start", to: hop.localhostURL.absoluteString + "/end")
        site.serve("/end", text: "end")
        let response = try await HTTPClient().send(.get(hop.url("/start"), headers: ["Authorization": "Basic dTpw"]))
        #expect(response.text == "end")
        #expect(hop.requests.count == 2, "both hops hit the same server")
        #expect(hop.requests.last?.header("Authorization") == nil, "a host-name change is a different origin")
    }

    @Test("a redirect on the same host keeps Authorization")
    func sameHostKeepsCredentials() async throws {
        let site = StaticSite()
        let server = try LoopbackServer(handler: site.handler)
        defer { server.stop() }
        site.redirect("/old", to: "/new", status: 301)
        site.serve("/new", text: "moved")
        let response = try await HTTPClient().send(.get(server.url("/old"), headers: ["Authorization": "Basic dTpw"]))
        #expect(response.text == "moved")
        #expect(response.url == server.url("/new"), "final URL reflects the redirect")
        #expect(server.requests.last?.header("Authorization") == "Basic dTpw", "same origin keeps credentials")
    }

    @Test("with followRedirects off the 3xx itself is returned with its Location")
    func redirectNotFollowed() async throws {
        let site = StaticSite()
        let server = try LoopbackServer(handler: site.handler)
        defer { server.stop() }
        site.redirect("/old", to: "/new", status: 302)
        site.serve("/new", text: "moved")
        let response = try await HTTPClient().send(HTTPRequest(url: server.url("/old"), followRedirects: false))
        #expect(response.status == 302, "the redirect is returned, not followed")
        #expect(response.headers["Location"] == "/new")
        #expect(server.requests.count == 1, "the target was never requested")
    }

    @Test("a redirect loop ends with tooManyRedirects")
    func redirectLoop() async throws {
        let site = StaticSite()
        let server = try LoopbackServer(handler: site.handler)
        defer { server.stop() }
        site.redirect("/a", to: "/b")
        site.redirect("/b", to: "/a")
        let client = HTTPClient(configuration: HTTPClientConfiguration(maxRedirects: 5))
        await #expect(throws: HTTPError.tooManyRedirects(host: "127.0.0.1")) {
            try await client.send(.get(server.url("/a")))
        }
    }
}
