import FoundationEssentials
import LectorFeeds
import LectorStore
import LectorSync

extension SubscriptionPlanner {
    /// The server-settings steps for `desired`: each feed's keys whose value differs from what
    /// the store says the server has (a secret: from what the keyring keeps), after the feed is
    /// subscribed; and one sentence per key the account's kind cannot keep, left out.
    func settingSteps(_ desired: [DesiredFeed], current: [String: FeedListing]) throws(AdministrationError) -> (steps: [PlanStep], notCarried: [String]) {
        var steps: [PlanStep] = []
        var leftOut: [FeedSettingKey: Int] = [:]
        var seen = Set<String>()
        for feed in desired where !feed.settings.isEmpty {
            let key = canonicalFeedKey(feed.url)
            guard seen.insert(key).inserted else { continue }
            let have = current[key]?.feed
            let stored = try have.map { (feed) throws(AdministrationError) in try administrator.storedSettings(of: feed) } ?? [:]
            var differences: [SettingDifference] = []
            for (name, value) in feed.settings.sorted(by: { $0.key < $1.key }) {
                guard administrator.feedSettingKeys.contains(name) else { leftOut[name, default: 0] += 1; continue }
                let wanted = Self.normalized(name, value)
                let keptWhole = name.holdsSecret || stored[name].map(name.carriesSecret) == true
                let has = keptWhole ? have.flatMap { stored[name] == nil ? nil : administrator.logins?.settingSecret(name, of: $0) } : stored[name]
                if wanted != has { differences.append(SettingDifference(key: name, from: stored[name], to: wanted)) }
            }
            if !differences.isEmpty {
                let title = feed.title.flatMap { $0.isEmpty ? nil : $0 } ?? have?.title ?? feed.url.absoluteString
                steps.append(.changeSettings(url: feed.url, title: title, differences))
            }
        }
        let notCarried = leftOut.sorted { $0.key < $1.key }.map { key, count in
            "\(AdministrationError.settingUnsupported(key: key.rawValue, kind: administrator.account.kind, kinds: key.kinds)): left out for \(count) feed(s)"
        }
        return (steps, notCarried)
    }

    /// A desired value as the store keeps it: a flag `on` or nothing, an empty value nothing.
    static func normalized(_ key: FeedSettingKey, _ value: String) -> String? {
        if key.shape == .flag, let flag = FeedSettingKey.flag(value) { return flag ? "on" : nil }
        return value.isEmpty ? nil : value
    }
}
