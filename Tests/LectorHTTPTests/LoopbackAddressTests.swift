import Testing
import LectorHTTP

@Suite("Loopback means an address")
struct LoopbackAddressTests {
    @Test("addresses in 127.0.0.0/8 and ::1, and names resolving only to them, are loopback")
    func loopbackAddresses() {
        for host in ["127.0.0.1", "127.8.9.10", "::1", "[::1]", "localhost"] {
            #expect(LoopbackAddress.isLoopback(host: host), "\(host) is this machine")
        }
    }

    @Test("a name that merely starts with 127. is not loopback, nor are other addresses")
    func lookalikes() {
        for host in ["127.evil.example", "127.0.0.1.nip.invalid", "10.0.0.1", "192.168.1.1", "::2", "", "[]"] {
            #expect(!LoopbackAddress.isLoopback(host: host), "\(host) must not count as loopback")
        }
    }
}
