import Foundation
import GRPCCore
import Logging
import RoamRuntime

// roam: the developer's and operator's command.
//   roam up                        build and run the whole stack locally (see README.md)
//   roam provision                 create each service's database role and schema (DATABASE_URL = an admin)
//   roam health HOST:PORT [NAME]   exit 0 when that gRPC service reports SERVING (container health checks)
//   roam health http://HOST:PORT/PATH   exit 0 when that URL answers 200
//   roam places import FILE        load the places catalog (GeoJSON or CSV) into the trips service
//   roam rates import FILE         load the ECB's reference exchange rates (CSV) into the budget service
//   roam keys prepare|promote|retire|show [FILE]   rotate accounts' signing key with an overlap
//   roam purges [USER_ID]          which services have forgotten a deleted account, and when

let arguments = Array(CommandLine.arguments.dropFirst())
let environment = ProcessInfo.processInfo.environment
let console = Console(names: StackPlan.services.map(\.name) + ["gateway"])

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("roam: \(message)\n".utf8))
    exit(2)
}

switch arguments.first {
case "up":
    let project = FileManager.default.currentDirectoryPath
    guard FileManager.default.fileExists(atPath: "\(project)/Package.swift") else {
        fail("run `swift run roam up` in the Roam project folder")
    }
    let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    let binDirectory = (executable as NSString).deletingLastPathComponent
    do {
        let status = try await UpCommand(
            projectDirectory: project, binDirectory: binDirectory, environment: environment,
            console: console
        ).run()
        exit(status)
    } catch {
        fail("\(error)")
    }

case "provision":
    guard let url = environment["DATABASE_URL"], !url.isEmpty else { fail("set DATABASE_URL to an administrator's connection") }
    guard let kind = try? DeploymentKind(environment: RoamRuntime.Environment(environment)) else {
        fail("set \(DeploymentKind.variable) to development or production")
    }
    if let password = DatabaseSettings.password(in: url),
        let refusal = PublishedSecrets.refusal(of: password, variable: "DATABASE_URL", part: "its password", kind: kind)
    {
        fail("\(refusal)")
    }
    var passwords: [String: String] = [:]
    for spec in StackPlan.services {
        let variable = "\(spec.schema.uppercased())_DB_PASSWORD"
        guard let password = environment[variable], !password.isEmpty else { fail("set \(variable)") }
        if let refusal = PublishedSecrets.refusal(of: password, variable: variable, kind: kind) { fail("\(refusal)") }
        passwords[spec.schema] = password
    }
    var logger = Logger(label: "roam-provision")
    logger.logLevel = .info
    do {
        try await Provisioning.run(adminURL: url, passwords: passwords, logger: logger)
    } catch {
        fail("provisioning failed: \(String(reflecting: error))")
    }

case "health" where arguments.count == 2 && arguments[1].hasPrefix("http://"):
    exit(PortProbe.answersOK(arguments[1]) ? 0 : 1)

case "health":
    guard arguments.count >= 2, let address = HostAndPort(arguments[1]) else { fail("usage: roam health HOST:PORT [SERVICE] | URL") }
    let serving = await HealthProbe.isServing(host: address.host, port: address.port, service: arguments.count > 2 ? arguments[2] : "")
    exit(serving ? 0 : 1)

case "places" where arguments.count == 3 && arguments[1] == "import":
    do {
        print(try await PlacesImport.run(file: arguments[2], environment: environment))
    } catch {
        fail("places import failed: \(error)")
    }

case "rates" where arguments.count == 3 && arguments[1] == "import":
    do {
        print(try await RatesImport.run(file: arguments[2], environment: environment))
    } catch {
        fail("rates import failed: \(error)")
    }

case "keys" where (2...3).contains(arguments.count):
    let file = arguments.count == 3 ? arguments[2] : environment["ACCOUNTS_SIGNING_KEY_FILE"] ?? ".roam/accounts-signing-key"
    do {
        print(try KeysCommand.run(arguments[1], file: file))
    } catch {
        fail("keys \(arguments[1]) failed: \(error)")
    }

case "purges" where arguments.count <= 2:
    if arguments.count == 2 && UUID(uuidString: arguments[1]) == nil { fail("purges: USER_ID must be an account's id (a UUID)") }
    do {
        print(try await PurgesCommand.run(userID: arguments.count == 2 ? arguments[1] : nil, environment: environment))
    } catch let error as RPCError {
        fail("purges: accounts answered \(error.code): \(error.message)")
    } catch {
        fail("purges failed: \(error)")
    }

default:
    print(
        """
        usage: roam up | roam provision | roam health HOST:PORT [SERVICE] | roam health URL | roam places import FILE
               | roam rates import FILE | roam keys prepare|promote|retire|show [FILE] | roam purges [USER_ID]
          up         build and run the whole stack locally, PostgreSQL included; Ctrl-C stops it all
          provision  create each service's database role and schema (DATABASE_URL of an administrator,
                     <SCHEMA>_DB_PASSWORD for each service, e.g. ACCOUNTS_DB_PASSWORD)
          health     exit 0 when the gRPC service at HOST:PORT reports SERVING, or the http:// URL answers 200
          places import FILE
                     load the places catalog from GeoJSON (an OpenStreetMap export as is) or CSV into the trips
                     service at TRIPS_ADDRESS, with ROAM_SERVICE_SECRET; importing again updates by source id
          rates import FILE
                     load the European Central Bank's reference rates (eurofxref.csv, or eurofxref-hist.csv for
                     every day since 1999) into the budget service at BUDGET_ADDRESS; importing again replaces a day
          keys prepare|promote|retire|show [FILE]
                     rotate accounts' signing key with an overlap in its key file (ACCOUNTS_SIGNING_KEY_FILE):
                     prepare adds a published key, promote makes it sign, retire drops the old ones; restart
                     accounts after each step (see README, Security)
          purges [USER_ID]
                     which services have forgotten a deleted account and when, or are still being asked
                     (the last 20 deletions without USER_ID); asks accounts at ACCOUNTS_ADDRESS with
                     ROAM_SERVICE_SECRET; records are kept 90 days
        """)
    exit(arguments.isEmpty || arguments.first == "help" || arguments.first == "--help" ? 0 : 2)
}
