import ArgumentParser
import Foundation
import LibraryCore
import LibraryServices
import LibraryViewModels

extension Kanora {
    struct Doctor: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "doctor",
            abstract: "Report what is wrong with the library.",
            discussion: """
                Lists damaged tracks, files that could not be read, missing tracks, duplicates \
                (the same audio at several paths), tracks without a title, artist or album tag, \
                and albums with gaps in their track numbers. It is a report: the exit code is 0 \
                whatever it finds.
                """)

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let viewModel = DoctorViewModel(services: try global.services(mustExist: true))
            let state = try await viewModel.loadedState { await $0.load() }
            let console = Console.current
            global.print(json: state.health) {
                for line in DoctorReport.lines(state.health, maxWidth: console.outputWidth) { console.out(line) }
            }
        }
    }
}
