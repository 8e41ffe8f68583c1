import Testing
import LectorKeyring

extension KeyringTests {
    @Suite("what other Secret Service clients see (secret-tool)", .enabled(if: Command.exists("secret-tool"), "secret-tool is not installed (Debian: libsecret-tools)"))
    struct SecretToolCrossCheck {
        let keyring = LibsecretKeyring()

        /// `secret-tool search --all` prints `key = value` lines: label, secret and schema on
        /// stdout, `attribute.<name>` on stderr.
        func search(_ attributes: [String]) throws -> [String: String] {
            let result = try Command.run("secret-tool", ["search", "--all"] + attributes)
            var fields: [String: String] = [:]
            for line in (result.stdout + "\n" + result.stderr).split(separator: "\n") {
                let parts = line.split(separator: " = ", maxSplits: 1)
                if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
            }
            return fields
        }

        @Test("an account item carries its schema, attributes and label")
        func accountAsSeenBySecretTool() throws {
            let id = TestKeyring.uniqueID("acct")
            let item = SecretItem.account(id: id, kind: "freshrss", server: "https://rss.example.com/api/greader.php", user: "alice")
            defer { _ = try? keyring.remove(item) }
            try keyring.store("s3cret alice", for: item)

            let fields = try search(["account-id", id])
            #expect(fields["schema"] == "org.lector.Account", "schema seen by secret-tool: \(fields)")
            #expect(fields["label"] == "Lector: alice on rss.example.com", "label seen by secret-tool: \(fields)")
            #expect(fields["attribute.kind"] == "freshrss", "kind attribute: \(fields)")
            #expect(fields["attribute.server"] == "https://rss.example.com/api/greader.php", "server attribute: \(fields)")
            #expect(fields["attribute.user"] == "alice", "user attribute: \(fields)")
            #expect(fields["secret"] == "s3cret alice", "secret seen by secret-tool: \(fields)")

            let lookup = try Command.run("secret-tool", ["lookup", "account-id", id, "user", "alice"])
            #expect(lookup.status == 0 && lookup.stdout == "s3cret alice", "secret-tool lookup must find our item: \(lookup.stderr)")
        }

        @Test("a feed login carries its schema, attributes and label")
        func feedLoginAsSeenBySecretTool() throws {
            let id = TestKeyring.uniqueID("feed")
            let item = SecretItem.feedLogin(feedID: id, url: "https://members.example.org/feed.rss", user: "erin")
            defer { _ = try? keyring.remove(item) }
            try keyring.store("feed pw", for: item)

            let fields = try search(["feed-id", id])
            #expect(fields["schema"] == "org.lector.FeedLogin", "schema seen by secret-tool: \(fields)")
            #expect(fields["label"] == "Lector feed: erin on members.example.org", "label seen by secret-tool: \(fields)")
            #expect(fields["attribute.url"] == "https://members.example.org/feed.rss", "url attribute: \(fields)")
            #expect(fields["attribute.user"] == "erin", "user attribute: \(fields)")
        }

        @Test("an item stored by secret-tool under our schema is found and removed by us")
        func storedBySecretTool() throws {
            let id = TestKeyring.uniqueID("acct")
            let item = SecretItem.account(id: id, kind: "miniflux", server: "mf.example.com", user: "frank")
            let stored = try Command.run(
                "secret-tool",
                ["store", "--label=by secret-tool", "xdg:schema", "org.lector.Account",
                 "account-id", id, "kind", "miniflux", "server", "mf.example.com", "user", "frank"],
                stdin: "from-secret-tool")
            try #require(stored.status == 0, "secret-tool store failed: \(stored.stderr)")

            #expect(try keyring.secret(for: item) == "from-secret-tool", "our lookup must find secret-tool's item")
            #expect(try keyring.remove(item), "our remove must delete secret-tool's item")
            let after = try Command.run("secret-tool", ["lookup", "account-id", id])
            #expect(after.status != 0 && after.stdout.isEmpty, "secret-tool must no longer find the removed item")
        }
    }
}
