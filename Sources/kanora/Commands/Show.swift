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
            let reference = track
            guard let track = try await viewModel.loadedState({ await $0.load(reference) }).track else { return }
            let fields = TrackFields.all(of: track)
            global.print(json: JSONObject(fields: fields.map { (key: $0.name, value: $0.value as any Encodable) })) {
                let width = fields.map { DisplayWidth.of($0.name) }.max() ?? 0
                for field in fields where field.value != nil {
                    let padding = String(repeating: " ", count: width - DisplayWidth.of(field.name))
                    Console.current.out("\(field.name):\(padding) \(field.value ?? "")")
                }
            }
        }
    }
}
