import FoundationEssentials
import Glibc
import LectorCLI

// The words straight from argv: CommandLine.arguments builds its array through a generic map
// whose run-time set-up was 4 % of a shell completion.
var words: [String] = []
words.reserveCapacity(Int(CommandLine.argc))
for index in 1..<max(1, Int(CommandLine.argc)) {
    if let word = CommandLine.unsafeArgv[index] { words.append(String(cString: word)) }
}
let status = Lector.main(words)
// _exit, not exit: threads may still be inside libcurl or libxml2 (a fetch the writer stopped
// waiting for, the transfer engine's poll), and exit's atexit handlers would tear those libraries
// down under them (OpenSSL's cleanup crashed a failed sync on its way out). Output is written
// with write(2) by Console; stdio is flushed for anything printed through it.
fflush(nil)
_exit(status)
