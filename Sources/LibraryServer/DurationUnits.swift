extension Duration {
    /// This duration in whole nanoseconds, for APIs that take an integer count
    /// (`DispatchTime`, NIO's `TimeAmount`).
    var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }

    /// This duration in whole milliseconds.
    var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
