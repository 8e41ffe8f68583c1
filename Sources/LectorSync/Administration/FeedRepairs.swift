import FoundationEssentials
import LectorBasics
import LectorFeeds
import LectorStore

/// The repairs a health check proposes, per account: a moved feed to its new address (a page
/// with one feed on it, to that feed), a gone feed unsubscribed, the later copies of a feed
/// subscribed twice in one account unsubscribed. Duplicates across accounts are only reported.
public enum FeedRepairs {
    public static func plan(_ report: [FeedHealth]) -> [Int64: AdministrationPlan] {
        var steps: [Int64: [PlanStep]] = [:]
        var dropped = Set<Int64>()
        // The first subscription of a canonical address in an account is the one kept.
        var firstByKey: [String: Int64] = [:]
        for health in report.sorted(by: { $0.feed.id < $1.feed.id }) {
            guard let url = URL(string: health.feed.url) else { continue }
            let key = "\(health.account.id) \(canonicalFeedKey(url))"
            if let kept = firstByKey[key], kept != health.feed.id {
                steps[health.account.id, default: []].append(.unsubscribe(health.feed))
                dropped.insert(health.feed.id)
            } else {
                firstByKey[key] = health.feed.id
            }
        }
        for health in report where !dropped.contains(health.feed.id) {
            for finding in health.findings {
                switch finding {
                case .moved(let url):
                    steps[health.account.id, default: []].append(.changeAddress(health.feed, to: url))
                case .notAFeed(let candidates) where candidates.count == 1:
                    steps[health.account.id, default: []].append(.changeAddress(health.feed, to: candidates[0]))
                case .gone:
                    steps[health.account.id, default: []].append(.unsubscribe(health.feed))
                default:
                    continue
                }
                break
            }
        }
        return steps.mapValues { AdministrationPlan(steps: $0) }
    }
}
