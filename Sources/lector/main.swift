import Foundation
import LectorCLI

exit(Lector.main(Array(CommandLine.arguments.dropFirst())))
