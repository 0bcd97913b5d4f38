import Foundation
import LibraryCore
import LibraryServices

/// ping, getLicense, getOpenSubsonicExtensions, getUser, tokenInfo, getMusicFolders,
/// getScanStatus and startScan.
enum SystemEndpoints: SubsonicEndpointGroup {
    static let endpoints: [SubsonicEndpoint] = [
        SubsonicEndpoint("ping") { _ in .ok },
        SubsonicEndpoint("getLicense") { _ in
            .payload(SubsonicNode("license", ["valid": true]))
        },
        SubsonicEndpoint("getOpenSubsonicExtensions", access: .anyone) { request in
            .list("openSubsonicExtensions", extensions(transcoding: request.server.transcoder.isEnabled).map { name, versions in
                var node = SubsonicNode("openSubsonicExtension", ["name": name])
                node.appendValues("versions", versions)
                return node
            })
        },
        SubsonicEndpoint("getUser", handler: user),
        SubsonicEndpoint("tokenInfo") { request in
            // OpenSubsonic apiKeyAuthentication: whose key this is. Other logins name their user already.
            guard request.parameters.string("apiKey") != nil else {
                throw SubsonicError(code: 42, "tokenInfo describes an API key: call it with apiKey (from `kanora user key NAME`) instead of u")
            }
            return .payload(SubsonicNode("tokenInfo", ["username": request.user.name]))
        },
        SubsonicEndpoint("getMusicFolders") { request in
            let libraries = try await request.services.library.libraries()
            var node = SubsonicNode("musicFolders")
            node.appendList("musicFolder", libraries.map { SubsonicNode("musicFolder", ["id": $0.id, "name": $0.name]) })
            return .payload(node)
        },
        SubsonicEndpoint("getScanStatus") { request in
            .payload(scanStatus(await request.server.scans.status))
        },
        SubsonicEndpoint("startScan", access: .admin) { request in
            .payload(scanStatus(await request.server.scans.start(services: request.services, logger: request.logger)))
        },
    ]

    /// The OpenSubsonic extensions Kanora always implements, with their versions.
    static let supportedExtensions: [(name: String, versions: [Int])] = [
        ("apiKeyAuthentication", [1]),
        ("formPost", [1]),
        ("songLyrics", [1]),
    ]

    /// The extensions this server implements: `transcodeOffset` (`stream` honours
    /// `timeOffset`) only when it found ffmpeg.
    static func extensions(transcoding: Bool) -> [(name: String, versions: [Int])] {
        supportedExtensions + (transcoding ? [("transcodeOffset", [1])] : [])
    }

    private static func scanStatus(_ status: ScanMonitor.Status) -> SubsonicNode {
        SubsonicNode("scanStatus", ["scanning": status.scanning, "count": status.count])
    }

    /// A user's own account; an administrator may read anyone's.
    private static func user(_ request: SubsonicRequest) async throws -> SubsonicReply {
        let name = try request.parameters.required("username")
        guard request.user.isAdmin || name.caseInsensitiveCompare(request.user.name) == .orderedSame else {
            throw SubsonicError.notAuthorized("Only an administrator may read another user's account")
        }
        let user = name.caseInsensitiveCompare(request.user.name) == .orderedSame
            ? request.user : try await request.services.users.user(named: name)
        let libraries = try await request.services.library.libraries()
        var node = SubsonicNode("user", [
            "username": user.name, "scrobblingEnabled": true, "adminRole": user.isAdmin,
            "settingsRole": false, "downloadRole": true, "uploadRole": false, "playlistRole": true,
            "coverArtRole": true, "commentRole": false, "podcastRole": false, "streamRole": true,
            "jukeboxRole": false, "shareRole": false, "videoConversionRole": false,
        ])
        node.appendValues("folder", libraries.map(\.id))
        return .payload(node)
    }
}
