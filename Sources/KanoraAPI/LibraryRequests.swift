import Foundation
import LibraryCore
import LibraryServices

/// A library's name, or a playlist's.
public struct NameQuery: Codable, Sendable, Equatable {
    public var name: String
    public init(name: String) { self.name = name }
}

/// A new name for the library or playlist named `name`.
public struct RenameBody: Codable, Sendable, Equatable {
    public var name: String
    public var newName: String
    public init(name: String, newName: String) { self.name = name; self.newName = newName }
}

/// `GET libraries`: every library.
public struct LibrariesRequest: APIRequest {
    public typealias Response = [Library]
    public static let method = APIMethod.get, endpoint = "libraries"
    public static let access = APIAccess.user
    public let query: APIEmpty, body: APIEmpty
    public init(query: APIEmpty, body: APIEmpty) { self.query = query; self.body = body }
}

/// `GET libraries/named`: the library with a name (ignoring case).
public struct LibraryNamedRequest: APIRequest {
    public typealias Response = Library
    public static let method = APIMethod.get, endpoint = "libraries/named"
    public static let access = APIAccess.user
    public let query: NameQuery, body: APIEmpty
    public init(query: NameQuery, body: APIEmpty) { self.query = query; self.body = body }
}

/// `POST libraries/rename`: renames a library.
public struct RenameLibraryRequest: APIRequest {
    public typealias Response = Library
    public static let method = APIMethod.post, endpoint = "libraries/rename"
    public static let access = APIAccess.admin
    public let query: APIEmpty, body: RenameBody
    public init(query: APIEmpty, body: RenameBody) { self.query = query; self.body = body }
}

/// `DELETE libraries`: forgets a library and its tracks (the server's files are untouched).
public struct RemoveLibraryRequest: APIRequest {
    public typealias Response = Library
    public static let method = APIMethod.delete, endpoint = "libraries"
    public static let access = APIAccess.admin
    public let query: APIEmpty, body: NameQuery
    public init(query: APIEmpty, body: NameQuery) { self.query = query; self.body = body }
}

/// What `prune` removes: missing tracks of one library (or all), or only what it would.
public struct PruneBody: Codable, Sendable, Equatable {
    public var library: String?
    public var dryRun: Bool
    public init(library: String?, dryRun: Bool) { self.library = library; self.dryRun = dryRun }
}

/// `POST prune`: deletes missing tracks for good (or says which, with `dryRun`).
public struct PruneRequest: APIRequest {
    public typealias Response = PruneReport
    public static let method = APIMethod.post, endpoint = "prune"
    public static let access = APIAccess.admin
    public let query: APIEmpty, body: PruneBody
    public init(query: APIEmpty, body: PruneBody) { self.query = query; self.body = body }
}

/// `GET statistics`: totals over the present tracks matching a query.
public struct StatisticsRequest: APIRequest {
    public typealias Response = LibraryStatistics
    public static let method = APIMethod.get, endpoint = "statistics"
    public static let access = APIAccess.user
    public let query: LibraryQuery, body: APIEmpty
    public init(query: LibraryQuery, body: APIEmpty) { self.query = query; self.body = body }
}

/// `GET unreadable`: files the scanner could not read, with reasons.
public struct UnreadableFilesRequest: APIRequest {
    public typealias Response = [StoredFailure]
    public static let method = APIMethod.get, endpoint = "unreadable"
    public static let access = APIAccess.user
    public let query: APIEmpty, body: APIEmpty
    public init(query: APIEmpty, body: APIEmpty) { self.query = query; self.body = body }
}

/// `GET health`: what `kanora doctor` reports.
public struct HealthRequest: APIRequest {
    public typealias Response = LibraryHealth
    public static let method = APIMethod.get, endpoint = "health"
    public static let access = APIAccess.user
    public let query: APIEmpty, body: APIEmpty
    public init(query: APIEmpty, body: APIEmpty) { self.query = query; self.body = body }
}

/// Which track to merge into which, and whether two present files may be merged.
public struct MergeBody: Codable, Sendable, Equatable {
    public var oldID: Int64
    public var newID: Int64
    public var force: Bool
    public init(oldID: Int64, newID: Int64, force: Bool) { self.oldID = oldID; self.newID = newID; self.force = force }
}

/// `POST tracks/merge`: merges one track's history into another's (`kanora merge`).
public struct MergeTracksRequest: APIRequest {
    public typealias Response = TrackMergeReport
    public static let method = APIMethod.post, endpoint = "tracks/merge"
    public static let access = APIAccess.admin
    public let query: APIEmpty, body: MergeBody
    public init(query: APIEmpty, body: MergeBody) { self.query = query; self.body = body }
}
