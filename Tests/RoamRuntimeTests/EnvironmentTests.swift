@testable import RoamRuntime
import Testing

@Suite struct EnvironmentTests {
    @Test func missingValuesFallBackToDefaults() throws {
        let environment = Environment([:])
        #expect(try environment.int("PORT", default: 8080) == 8080)
        #expect(try environment.duration("TTL", default: .seconds(5)) == .seconds(5))
        #expect(environment.string("NAME", default: "roam") == "roam")
    }

    @Test func malformedValuesNameTheVariable() {
        let environment = Environment(["GRPC_PORT": "eighty", "TTL": "5 weeks", "FLAG": "maybe"])
        #expect { try environment.int("GRPC_PORT", default: 1) } throws: { ($0 as? ConfigurationError)?.variable == "GRPC_PORT" }
        #expect { try environment.duration("TTL", default: .zero) } throws: { ($0 as? ConfigurationError)?.variable == "TTL" }
        #expect { try environment.bool("FLAG", default: false) } throws: { ($0 as? ConfigurationError)?.variable == "FLAG" }
    }

    @Test func outOfRangeNumbersAreRejected() {
        let environment = Environment(["GRPC_PORT": "70000"])
        #expect(throws: ConfigurationError.self) { try environment.int("GRPC_PORT", default: 1, in: 0...65535) }
    }

    @Test func durationsAcceptUnits() throws {
        let environment = Environment(["A": "15m", "B": "250ms", "C": "2h", "D": "30d"])
        #expect(try environment.duration("A", default: .zero) == .seconds(900))
        #expect(try environment.duration("B", default: .zero) == .milliseconds(250))
        #expect(try environment.duration("C", default: .zero) == .seconds(7200))
        #expect(try environment.duration("D", default: .zero) == .seconds(30 * 86400))
    }

    @Test func addressListsAreParsed() throws {
        let environment = Environment(["ACCOUNTS_ADDRESS": "a:1, b:2"])
        #expect(try environment.addresses("ACCOUNTS_ADDRESS", default: "x:0") == [HostAndPort(host: "a", port: 1), HostAndPort(host: "b", port: 2)])
        #expect(throws: ConfigurationError.self) { try Environment(["X": "nohost"]).addresses("X", default: "") }
    }

    @Test func serviceSettingsRejectAShortServiceSecret() {
        #expect { try ServiceSettings(name: "t", defaultGRPCPort: 1, defaultMetricsPort: 2, environment: Environment(["ROAM_SERVICE_SECRET": "short"])) }
            throws: { ($0 as? ConfigurationError)?.variable == "ROAM_SERVICE_SECRET" }
    }

    @Test func databaseURLsAreParsed() throws {
        #expect(DatabaseSettings.configuration(from: "postgres://roam:pw@db:6543/roam?sslmode=disable") != nil)
        #expect(DatabaseSettings.configuration(from: "mysql://roam@db/roam") == nil)
        #expect { try DatabaseSettings(environment: Environment(["DATABASE_URL": "nonsense"])) }
            throws: { ($0 as? ConfigurationError)?.variable == "DATABASE_URL" }
    }
}
