/// Short lines that name the author or the date of a story ("By Jane Doe", "Published 10:02 AM
/// EST Nov 19, 2019", "Updated 3 hours ago"), which people leave out of the article body.
enum BylinePattern {
    private static let openings = ["by ", "published", "updated", "posted", "written by", "last updated", "von ", "por ", "par "]
    private static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
        "december", "jan ", "feb ", "mar ", "apr ", "jun ", "jul ", "aug ", "sep ", "sept ", "oct ", "nov ", "dec ",
        "jan.", "feb.", "aug.", "sept.", "oct.", "nov.", "dec.",
    ]

    static func looksLikeByline(_ text: String) -> Bool {
        let lower = text.lowercased()
        // A bare address printed above the story (a share or permalink widget).
        if lower.hasPrefix("http"), !lower.contains(" ") { return true }
        guard lower.count <= 120 else { return false }
        if openings.contains(where: { lower.hasPrefix($0) }) { return true }
        let digits = lower.filter(\.isNumber).count
        let words = lower.split(whereSeparator: \.isWhitespace).count
        // A date: a month name with a number, or mostly numbers ("11/18/19 11:04 PM"). Counting
        // characters too keeps a sentence in a script written without spaces from passing as few words.
        if digits >= 1, words <= 12, lower.count <= 80, months.contains(where: { lower.contains($0) }) { return true }
        return digits >= 4 && words <= 6 && lower.count <= 40
    }
}
