import LectorAccounts
import LectorSettings

/// What `backup restore` says of the starred articles it put back, per account.
enum StarredRestoreOutput {
    static func lines(_ reports: [StarredRestoreReport]) -> [String] {
        reports.flatMap { report in
            ["* starred in '\(report.account)': \(report.matched) of \(report.wanted) found (\(report.newlyStarred) newly starred), "
                + "\(report.recreated) re-created, \(report.notTaken.count) not taken"]
                + notTakenLines(report)
        }
    }

    /// One line per article no server could take; the articles an account's failure kept from
    /// being put back share its reason, said once.
    private static func notTakenLines(_ report: StarredRestoreReport) -> [String] {
        let failure = report.failure?.description
        let refused = report.notTaken.filter { $0.reason != failure }
        let lines = refused.map { article in
            "  not taken: '\(article.title)' (\(article.feedTitle))\(article.url.map { " <\($0)>" } ?? ""): \(article.reason)"
        }
        let failed = report.notTaken.count - refused.count
        guard let failure, failed > 0 else { return lines }
        return lines + ["  not taken: \(failed) article(s): \(failure)"]
    }

    static func json(_ reports: [StarredRestoreReport]) -> JSONValue {
        .array(reports.map { report in
            .object(["account": .string(report.account), "wanted": .int(report.wanted), "matched": .int(report.matched),
                     "newly_starred": .int(report.newlyStarred), "recreated": .int(report.recreated),
                     "not_taken": .array(report.notTaken.map { article in
                         .object(["title": .string(article.title), "url": article.url.map(JSONValue.string) ?? .null,
                                  "feed_title": .string(article.feedTitle), "reason": .string(article.reason)])
                     })])
        })
    }
}
