/// Average reading speed used for estimates, in words per minute.
public let readingWordsPerMinute = 220

/// Minutes needed to read `wordCount` words at 220 words a minute, rounded up, never less than 1.
public func readingMinutes(wordCount: Int) -> Int {
    max(1, (max(0, wordCount) + readingWordsPerMinute - 1) / readingWordsPerMinute)
}
