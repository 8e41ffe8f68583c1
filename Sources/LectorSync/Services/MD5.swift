import CCrypto
import Foundation

/// MD5, needed only because the Fever API's key is md5("user:password"); libcrypto computes it.
enum MD5 {
    static func hex(of text: String) -> String {
        var digest = [UInt8](repeating: 0, count: 16)
        var length: UInt32 = 0
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { buffer in EVP_Digest(buffer.baseAddress, buffer.count, &digest, &length, EVP_md5(), nil) }
        return digest.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
    }
}
