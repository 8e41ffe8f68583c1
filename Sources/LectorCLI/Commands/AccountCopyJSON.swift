import LectorSync

/// The JSON shapes of `account copy` (docs/schemas/account-copy.schema.json).
extension AccountCopyCommand {
    struct UnmatchedJSON: Encodable, Sendable {
        let title: String
        let url: String?
        let guid: String?
        let feed: String
        let published: String?

        init(_ item: WantedArticle) {
            title = item.title
            url = item.url
            guid = item.guid
            feed = item.feedTitle
            published = JSONOutput.timestamp(item.publishedAt)
        }
    }

    struct UnmatchedFileJSON: Encodable, Sendable {
        let source: String
        let destination: String
        let articles: [UnmatchedJSON]
    }

    struct StarredJSON: Encodable, Sendable {
        let wanted: Int
        let matched: Int?
        let newlyStarred: Int?
        /// Not found in DEST, re-created there (a local account, Miniflux's entry import).
        let recreated: Int?
        /// Found in DEST and given the labels they carry (FreshRSS and local destinations).
        let labelled: Int?
        let unmatched: [UnmatchedJSON]?
        let unmatchedFile: String?

        enum CodingKeys: String, CodingKey {
            case wanted, matched, unmatched, recreated, labelled
            case newlyStarred = "newly_starred"
            case unmatchedFile = "unmatched_file"
        }
    }

    struct ReadingListJSON: Encodable, Sendable {
        let items: Int
        let added: Int?
    }

    struct CopyJSON: Encodable, Sendable {
        let source: String
        let destination: String
        let dryRun: Bool
        let refusals: [String]
        let steps: [PlanOutput.StepJSON]
        /// The settings DEST cannot keep, and secrets this machine does not hold, one line per key.
        let notCarried: [String]
        let starred: StarredJSON?
        let readingList: ReadingListJSON?
        let exitCode: Int32

        enum CodingKeys: String, CodingKey {
            case source, destination, refusals, steps, starred
            case dryRun = "dry_run"
            case notCarried = "not_carried"
            case readingList = "reading_list"
            case exitCode = "exit_code"
        }
    }
}
