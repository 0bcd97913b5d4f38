/// JSON with the audio fields at the top level beside the tags, as `TrackMetadata` was
/// written before it held `AudioProperties`: the API's track answers keep their bytes.
extension TrackMetadata: Codable {
    private enum CodingKeys: String, CodingKey {
        case damage, title, titleSort, artists, artistSort, albumArtists, albumArtistSort, album, albumSort
        case trackNumber, trackTotal, discNumber, discTotal, date, year, originalDate, originalYear, genres
        case composer, comment, compilation, bpm, musicBrainz, replayGain, otherTags
    }

    public init(from decoder: any Decoder) throws {
        self.init(audio: try AudioProperties(from: decoder))
        let c = try decoder.container(keyedBy: CodingKeys.self)
        damage = try c.decodeIfPresent(String.self, forKey: .damage)
        title = try c.decodeIfPresent(String.self, forKey: .title)
        titleSort = try c.decodeIfPresent(String.self, forKey: .titleSort)
        artists = try c.decode([String].self, forKey: .artists)
        artistSort = try c.decodeIfPresent(String.self, forKey: .artistSort)
        albumArtists = try c.decode([String].self, forKey: .albumArtists)
        albumArtistSort = try c.decodeIfPresent(String.self, forKey: .albumArtistSort)
        album = try c.decodeIfPresent(String.self, forKey: .album)
        albumSort = try c.decodeIfPresent(String.self, forKey: .albumSort)
        trackNumber = try c.decodeIfPresent(Int.self, forKey: .trackNumber)
        trackTotal = try c.decodeIfPresent(Int.self, forKey: .trackTotal)
        discNumber = try c.decodeIfPresent(Int.self, forKey: .discNumber)
        discTotal = try c.decodeIfPresent(Int.self, forKey: .discTotal)
        date = try c.decodeIfPresent(String.self, forKey: .date)
        year = try c.decodeIfPresent(Int.self, forKey: .year)
        originalDate = try c.decodeIfPresent(String.self, forKey: .originalDate)
        originalYear = try c.decodeIfPresent(Int.self, forKey: .originalYear)
        genres = try c.decode([String].self, forKey: .genres)
        composer = try c.decodeIfPresent(String.self, forKey: .composer)
        comment = try c.decodeIfPresent(String.self, forKey: .comment)
        compilation = try c.decode(Bool.self, forKey: .compilation)
        bpm = try c.decodeIfPresent(Double.self, forKey: .bpm)
        musicBrainz = try c.decode(MusicBrainzIDs.self, forKey: .musicBrainz)
        replayGain = try c.decode(ReplayGain.self, forKey: .replayGain)
        otherTags = try c.decode([String: [String]].self, forKey: .otherTags)
    }

    public func encode(to encoder: any Encoder) throws {
        // The audio fields first, into the same object, then the rest in declaration order.
        try audio.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(damage, forKey: .damage)
        try c.encodeIfPresent(title, forKey: .title)
        try c.encodeIfPresent(titleSort, forKey: .titleSort)
        try c.encode(artists, forKey: .artists)
        try c.encodeIfPresent(artistSort, forKey: .artistSort)
        try c.encode(albumArtists, forKey: .albumArtists)
        try c.encodeIfPresent(albumArtistSort, forKey: .albumArtistSort)
        try c.encodeIfPresent(album, forKey: .album)
        try c.encodeIfPresent(albumSort, forKey: .albumSort)
        try c.encodeIfPresent(trackNumber, forKey: .trackNumber)
        try c.encodeIfPresent(trackTotal, forKey: .trackTotal)
        try c.encodeIfPresent(discNumber, forKey: .discNumber)
        try c.encodeIfPresent(discTotal, forKey: .discTotal)
        try c.encodeIfPresent(date, forKey: .date)
        try c.encodeIfPresent(year, forKey: .year)
        try c.encodeIfPresent(originalDate, forKey: .originalDate)
        try c.encodeIfPresent(originalYear, forKey: .originalYear)
        try c.encode(genres, forKey: .genres)
        try c.encodeIfPresent(composer, forKey: .composer)
        try c.encodeIfPresent(comment, forKey: .comment)
        try c.encode(compilation, forKey: .compilation)
        try c.encodeIfPresent(bpm, forKey: .bpm)
        try c.encode(musicBrainz, forKey: .musicBrainz)
        try c.encode(replayGain, forKey: .replayGain)
        try c.encode(otherTags, forKey: .otherTags)
    }
}
