import CArgon2

/// Argon2id (RFC 9106, version 0x13) parameters, computed by the reference implementation (libargon2).
public struct Argon2id: Sendable, Equatable {
    public var memoryKiB: Int
    public var iterations: Int
    public var parallelism: Int
    public var tagLength: Int

    public init(memoryKiB: Int, iterations: Int, parallelism: Int, tagLength: Int = 32) {
        precondition(parallelism >= 1 && iterations >= 1 && tagLength >= 4)
        precondition(memoryKiB >= 8 * parallelism, "Argon2 needs at least 8 KiB per lane")
        self.memoryKiB = memoryKiB
        self.iterations = iterations
        self.parallelism = parallelism
        self.tagLength = tagLength
    }

    /// The raw tag. Fails only for inputs libargon2 refuses (lengths beyond 2³² bytes, or no memory).
    public func hash(password: [UInt8], salt: [UInt8], secret: [UInt8] = [], associatedData: [UInt8] = []) throws(Argon2Error) -> [UInt8] {
        var tag = [UInt8](repeating: 0, count: tagLength)
        var password = password, salt = salt, secret = secret, associatedData = associatedData
        let result = tag.withUnsafeMutableBufferPointer { tag in
            password.withUnsafeMutableBufferPointer { password in
                salt.withUnsafeMutableBufferPointer { salt in
                    secret.withUnsafeMutableBufferPointer { secret in
                        associatedData.withUnsafeMutableBufferPointer { associatedData in
                            var context = argon2_context(
                                out: tag.baseAddress, outlen: UInt32(tag.count),
                                pwd: password.baseAddress, pwdlen: UInt32(password.count),
                                salt: salt.baseAddress, saltlen: UInt32(salt.count),
                                secret: secret.baseAddress, secretlen: UInt32(secret.count),
                                ad: associatedData.baseAddress, adlen: UInt32(associatedData.count),
                                t_cost: UInt32(iterations), m_cost: UInt32(memoryKiB),
                                lanes: UInt32(parallelism), threads: UInt32(parallelism),
                                version: UInt32(ARGON2_VERSION_13.rawValue),
                                allocate_cbk: nil, free_cbk: nil, flags: 0)
                            return argon2id_ctx(&context)
                        }
                    }
                }
            }
        }
        guard result == ARGON2_OK.rawValue else { throw Argon2Error(code: result) }
        return tag
    }
}
