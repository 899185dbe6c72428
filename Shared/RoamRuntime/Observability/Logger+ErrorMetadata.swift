import Logging
import PostgresNIO

extension Logger.MetadataValue {
    /// An error as the logs show it. PostgresNIO describes its errors only as "Generic description to
    /// prevent accidental leakage…"; here a database error shows its kind, SQLSTATE and the server's
    /// message, but never the query or its bound values. Logs only: clients never see this text.
    public static func describing(_ error: any Error) -> Self {
        guard let error = error as? PSQLError else { return .string(String(reflecting: error)) }
        var text = "database error (\(error.code))"
        if let state = error.serverInfo?[.sqlState] { text += " SQLSTATE \(state)" }
        if let message = error.serverInfo?[.message] { text += ": \(message)" }
        if let underlying = error.underlying { text += "; underlying: \(String(reflecting: underlying))" }
        return .string(text)
    }
}
