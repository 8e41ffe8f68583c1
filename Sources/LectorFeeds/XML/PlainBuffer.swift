import FoundationEssentials
import Glibc

/// Growable storage of plain values (bytes of captured text, frames of open elements) that a parse
/// reuses for every element.
///
/// Plain pointer fields rather than an array: the SAX callbacks append and remove for every run of
/// text, entity reference and element, and an array held in a class property paid for exclusivity
/// checks, a uniqueness check and a generic append each time. Every field access here is a single
/// load or store with no call inside it, which lets the optimiser drop the exclusivity checks.
final class PlainBuffer<Element: BitwiseCopyable> {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        base = Self.reallocate(nil, capacity: capacity)
    }

    deinit {
        free(base)
    }

    var last: Element? {
        count > 0 ? base[count - 1] : nil
    }

    /// Empties the buffer and keeps its storage.
    func removeAll() {
        count = 0
    }

    func popLast() -> Element? {
        guard count > 0 else { return nil }
        count -= 1
        return base[count]
    }

    /// The elements so far; the pointer is valid only inside `body`.
    func withElements<R>(_ body: (UnsafeBufferPointer<Element>) -> R) -> R {
        body(UnsafeBufferPointer(start: base, count: count))
    }

    @inline(__always)
    func append(_ element: Element) {
        reserve(1).initialize(to: element)
    }

    @inline(__always)
    func append(_ elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress else { return }
        let start = reserve(elements.count)
        // Entity references arrive one character at a time; a call to memmove costs more than they do.
        if elements.count <= 8 {
            for i in 0..<elements.count { start[i] = source[i] }
        } else {
            start.initialize(from: source, count: elements.count)
        }
    }

    /// Grows the count by `n` and returns where those `n` elements go.
    @inline(__always)
    private func reserve(_ n: Int) -> UnsafeMutablePointer<Element> {
        let used = count
        if used + n > capacity { grow(toHold: used + n) }
        count = used + n
        return base + used
    }

    private func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        base = Self.reallocate(base, capacity: newCapacity)
        capacity = newCapacity
    }

    /// realloc rather than allocate-and-copy: plain values may move bitwise, and a large block grows
    /// by remapping its pages instead of copying them into fresh ones (long fields of big feeds).
    private static func reallocate(_ old: UnsafeMutablePointer<Element>?, capacity: Int) -> UnsafeMutablePointer<Element> {
        guard let raw = realloc(old, capacity * MemoryLayout<Element>.stride) else {
            fatalError("out of memory growing a parse buffer to \(capacity) elements")
        }
        return raw.bindMemory(to: Element.self, capacity: capacity)
    }
}

extension PlainBuffer<UInt8> {
    func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// Appends a NUL-terminated string without its terminator.
    func append(cString: UnsafePointer<UInt8>) {
        var length = 0
        while cString[length] != 0 { length += 1 }
        append(UnsafeBufferPointer(start: cString, count: length))
    }
}
