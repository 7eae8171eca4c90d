import Dispatch
import Foundation
import Testing

/// The tests' servers (``RunningServer``) run their tasks on threads of their own: they answer
/// while every thread of Swift's shared pool is blocked, as a test that waits by blocking holds
/// one.
@Suite struct RunningServerTests {
    @Test func aServerAnswersWhileEveryThreadOfTheSharedPoolIsBlocked() async throws {
        try await withServer([ServerPaths.fixture("Live")]) { server in
            let port = server.port
            let threads = ProcessInfo.processInfo.activeProcessorCount
            let (blocking, release) = (DispatchGroup(), DispatchSemaphore(value: 0))
            for _ in 0..<threads {
                blocking.enter()
                Task.detached {
                    blocking.leave()
                    // At most 20 s, should the server never answer.
                    _ = release.wait(timeout: .now() + 20)
                }
            }
            let response = try await offThePool {
                // Released once answered: until then, this test cannot go on either.
                defer { for _ in 0..<threads { release.signal() } }
                blocking.wait()
                return try request("GET", "/views/echo:blocked", port: port)
            }
            #expect(response.status == 200 && response.text.contains("echo:blocked"), "\(response.status) \(response.text)")
        }
    }
}
