import LibraryCore
@testable import LibraryServices
import Testing

/// The walk's pending folders come out in the order of the stack they replaced: each
/// listing's subfolders pushed in reverse, taken from the top (the order decides which
/// folder a scan plans first, so which ids new rows get).
@Suite("Pending folders")
struct PendingFoldersTests {
    private func subfolders(_ names: [String]) -> Subfolders {
        var subfolders = Subfolders(parent: RawPath("/m"), names: [])
        for (index, name) in names.enumerated() {
            subfolders.append(name: Array(name.utf8), id: DirectoryID(device: 1, inode: UInt64(index + 1)), mtimeNs: Int64(index) * 10)
        }
        return subfolders
    }

    @Test("folders come first found, last listed first, with their identity and rules")
    func order() {
        let listings: [String: [String]] = [
            "root": ["a", "b", "c"], "a": ["a1", "a2"], "b": [], "c": ["c1"], "a2": ["a2x", "a2y", "a2z"],
        ]
        var pending = PendingFolders(start: (RawPath("/m/root"), nil, IgnoreRules()))
        var order: [String] = []
        while !pending.isEmpty {
            // Take up to two at a time, as the walk takes a chunk before listing them.
            var chunk: [String] = []
            while chunk.count < 2, let folder = pending.popLast() {
                let name = String(folder.path.text.dropFirst(3))
                if name == "root" {
                    #expect(folder.known == nil)
                } else {
                    #expect(folder.known?.0.device == 1)
                }
                chunk.append(name)
            }
            order += chunk
            for name in chunk { pending.push(subfolders(listings[name] ?? []), rules: IgnoreRules()) }
        }
        #expect(pending.popLast() == nil)
        #expect(order == chunkedStackOrder(start: "root", listings: listings, chunk: 2))
    }

    /// The old walk: pop up to `chunk` folders, then push each one's listing in reverse.
    private func chunkedStackOrder(start: String, listings: [String: [String]], chunk size: Int) -> [String] {
        var stack = [start]
        var order: [String] = []
        while !stack.isEmpty {
            var chunk: [String] = []
            while chunk.count < size, let folder = stack.popLast() { chunk.append(folder) }
            order += chunk
            for folder in chunk {
                for name in (listings[folder] ?? []).reversed() { stack.append(name) }
            }
        }
        return order
    }

    @Test("a listing's known identity and mtime are handed on")
    func identity() {
        var pending = PendingFolders(start: (RawPath("/m"), nil, IgnoreRules()))
        _ = pending.popLast()
        pending.push(subfolders(["x", "y"]), rules: IgnoreRules())
        let x = pending.popLast()
        let y = pending.popLast()
        #expect(x?.path == RawPath("/m/x") && x?.known?.0.inode == 1 && x?.known?.1 == 0)
        #expect(y?.path == RawPath("/m/y") && y?.known?.0.inode == 2 && y?.known?.1 == 10)
        #expect(pending.isEmpty)
    }
}
