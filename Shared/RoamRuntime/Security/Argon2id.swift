/// Argon2id (RFC 9106), the memory-hard password hash OWASP recommends first. Version 0x13.
///
/// Written in Swift because the stack links no C crypto beyond swift-crypto, which has no Argon2.
/// Checked against the RFC 9106 test vector and the reference implementation in the tests.
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

    private static let version: UInt32 = 0x13
    private static let type: UInt32 = 2
    private static let syncPoints = 4
    private static let wordsPerBlock = 128

    public func hash(password: [UInt8], salt: [UInt8], secret: [UInt8] = [], associatedData: [UInt8] = []) -> [UInt8] {
        let lanes = parallelism
        let segmentLength = memoryKiB / (lanes * Self.syncPoints)
        let laneLength = segmentLength * Self.syncPoints
        let blockCount = laneLength * lanes

        var h0Input: [UInt8] = []
        for value in [UInt32(lanes), UInt32(tagLength), UInt32(memoryKiB), UInt32(iterations), Self.version, Self.type] {
            h0Input += value.littleEndianBytes
        }
        for field in [password, salt, secret, associatedData] {
            h0Input += UInt32(field.count).littleEndianBytes + field
        }
        let h0 = Blake2b.hash(h0Input)

        var memory = [UInt64](repeating: 0, count: blockCount * Self.wordsPerBlock)
        for lane in 0..<lanes {
            for column in 0..<2 {
                let bytes = Self.variableHash(h0 + UInt32(column).littleEndianBytes + UInt32(lane).littleEndianBytes, length: 1024)
                let offset = (lane * laneLength + column) * Self.wordsPerBlock
                for word in 0..<Self.wordsPerBlock {
                    memory[offset + word] = UInt64(littleEndianBytes: bytes, at: word * 8)
                }
            }
        }

        let layout = Layout(lanes: lanes, laneLength: laneLength, segmentLength: segmentLength, blockCount: blockCount, passes: iterations)
        memory.withUnsafeMutableBufferPointer { memory in
            for pass in 0..<iterations {
                for slice in 0..<Self.syncPoints {
                    for lane in 0..<lanes {
                        Self.fillSegment(memory, layout, pass: pass, slice: slice, lane: lane)
                    }
                }
            }
        }

        var final = [UInt64](repeating: 0, count: Self.wordsPerBlock)
        for lane in 0..<lanes {
            let offset = (lane * laneLength + laneLength - 1) * Self.wordsPerBlock
            for word in 0..<Self.wordsPerBlock { final[word] ^= memory[offset + word] }
        }
        return Self.variableHash(final.flatMap(\.littleEndianBytes), length: tagLength)
    }

    private struct Layout {
        let lanes: Int
        let laneLength: Int
        let segmentLength: Int
        let blockCount: Int
        let passes: Int
    }

    /// H' of RFC 9106 section 3.3: BLAKE2b stretched to any length.
    static func variableHash(_ input: [UInt8], length: Int) -> [UInt8] {
        let prefixed = UInt32(length).littleEndianBytes + input
        if length <= 64 { return Blake2b.hash(prefixed, digestLength: length) }
        var output: [UInt8] = []
        output.reserveCapacity(length)
        var v = Blake2b.hash(prefixed)
        output += v.prefix(32)
        while length - output.count > 64 {
            v = Blake2b.hash(v)
            output += v.prefix(32)
        }
        output += Blake2b.hash(v, digestLength: length - output.count)
        return output
    }

    private static func fillSegment(_ memory: UnsafeMutableBufferPointer<UInt64>, _ layout: Layout, pass: Int, slice: Int, lane: Int) {
        // Argon2id: data-independent addressing for the first half of the first pass, where side
        // channels matter most; data-dependent after that.
        let independent = pass == 0 && slice < syncPoints / 2
        var addressBlock = [UInt64](repeating: 0, count: wordsPerBlock)
        var inputBlock = [UInt64](repeating: 0, count: wordsPerBlock)
        let zeroBlock = [UInt64](repeating: 0, count: wordsPerBlock)
        if independent {
            inputBlock[0] = UInt64(pass)
            inputBlock[1] = UInt64(lane)
            inputBlock[2] = UInt64(slice)
            inputBlock[3] = UInt64(layout.blockCount)
            inputBlock[4] = UInt64(layout.passes)
            inputBlock[5] = UInt64(type)
        }
        func nextAddresses() {
            inputBlock[6] &+= 1
            addressBlock = compress(zeroBlock, inputBlock)
            addressBlock = compress(zeroBlock, addressBlock)
        }

        var startIndex = 0
        if pass == 0 && slice == 0 {
            startIndex = 2
            if independent { nextAddresses() }
        }
        var current = lane * layout.laneLength + slice * layout.segmentLength + startIndex
        var previous = current % layout.laneLength == 0 ? current + layout.laneLength - 1 : current - 1

        for index in startIndex..<layout.segmentLength {
            if current % layout.laneLength == 1 { previous = current - 1 }
            let pseudoRandom: UInt64
            if independent {
                if index % wordsPerBlock == 0 { nextAddresses() }
                pseudoRandom = addressBlock[index % wordsPerBlock]
            } else {
                pseudoRandom = memory[previous * wordsPerBlock]
            }
            var referenceLane = Int((pseudoRandom >> 32) % UInt64(layout.lanes))
            if pass == 0 && slice == 0 { referenceLane = lane }
            let sameLane = referenceLane == lane

            let areaSize: Int
            if pass == 0 {
                if slice == 0 {
                    areaSize = index - 1
                } else if sameLane {
                    areaSize = slice * layout.segmentLength + index - 1
                } else {
                    areaSize = slice * layout.segmentLength - (index == 0 ? 1 : 0)
                }
            } else {
                areaSize = layout.laneLength - layout.segmentLength + (sameLane ? index - 1 : (index == 0 ? -1 : 0))
            }
            var relative = pseudoRandom & 0xFFFF_FFFF
            relative = (relative &* relative) >> 32
            let relativePosition = UInt64(areaSize) - 1 - ((UInt64(areaSize) &* relative) >> 32)
            let startPosition = pass == 0 || slice == syncPoints - 1 ? 0 : (slice + 1) * layout.segmentLength
            let referenceIndex = (startPosition + Int(relativePosition)) % layout.laneLength
            let reference = referenceLane * layout.laneLength + referenceIndex

            fillBlock(memory, previous: previous, reference: reference, next: current, xorWithOld: pass > 0)
            current += 1
            previous += 1
        }
    }

    private static func fillBlock(_ memory: UnsafeMutableBufferPointer<UInt64>, previous: Int, reference: Int, next: Int, xorWithOld: Bool) {
        var r = [UInt64](repeating: 0, count: wordsPerBlock)
        for i in 0..<wordsPerBlock {
            r[i] = memory[reference * wordsPerBlock + i] ^ memory[previous * wordsPerBlock + i]
        }
        var result = r
        if xorWithOld {
            for i in 0..<wordsPerBlock { result[i] ^= memory[next * wordsPerBlock + i] }
        }
        permute(&r)
        for i in 0..<wordsPerBlock { memory[next * wordsPerBlock + i] = result[i] ^ r[i] }
    }

    /// The compression function G of RFC 9106 section 3.5, without the xor into an old block.
    private static func compress(_ x: [UInt64], _ y: [UInt64]) -> [UInt64] {
        var r = [UInt64](repeating: 0, count: wordsPerBlock)
        for i in 0..<wordsPerBlock { r[i] = x[i] ^ y[i] }
        let saved = r
        permute(&r)
        for i in 0..<wordsPerBlock { r[i] ^= saved[i] }
        return r
    }

    /// The permutation P applied to the eight rows, then to the eight columns, of a block.
    private static func permute(_ block: inout [UInt64]) {
        block.withUnsafeMutableBufferPointer { v in
            for row in 0..<8 {
                let b = row * 16
                round(v, b, b + 1, b + 2, b + 3, b + 4, b + 5, b + 6, b + 7,
                      b + 8, b + 9, b + 10, b + 11, b + 12, b + 13, b + 14, b + 15)
            }
            for column in 0..<8 {
                let b = column * 2
                round(v, b, b + 1, b + 16, b + 17, b + 32, b + 33, b + 48, b + 49,
                      b + 64, b + 65, b + 80, b + 81, b + 96, b + 97, b + 112, b + 113)
            }
        }
    }

    @inline(__always)
    private static func round(_ v: UnsafeMutableBufferPointer<UInt64>,
                              _ v0: Int, _ v1: Int, _ v2: Int, _ v3: Int, _ v4: Int, _ v5: Int, _ v6: Int, _ v7: Int,
                              _ v8: Int, _ v9: Int, _ v10: Int, _ v11: Int, _ v12: Int, _ v13: Int, _ v14: Int, _ v15: Int) {
        mix(v, v0, v4, v8, v12); mix(v, v1, v5, v9, v13); mix(v, v2, v6, v10, v14); mix(v, v3, v7, v11, v15)
        mix(v, v0, v5, v10, v15); mix(v, v1, v6, v11, v12); mix(v, v2, v7, v8, v13); mix(v, v3, v4, v9, v14)
    }

    @inline(__always)
    private static func mix(_ v: UnsafeMutableBufferPointer<UInt64>, _ a: Int, _ b: Int, _ c: Int, _ d: Int) {
        v[a] = blaMka(v[a], v[b]); v[d] = (v[d] ^ v[a]).rotatedRight(by: 32)
        v[c] = blaMka(v[c], v[d]); v[b] = (v[b] ^ v[c]).rotatedRight(by: 24)
        v[a] = blaMka(v[a], v[b]); v[d] = (v[d] ^ v[a]).rotatedRight(by: 16)
        v[c] = blaMka(v[c], v[d]); v[b] = (v[b] ^ v[c]).rotatedRight(by: 63)
    }

    @inline(__always)
    private static func blaMka(_ x: UInt64, _ y: UInt64) -> UInt64 {
        x &+ y &+ 2 &* (x & 0xFFFF_FFFF) &* (y & 0xFFFF_FFFF)
    }
}
