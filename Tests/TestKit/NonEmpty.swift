/// Why loaded test data cannot be used.
public struct MissingTestData: Error, CustomStringConvertible {
    public let description: String
}

/// `collection` itself, or a thrown `MissingTestData` when it is empty: a parameterised test
/// whose arguments come from loaded data must fail, not pass with zero cases, when that data
/// is missing.
public func nonEmpty<C: Collection>(_ collection: C, _ what: String) throws -> C {
    guard !collection.isEmpty else { throw MissingTestData(description: "no \(what): the test data did not load") }
    return collection
}
