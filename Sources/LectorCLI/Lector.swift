import FoundationEssentials
import Glibc
import LectorBasics
import LectorStore

/// The entry point behind the `lector` executable.
public enum Lector {
    /// Runs Lector with the process's arguments (without the program name) and returns the exit code.
    /// `environment` nil means the process's own.
    public static func main(_ arguments: [String], environment given: [String: String]? = nil) -> Int32 {
        // A reader that quits early (`| head`, a pager) shows up as EPIPE on write, handled there.
        signal(SIGPIPE, SIG_IGN)
        // Completion answers before any other start-up work: no migrations, no writes, and only the
        // few variables that place the store are read.
        if arguments.first == "__complete" {
            let directories = given.map { AppDirectories.resolve(environment: $0) } ?? AppDirectories.resolveFromProcess()
            // This process opens no other connection: the store may be opened the lighter way.
            let completer = Completer(openStore: {
                let store = Store.openReadOnly(path: directories.databasePath, soleConnection: true)
                // Left open for the process's end: closing it freed the parsed schema object by
                // object (0.36 M of a completion's 8.5 M instructions, callgrind), which _exit does
                // at once. A read-only connection has nothing to write back.
                if let store { _ = Unmanaged.passRetained(store) }
                return store
            },
                                      profiles: { ProfileCatalog(directories: directories).entries.map(\.profile) },
                                      lastList: { ArticleHandles(directories: directories).ids },
                                      nameCache: CompletionNameCache(directories: directories))
            let answer = completer.wire(Array(arguments.dropFirst()))
            Console.out(answer)
            completer.nameCache?.save()
            // Left for the process's end, like the store: releasing a thousand names one by one
            // was 0.4 M instructions (callgrind), which the exit does at once.
            _ = Unmanaged.passRetained(KeptUntilExit((completer, answer)))
            return ExitStatus.ok.rawValue
        }
        // `lector version` needs neither the environment nor the command table (about half of
        // its instructions): the same line as the command's, printed at once.
        if arguments == ["version"] || arguments == ["--version"] {
            Console.out(MetaCommands.versionLine + "\n")
            return ExitStatus.ok.rawValue
        }
        let environment = given ?? ProcessEnvironment.current()
        let directories = AppDirectories.resolve(environment: environment)
        if arguments == ["__manpage"] {
            Console.out(ManPage.render(.standard))
            return ExitStatus.ok.rawValue
        }
        // For install.sh and package-deb.sh: the topics' page files, and each page as lector-STEM(7).
        if arguments.first == "__manual" {
            switch Array(arguments.dropFirst()) {
            case ["files"]:
                Console.out(Manual.topics.map { "\($0.name)\t\($0.file)\t\($0.stem)" }.joined(separator: "\n") + "\n")
                return ExitStatus.ok.rawValue
            case let words where words.count == 2 && words[0] == "roff":
                guard let topic = Manual.topic(named: words[1]) else { break }
                Console.out(ManualRoff.render(topic))
                return ExitStatus.ok.rawValue
            default: break
            }
            Console.error("usage: lector __manual files | roff TOPIC")
            return ExitStatus.usage.rawValue
        }
        // --json before the command moves after its name; alone, it stays and is an unknown option below.
        var words = CommandLineParser.placingJSON(arguments)
        var keepGoing = false
        while let first = words.first, first.hasPrefix("-") {
            switch first {
            case "--keep-going": keepGoing = true
            case "--version": words = ["version"] + words.dropFirst()
                continue
            case "--help", "-h": words = ["help"] + words.dropFirst()
                continue
            default:
                let names = OptionSpec.global.map { "--" + $0.name }
                Console.error("unknown option '\(first)'\(Suggestion.hint(for: first, in: names)) (see 'lector help')")
                return ExitStatus.usage.rawValue
            }
            words.removeFirst()
        }
        if !words.isEmpty {
            let session = Session(directories: directories, environment: environment)
            return CommandRunner(session: session).run(words).rawValue
        }
        if isatty(STDIN_FILENO) == 1 {
            let session = Session(directories: directories, environment: environment, inREPL: true)
            return REPL(session: session).run().rawValue
        }
        let session = Session(directories: directories, environment: environment)
        session.jsonLines = true
        return ScriptRunner(session: session, keepGoing: keepGoing).run().rawValue
    }
}

/// A value the process keeps until it exits (see `__complete`).
private final class KeptUntilExit<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}
