import FoundationEssentials
import Glibc
import LectorCLI

exit(Lector.main(Array(CommandLine.arguments.dropFirst())))
