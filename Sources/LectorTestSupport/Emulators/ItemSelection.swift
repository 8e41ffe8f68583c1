/// Items are kept in id order so that a page is found by binary search and served in time
/// proportional to the page, not to the account: a sync of a 1,000,000-item account asks for
/// hundreds of pages, and copying, filtering and sorting every item for each page made the
/// emulators quadratic.
extension FeedStore.State {
    /// The position of the first item whose id is at least `id`.
    func lowerBound(_ id: Int64) -> Int {
        var low = 0, high = items.count
        while low < high {
            let middle = (low + high) / 2
            if items[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The position of the item with this id, if there is one.
    func position(of id: Int64) -> Int? {
        let index = lowerBound(id)
        return index < items.count && items[index].id == id ? index : nil
    }

    /// The positions of these ids that exist, in id order, each once.
    func positions(of ids: some Sequence<Int64>) -> [Int] {
        Set(ids.compactMap(position(of:))).sorted()
    }

    /// Adds an item at its place in id order (after any item with the same id).
    mutating func insert(_ item: EmulatedItem) {
        if let last = items.last, last.id > item.id {
            items.insert(item, at: lowerBound(item.id + 1))
        } else {
            items.append(item)
        }
    }

    /// The positions, in id order, of the items `build` selects, remembered under `key` until
    /// items, feeds or folders change: every page of one listing reuses one selection.
    mutating func selection(_ key: String, _ build: (FeedStore.State) -> [Int]) -> [Int] {
        if selectionsVersion != version {
            selections.removeAll(keepingCapacity: true)
            selectionsVersion = version
        }
        if let cached = selections[key] { return cached }
        let built = build(self)
        selections[key] = built
        return built
    }

    /// The positions of the items matching `include`, in id order.
    func positions(where include: (EmulatedItem) -> Bool) -> [Int] {
        items.indices.filter { include(items[$0]) }
    }
}

/// Binary search over a selection (positions in id order).
extension Array where Element == Int {
    /// The index of the first position whose item id is at least `id`.
    func firstIndex(idAtLeast id: Int64, in items: [EmulatedItem]) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if items[self[middle]].id < id { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
