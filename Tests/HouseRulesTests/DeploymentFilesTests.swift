import Foundation
import Gateway
import RoamMail
import Testing

@testable import Accounts
@testable import BucketLists
@testable import Budget
@testable import Events
@testable import Feed
@testable import Media
@testable import Moderation
@testable import Notifications
@testable import RoamRuntime
@testable import Trips

/// The compose file, its `.env.example` and the README must agree with the variables the code reads.
@Suite struct DeploymentFilesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static let development = ["ROAM_ENVIRONMENT": "development"]

    /// Every variable a process reads, found by reading its whole configuration from a recording environment.
    static var variablesRead: [String: Set<String>] {
        get throws {
            /// The variables `read` asks for, given `extra` beside the development settings.
            func variables(_ extra: [String: String] = [:], _ read: (Environment) throws -> Void) throws -> Set<String> {
                let log = VariableReadLog()
                try read(Environment(Self.development.merging(extra) { $1 }, readLog: log))
                return log.variables
            }
            return [
                "accounts": try variables { _ = try AccountsApp.Configuration(environment: $0) },
                "events": try variables { _ = try EventsApp.Configuration(environment: $0) },
                "feed": try variables { _ = try FeedApp.Configuration(environment: $0) },
                "media": try variables(["S3_BUCKET": "roam-media"]) { _ = try MediaApp.Configuration(environment: $0) },
                "trips": try variables { _ = try TripsApp.Configuration(environment: $0) },
                "budget": try variables { _ = try BudgetApp.Configuration(environment: $0) },
                "bucketlists": try variables { _ = try BucketListsApp.Configuration(environment: $0) },
                "notifications": try variables { _ = try NotificationsApp.Configuration(environment: $0) },
                "moderation": try variables { _ = try ModerationApp.Configuration(environment: $0) },
                "gateway": try variables { _ = try GatewaySettings(environment: $0) },
            ]
        }
    }

    /// `service name → variables under its environment:` in the compose file (a plain, anchor-free file).
    static func composeEnvironments() throws -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        var service: String?
        var inEnvironment = false
        for line in try text("compose/docker-compose.yml").split(separator: "\n", omittingEmptySubsequences: false) {
            let indent = line.prefix { $0 == " " }.count
            let content = line.trimmingCharacters(in: .whitespaces)
            if content.isEmpty || content.hasPrefix("#") { continue }
            if indent == 2, content.hasSuffix(":") {
                service = String(content.dropLast())
                inEnvironment = false
            } else if indent == 4 {
                inEnvironment = content == "environment:"
            } else if indent == 6, inEnvironment, let service, let colon = content.firstIndex(of: ":") {
                result[service, default: []].insert(String(content[..<colon]))
            }
        }
        return result
    }

    @Test func composeSetsOnlyVariablesTheServicesRead() throws {
        let compose = try Self.composeEnvironments()
        let read = try Self.variablesRead
        for service in ["accounts", "events", "feed", "media", "trips", "budget", "bucketlists", "notifications", "moderation", "gateway"] {
            let set = try #require(compose[service], "compose has no \(service) service")
            let unknown = set.subtracting(try #require(read[service]))
            #expect(unknown.isEmpty, "compose sets variables \(service) never reads: \(unknown.sorted())")
        }
        // `roam provision` reads the administrator's URL and one password per service.
        let provision = try #require(compose["provision"])
        #expect(
            provision == [
                "DATABASE_URL", "ACCOUNTS_DB_PASSWORD", "EVENTS_DB_PASSWORD", "FEED_DB_PASSWORD", "MEDIA_DB_PASSWORD",
                "TRIPS_DB_PASSWORD", "BUDGET_DB_PASSWORD", "BUCKETLISTS_DB_PASSWORD", "NOTIFICATIONS_DB_PASSWORD", "MODERATION_DB_PASSWORD",
            ])
    }

    @Test func composeGivesEachServiceItsOwnDatabaseRole() throws {
        let file = try Self.text("compose/docker-compose.yml")
        #expect(file.contains("postgres://roam_accounts:${ACCOUNTS_DB_PASSWORD:?set ACCOUNTS_DB_PASSWORD in compose/.env}@postgres:5432/roam"))
        #expect(file.contains("postgres://roam_events:${EVENTS_DB_PASSWORD:?set EVENTS_DB_PASSWORD in compose/.env}@postgres:5432/roam"))
        #expect(file.contains("postgres://roam_feed:${FEED_DB_PASSWORD:?set FEED_DB_PASSWORD in compose/.env}@postgres:5432/roam"))
        #expect(file.contains("postgres://roam_media:${MEDIA_DB_PASSWORD:?set MEDIA_DB_PASSWORD in compose/.env}@postgres:5432/roam"))
        #expect(file.contains("postgres://roam_trips:${TRIPS_DB_PASSWORD:?set TRIPS_DB_PASSWORD in compose/.env}@postgres:5432/roam"))
        #expect(file.contains("postgres://roam_budget:${BUDGET_DB_PASSWORD:?set BUDGET_DB_PASSWORD in compose/.env}@postgres:5432/roam"))
        #expect(
            file.contains("postgres://roam_bucketlists:${BUCKETLISTS_DB_PASSWORD:?set BUCKETLISTS_DB_PASSWORD in compose/.env}@postgres:5432/roam"))
    }

    @Test func envExampleCoversEveryRequiredVariable() throws {
        let compose = try Self.text("compose/docker-compose.yml")
        let required = Set(compose.matches(of: /\$\{([A-Z_]+):\?/).map { String($0.output.1) })
        let example = Set(
            try Self.text("compose/.env.example").split(separator: "\n")
                .filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: "=").first.map(String.init) })
        #expect(!required.isEmpty)
        #expect(required.subtracting(example).isEmpty, "missing from .env.example: \(required.subtracting(example).sorted())")
    }

    /// Every secret `.env.example` shows is one the processes refuse outside development, and compose
    /// starts nothing without each of them set.
    @Test func everyExampleSecretIsRefused() throws {
        let compose = try Self.text("compose/docker-compose.yml")
        let example = try Self.text("compose/.env.example").split(separator: "\n").filter { !$0.hasPrefix("#") }
            .compactMap { line -> (String, String)? in
                guard let equals = line.firstIndex(of: "=") else { return nil }
                return (String(line[..<equals]), String(line[line.index(after: equals)...]))
            }
        let secrets = example.filter { $0.0 == "ROAM_SERVICE_SECRET" || $0.0.hasSuffix("_PASSWORD") && $0.0 != "GRAFANA_ADMIN_PASSWORD" }
        #expect(secrets.count == 11)
        // Grafana's, for the optional metrics profile only: its container refuses to start unset or with
        // the example's value (compose needs it only with `--profile metrics`).
        #expect(example.contains { $0 == ("GRAFANA_ADMIN_PASSWORD", "") })
        #expect(compose.contains(#"[ -n "$$GF_SECURITY_ADMIN_PASSWORD" ] && [ "$$GF_SECURITY_ADMIN_PASSWORD" != change-me ]"#))
        for (variable, value) in secrets {
            #expect(PublishedSecrets.refusal(of: value, variable: variable, kind: .production) != nil, "\(variable)'s example is accepted")
            #expect(compose.contains("${\(variable):?"), "compose starts without \(variable)")
        }
        // The SMTP URL's password is a secret inside a setting.
        let smtp = try #require(example.first { $0.0 == "SMTP_URL" }?.1)
        let password = try #require(try SMTPServer.parse(smtp).get().password)
        #expect(PublishedSecrets.refusal(of: password, variable: "SMTP_URL", kind: .production) != nil, "SMTP_URL's example password is accepted")
        #expect(compose.contains("${SMTP_URL:?"), "compose starts without SMTP_URL")
    }

    /// Started with no secrets at all, as a deployment that forgot them would, every process stops and names the variable.
    @Test func everyProcessRefusesToStartWithoutItsSecret() {
        let starts: [(String, () throws -> Void)] = [
            ("accounts", { _ = try AccountsApp.Configuration(environment: Environment([:])) }),
            ("events", { _ = try EventsApp.Configuration(environment: Environment([:])) }),
            ("feed", { _ = try FeedApp.Configuration(environment: Environment([:])) }),
            ("media", { _ = try MediaApp.Configuration(environment: Environment([:])) }),
            ("trips", { _ = try TripsApp.Configuration(environment: Environment([:])) }),
            ("budget", { _ = try BudgetApp.Configuration(environment: Environment([:])) }),
            ("bucketlists", { _ = try BucketListsApp.Configuration(environment: Environment([:])) }),
            ("notifications", { _ = try NotificationsApp.Configuration(environment: Environment([:])) }),
            ("moderation", { _ = try ModerationApp.Configuration(environment: Environment([:])) }),
            ("gateway", { _ = try GatewaySettings(environment: Environment([:])) }),
        ]
        for (name, start) in starts {
            #expect("\(name) started without ROAM_SERVICE_SECRET") { try start() } throws: {
                ($0 as? ConfigurationError)?.variable == "ROAM_SERVICE_SECRET"
            }
        }
    }

    /// Each process's README, where its own settings are listed (those of every service are in `docs/OPERATIONS.md`).
    static let readmes = [
        "accounts": "Services/Accounts/README.md", "events": "Services/Events/README.md", "feed": "Services/Feed/README.md",
        "media": "Services/Media/README.md", "trips": "Services/Trips/README.md", "budget": "Services/Budget/README.md",
        "bucketlists": "Services/BucketLists/README.md", "notifications": "Services/Notifications/README.md",
        "moderation": "Services/Moderation/README.md", "gateway": "Gateway/README.md",
    ]

    @Test func everyVariableIsListedInItsProcessReadmeOrTheOperationsDocument() throws {
        let root = try Self.text("docs/OPERATIONS.md")
        let read = try Self.variablesRead
        #expect(Set(read.keys) == Set(Self.readmes.keys))
        for (process, variables) in read {
            let own = try Self.text(try #require(Self.readmes[process]))
            let missing = variables.filter { !own.contains("`\($0)`") && !root.contains("`\($0)`") }
            #expect(missing.isEmpty, "neither \(Self.readmes[process] ?? process) nor docs/OPERATIONS.md lists: \(missing.sorted())")
        }
    }

    /// Compose runs every executable from one image: the Dockerfile must copy each one it names.
    @Test func theImageHoldsEveryExecutableComposeRuns() throws {
        let dockerfile = try Self.text("compose/Dockerfile")
        // A command run through the shell (the backup's folder is named by `date`) names its program after `exec`.
        // Prometheus and Grafana are their own images.
        let commands = try Self.text("compose/docker-compose.yml").matches(of: /command: \["(?:sh", "-c", "exec )?(roam[a-z-]*)/).map {
            String($0.output.1)
        }
        #expect(
            Set(commands) == [
                "roam", "roam-accounts", "roam-events", "roam-feed", "roam-media", "roam-trips", "roam-budget", "roam-bucketlists",
                "roam-notifications", "roam-moderation", "roam-gateway",
            ])
        for command in Set(commands) {
            #expect(dockerfile.contains("\"$bin/\(command)\""), "the Dockerfile does not copy \(command)")
        }
    }

    /// The Kubernetes manifests hand each secret over as a file named by `NAME_FILE`; a process reads that
    /// file only for what `Environment.isSecret` calls a secret, so a name the generator's rule and the
    /// processes' rule disagree on would leave the setting unset in a cluster and nowhere else.
    @Test func everySecretFileTheManifestsNameIsOneTheProcessesRead() throws {
        let base = Self.root.appendingPathComponent("deploy/kubernetes/base")
        var named: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: base.path) where file.hasSuffix(".yaml") {
            let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: /- name: ([A-Z0-9_]+)_FILE\n/) { named.insert(String(match.output.1)) }
        }
        #expect(named.contains("ROAM_SERVICE_SECRET") && named.contains("DATABASE_URL"), "found \(named.sorted())")
        let ignored = named.filter { !Environment.isSecret($0) && !Environment.ownFiles.contains("\($0)_FILE") }
        #expect(ignored.isEmpty, "the processes would not read \(ignored.sorted()) from its file")
    }
}
