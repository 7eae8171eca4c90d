import NIOCore

extension TestBackendHandler {
    /// The rest of a ``TestBackend/Behaviour/huge(bytes:chunked:)`` body to send.
    struct BodyStream {
        var remaining: Int
        let chunked: Bool
        let keepAlive: Bool
    }

    /// The bytes a huge body is made of, shared by every write (a write holds a reference, not a copy).
    private static let filler = ByteBuffer(bytes: [UInt8](repeating: UInt8(ascii: "x"), count: 64 << 10))
    /// How many filler chunks one turn of the event loop writes at most.
    private static let chunksPerTurn = 16

    /// Plays out the behaviours that do not answer at once and whole.
    func misbehave(_ behaviour: TestBackend.Behaviour, keepAlive: Bool, context: ChannelHandlerContext) {
        let allocator = context.channel.allocator
        switch behaviour {
        case .neverAnswer:
            break
        case let .drip(interval):
            let head = Self.head(status: 200, headers: [("Transfer-Encoding", "chunked")], allocator: allocator)
            context.writeAndFlush(wrapOutboundOut(head), promise: nil)
            drip(every: max(1, interval), context: context)
        case let .huge(bytes, chunked):
            let framing = chunked ? ("Transfer-Encoding", "chunked") : ("Content-Length", "\(bytes)")
            context.write(wrapOutboundOut(Self.head(status: 200, headers: [framing], allocator: allocator)), promise: nil)
            stream = BodyStream(remaining: max(0, bytes), chunked: chunked, keepAlive: keepAlive)
            pump(context: context)
        case .malformedChunking:
            var buffer = Self.head(status: 200, headers: [("Transfer-Encoding", "chunked")], allocator: allocator)
            buffer.writeString("zz-not-a-chunk-size\r\nhello\r\n")
            context.writeAndFlush(wrapOutboundOut(buffer), promise: nil)
        case .closeMidBody:
            var buffer = Self.head(status: 200, headers: [("Content-Length", "1000")], allocator: allocator)
            buffer.writeString("0123456789")
            context.writeAndFlush(wrapOutboundOut(buffer)).assumeIsolated().whenComplete { _ in
                context.close(promise: nil)
            }
        case .closeAtOnce:
            context.close(promise: nil)
        case let .answerTwice(first, second):
            var buffer = allocator.buffer(capacity: 0)
            for text in [first, second] {
                var part = Self.head(status: 200, headers: [("Content-Length", "\(text.utf8.count)")], allocator: allocator)
                part.writeString(text)
                buffer.writeBuffer(&part)
            }
            finish(keepAlive: keepAlive, written: context.writeAndFlush(wrapOutboundOut(buffer)), context: context)
        case .respond, .json, .redirect, .handler:
            preconditionFailure("\(behaviour) answers at once")
        }
    }

    /// Sends a one-byte chunk every `interval` milliseconds until the connection closes.
    private func drip(every interval: Int, context: ChannelHandlerContext) {
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(Int64(interval))) { [self] in
            timer = nil
            guard isActive else { return }
            context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(string: "1\r\nx\r\n")), promise: nil)
            drip(every: interval, context: context)
        }
    }

    /// Writes what the client can take of the huge body under way: a bounded amount per turn
    /// of the event loop, then on the next turn, or when the connection is writable again.
    func pump(context: ChannelHandlerContext) {
        // A flush can make the connection writable again and so call this back: not twice at once.
        guard isActive, !isPumping, stream != nil else { return }
        isPumping = true
        var chunks = 0
        while let body = stream, body.remaining > 0, context.channel.isWritable, chunks < Self.chunksPerTurn {
            let count = min(body.remaining, Self.filler.readableBytes)
            stream?.remaining -= count
            chunks += 1
            if body.chunked {
                context.write(wrapOutboundOut(context.channel.allocator.buffer(string: String(count, radix: 16) + "\r\n")), promise: nil)
            }
            context.write(wrapOutboundOut(Self.filler.getSlice(at: Self.filler.readerIndex, length: count)!), promise: nil)
            if body.chunked { context.write(wrapOutboundOut(context.channel.allocator.buffer(string: "\r\n")), promise: nil) }
            context.flush()
        }
        isPumping = false
        guard isActive, let body = stream else { return }
        guard body.remaining == 0 else {
            // Not writable: channelWritabilityChanged pumps on. Writable: this turn wrote its share.
            if context.channel.isWritable {
                context.eventLoop.assumeIsolated().execute { [self] in pump(context: context) }
            }
            return
        }
        stream = nil
        let end = context.channel.allocator.buffer(string: body.chunked ? "0\r\n\r\n" : "")
        finish(keepAlive: body.keepAlive, written: context.writeAndFlush(wrapOutboundOut(end)), context: context)
    }
}
