import ArgumentParser
import Foundation
import Logging
import RoamRuntime

extension Roam {
    struct Provision: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create each service's database role and schema.",
            discussion: """
                Reads DATABASE_URL (an administrator's connection) and <SCHEMA>_DB_PASSWORD for each service \
                (ACCOUNTS_DB_PASSWORD, EVENTS_DB_PASSWORD, …). Running it again changes nothing that is already there.
                """)

        func run() async throws {
            let environment = Roam.environment
            guard let url = environment["DATABASE_URL"], !url.isEmpty else { Roam.fail("set DATABASE_URL to an administrator's connection") }
            guard let kind = try? DeploymentKind(environment: RoamRuntime.Environment(environment)) else {
                Roam.fail("set \(DeploymentKind.variable) to development or production")
            }
            if let password = DatabaseSettings.password(in: url),
                let refusal = PublishedSecrets.refusal(of: password, variable: "DATABASE_URL", part: "its password", kind: kind)
            {
                Roam.fail("\(refusal)")
            }
            var passwords: [String: String] = [:]
            for spec in StackPlan.services {
                let variable = "\(spec.schema.uppercased())_DB_PASSWORD"
                guard let password = environment[variable], !password.isEmpty else { Roam.fail("set \(variable)") }
                if let refusal = PublishedSecrets.refusal(of: password, variable: variable, kind: kind) { Roam.fail("\(refusal)") }
                passwords[spec.schema] = password
            }
            var logger = Logger(label: "roam-provision")
            logger.logLevel = .info
            do {
                try await Provisioning.run(adminURL: url, passwords: passwords, logger: logger)
            } catch {
                Roam.fail("provisioning failed: \(String(reflecting: error))")
            }
        }
    }
}
