import LibraryViewModels

extension GlobalOptions {
    /// Prints a command's result: with --json, the value `json` makes as the `--json`
    /// contract's text on stdout; otherwise what `text` prints.
    func print<Value: Encodable>(json: @autoclosure () -> Value, text: () throws -> Void) rethrows {
        if self.json {
            Console.current.out(JSONOutput.text(json()))
        } else {
            try text()
        }
    }
}

extension ViewModel where State: LoadingState {
    /// The state `load` leaves, or its failure thrown: how a command reads a view model once.
    func loadedState(_ load: (Self) async -> Void) async throws -> State {
        await load(self)
        let state = self.state
        try state.viewState.throwIfFailed()
        return state
    }
}
