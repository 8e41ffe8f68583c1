import Testing
@testable import LectorFeeds

/// The Swift SHA-256 that replaced libcrypto's: FIPS 180-4 vectors and every padding boundary
/// (a message of 55, 56, 63, 64 and 65 bytes ends its last block differently).
@Suite("SHA-256 digests")
struct SHA256Tests {
    @Test("the FIPS 180-4 examples hash to their published digests")
    func publishedVectors() {
        #expect(ArticleIdentity.sha256Hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(ArticleIdentity.sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(ArticleIdentity.sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(ArticleIdentity.sha256Hex(String(repeating: "a", count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("messages around the 64-byte block boundary pad correctly", arguments: [
        (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
        (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
        (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
        (65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
        (119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"),
        (128, "6836cf13bac400e9105071cd6af47084dfacad4e5e302c94bfed24e013afb73e"),
    ])
    func blockBoundaries(length: Int, digest: String) {
        #expect(ArticleIdentity.sha256Hex(String(repeating: "a", count: length)) == digest, "\(length) bytes of 'a'")
    }

    @Test("text is hashed as its UTF-8 bytes")
    func utf8() {
        #expect(ArticleIdentity.sha256Hex("héllo wörld – ✓") == "b117bb643bf46463ae81a866f0e20e13200b737eeabd95facebde2e62b9fbf17")
    }
}
