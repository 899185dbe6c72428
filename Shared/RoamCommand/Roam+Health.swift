import ArgumentParser
import Foundation
import RoamRuntime

extension Roam {
    struct Health: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Exit 0 when a gRPC service reports SERVING, or an http:// URL answers 200; 1 otherwise.",
            discussion: "What container health checks and Kubernetes probes run: roam health 127.0.0.1:50051 roam.accounts.v1.AccountsService")

        @Argument(help: "HOST:PORT of a gRPC server, or an http:// URL.")
        var target: String

        @Argument(help: "The gRPC service to ask about (the server as a whole when left out).")
        var service: String = ""

        func validate() throws {
            if target.hasPrefix("http://") {
                guard service.isEmpty else { throw ValidationError("<service> goes with HOST:PORT, not with a URL") }
            } else if HostAndPort(target) == nil {
                throw ValidationError("<target> must be HOST:PORT (127.0.0.1:50051) or an http:// URL, not '\(target)'")
            }
        }

        func run() async throws {
            if target.hasPrefix("http://") {
                throw ExitCode(PortProbe.answersOK(target) ? 0 : 1)
            }
            let address = HostAndPort(target)!
            throw ExitCode(await HealthProbe.isServing(host: address.host, port: address.port, service: service) ? 0 : 1)
        }
    }
}
