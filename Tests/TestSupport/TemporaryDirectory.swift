import Foundation

/// A fresh folder under the system temp directory, removed by `remove()`.
/// Each test makes its own, since Swift Testing runs tests in parallel.
public struct TemporaryDirectory: Sendable {
    public let url: URL

    public init(_ label: String = "kanora-test") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `relative` inside this folder.
    public func path(_ relative: String) -> String {
        url.appendingPathComponent(relative).path
    }

    /// Writes `contents` to `relative`, creating folders on the way; returns the path.
    @discardableResult
    public func write(_ relative: String, _ contents: Data) throws -> String {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: file)
        return file.path
    }

    /// Copies a file into `relative`; returns the new path.
    @discardableResult
    public func copy(_ source: URL, to relative: String) throws -> String {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: file)
        return file.path
    }

    /// Deletes the folder and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
