import Foundation

/// A query travels as its canonical text (`description`), which `parse(_:)` reads back to an
/// equal query: the query language is the one definition, not re-invented for the wire.
/// `path:` values are absolute by then, so the text does not depend on a current directory.
extension LibraryQuery: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try LibraryQuery.parse(text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Query \"\(text)\": \(error.message)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A sort order travels as its keys' text (`year+ title-`).
extension SortOrder: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try SortOrder.parse([text])
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Sort \"\(text)\": \(error.message)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
