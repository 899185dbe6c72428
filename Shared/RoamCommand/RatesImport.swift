import Budget
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import RoamProto
import RoamRuntime

/// `roam rates import FILE`: reads the ECB's reference-rate CSV (the daily file or the whole history)
/// and hands it to the budget service in batches with a service credential (budget owns the table).
enum RatesImport {
    static func run(file: String, environment: [String: String]) async throws -> String {
        let contents: ReferenceRateFile.Contents
        do {
            contents = try ReferenceRateFile.parse(try Data(contentsOf: URL(fileURLWithPath: file)))
        } catch let error as RoamError {
            throw RoamCommandError(error.message)
        }
        let address = try RoamRuntime.Environment(environment).addresses("BUDGET_ADDRESS", default: "127.0.0.1:50056")[0]
        let settings = RoamRuntime.Environment(environment)
        let secret = try settings.serviceSecret(kind: try DeploymentKind(environment: settings))
        let credential = await ServiceCredential(serviceName: "roam-rates-import", secret: secret)
        var written = 0
        try await withGRPCClient(transport: .http2NIOPosix(target: .dns(host: address.host, port: address.port), transportSecurity: .plaintext)) {
            client in
            let budget = Roam_Budget_V1_BudgetService.Client(wrapping: client)
            for start in stride(from: 0, to: contents.rates.count, by: BudgetGRPCService.importBatchLimit) {
                let batch = contents.rates[start..<min(start + BudgetGRPCService.importBatchLimit, contents.rates.count)]
                let request = Roam_Budget_V1_ImportReferenceRatesRequest.with {
                    $0.rates = batch.map { rate in
                        .with {
                            $0.date = rate.date.description
                            $0.currency = rate.currency.code
                            $0.perEuro = ExchangeRate.text(rate.perEuro)
                        }
                    }
                }
                do {
                    written += Int(
                        try await budget.importReferenceRates(request, metadata: ["authorization": "Bearer \(try await credential.token())"]).written)
                } catch let error as RPCError {
                    throw RoamCommandError(RoamError(error).message)
                }
            }
        }
        let days = Set(contents.rates.map(\.date))
        return "\(written) rates for \(days.count) days written (\(days.min().map { "\($0)" } ?? "-") to \(days.max().map { "\($0)" } ?? "-")), "
            + "\(contents.skipped) cells skipped (not quoted, or a currency no longer in use)"
    }
}
