import LectorStore

enum DemoCommands {
    static let all: [CommandSpec] = [on, off]

    static let on = CommandSpec(
        ["demo", "on"], "add the sample library (a local account named Demo)"
    ) { _, session in
        let store = try session.store()
        if try CLIError.catching({ try DemoLibrary.isPresent(store) }) {
            return .message("The demo library is already there.")
        }
        try CLIError.catching { try DemoLibrary.seed(store) }
        return .message("Demo library added: try 'lector article list'.")
    }

    static let off = CommandSpec(
        ["demo", "off"], "remove the sample library and its articles; it does not come back on its own"
    ) { _, session in
        let store = try session.store()
        let wasPresent = try CLIError.catching { try DemoLibrary.isPresent(store) }
        try CLIError.catching { try DemoLibrary.dismiss(store) }
        return .message(wasPresent ? "Demo library removed." : "There was no demo library; it will not be added again.")
    }
}
