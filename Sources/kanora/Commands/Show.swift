import ArgumentParser
import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels

extension Kanora {
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show every stored field of one track.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The track's id (from `kanora list`) or its file path.")
        var track: String

        func run() async throws {
            let viewModel = TrackDetailViewModel(services: try global.services(mustExist: true))
            await viewModel.load(track)
            try viewModel.state.viewState.throwIfFailed()
            guard let track = viewModel.state.track else { return }
            let fields = TrackFields.all(of: track)
            let console = Console.current
            if global.json {
                console.out(JSONOutput.text(TrackDetailJSON(fields: fields)))
                return
            }
            let width = fields.map { DisplayWidth.of($0.name) }.max() ?? 0
            for field in fields where field.value != nil {
                let padding = String(repeating: " ", count: width - DisplayWidth.of(field.name))
                console.out("\(field.name):\(padding) \(field.value ?? "")")
            }
        }
    }
}

/// `kanora show --json`: every field by name, null when absent.
struct TrackDetailJSON: Encodable {
    let fields: [(name: String, value: String?)]

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for field in fields {
            try container.encode(field.value, forKey: Key(stringValue: field.name))
        }
    }
}
