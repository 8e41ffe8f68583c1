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

@Suite("HTTPClient redirects, hop by hop")
struct HTTPClientHopTests {
    @Test("a redirect that only adds a trailing slash (/blog → /blog/) is followed, not taken for a loop")
    func trailingSlashRedirect() async throws {
        let site = StaticSite()
        let server = try LoopbackServer(handler: site.handler)
        defer { server.stop() }
        site.redirect("/blog", to: "/blog/", status: 301)
        site.serve("/blog/", text: "index")
        let response = try await HTTPClient().send(.get(server.url("/blog")))
        #expect(response.status == 200, "got \(response.status)")
        #expect(response.text == "index")
        #expect(response.url == server.url("/blog/"), "the final URL is reported")
        #expect(server.requests.map(\.path) == ["/blog", "/blog/"], "each URL requested once")
    }

    @Test("a relative Location without a leading slash resolves against the answering URL's directory")
    func relativeLocation() async throws {
        let site = StaticSite()
        let server = try LoopbackServer(handler: site.handler)
        defer { server.stop() }
        site.redirect("/feeds/old.xml", to: "new.xml?x=1")
        site.serve("/feeds/new.xml", text: "<rss/>")
        let response = try await HTTPClient().send(.get(server.url("/feeds/old.xml")))
        #expect(response.text == "<rss/>")
        #expect(response.url.absoluteString == server.url("/feeds/new.xml?x=1").absoluteString)
    }

    @Test("a Basic-auth feed redirecting to another port on loopback: the second server receives no Authorization")
    func basicAuthStaysWithItsOrigin() async throws {
        let second = try LoopbackServer { request in .text(request.header("Authorization") == nil ? "<rss/>" : "leaked") }
        defer { second.stop() }
        let first = try LoopbackServer { _ in .empty(301, headers: [(name: "Location", value: second.url("/feed.xml").absoluteString)]) }
        defer { first.stop() }
        let response = try await HTTPClient().send(.get(first.url("/feed.xml"), headers: ["Authorization": "Basic dXNlcjpwYXNz"]))
        #expect(response.text == "<rss/>")
        #expect(first.requests.first?.header("Authorization") == "Basic dXNlcjpwYXNz", "the origin got the credentials")
        let landed = try #require(second.requests.first, "the redirect was followed")
        #expect(landed.header("Authorization") == nil, "the other port must not receive the password")
    }

    @Test("credentials stay off once a redirect left their origin, even when a later hop comes back to it")
    func credentialsNotRestored() async throws {
        let home = StaticSite()
        let homeServer = try LoopbackServer(handler: home.handler)
        defer { homeServer.stop() }
        let away = try LoopbackServer { _ in .empty(302, headers: [(name: "Location", value: homeServer.url("/end").absoluteString)]) }
        defer { away.stop() }
        home.redirect("/start", to: away.url("/bounce").absoluteString)
        home.serve("/end", text: "end")
        let response = try await HTTPClient().send(.get(homeServer.url("/start"), headers: ["Authorization": "Bearer t"]))
        #expect(response.text == "end")
        #expect(away.requests.first?.header("Authorization") == nil)
        #expect(homeServer.requests.last?.header("Authorization") == nil, "credentials are not re-attached on the way back")
    }

    @Test("a POST redirected with 307 to another origin is not followed, so its body (which may hold a key) stays")
    func crossOriginBodyNotForwarded() async throws {
        let other = try echoServer()
        defer { other.stop() }
        let origin = try LoopbackServer { _ in .empty(307, headers: [(name: "Location", value: other.url("/api").absoluteString)]) }
        defer { origin.stop() }
        let response = try await HTTPClient().send(.postForm(origin.url("/api"), fields: [("api_key", "secret")]))
        #expect(response.status == 307, "the redirect itself is returned")
        #expect(other.requests.isEmpty, "the body never reached the other origin")
    }

    @Test("a POST answered 303 continues as a GET without the body")
    func seeOtherBecomesGet() async throws {
        let site = StaticSite()
        let server = try LoopbackServer(handler: site.handler)
        defer { server.stop() }
        site.redirect("/submit", to: "/done", status: 303)
        site.serve("/done", text: "ok")
        let response = try await HTTPClient().send(.postForm(server.url("/submit"), fields: [("a", "1")]))
        #expect(response.text == "ok")
        #expect(server.requests.last?.method == "GET")
    }
}
