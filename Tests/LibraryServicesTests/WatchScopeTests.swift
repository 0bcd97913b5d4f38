import Foundation
import LibraryCore
@testable import LibraryServices
import Testing
import TestSupport

@Suite("Watch: which folders to sync, and which file systems to trust")
struct WatchScopeTests {
    private let roots = [RawPath("/music"), RawPath("/books")]

    private func coalesce(_ folders: [String]) -> [String] {
        SyncScope.coalesce(Set(folders.map { RawPath($0) }), roots: roots).map(\.folder.text)
    }

    @Test func nestedFoldersFoldIntoTheOuterOne() {
        #expect(coalesce(["/music/A", "/music/A/B", "/music/A/B/C"]) == ["/music/A"])
    }

    @Test func siblingsFoldIntoTheirParent() {
        #expect(coalesce(["/music/A/X", "/music/A/Y"]) == ["/music/A"])
        #expect(coalesce(["/music/A/X/1", "/music/B/Y"]) == ["/music"])
    }

    @Test func eachLibraryIsSyncedSeparately() {
        #expect(coalesce(["/music/A", "/books/B", "/elsewhere"]) == ["/books/B", "/music/A"])
    }

    @Test func aFolderThatNamesAnotherAsPrefixIsNotInsideIt() {
        #expect(SyncScope.commonAncestor(RawPath("/music/Ab"), RawPath("/music/A")).text == "/music")
    }

    @Test func aDeletedFolderSyncsItsNearestExistingAncestor() throws {
        let folder = try TemporaryDirectory("scope")
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path("A/B"), withIntermediateDirectories: true)
        let root = RawPath(folder.url.resolvingSymlinksInPath().path)
        #expect(SyncScope.existingFolder(root.appending(Array("A/B".utf8)), root: root) == root.appending(Array("A/B".utf8)))
        #expect(SyncScope.existingFolder(root.appending(Array("A/Gone/Deeper".utf8)), root: root) == root.appending(Array("A".utf8)))
        #expect(SyncScope.existingFolder(RawPath("/nowhere"), root: root) == root)
    }

    @Test func aSymlinkLeadingOutOfTheLibrarySyncsTheFolderHoldingIt() throws {
        let folder = try TemporaryDirectory("scope-link")
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path("lib/A"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path("outside"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path("lib/A/link"), withDestinationPath: folder.path("outside"))
        let root = RawPath(URL(fileURLWithPath: folder.path("lib")).resolvingSymlinksInPath().path)
        #expect(SyncScope.existingFolder(root.appending(Array("A/link".utf8)), root: root) == root.appending(Array("A".utf8)))
    }

    private let mountInfo = """
        22 27 0:21 / /proc rw,relatime - proc proc rw
        27 1 8:1 / / rw,relatime - ext4 /dev/sda1 rw
        40 27 0:50 / /mnt/nas rw - nfs4 nas:/music rw
        41 27 0:51 / /mnt/my\\040share rw - cifs //host/share rw
        42 27 0:52 / /home/me/remote rw,nosuid - fuse.sshfs me@host: rw
        43 27 8:2 / /data rw - xfs /dev/sda2 rw
        44 40 8:3 / /mnt/nas rw - ext4 /dev/sda3 rw
        """

    private func kind(_ path: String, device: (UInt32, UInt32)? = nil) -> FileSystemKind? {
        FileSystemKind.of(RawPath(path), device: device.map { (major: $0.0, minor: $0.1) }, mountInfo: mountInfo)
    }

    @Test func theDeepestMountHoldingThePathGivesItsType() {
        #expect(kind("/home/me/Music")?.type == "ext4")
        #expect(kind("/mnt/nas/Artist")?.type == "nfs4")
        #expect(kind("/mnt/my share/x")?.type == "cifs")
        #expect(kind("/home/me/remote/x")?.type == "fuse.sshfs")
        #expect(kind("/data")?.type == "xfs")
        #expect(kind("/database")?.type == "ext4")
    }

    @Test func theDeviceDecidesOverThePath() {
        // Two mounts on one point (the later hides the earlier): the path's device tells which.
        #expect(kind("/mnt/nas/Artist", device: (8, 3))?.type == "ext4")
        #expect(kind("/mnt/nas/Artist", device: (0, 50))?.type == "nfs4")
    }

    @Test func networkAndFUSEFileSystemsAreNotTrusted() {
        #expect(FileSystemKind(type: "ext4").remoteReason == nil)
        #expect(FileSystemKind(type: "tmpfs").remoteReason == nil)
        #expect(FileSystemKind(type: "nfs4").remoteReason == "network file system (nfs4)")
        #expect(FileSystemKind(type: "cifs").remoteReason != nil)
        #expect(FileSystemKind(type: "9p").remoteReason != nil)
        #expect(FileSystemKind(type: "fuse.sshfs").remoteReason == "FUSE file system (fuse.sshfs)")
    }
}
