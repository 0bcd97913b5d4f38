import Foundation

/// A path travels as its text when its bytes are valid UTF-8 (`"/music/a.flac"`), else as
/// `{"base64": "..."}` holding the exact bytes, so every path a kernel can give round-trips.
extension RawPath: Codable {
    private enum CodingKeys: String, CodingKey {
        case base64
    }

    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.singleValueContainer(), let text = try? container.decode(String.self) {
            self.init(text)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let encoded = try container.decode(String.self, forKey: .base64)
        guard let data = Data(base64Encoded: encoded) else {
            throw DecodingError.dataCorruptedError(forKey: .base64, in: container, debugDescription: "A path's base64 bytes do not decode.")
        }
        self.init(bytes: Array(data))
    }

    public func encode(to encoder: any Encoder) throws {
        if let text = String(validating: bytes, as: UTF8.self) {
            var container = encoder.singleValueContainer()
            try container.encode(text)
        } else {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(Data(bytes).base64EncodedString(), forKey: .base64)
        }
    }
}
