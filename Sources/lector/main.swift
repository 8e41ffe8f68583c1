import FoundationEssentials
import Glibc
import LectorCLI

let status = Lector.main(Array(CommandLine.arguments.dropFirst()))
// _exit, not exit: threads may still be inside libcurl or libxml2 (a fetch the writer stopped
// waiting for, the transfer engine's poll), and exit's atexit handlers would tear those libraries
// down under them (OpenSSL's cleanup crashed a failed sync on its way out). Output is written
// with write(2) by Console; stdio is flushed for anything printed through it.
fflush(nil)
_exit(status)
