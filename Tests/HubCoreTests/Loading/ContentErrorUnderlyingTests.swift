import Testing
@testable import HubCore

/// A Swift operation that fails with an error of its own: the loader names the feature and the
/// operation, and the Swift error stays reachable as `underlying`.
@Suite struct ContentErrorUnderlyingTests {
    struct Oops: Error, Equatable {
        let reason: String
    }

    /// Another error type that describes itself as `Oops` does.
    struct LookAlike: Error, CustomStringConvertible {
        var description: String { "Oops(reason: \"disk full\")" }
    }

    private let feature = FeatureInfo(identifier: "files", title: "Files")

    /// The error the chain of `operations` failed with.
    private func failure(of operations: [any ContentOperation]) throws -> ContentError {
        let loader = ViewModelLoader(viewURI: "files:view", featureInfo: feature, operations: operations)
        let delegate = ViewModelLoaderDelegateRecorder()
        loader.delegate = delegate
        loader.loadViewModel()
        return try #require(delegate.lastError)
    }

    @Test func aSwiftOperationsErrorNamesTheFeatureAndOperationAndKeepsTheSwiftError() throws {
        let error = try failure(of: [BlockContentOperation(name: "read") { $0.fail(Oops(reason: "disk full")) }])
        #expect(error.description == "Oops(reason: \"disk full\") — feature 'files', operation 'read'")
        #expect(error.domain == "hub")
        #expect(error.feature == "files")
        #expect(error.operation == "read")
        #expect(error.underlying as? Oops == Oops(reason: "disk full"))
    }

    @Test func anErrorHandedOnKeepsTheOperationThatRaisedIt() throws {
        let error = try failure(of: [
            BlockContentOperation(name: "read") { $0.fail(Oops(reason: "disk full")) },
            BlockContentOperation(name: "pass") { context in context.previousError.map(context.fail) },
        ])
        #expect(error.operation == "read")
        #expect(error.underlying as? Oops == Oops(reason: "disk full"))
    }

    @Test func aContentErrorThatSaysWhoseItIsIsLeftAsItIs() throws {
        var own = ContentError(domain: "files", code: 4, message: "gone", feature: "elsewhere", operation: "origin")
        own.folder = "Files"
        let error = try failure(of: [BlockContentOperation(name: "read") { $0.fail(own) }])
        #expect(error == own)
        #expect(error.underlying == nil)
    }

    @Test func aJSONParseErrorKeepsItsDomainAndItself() throws {
        let parse = JSONParseError(message: "unexpected end of input", line: 1, column: 2, offset: 1)
        let error = ContentError.from(parse)
        #expect(error.domain == JSONDomain.name)
        #expect(error.underlying as? JSONParseError == parse)
    }

    @Test func underlyingErrorsAreComparedByTypeAndDescription() {
        #expect(ContentError.from(Oops(reason: "disk full")) == ContentError.from(Oops(reason: "disk full")))
        #expect(ContentError.from(Oops(reason: "disk full")) != ContentError.from(LookAlike()), "same words, another type")
        var other = ContentError.from(Oops(reason: "disk full"))
        other.underlying = Oops(reason: "disk on fire")
        #expect(ContentError.from(Oops(reason: "disk full")) != other, "same message, another error")
        other.underlying = nil
        #expect(ContentError.from(Oops(reason: "disk full")) != other)
    }
}
