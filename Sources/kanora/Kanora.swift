import ArgumentParser

@main
struct Kanora: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Kanora music library manager.")
}
