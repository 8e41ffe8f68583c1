/// Growable byte storage that a parse reuses for every captured element.
///
/// Plain pointer fields rather than a `[UInt8]`: the characters callback fires for every run of text
/// and every entity reference, and an array appended through a class property paid for exclusivity
/// checks, a uniqueness check and a generic append each time. Every field access here is a single
/// load or store with no call inside it, which lets the optimiser drop the exclusivity checks.
final class ByteBuffer {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 4096) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Empties the buffer and keeps its storage.
    func removeAll() {
        count = 0
    }

    /// The bytes so far; the pointer is valid only inside `body`.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        body(UnsafeBufferPointer(start: base, count: count))
    }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let start = reserve(bytes.count)
        // Entity references arrive one character at a time; a call to memmove costs more than they do.
        if bytes.count <= 8 {
            for i in 0..<bytes.count { start[i] = source[i] }
        } else {
            start.initialize(from: source, count: bytes.count)
        }
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1).initialize(to: byte)
    }

    func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// Appends a NUL-terminated string without its terminator.
    func append(cString: UnsafePointer<UInt8>) {
        append(UnsafeBufferPointer(start: cString, count: cStringLength(cString)))
    }

    /// Grows the count by `n` and returns where those `n` bytes go.
    @inline(__always)
    private func reserve(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        let used = count
        if used + n > capacity { grow(toHold: used + n) }
        count = used + n
        return base + used
    }

    private func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}

private func cStringLength(_ p: UnsafePointer<UInt8>) -> Int {
    var n = 0
    while p[n] != 0 { n += 1 }
    return n
}
