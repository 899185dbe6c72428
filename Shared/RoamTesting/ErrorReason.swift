import RoamRuntime

/// The reason of the `RoamError` that `body` throws, nil when it throws nothing, or a description of
/// any other error, so a test can say `#expect(await errorReason { … } == "EVENT_FULL")`.
public func errorReason(_ body: () async throws -> Void) async -> String? {
    do {
        try await body()
        return nil
    } catch let error as RoamError {
        return error.reason
    } catch {
        return "\(error)"
    }
}

/// The fields named by the `RoamError` that `body` throws; empty when it throws nothing or another error.
public func errorFields(_ body: () async throws -> Void) async -> [String] {
    do {
        try await body()
        return []
    } catch let error as RoamError {
        return error.violations.map(\.field)
    } catch {
        return []
    }
}
