import ArgumentParser
import LibraryServices

extension LibraryError.Code {
    /// The exit code for a failure of this kind, the one mapping the CLI uses: 64 (usage)
    /// when the input breaks a rule (a malformed query, an invalid name, --server without a
    /// token), else 1 (a server that refuses the token or cannot be reached included).
    var exitCode: ExitCode {
        self == .invalidInput ? .validationFailure : .failure
    }
}
