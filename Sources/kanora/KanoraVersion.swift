/// The version `kanora --version` prints: the one place it is written.
enum KanoraVersion {
    static let current = "0.3.0"
}
