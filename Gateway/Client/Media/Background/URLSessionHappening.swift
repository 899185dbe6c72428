import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a `URLSession` told `BackgroundTransferDelegate`, in the order it told it, for the
/// `BackgroundTransfers` actor to act on. Tasks are named by their description (`<transfer> <step>`).
enum URLSessionHappening: Sendable {
    /// An upload's body went, so far.
    case sent(task: String, bytes: Int64)
    /// A download's bytes arrived, so far.
    case wrote(task: String, bytes: Int64, of: Int64?)
    /// A piece of an answer's body (an upload's: a problem document).
    case received(taskIdentifier: Int, Data)
    /// A download finished, moved to `file`.
    case downloaded(task: String, file: URL)
    case completed(Completion)
    /// Everything the system kept for the app while it was not running has been told.
    case finishedEvents

    struct Completion: Sendable {
        let task: String
        let taskIdentifier: Int
        let answer: Answer?
        /// The token the request carried.
        let token: String?
        let error: (any Error)?
        /// What a broken download resumes from.
        let resumeData: Data?
    }

    /// An answer's status and header fields (names in lower case).
    struct Answer: Sendable {
        let status: Int
        let fields: [String: String]

        init(_ response: HTTPURLResponse) {
            status = response.statusCode
            var fields: [String: String] = [:]
            for (name, value) in response.allHeaderFields {
                if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
            }
            self.fields = fields
        }

        subscript(_ name: String) -> String? { fields[name.lowercased()] }
    }
}
