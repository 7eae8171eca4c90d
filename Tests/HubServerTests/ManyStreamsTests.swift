import Foundation
import Testing
@testable import HubServer

/// A thousand update streams on two workers: every one accepted and spread evenly, and after
/// their clients are killed, a thousand new ones accepted within seconds.
///
/// What it needs: the machine to itself, and room for about 4,000 open files in this process
/// (both ends of two thousand connections). The main parallel run skips it; Scripts/test runs it
/// alone, after that run. Serialized: each test holds a few thousand connections.
@Suite(.serialized) struct ManyStreamsTests {
    /// The open files the suite needs, with what the test process holds already.
    private static let descriptorsNeeded = 4_500

    /// Whether the process may open ``descriptorsNeeded`` files (its `ulimit -n`; none is room).
    private static var hasRoomForTheStreams: Bool {
        DescriptorLimit.current.map { $0 >= descriptorsNeeded } ?? true
    }

    private static let cities = "/views/cities:overview/updates"

    /// How many live sessions each worker of `server` holds, as the workers themselves count.
    private static func sessions(on server: RunningServer) async throws -> [Int] {
        var counts: [Int] = []
        for worker in server.server.pool.workers { counts.append(try await worker.perform { $0.sessionCount }) }
        return counts
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration / .milliseconds(1))
    }

    @Test func aThousandStreamsOnTwoWorkersAreAllAcceptedAndSpreadEvenly() async throws {
        try #require(Self.hasRoomForTheStreams, "the suite needs ulimit -n of \(Self.descriptorsNeeded) or more")
        try await withServer([ServerPaths.examples], configure: { $0.workers = 2 }) { server in
            let port = server.port
            let started = ContinuousClock.now
            let fleet = try await offThePool { try StreamFleet(port: port, path: Self.cities, count: 1_000) }
            let opened = started.duration(to: .now)
            #expect(fleet.streams.count == 1_000, "refused: \(fleet.refused.count), silent: \(fleet.silent)")
            #expect(fleet.firstEvents.allSatisfy { $0.event == "model" && $0.data.contains("Madrid") })
            let counts = try await Self.sessions(on: server)
            #expect(counts.allSatisfy { abs($0 - 500) <= 5 }, "\(counts)")
            #expect(server.server.pool.workers.map(\.sessions.count) == counts)
            let metrics = try await server.get("/metrics").text
            #expect(metric("hub_update_streams_open", in: metrics) == 1_000)
            #expect(metric("hub_update_streams_capacity", in: metrics) == 2_048)
            #expect(metric("hub_update_streams_refused_total", in: metrics) == 0)
            print("many streams: 1,000 opened on 2 workers in \(Self.milliseconds(opened)) ms, \(counts) on each")
            fleet.close()
        }
    }

    @Test func afterAThousandClientsAreKilledAThousandReconnectPromptly() async throws {
        // Room for a thousand streams only, and no comment sent during the test (the next is
        // 10 minutes away): the new ones are accepted only if the server heard the killed ones'
        // connections close.
        try #require(Self.hasRoomForTheStreams, "the suite needs ulimit -n of \(Self.descriptorsNeeded) or more")
        try await withServer([ServerPaths.examples], configure: {
            $0.workers = 2
            $0.maxStreamsPerWorker = 500
            $0.pingInterval = 600
        }) { server in
            let port = server.port
            let pool = server.server.pool
            let holder = try await offThePool { try StreamHolder(port: port, path: Self.cities, count: 1_000) }
            #expect(try await eventually(within: 30) { try await Self.sessions(on: server) == [500, 500] })

            let killed = ContinuousClock.now
            holder.kill()
            #expect(await eventually(within: 60) { pool.sessionCount == 0 }, "the killed clients' slots are free")
            let freed = killed.duration(to: .now)
            let fleet = try await offThePool { try StreamFleet(port: port, path: Self.cities, count: 1_000) }
            let reconnected = killed.duration(to: .now)
            #expect(fleet.streams.count == 1_000, "refused: \(fleet.refused.count), silent: \(fleet.silent)")
            // The target is all within 10 s of the kill (3.6–4.6 s measured alone, printed
            // below), a speed Scripts/bench has no benchmark for yet. What this asserts is the
            // outcome: every slot freed by the closes the server heard, not by a comment that
            // found the client gone, 10 minutes on. A minute, far short of that and reached only
            // by a stall, bounds it: a loaded machine took over 10 s.
            #expect(reconnected < .seconds(60), "\(reconnected)")
            #expect(try await Self.sessions(on: server) == [500, 500])
            print("many streams: 1,000 clients killed, their slots free after \(Self.milliseconds(freed)) ms, 1,000 new streams open after \(Self.milliseconds(reconnected)) ms")
            fleet.close()
        }
    }
}
