import Foundation
import Testing
@testable import LectorCLI

/// `lector feed` alone prints the help of `feed`, as `gh repo` and `git remote` do.
@Suite("A noun without a verb")
struct NounHelpTests {
    @Test("a noun alone prints that noun's help and exits 0; with an option but no verb it is still a usage error")
    func nounAlonePrintsHelp() throws {
        let home = TestHome()
        let alone = try home.binaryOK(["feed"], "lector feed")
        let help = try home.binaryOK(["help", "feed"], "lector help feed")
        #expect(alone.stdout == help.stdout && alone.stdout.contains("feed list"), "the noun's help: \(alone.stdout)\(alone.stderr)")
        let optionOnly = try home.binary(["feed", "--account", "Demo"])
        #expect(optionOnly.status == 2, "an option without a verb: \(optionOnly.stderr)")
    }
}
