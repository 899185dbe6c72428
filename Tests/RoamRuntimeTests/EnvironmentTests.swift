import Testing

@testable import RoamRuntime

@Suite struct EnvironmentTests {
    @Test func aSecretComesFromTheFileItsFileVariableNames() throws {
        let files = ["/run/secrets/roam": "s3cret-from-a-file\n", "/run/secrets/db": "postgres://roam:pw@db/roam"]
        let read: (String) throws -> String? = { files[$0] }
        let values = try Environment.readingFiles(
            [
                "ROAM_SERVICE_SECRET_FILE": "/run/secrets/roam", "DATABASE_URL_FILE": "/run/secrets/db",
                "S3_SECRET_ACCESS_KEY_FILE": "/run/secrets/absent", "ACCOUNTS_SIGNING_KEY_FILE": "/run/secrets/roam",
            ], read: read)
        #expect(values["ROAM_SERVICE_SECRET"] == "s3cret-from-a-file", "the final line break goes")
        #expect(values["DATABASE_URL"] == "postgres://roam:pw@db/roam")
        #expect(values["S3_SECRET_ACCESS_KEY"] == nil, "no file there: the optional secret stays unset")
        #expect(values["ACCOUNTS_SIGNING_KEY"] == nil, "accounts' own key file is not a secret's file")
        // A variable set itself wins over its file.
        #expect(
            try Environment.readingFiles(["ROAM_SERVICE_SECRET": "set", "ROAM_SERVICE_SECRET_FILE": "/run/secrets/roam"], read: read)[
                "ROAM_SERVICE_SECRET"] == "set")
        // Other programs' files are theirs: a CA bundle read into SSL_CERT would pass 200 KB to every child process.
        #expect(
            try Environment.readingFiles(["SSL_CERT_FILE": "/run/secrets/roam", "LOG_LEVEL_FILE": "/run/secrets/roam"], read: read).keys.sorted() == [
                "LOG_LEVEL_FILE", "SSL_CERT_FILE",
            ])
    }

    @Test func anUnreadableSecretFileNamesItsVariable() {
        struct Denied: Error {}
        #expect { try Environment.readingFiles(["ROAM_SERVICE_SECRET_FILE": "/root/secret"], read: { _ in throw Denied() }) } throws: {
            ($0 as? ConfigurationError)?.variable == "ROAM_SERVICE_SECRET_FILE"
        }
    }

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
        #expect {
            try ServiceSettings(
                name: "t", defaultGRPCPort: 1, defaultMetricsPort: 2,
                environment: Environment(["ROAM_SERVICE_SECRET": "short", "ROAM_ENVIRONMENT": "development"]))
        } throws: { ($0 as? ConfigurationError)?.variable == "ROAM_SERVICE_SECRET" }
    }

    static func settings(_ values: [String: String]) throws -> ServiceSettings {
        try ServiceSettings(name: "t", defaultGRPCPort: 1, defaultMetricsPort: 2, environment: Environment(values))
    }

    static func refusal(_ values: [String: String]) -> ConfigurationError? {
        do {
            _ = try settings(values)
            return nil
        } catch {
            return error as? ConfigurationError
        }
    }

    /// Outside development a process refuses to start on a secret anyone can read, and says how to make one.
    @Test func publishedSecretsAreRefusedOutsideDevelopment() throws {
        let strong = "Zm9yIHRlc3RzIG9ubHk6IGEgcmFuZG9tLWxvb2tpbmcgc2VjcmV0IHZhbHVl"
        for values in [
            [:], ["ROAM_ENVIRONMENT": "production"], ["ROAM_SERVICE_SECRET": ServiceSettings.developmentServiceSecret],
            ["ROAM_SERVICE_SECRET": "change-me-to-at-least-32-random-bytes-please"],
        ] {
            let refusal = try #require(Self.refusal(values), "started with \(values)")
            #expect(refusal.variable == "ROAM_SERVICE_SECRET")
            #expect(refusal.description.contains("openssl rand -hex 32"))
        }
        let database = try #require(
            Self.refusal([
                "ROAM_SERVICE_SECRET": strong,
                "DATABASE_URL": "postgres://roam_accounts:change-me-accounts@postgres:5432/roam",
            ]))
        #expect(database.variable == "DATABASE_URL" && database.problem.hasPrefix("its password is the example value"))
        #expect(Self.refusal(["ROAM_ENVIRONMENT": "staging", "ROAM_SERVICE_SECRET": strong])?.variable == "ROAM_ENVIRONMENT")

        let real = try Self.settings(["ROAM_SERVICE_SECRET": strong, "DATABASE_URL": "postgres://roam_accounts:\(strong)@db/roam"])
        #expect(real.kind == .production && real.serviceSecret == strong)
        // Development (roam up, the tests) runs on the built-in values.
        let development = try Self.settings([
            "ROAM_ENVIRONMENT": "development",
            "DATABASE_URL": "postgres://roam_accounts:change-me-accounts@postgres:5432/roam",
        ])
        #expect(development.kind == .development && development.serviceSecret == ServiceSettings.developmentServiceSecret)
    }

    @Test func databaseURLsAreParsed() throws {
        #expect(DatabaseSettings.configuration(from: "postgres://roam:pw@db:6543/roam?sslmode=disable") != nil)
        #expect(DatabaseSettings.configuration(from: "mysql://roam@db/roam") == nil)
        #expect { try DatabaseSettings(environment: Environment(["DATABASE_URL": "nonsense"])) } throws: {
            ($0 as? ConfigurationError)?.variable == "DATABASE_URL"
        }
        // A malformed URL may still carry a password: the error that reaches the log does not repeat it.
        #expect { try DatabaseSettings(environment: Environment(["DATABASE_URL": "postgres://roam:s3cr3t-pw@db:port/roam"])) } throws: {
            guard let error = $0 as? ConfigurationError else { return false }
            return !"\(error) \(error.problem)".contains("s3cr3t-pw")
        }
    }

    /// The fault suite's crash points work in development only; anywhere else they stop the process at
    /// start, naming the variable.
    @Test func crashPointsAreRefusedOutsideDevelopment() throws {
        let set = ["ROAM_CRASH_AFTER_COMMIT": "roam.feed.v1.FeedService/CreatePost", "ROAM_CRASH_BEFORE_DELIVERY": "true"]
        let development = try CrashPoints(environment: Environment(set), kind: .development)
        #expect(development.afterCommit == ["roam.feed.v1.FeedService/CreatePost"] && development.beforeDelivery)
        for (variable, value) in set {
            #expect(throws: ConfigurationError.self) { _ = try CrashPoints(environment: Environment([variable: value]), kind: .production) }
            do {
                _ = try CrashPoints(environment: Environment([variable: value]), kind: .production)
            } catch {
                #expect(error.variable == variable && error.problem.contains("ROAM_ENVIRONMENT=development"))
            }
        }
        #expect(try CrashPoints(environment: Environment([:]), kind: .production).isEmpty)
    }
}
