import Foundation
import OpenAPIRuntime

extension Optional where Wrapped == HTTPBody {
    /// Every byte of the body, read to its end (which frees its connection); none when there is no body.
    func collected(upTo limit: Int = 1 << 20) async throws -> Data {
        guard let body = self else { return Data() }
        return try await Data(collecting: body, upTo: limit)
    }
}
