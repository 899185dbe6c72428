import GRPCCore
import RoamRuntime

/// Calls several services at once under one deadline and keeps whatever arrives: a composite view
/// answers with the parts it has, each with its status, when one service fails or is slow.
public enum FanOut {
    public struct Part<Value: Sendable>: Sendable {
        public var name: String
        public var fetch: @Sendable () async throws -> Value

        public init(_ name: String, fetch: @escaping @Sendable () async throws -> Value) {
            self.name = name
            self.fetch = fetch
        }
    }

    /// Runs every part concurrently; a part still running at `timeout` is cancelled and reported as
    /// DEADLINE_EXCEEDED. Calls the parts make to services carry the same deadline.
    public static func gather<Value: Sendable>(within timeout: Duration, _ parts: [Part<Value>]) async -> [String: Result<Value, RoamError>] {
        await underDeadline(timeout) { deadline in
            await withTaskGroup(of: (String, Result<Value, RoamError>).self) { group in
                for part in parts {
                    group.addTask { (part.name, await answer(part, by: deadline)) }
                }
                var results: [String: Result<Value, RoamError>] = [:]
                for await (name, result) in group { results[name] = result }
                return results
            }
        }
    }

    /// Three parts of different kinds at once, each answer typed: a late part is cancelled at
    /// `timeout` and answers DEADLINE_EXCEEDED, like `gather`'s.
    public static func gather<A: Sendable, B: Sendable, C: Sendable>(
        within timeout: Duration, _ a: Part<A>, _ b: Part<B>, _ c: Part<C>
    ) async
        -> (Result<A, RoamError>, Result<B, RoamError>, Result<C, RoamError>)
    {
        await underDeadline(timeout) { deadline in
            async let first = answer(a, by: deadline)
            async let second = answer(b, by: deadline)
            async let third = answer(c, by: deadline)
            return await (first, second, third)
        }
    }

    /// Runs `body` with the deadline `timeout` from now, which the calls it makes to services carry too.
    static func underDeadline<Result: Sendable>(_ timeout: Duration, _ body: (ContinuousClock.Instant) async -> Result) async -> Result {
        var context = CallContext.current
        let deadline = ContinuousClock.now + timeout
        context.deadline = min(context.deadline ?? deadline, deadline)
        return await CallContext.$current.withValue(context) { await body(deadline) }
    }

    /// One part's answer, or DEADLINE_EXCEEDED (the part cancelled) once `deadline` passes.
    static func answer<Value: Sendable>(_ part: Part<Value>, by deadline: ContinuousClock.Instant) async -> Result<Value, RoamError> {
        await withTaskGroup(of: Result<Value, RoamError>?.self) { group in
            group.addTask {
                do { return .success(try await part.fetch()) } catch { return .failure(Self.roamError(error)) }
            }
            group.addTask {
                await Timeout.wait(until: deadline)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .failure(RoamError(.deadlineExceeded, reason: "DEADLINE_EXCEEDED", message: "\(part.name) did not answer in time"))
        }
    }

    static func roamError(_ error: any Error) -> RoamError {
        switch error {
        case let error as RoamError: error
        case let error as RPCError: RoamError(error)
        default: RoamError.internal
        }
    }
}
