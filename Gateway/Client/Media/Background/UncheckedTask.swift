import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A task handed to another concurrency domain: `URLSessionTask` is thread-safe, but not marked so on
/// every platform.
struct UncheckedTask: @unchecked Sendable {
    let task: URLSessionTask
}
