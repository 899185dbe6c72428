import Testing

@testable import RoamRuntime

@Suite struct ServiceHostTests {
    /// Health reports each service by the name its generated descriptor gives, never a hand-typed one.
    @Test func healthNamesComeFromTheGeneratedDescriptors() {
        #expect(ServiceHost.serviceNames(of: [HealthService(serviceNames: [])]) == ["grpc.health.v1.Health"])
        #expect(ServiceHost.serviceNames(of: []).isEmpty)
    }
}
