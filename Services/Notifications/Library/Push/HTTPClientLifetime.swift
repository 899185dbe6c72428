import AsyncHTTPClient
import ServiceLifecycle

/// Shuts the push services' HTTP client down when the process stops, after the workers using it.
struct HTTPClientLifetime: Service {
    let client: HTTPClient

    func run() async throws {
        try? await gracefulShutdown()
        try await client.shutdown()
    }
}
