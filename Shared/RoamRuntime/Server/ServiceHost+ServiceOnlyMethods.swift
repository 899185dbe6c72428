import GRPCCore
import GRPCNIOTransportHTTP2

extension ServiceHost {
    /// The methods of `services` that only services may call, as they declare them.
    public static func serviceOnlyMethods(of services: [any RegistrableRPCService]) -> Set<MethodDescriptor> {
        var methods: Set<MethodDescriptor> = []
        for service in services {
            if service is any ForServicesOnly {
                var router = RPCRouter<HTTP2ServerTransport.Posix>()
                service.registerMethods(with: &router)
                methods.formUnion(router.methods)
            }
            if let declaring = type(of: service) as? any HasServiceOnlyMethods.Type {
                methods.formUnion(declaring.serviceOnlyMethods)
            }
        }
        return methods
    }
}
