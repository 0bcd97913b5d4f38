/// A `LibraryError` travels as `{"kind": "notFound", "message": "No playlist named ..."}`: the
/// kind is the code's raw value, so a client rebuilds the very error the server threw.
extension LibraryError: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, message
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try container.decode(Code.self, forKey: .kind), try container.decode(String.self, forKey: .message))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .kind)
        try container.encode(message, forKey: .message)
    }
}

extension LibraryError.Code: Codable {}
