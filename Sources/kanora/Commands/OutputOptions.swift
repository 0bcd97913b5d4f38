import ArgumentParser
import LibraryCore
import LibraryServices

/// How `kanora list` and `kanora search` print their rows (besides the global `--json`).
struct OutputOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Print one line per row from a template, e.g. '$albumartist - $album ($year) / $track. $title'.",
        discussion: "Any query field works as $field or ${field} (albums: album, albumartist, year, tracks, length, id; artists: artist, albums, tracks, length, id); $$ is a dollar sign; absent values print as nothing.",
        valueName: "template"))
    var format: String?

    @Flag(name: .long, help: "Print only the tracks' absolute paths, one per line.")
    var paths = false

    /// What to print, checked against the target: throws a `ValidationError` for conflicting
    /// options, `--paths` with albums or artists, or a template naming an unknown field.
    func mode(json: Bool, target: QueryTarget) throws -> OutputMode {
        let chosen = [json ? "--json" : nil, format != nil ? "--format" : nil, paths ? "--paths" : nil].compactMap { $0 }
        if chosen.count > 1 {
            throw ValidationError("\(chosen.joined(separator: " and ")) cannot be used together: choose one output.")
        }
        if json { return .json }
        if paths {
            guard target == .tracks else {
                throw ValidationError("--paths lists track files: use it with `kanora list tracks` or `kanora search`, not \(target.rawValue).")
            }
            return .paths
        }
        guard let format else { return .table }
        do {
            switch target {
            case .tracks:
                return .template(try Template.parse(
                    format, isKnown: TrackFields.isKnown, validNames: TrackFields.table.names.sorted() + ["tag:NAME"]))
            case .albums: return .template(try Template.parse(format, for: AlbumFields.table))
            case .artists: return .template(try Template.parse(format, for: ArtistFields.table))
            }
        } catch {
            throw ValidationError(error.message)
        }
    }
}

/// The shape of `list` and `search` output.
enum OutputMode: Equatable {
    case table, json, paths
    case template(Template)

    /// How much of each track this output reads (`RowPrinter` shows no other field).
    var trackDetail: TrackDetail {
        switch self {
        case .table: .brief
        case .json: .summary
        case .paths: .path
        case .template(let template): TrackFields.detail(filling: template.fieldNames)
        }
    }

    /// The only track fields this output reads, when it names them (a template's); nil:
    /// as `trackDetail` says.
    var trackFields: Set<String>? {
        if case .template(let template) = self { template.fieldNames } else { nil }
    }
}
