import Foundation
import LectorReader
import LectorTestSupport

/// The second half of `lector-bench extract`: the pages of `corpus/articles`, whose article body
/// a person marked, scored by the benchmark's rule (word 4-shingles, precision and recall
/// averaged over pages). `--dump DIR` writes each page's extracted text for study.
enum ArticlesBench {
    static func run(_ options: BenchOptions) throws {
        let directory = SharedCorpus.root + "/corpus/articles"
        let pages: [ArticleCorpus.Page]
        do { pages = try ArticleCorpus.load(from: directory) } catch {
            print("extract articles: skipped: \(error)")
            return
        }
        let dump = options.string("dump", default: "")
        var rows: [(page: ArticleCorpus.Page, counts: ShingleScore.Counts, milliseconds: Double)] = []
        for page in pages {
            var article: ExtractedArticle?
            let milliseconds = secondsElapsed {
                article = try? ContentExtractor.extract(html: page.html, url: page.url)
            } * 1_000
            let text = article?.textContent ?? ""
            if !dump.isEmpty {
                _ = FileManager.default.createFile(atPath: "\(dump)/\(page.id).txt", contents: Data(text.utf8))
                _ = FileManager.default.createFile(atPath: "\(dump)/\(page.id).html", contents: Data((article?.contentHTML ?? "").utf8))
            }
            rows.append((page, ShingleScore.counts(expected: page.articleBody, extracted: text), milliseconds))
        }
        guard !rows.isEmpty else { print("extract articles: skipped: the article corpus is empty"); return }
        let all = ShingleScore.summarize(rows.map(\.counts))
        let held = ShingleScore.summarize(rows.filter(\.page.isHeldOut).map(\.counts))
        let developed = ShingleScore.summarize(rows.filter { !$0.page.isHeldOut }.map(\.counts))
        let perPage = median(rows.map(\.milliseconds))
        print(String(format: "extract articles: %d pages; shingle F1 %.3f (precision %.3f, recall %.3f); %.1f ms per page (median), %.1f ms mean",
                     rows.count, all.f1, all.precision, all.recall, perPage, rows.map(\.milliseconds).reduce(0, +) / Double(rows.count)))
        print(String(format: "  development pages (%d): F1 %.3f (P %.3f, R %.3f); held-out pages (%d): F1 %.3f (P %.3f, R %.3f)",
                     rows.count(where: { !$0.page.isHeldOut }), developed.f1, developed.precision, developed.recall,
                     rows.count(where: \.page.isHeldOut), held.f1, held.precision, held.recall))
        print("  worst ten:")
        for row in rows.sorted(by: { $0.counts.f1 < $1.counts.f1 }).prefix(10) {
            print(String(format: "    %@ F1 %.3f P %.3f R %.3f %@%@", String(row.page.id.prefix(12)), row.counts.f1,
                         row.counts.precision, row.counts.recall, row.page.url.host ?? "", row.page.isHeldOut ? " (held out)" : ""))
        }
        Summary.record("extract", "shingle F1 over the articles corpus (people's article bodies)", lector: String(format: "%.3f", all.f1),
                       peer: "Readability.js 0.947, trafilatura 0.958 (published, all 181 pages)",
                       ratio: String(format: "%.3f / 0.947", all.f1),
                       goal: "≥ 0.97 with recall ≥ 0.97: " + Summary.verdict(all.f1 >= 0.97 && all.recall >= 0.97))
        Summary.record("extract", "articles: time per page (median)", lector: String(format: "%.1f ms", perPage),
                       peer: "—", ratio: "—", goal: "—")
    }
}
