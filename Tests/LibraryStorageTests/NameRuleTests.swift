@testable import LibraryCore
@testable import LibraryStorage
import Testing

private struct Playlist: PlaylistFields {
    var name: String
    var description: String?
}

private struct Library: LibraryFields {
    var name: String
}

@Suite("NameRule and field rules")
struct NameRuleTests {
    private let rule = PlaylistRules.name

    @Test func validateTrimsAndNormalises() throws {
        #expect(try rule.validate("  Road Trip  ") == "Road Trip")
        #expect(try rule.validate("\tRoad Trip\t") == "Road Trip")
        #expect(try rule.validate("Cafe\u{301}") == "Café")
        #expect(try rule.validate("Café").unicodeScalars.count == 4)
        #expect(try rule.validate("Mix 2024") == "Mix 2024")
    }

    @Test func validateRejectsEmpty() {
        for raw in ["", "   ", "\t"] {
            #expect(throws: ValidationError(
                field: "playlist name",
                message: "The playlist name is empty: give a name with at least one visible character.")) {
                try rule.validate(raw)
            }
        }
    }

    @Test func validateRejectsControlCharacters() {
        for raw in ["Road\nTrip", "Road\r\nTrip", "A\u{0}B", "Bell\u{7}", "Del\u{7F}", "Next\u{85}Line", "Tab\tinside"] {
            #expect(throws: ValidationError(
                field: "playlist name",
                message: "The playlist name contains a control character or line break: use a single line of text.")) {
                try rule.validate(raw)
            }
        }
    }

    @Test func validateRejectsOverLongNames() throws {
        #expect(try rule.validate(String(repeating: "x", count: 200)).count == 200)
        #expect(try rule.validate(" " + String(repeating: "x", count: 200) + " ").count == 200)
        #expect(throws: ValidationError(
            field: "playlist name",
            message: "The playlist name is 201 characters long: use at most 200.")) {
            try rule.validate(String(repeating: "x", count: 201))
        }
        #expect(throws: ValidationError(
            field: "library name",
            message: "The library name is 101 characters long: use at most 100.")) {
            try LibraryRules.name.validate(String(repeating: "x", count: 101))
        }
    }

    @Test func keyIgnoresCaseAndNormalisation() {
        #expect(rule.key(for: "Road Trip") == "road trip")
        #expect(rule.key(for: "CAFE\u{301}") == rule.key(for: "café"))
        #expect(rule.key(for: "Björk") != rule.key(for: "Bjork"))
    }

    @Test func errorDescriptionIsTheMessage() {
        let error = ValidationError(field: "f", message: "Do this.")
        #expect(error.errorDescription == "Do this.")
    }

    @Test func playlistFieldsValidateNameThenDescription() throws {
        try Playlist(name: "Fine", description: nil).validate()
        try Playlist(name: "Fine", description: String(repeating: "d", count: 2000)).validate()
        #expect(throws: ValidationError.self) { try Playlist(name: " ", description: nil).validate() }
        #expect(throws: ValidationError(
            field: "playlist description",
            message: "The playlist description is 2001 characters long: use at most 2000.")) {
            try Playlist(name: "Fine", description: String(repeating: "d", count: 2001)).validate()
        }
    }

    @Test func libraryFieldsValidateName() throws {
        try Library(name: "Music").validate()
        let error = try #require(throws: ValidationError.self) { try Library(name: "").validate() }
        #expect(error.field == "library name")
    }

    static let agreementInputs: [String] = [
        "Road Trip", "x", "", "   ", " padded ", "\tTabbed\t", "a\nb", "a\rb", "a\u{1}b", "a\u{1F}b", "a\u{7F}b",
        "a\u{0}b", "a\u{85}b", "a\u{9F}b", "\u{A0}nbsp\u{A0}", "\u{3000}wide\u{3000}", "Björk", "Cafe\u{301}",
        String(repeating: "x", count: 200), String(repeating: "x", count: 201),
        String(repeating: "e\u{301}", count: 200), String(repeating: "🇫🇷", count: 150), String(repeating: "👍🏽", count: 101),
    ]

    /// The schema accepts a stored name exactly when `validate` would return it unchanged.
    /// NFC is the one rule SQL cannot check, so the schema is given each input's NFC form.
    @Test("NameRule.validate agrees with the schema CHECK", arguments: agreementInputs)
    func validateAgreesWithSchemaCheck(raw: String) throws {
        let queue = try Database.open(.inMemory)
        func schemaAccepts(_ name: String, table: String) throws -> Bool {
            try queue.writeWithoutTransaction { connection in
                do {
                    try connection.transaction {
                        if table == "playlist" {
                            try Fixture.insertPlaylist(connection, name: name, key: "k")
                        } else {
                            try Fixture.insertLibrary(connection, name: name, root: "/r")
                        }
                        try connection.execute("DELETE FROM \(sql: table)")
                    }
                    return true
                } catch let error as DatabaseError where error.isConstraintViolation {
                    return false
                }
            }
        }
        let stored = raw.precomposedStringWithCanonicalMapping
        for (rule, table) in [(PlaylistRules.name, "playlist"), (LibraryRules.name, "library")] {
            let validated = try? rule.validate(raw)
            if let validated {
                #expect(try schemaAccepts(validated, table: table), "validate accepted \(validated.debugDescription) but \(table) refuses it")
            }
            let unchanged = validated.map { Array($0.utf8) == Array(stored.utf8) } ?? false
            #expect(try schemaAccepts(stored, table: table) == unchanged, "\(table) and validate disagree on \(raw.debugDescription)")
        }
    }
}
