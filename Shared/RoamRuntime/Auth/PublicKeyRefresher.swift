import Logging
import ServiceLifecycle

/// Fetches the accounts public keys again every `interval`: a key prepared for rotation is known before
/// it signs anything, and a retired one is forgotten (`AccessTokenVerifier.refreshKeys`).
public struct PublicKeyRefresher: Service {
    let verifier: AccessTokenVerifier
    let interval: Duration
    let logger: Logger

    public init(verifier: AccessTokenVerifier, interval: Duration, logger: Logger) {
        self.verifier = verifier
        self.interval = interval
        self.logger = logger
    }

    public func run() async throws {
        await BackgroundLoop.every(interval, waitFirst: true, logger: logger, failure: "could not fetch the accounts public keys") {
            try await verifier.refreshKeys()
        }
    }
}
