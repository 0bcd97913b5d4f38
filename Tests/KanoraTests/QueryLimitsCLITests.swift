import Foundation
@testable import kanora
import LibraryServer
import Testing
import TestSupport

/// Regular expressions and query time limits, as the command line sees them.
@Suite("kanora: regular expressions and query time limits")
struct QueryLimitsCLITests {
    @Test func aPatternRE2RefusesIsAUsageErrorNamingTheTerm() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        let result = await cli.run(["list", "title::(?=x)"])
        #expect(result.code == 64)
        #expect(result.out.isEmpty)
        #expect(result.err.contains("\"title::(?=x)\""))
        #expect(result.err.contains("RE2: invalid perl operator: (?="))
        #expect(result.err.split(separator: "\n").count == 1)
    }

    /// The pattern that once ran for over a minute on 200 tracks, over RE2.
    @Test func theEvilPatternAnswers() async throws {
        let cli = try await QueryCLIRunner()
        defer { cli.remove() }
        let result = await cli.run(["list", "title::(.*.*)*d$", "--format", "$title"])
        #expect(result.code == 0)
        #expect(QueryCLIRunner.lines(result.out) == ["Hyperballad"])
    }

    @Test func queryTimeoutIsValidatedAndReachesTheServer() async throws {
        let folder = try TemporaryDirectory("serve-timeout")
        defer { folder.remove() }
        for bad in ["0", "-1", "nan", "inf"] {
            let result = await kanora(["serve", "--query-timeout", bad], database: folder.path("library.sqlite"))
            #expect(result.code == 64, "\(bad)")
            #expect(result.err.contains("--query-timeout"), "\(bad)")
        }
        let defaults = try #require(try Kanora.parseAsRoot(["serve"]) as? Kanora.Serve)
        #expect(try defaults.serverConfiguration().statementTimeout == .seconds(10))
        let set = try #require(try Kanora.parseAsRoot(["serve", "--query-timeout", "2.5"]) as? Kanora.Serve)
        #expect(try set.serverConfiguration().statementTimeout == .milliseconds(2500))
    }
}
