/// Every typed request of the API, for the reference and the tests that check each
/// method and path is used once.
public enum APICatalog {
    public static let requests: [any APIRequest.Type] = [
        VersionRequest.self,
        LibrariesRequest.self, LibraryNamedRequest.self, RenameLibraryRequest.self, RemoveLibraryRequest.self,
        TracksRequest.self, AlbumsRequest.self, ArtistsRequest.self, SearchRequest.self, TrackRequest.self,
        StatisticsRequest.self, UnreadableFilesRequest.self, HealthRequest.self, PruneRequest.self, MergeTracksRequest.self,
        PlaylistsRequest.self, PlaylistNamedRequest.self, PlaylistByIDRequest.self, CreatePlaylistRequest.self,
        PlaylistEntriesRequest.self, DeletePlaylistRequest.self, RenamePlaylistRequest.self, DuplicatePlaylistRequest.self,
        FreezePlaylistRequest.self, ImportM3URequest.self, ExportM3URequest.self,
        AddToPlaylistRequest.self, SetEntriesRequest.self, SetDescriptionRequest.self, RemoveFromPlaylistRequest.self,
        MoveEntryRequest.self, ClearPlaylistRequest.self, DedupePlaylistRequest.self,
        ScanLibrariesRequest.self, EventsRequest.self,
        APIKeysRequest.self, CreateAPIKeyRequest.self, RevokeAPIKeysRequest.self,
        UsersRequest.self, UserKeysRequest.self, RevokeUserKeysRequest.self,
        SignInRequest.self, SessionRequest.self, SignOutRequest.self, SetLanguageRequest.self,
        StarRequest.self, ScrobbleRequest.self, PlayQueueRequest.self, SavePlayQueueRequest.self, CoverRequest.self,
    ]
}
