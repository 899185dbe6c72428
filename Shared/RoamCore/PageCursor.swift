import Foundation

/// Encodes a listing position (the sort key of the last item returned) as an opaque page token.
/// Tokens are base64url so clients treat them as opaque; a token that does not decode is the
/// client's mistake and gets INVALID_ARGUMENT.
public enum PageCursor {
    public static func encode(_ parts: [String]) -> String {
        Data(parts.joined(separator: "\u{1F}").utf8).base64URLEncodedString
    }

    public static func decode(_ token: String, count: Int) throws(RoamError) -> [String] {
        guard let data = Data(base64URLEncoded: token), let text = String(data: data, encoding: .utf8) else {
            throw RoamError.invalidField("page.page_token", "is not a token this listing returned")
        }
        let parts = text.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == count else {
            throw RoamError.invalidField("page.page_token", "is not a token this listing returned")
        }
        return parts
    }

    /// Checks a requested page size: 0 means the default, more than the maximum is capped.
    public static func pageRequest(size: Int, token: String) throws(RoamError) -> PageRequest {
        guard size >= 0 else { throw RoamError.invalidField("page.page_size", "must not be negative") }
        return PageRequest(
            size: size == 0 ? PageRequest.defaultSize : min(size, PageRequest.maximumSize),
            cursor: token.isEmpty ? nil : token)
    }
}
