/// The MIME type of each audio format the scanner records (`TrackMetadata.format`).
enum AudioContentType {
    /// The Content-Type for a track of `format` ("MP3", "FLAC", "Opus", ...).
    static func of(format: String) -> String {
        switch format {
        case "MP3", "MP2", "MP1": "audio/mpeg"
        case "FLAC": "audio/flac"
        case "Vorbis", "Opus", "Speex", "Ogg FLAC": "audio/ogg"
        case "AAC", "ALAC", "MP4": "audio/mp4"
        case "WAV": "audio/wav"
        case "AIFF": "audio/aiff"
        case "WMA": "audio/x-ms-wma"
        case "WavPack": "audio/x-wavpack"
        case "APE": "audio/x-ape"
        case "Musepack": "audio/x-musepack"
        case "TTA": "audio/x-tta"
        case "MOD": "audio/x-mod"
        case "S3M": "audio/x-s3m"
        case "IT": "audio/x-it"
        case "XM": "audio/x-xm"
        default: "application/octet-stream"
        }
    }
}
