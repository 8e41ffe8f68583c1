import Testing
import LectorBasics

/// The one MD5: the Fever API key (md5 of "user:password") and the emulators' hashes.
@Suite("MD5 digests for the Fever API key")
struct MD5Tests {
    @Test("the RFC 1321 examples hash to their published digests")
    func publishedVectors() {
        #expect(MD5.hex(of: "") == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(MD5.hex(of: "abc") == "900150983cd24fb0d6963f7d28e17f72")
        #expect(MD5.hex(of: "message digest") == "f96b697d7cb7938d525a2f31aaf161d0")
        #expect(MD5.hex(of: "The quick brown fox jumps over the lazy dog") == "9e107d9d372bb6826bd81d3542a419d6")
        #expect(MD5.hex(of: String(repeating: "1234567890", count: 8)) == "57edf4a22be3c955ac49da2e2107b67a")
    }

    @Test("block boundaries and UTF-8 passwords")
    func boundariesAndUTF8() {
        #expect(MD5.hex(of: String(repeating: "a", count: 56)) == "3b0c8ac703f828b04c6c197006d17218")
        #expect(MD5.hex(of: String(repeating: "a", count: 64)) == "014842d480b571495a4a0363793f7367")
        #expect(MD5.hex(of: "fever:pässword") == "faf048c023627be8a90bcc001f74bec7")
    }
}
