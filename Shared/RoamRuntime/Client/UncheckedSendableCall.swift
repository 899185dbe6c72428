/// A call's body handed to a child task that its caller waits for, as `async let` would: it runs
/// while its caller is suspended, never alongside it.
struct UncheckedSendableCall<Argument, Result>: @unchecked Sendable {
    let body: (Argument) async throws -> Result
}
