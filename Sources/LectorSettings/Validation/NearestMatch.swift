import LectorBasics

/// The nearest-match rule lives in LectorBasics, where the store's filter language uses it too.
public typealias NearestMatch = LectorBasics.NearestMatch
