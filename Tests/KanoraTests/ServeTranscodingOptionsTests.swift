import Foundation
@testable import kanora
import LibraryServer
import Testing
import TestSupport

/// `kanora serve`'s transcoding options: validated in one line each, carried into the
/// server's configuration, and told at start-up.
@Suite("kanora serve: transcoding options")
struct ServeTranscodingOptionsTests {
    @Test("bad --ffmpeg, --transcode-limit, --transcode-cache and --downsample-format: exit 64 naming the option")
    func badOptions() async throws {
        let folder = try TemporaryDirectory("serve-transcode")
        defer { folder.remove() }
        let database = folder.path("library.sqlite")
        let cases: [([String], String)] = [
            (["--ffmpeg", folder.path("no-such-ffmpeg")], "--ffmpeg"),
            (["--transcode-limit", "0"], "--transcode-limit"),
            (["--transcode-cache", "lots"], "--transcode-cache"),
            (["--downsample-format", "flac"], "--downsample-format"),
        ]
        for (arguments, option) in cases {
            let run = await kanora(["serve"] + arguments, database: database)
            #expect(run.code == 64, "\(arguments)")
            #expect(run.err.contains(option), "\(run.err)")
            #expect(run.err.split(separator: "\n").count <= 3, "\(run.err)")
        }
    }

    @Test("the options reach the configuration; the cache lives beside the database")
    func configuration() throws {
        let serve = try #require(try Kanora.parseAsRoot([
            "serve", "--database", "/data/k/library.sqlite", "--ffmpeg", "/bin/sh", "--transcode-limit", "3",
            "--transcode-cache", "2.5GB", "--downsample-format", "MP3",
        ]) as? Kanora.Serve)
        let configuration = try serve.serverConfiguration()
        #expect(configuration.ffmpegPath == "/bin/sh")
        #expect(configuration.transcodeLimit == 3)
        #expect(configuration.transcodeCacheSize == 2_500_000_000)
        #expect(configuration.transcodeCacheDirectory == "/data/k/transcodes")
        #expect(configuration.downsampleFormat == .mp3)
        #expect(Kanora.Serve.byteCount("0") == 0)
        #expect(Kanora.Serve.byteCount("500MB") == 500_000_000)
        #expect(Kanora.Serve.byteCount("-1GB") == nil)
    }

    @Test("the start-up line says whether transcoding is on")
    func startupLine() {
        let off = Kanora.Serve.transcodingLine(ServerConfiguration(ffmpegPath: nil))
        #expect(off.hasPrefix("Transcoding off: no ffmpeg"))
        let on = Kanora.Serve.transcodingLine(ServerConfiguration(ffmpegPath: "/usr/bin/ffmpeg", transcodeLimit: 2))
        #expect(on == "Transcoding on with /usr/bin/ffmpeg: up to 2 at once, opus for a bitrate limit alone")
    }
}
