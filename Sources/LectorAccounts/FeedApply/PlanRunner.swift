import FoundationEssentials
import LectorBasics
import LectorStore
import LectorSync
import Synchronization

/// What became of one step of a plan.
public enum StepOutcome: Sendable, Equatable {
    case done
    case failed(AdministrationError)
    /// Not tried: an earlier failure stopped the run (the server unreachable, the store failing).
    case notRun

    public var name: String {
        switch self {
        case .done: "done"
        case .failed: "failed"
        case .notRun: "not-run"
        }
    }
}

extension AdministrationError {
    /// True when every next step would fail the same way (the server cannot be reached or
    /// refuses the login, the store fails): the run stops and lists what is left. A step the
    /// server refuses on its own merits (no feed at that address) does not stop the others.
    public var stopsTheRun: Bool {
        switch self {
        case .store: true
        case .server(let cause):
            switch cause {
            case .serverFailed, .marksUnconfirmed, .transport, .rateLimited, .authentication, .alreadySyncing, .store: true
            case .protocolViolation, .unsupported, .rejected, .kept: false
            }
        case .unsupported, .settingUnsupported, .refreshUnsupported: true
        // A feed kept where it is because its login cannot follow fails alone: feeds without a
        // login move regardless.
        case .alreadySubscribed, .folderExists, .emptyName, .loginInClear, .loginToAnotherOrigin, .starredNotFound, .keyring, .badSettingValue,
             .filedElsewhere, .notAWebAddress: false
        }
    }
}

extension StepOutcome {
    var stopsTheRun: Bool {
        if case .failed(let error) = self { error.stopsTheRun } else { false }
    }
}

/// Thrown inside a local plan's transaction to roll it back.
private struct PlanRolledBack: Error {}

/// The keyring's part of a plan run in one transaction: a secret is copied for a feed's new
/// address at once (a feed never moves without it) and dropped again if the transaction rolls
/// back; secrets are forgotten only once it is committed.
private final class DeferredLogins: FeedLoginKeeper, Sendable {
    private let keeper: (any FeedLoginKeeper)?
    private let copies = Mutex<[Feed]>([])
    private let forgotten = Mutex<[Feed]>([])

    init(_ keeper: (any FeedLoginKeeper)?) { self.keeper = keeper }

    func forget(_ feed: Feed) { forgotten.withLock { $0.append(feed) } }

    func copy(_ feed: Feed, to url: URL) throws(AdministrationError) {
        try keeper?.copy(feed, to: url)
        var moved = feed
        moved.url = url.absoluteString
        copies.withLock { $0.append(moved) }
    }

    func keepSetting(_ secret: String?, _ key: FeedSettingKey, of feed: Feed) throws(AdministrationError) {
        try keeper?.keepSetting(secret, key, of: feed)
    }

    func settingSecret(_ key: FeedSettingKey, of feed: Feed) -> String? { keeper?.settingSecret(key, of: feed) }

    func committed() {
        for feed in forgotten.withLock({ $0 }) { keeper?.forget(feed) }
    }

    func rolledBack() {
        for feed in copies.withLock({ $0 }) { keeper?.forget(feed) }
    }
}

extension AccountAdministrator {
    /// Runs a plan's steps in order through the administrator, reporting each as it ends.
    /// Steps are made to be safe to repeat: a re-run after a stop plans only what is left.
    /// `shouldStop` is asked before each step (Ctrl-C in the REPL): what is left is not run.
    /// Where every change is the store's alone (an account with no server: a local one) the plan
    /// is one transaction: a step that stops the run (the store failing)
    /// undoes the steps before it (they are reported not run), and the secrets of feeds behind a
    /// login are forgotten only once the transaction is committed.
    public func apply(_ plan: AdministrationPlan, shouldStop: () -> Bool = { false },
                      progress: (Int, StepOutcome) -> Void = { _, _ in }) -> [StepOutcome] {
        guard !account.kind.hasServer else { return runSteps(plan, shouldStop: shouldStop, progress: progress) }
        let keeper = DeferredLogins(logins)
        var local = self
        if logins != nil { local.logins = keeper }
        var outcomes: [StepOutcome] = []
        do {
            try store.write { _ in
                outcomes = local.runSteps(plan, shouldStop: shouldStop)
                if outcomes.contains(where: \.stopsTheRun) { throw PlanRolledBack() }
            }
            keeper.committed()
        } catch {
            keeper.rolledBack()
            let stepFailed = outcomes.contains(where: \.stopsTheRun)
            outcomes = outcomes.map { $0 == .done ? .notRun : $0 }
            // The commit itself failed: the first step carries the store's error.
            if !stepFailed, !outcomes.isEmpty { outcomes[0] = .failed(.storing(error)) }
        }
        for (index, outcome) in outcomes.enumerated() { progress(index, outcome) }
        return outcomes
    }

    private func runSteps(_ plan: AdministrationPlan, shouldStop: () -> Bool,
                          progress: (Int, StepOutcome) -> Void = { _, _ in }) -> [StepOutcome] {
        var outcomes: [StepOutcome] = []
        var stopped = false
        let steps = plan.steps
        var index = 0
        while index < steps.count {
            // A run of subscriptions goes to a service that takes several per request together.
            if provider.capabilities.subscribeBatchLimit > 1, !stopped, let first = Self.subscription(steps[index]) {
                var requests = [first]
                while index + requests.count < steps.count, let next = Self.subscription(steps[index + requests.count]) { requests.append(next) }
                for outcome in subscribeInBatches(requests, shouldStop: shouldStop) {
                    stopped = stopped || outcome.stopsTheRun || (outcome == .notRun)
                    outcomes.append(outcome)
                    progress(outcomes.count - 1, outcome)
                }
                index += requests.count
                continue
            }
            stopped = stopped || shouldStop()
            defer { index += 1 }
            guard !stopped else { outcomes.append(.notRun); progress(index, .notRun); continue }
            let outcome: StepOutcome
            do throws(AdministrationError) {
                try run(steps[index])
                outcome = .done
            } catch {
                outcome = .failed(error)
                stopped = error.stopsTheRun
            }
            outcomes.append(outcome)
            progress(index, outcome)
        }
        return outcomes
    }

    /// The subscription a step asks for, when it is one.
    private static func subscription(_ step: PlanStep) -> SubscriptionRequest? {
        guard case .subscribe(let feed) = step else { return nil }
        return SubscriptionRequest(url: feed.url, folder: feed.folder, title: feed.title.flatMap { $0.isEmpty ? nil : $0 }, siteURL: feed.siteURL)
    }

    private func run(_ step: PlanStep) throws(AdministrationError) {
        switch step {
        case .createFolder(let name):
            // The subscribe or move that needs it may have made it already (a re-run).
            if try existingFolder(named: name) == nil { try createFolder(named: name) }
        case .subscribe:
            if let request = Self.subscription(step) { try subscribe(request, checkedForDuplicates: true) }
        case .rename(let feed, let title):
            try rename(feed, to: title)
        case .move(let feed, _, let folder):
            try move(feed, toFolder: folder)
        case .changeAddress(let feed, let url):
            try changeAddress(feed, to: url)
        case .changeSettings(let url, _, let differences):
            try changeSettings(at: url, differences)
        case .unsubscribe(let feed):
            try unsubscribe(feed)
        case .deleteFolder(let folder):
            try deleteFolder(folder)
        }
    }
}
