import RoamAPI

/// A device's fields come in the path (its token) and the body; the service names them in its `device`.
extension Operations.PutDevice.Input: ServiceFieldNames {
    static let serviceFieldNames = [
        "device.token": "token", "device.platform": "platform", "device.apns_environment": "apnsEnvironment", "device.topic": "topic",
        "device.language": "language",
    ]
}
