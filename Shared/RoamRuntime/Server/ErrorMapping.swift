import GRPCCore
import Logging
import PostgresNIO
// ConnectionPoolError: what the pool throws while its circuit breaker is open.
import _ConnectionPoolModule

/// Turns anything a handler throws into an RPC error a client can act on. Database errors are
/// classified by SQLSTATE, and a database that cannot be reached is DATABASE_UNAVAILABLE; anything unexpected becomes INTERNAL with the detail kept in the log only.
public enum ErrorMapping {
    public static func rpcError(for error: any Error, logger: Logger) -> RPCError {
        switch error {
        case let error as RPCError:
            return error
        case let error as RoamError:
            return RPCError(error)
        case let error as PSQLError:
            return RPCError(roamError(for: error, logger: logger))
        case is ConnectionPoolError:
            logger.warning("database unavailable", metadata: ["error": .describing(error)])
            return RPCError(RoamError.databaseUnavailable)
        case is CancellationError:
            return RPCError(code: .cancelled, message: "the call was cancelled")
        default:
            logger.error("unexpected error", metadata: ["error": .describing(error)])
            return RPCError(RoamError.internal)
        }
    }

    public static func roamError(for error: PSQLError, logger: Logger) -> RoamError {
        switch error.serverInfo?[.sqlState] {
        case "23505":
            // Two requests with one idempotency key at once: the later one met the first's row before it committed.
            if error.serverInfo?[.constraintName]?.contains("idempotency") == true { return IdempotentRequest.keyInUse }
            return RoamError(.alreadyExists, reason: "ALREADY_EXISTS", message: "that already exists")
        case "40001", "40P01":
            return RoamError(.aborted, reason: "CONFLICT", message: "the request conflicted with another; retry it")
        case "57014":
            return RoamError(.deadlineExceeded, reason: "DEADLINE_EXCEEDED", message: "the database took too long")
        default:
            break
        }
        if Database.isOutage(error) {
            logger.warning("database unavailable", metadata: ["error": .describing(error)])
            return .databaseUnavailable
        }
        switch error.code {
        case .queryCancelled:
            return .unavailable
        default:
            logger.error("database error", metadata: ["error": .describing(error)])
            return .internal
        }
    }
}
