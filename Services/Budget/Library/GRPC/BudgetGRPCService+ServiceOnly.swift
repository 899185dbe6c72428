import GRPCCore
import RoamProto
import RoamRuntime

/// The calls only other services (and operators' tools) make, with the service credential.
extension BudgetGRPCService: HasServiceOnlyMethods {
    public static var serviceOnlyMethods: Set<MethodDescriptor> {
        [
            Roam_Budget_V1_BudgetService.Method.ImportReferenceRates.descriptor
        ]
    }
}
