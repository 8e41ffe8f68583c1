import Glibc

extension Array {
    /// The order of SQLite's `ORDER BY a COLLATE NOCASE, b COLLATE NOCASE`, computed here: ASCII
    /// letters folded, every other byte compared as it is, a prefix first; equal keys keep their
    /// order. SQLite's sorter spent 14 M instructions ordering 1,000 feeds (callgrind, `feed list
    /// --json`, 2026-12-06) — a fifth of the command. The folded keys sit end to end in one
    /// buffer and are compared with memcmp, so the comparisons touch no reference counts: 5.7 M
    /// instructions with an array of bytes per key, before.
    func sortedByNoCase(_ keys: (Element) -> (String, String)) -> [Element] {
        var bytes: [UInt8] = []
        var spans: [(first: Int, firstCount: Int, second: Int, secondCount: Int)] = []
        spans.reserveCapacity(count)
        var previousFirst: (text: String, start: Int, count: Int)?
        // By index into the buffer, so each element is lent to `keys`, not copied (a thousand
        // copies of a feed's listing were 0.23 M instructions).
        withUnsafeBufferPointer { elements in
            for index in elements.indices {
                let (first, second) = keys(elements[index])
                // A run of rows with the same first key (one account's feeds) shares its bytes, so
                // that comparing it is comparing two offsets.
                if previousFirst?.text != first {
                    let start = bytes.count
                    NoCaseOrder.appendFolded(first, to: &bytes)
                    previousFirst = (first, start, bytes.count - start)
                }
                let secondStart = bytes.count
                NoCaseOrder.appendFolded(second, to: &bytes)
                spans.append((previousFirst!.start, previousFirst!.count, secondStart, bytes.count - secondStart))
            }
        }
        // Each title's first eight folded bytes as one number, compared before any memcmp: the
        // closure's memcmp of two spans was most of the sort (1.56 M of feed list's instructions).
        let prefixes = bytes.withUnsafeBufferPointer { buffer in
            spans.map { NoCaseOrder.prefix(buffer, $0.second, $0.secondCount) }
        }
        let order = bytes.withUnsafeBufferPointer { buffer in
            spans.withUnsafeBufferPointer { spans in
                prefixes.withUnsafeBufferPointer { prefixes in
                    indices.sorted { left, right in
                        let l = spans[left], r = spans[right]
                        var order = l.first == r.first ? 0 : NoCaseOrder.compare(buffer, l.first, l.firstCount, r.first, r.firstCount)
                        if order == 0 {
                            let lp = prefixes[left], rp = prefixes[right]
                            order = lp != rp ? (lp < rp ? -1 : 1) : NoCaseOrder.compare(buffer, l.second, l.secondCount, r.second, r.secondCount)
                        }
                        return order != 0 ? order < 0 : left < right
                    }
                }
            }
        }
        return order.map { self[$0] }
    }
}

enum NoCaseOrder {
    /// `text`'s UTF-8 bytes with A–Z lowered, as SQLite's NOCASE folds them (ASCII only).
    static func appendFolded(_ text: String, to bytes: inout [UInt8]) {
        let start = bytes.count
        var text = text
        // Appended whole and folded in place: a byte at a time cost a thousand instructions a title.
        text.withUTF8 { bytes.append(contentsOf: $0) }
        bytes.withUnsafeMutableBufferPointer { buffer in
            for index in start..<buffer.count where buffer[index] &- 0x41 < 26 { buffer[index] |= 0x20 }
        }
    }

    /// The first eight of the `count` bytes at `start`, big-endian and padded with zeros, so that
    /// two prefixes that differ are in the order memcmp, shorter first, gives their texts: where
    /// they differ, either both texts have a byte there, or the shorter one has ended and the
    /// other has a byte above zero after all it shares with it. Equal prefixes decide nothing.
    static func prefix(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<8 { value = value << 8 | UInt64(index < count ? buffer[start + index] : 0) }
        return value
    }

    /// The order of the `leftCount` bytes at `left` and the `rightCount` at `right` in `buffer`.
    static func compare(_ buffer: UnsafeBufferPointer<UInt8>, _ left: Int, _ leftCount: Int, _ right: Int, _ rightCount: Int) -> Int {
        let shared = min(leftCount, rightCount)
        if shared > 0, let base = buffer.baseAddress {
            let order = memcmp(base + left, base + right, shared)
            if order != 0 { return order < 0 ? -1 : 1 }
        }
        return leftCount == rightCount ? 0 : (leftCount < rightCount ? -1 : 1)
    }
}
