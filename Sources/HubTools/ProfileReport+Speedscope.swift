import Foundation
import HubLua

// A profile as a speedscope file (https://www.speedscope.app/file-format-schema.json, from
// speedscope's src/lib/file-format-spec.ts): shared frames, and one sampled profile whose samples
// are stacks of frame indices, outermost first, each weighing the instructions it stands for.

extension ProfileReport {
    /// The profile as a speedscope file named `name`: consecutive samples with the same stack
    /// are one sample weighing their instructions together (unit `none`: instructions), so the
    /// weights add up to `endValue` (samples × ``every``), in the order they were taken. Throws
    /// what JSON encoding throws.
    public func speedscope(name: String) throws(EncodingError) -> Data {
        let profile = self.profile
        var frames = profile.frames.map { SpeedscopeFile.Frame(name: $0.name, file: $0.file, line: $0.line) }
        let operationFrames = profile.operations.indices.map { index in
            frames.append(SpeedscopeFile.Frame(name: profile.operationLabel(index), file: nil, line: nil))
            return frames.count - 1
        }
        var stacks: [[Int]] = []
        var weights: [Int] = []
        for sample in profile.samples {
            let stack = (sample.operation.map { [operationFrames[$0]] } ?? []) + sample.stack
            if stacks.last == stack, let last = weights.indices.last {
                weights[last] += every
            } else {
                stacks.append(stack)
                weights.append(every)
            }
        }
        let file = SpeedscopeFile(
            schema: SpeedscopeFile.schemaURL, version: SpeedscopeFile.version, name: name, activeProfileIndex: 0,
            shared: .init(frames: frames),
            profiles: [.init(
                type: "sampled", name: name, unit: "none", startValue: 0, endValue: weights.reduce(0, +),
                samples: stacks, weights: weights)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(file)
        } catch let error as EncodingError {
            throw error
        } catch {
            throw EncodingError.invalidValue(file, EncodingError.Context(codingPath: [], debugDescription: "\(error)", underlyingError: error))
        }
    }
}

/// speedscope's file format (`FileFormat.File`), with one sampled profile.
struct SpeedscopeFile: Codable {
    /// The schema every speedscope file names.
    static let schemaURL = "https://www.speedscope.app/file-format-schema.json"
    /// The version of speedscope's format this follows.
    static let version = "0.6.0"

    struct Frame: Codable {
        var name: String
        var file: String?
        var line: Int?
    }

    struct Shared: Codable {
        var frames: [Frame]
    }

    struct SampledProfile: Codable {
        var type: String
        var name: String
        var unit: String
        var startValue: Int
        var endValue: Int
        var samples: [[Int]]
        var weights: [Int]
    }

    var schema: String
    var version: String
    var name: String
    var activeProfileIndex: Int
    var shared: Shared
    var profiles: [SampledProfile]

    enum CodingKeys: String, CodingKey {
        case schema = "$schema"
        case version, name, activeProfileIndex, shared, profiles
    }
}
