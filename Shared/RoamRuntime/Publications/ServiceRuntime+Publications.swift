extension ServiceRuntime {
    /// The worker that hands `queue` to the notifications service at `addresses`, with the service credential.
    public func publicationDelivery(
        queue: any PublicationQueue, notificationsAddresses addresses: [HostAndPort]
    ) throws -> PublicationDelivery {
        let publisher = GRPCPublisher(upstream: try upstream("notifications", addresses: addresses), credential: credential)
        return PublicationDelivery(queue: queue, publisher: publisher, logger: logger)
    }
}
