import Logging

extension Logger {
    /// For a command's database client: what PostgresNIO logs would go to standard output with the
    /// command's own answer (`roam migrations --json`, for one), so only its errors are said.
    static var quiet: Logger {
        var logger = Logger(label: "roam")
        logger.logLevel = .error
        return logger
    }
}
