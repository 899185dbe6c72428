import Foundation

/// `ImageProcessing` with libvips on the image worker threads, one job per core.
public struct ImageProcessor: ImageProcessing {
    let reader: ImageReader
    let workers: ImageWorkers

    public func facts(ofFileAt path: String) async throws -> ImageFacts {
        let reader = self.reader
        return try await run { try reader.facts(ofFileAt: path) }
    }

    public func variants(ofFileAt path: String) async throws -> ImageVariants {
        let reader = self.reader
        return try await run { try reader.variants(ofFileAt: path) }
    }

    public func sharedCopy(ofFileAt path: String) async throws -> Data {
        let reader = self.reader
        return try await run { try reader.sharedCopy(ofFileAt: path) }
    }

    private func run<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        do {
            return try await workers.run { try work() }
        } catch let error as ImageError {
            switch error {
            case .unreadable(let reason): throw MediaError.unreadable(reason)
            case .tooManyPixels(let width, let height, let limit): throw MediaError.tooManyPixels(width: width, height: height, limit: limit)
            }
        }
    }
}
