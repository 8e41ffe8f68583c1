import LectorBasics

/// The plain format: what a list prints off a terminal (stdout not a terminal, or `--plain`).
/// Each list command has one fixed set of tab-separated columns, whatever the rows, the settings
/// or the options: no header, nothing cut, one line per row, an empty list prints nothing. Counts
/// and notes never go to stdout. Scripts rely on these columns: docs/plain-format.md documents
/// them (a test compares the page with this table) and a test pins each command's through the binary.
struct PlainColumns: Sendable {
    let command: [String]
    let names: [String]

    init(_ command: [String], _ names: [String]) {
        self.command = command
        self.names = names
    }

    static let accountList = PlainColumns(["account", "list"], ["ACCOUNT", "KIND", "USER", "URL", "DEFAULT", "STATUS"])
    static let feedList = PlainColumns(["feed", "list"], ["ACCOUNT", "TITLE", "FOLDER", "UNREAD", "URL", "STATE"])
    static let feedCheck = PlainColumns(["feed", "check"], ["SEVERITY", "ACCOUNT", "FEED", "FINDINGS", "LAST OK"])
    static let folderList = PlainColumns(["folder", "list"], ["ACCOUNT", "FOLDER", "FEEDS", "UNREAD"])
    static let articleList = PlainColumns(["article", "list"],
                                          ["NUMBER", "ID", "DATE", "ACCOUNT", "FEED", "TITLE", "READ", "STARRED", "MINUTES", "MATCH"])
    static let labelList = PlainColumns(["label", "list"], ["ACCOUNT", "LABEL", "ARTICLES", "UNREAD"])
    static let readingList = PlainColumns(["reading-list", "list"], ["NUMBER", "ACCOUNT", "TITLE", "URL"])
    static let ruleList = PlainColumns(["rule", "list"], ["RULE", "ACTION", "SCOPE", "ON", "ACTED ON", "ON SERVERS", "FILTER"])
    static let searchList = PlainColumns(["search", "list"], ["SEARCH", "LABEL", "FILTER"])
    static let profileList = PlainColumns(["profile", "list"], ["PROFILE", "FROM", "SETTINGS", "DESCRIPTION"])
    static let settingsList = PlainColumns(["settings", "list"], ["KEY", "VALUE", "DEFAULT", "CHANGED", "TYPE", "ACTS_IN", "DESCRIPTION"])
    static let dockList = PlainColumns(["dock", "list"], ["POSITION", "ACTION"])
    static let swipeList = PlainColumns(["swipe", "list"], ["EDGE", "POSITION", "ACTION"])

    /// Every list command's columns, in the order the manual shows them.
    static let all: [PlainColumns] = [accountList, feedList, feedCheck, folderList, articleList, labelList, readingList,
                                      ruleList, searchList, profileList, settingsList, dockList, swipeList]

    /// A yes/no column.
    static func yesNo(_ value: Bool) -> String { value ? "yes" : "no" }

    /// The rows in this command's columns: cells sanitised, tabs and line breaks inside a cell
    /// made spaces so every line has exactly these fields.
    func render(_ rows: [[String]]) -> String {
        var table = TextTable(names)
        for row in rows {
            precondition(row.count == names.count, "\(command.joined(separator: " ")): a plain row of \(row.count) cells for \(names.count) columns")
            table.add(row)
        }
        return table.renderPlain()
    }
}
