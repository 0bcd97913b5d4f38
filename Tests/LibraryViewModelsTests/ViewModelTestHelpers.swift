import Foundation
import Synchronization

/// A value tests can change while a mock's closure reads it.
final class Box<Value: Sendable>: Sendable {
    private let value: Mutex<Value>
    init(_ value: Value) { self.value = Mutex(value) }
    var current: Value {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}

/// The first state from `stream` that satisfies `predicate`, or nil after `seconds`.
func firstState<State: Sendable>(
    in stream: AsyncStream<State>, within seconds: Double = 5, where predicate: @escaping @Sendable (State) -> Bool
) async -> State? {
    await withTaskGroup(of: State?.self) { group in
        group.addTask {
            for await state in stream where predicate(state) { return state }
            return nil
        }
        group.addTask {
            try? await Task.sleep(for: .seconds(seconds))
            return nil
        }
        let result = await group.next() ?? nil
        group.cancelAll()
        return result
    }
}
