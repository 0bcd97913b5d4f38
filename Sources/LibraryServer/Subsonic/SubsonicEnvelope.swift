/// The `subsonic-response` element every answer is wrapped in.
enum SubsonicEnvelope {
    /// The Subsonic API version Kanora speaks.
    static let apiVersion = "1.16.1"

    case ok(SubsonicNode?)
    case okList(name: String, items: [SubsonicNode])
    case failed(SubsonicError)

    func node(serverVersion: String) -> SubsonicNode {
        var root = SubsonicNode("subsonic-response")
        switch self {
        case .ok, .okList: root.set("status", "ok")
        case .failed: root.set("status", "failed")
        }
        root.set("version", Self.apiVersion)
        root.set("type", "kanora")
        root.set("serverVersion", serverVersion)
        root.set("openSubsonic", true)
        switch self {
        case .ok(let payload?): root.append(payload)
        case .ok(nil): break
        case .okList(let name, let items): root.appendList(name, items)
        case .failed(let error): root.append(SubsonicNode("error", ["code": error.code, "message": error.message]))
        }
        return root
    }
}
