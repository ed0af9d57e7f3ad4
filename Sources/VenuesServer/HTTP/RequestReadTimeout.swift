import NIOCore
import NIOHTTPTypes

/// Closes a connection that does not deliver a whole request (head and body) within
/// `timeout` of the moment the server started waiting for one — after the connection opened,
/// or after the last response — so that idle and slow clients cannot hold connections
/// forever. The time a request spends being answered is not counted.
///
/// One timer per connection, moved lazily: a request only moves the deadline, and the timer,
/// when it fires early, sleeps again until the deadline (scheduling a timer per request was a
/// measurable part of a cached request's time).
final class RequestReadTimeout: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let timeout: TimeAmount
    /// Requests read whole and not yet answered.
    private var unanswered = 0
    /// When the connection must have delivered a whole request; `nil` while one is answered.
    private var deadline: NIODeadline?
    private var timer: Scheduled<Void>?

    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .end = unwrapInboundIn(data) {
            unanswered += 1
            deadline = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            unanswered = max(0, unanswered - 1)
            if unanswered == 0 { arm(context) }
        }
        context.write(data, promise: promise)
    }

    private func arm(_ context: ChannelHandlerContext) {
        let due = NIODeadline.now() + timeout
        deadline = due
        if timer == nil { schedule(context, at: due) }
    }

    private func schedule(_ context: ChannelHandlerContext, at due: NIODeadline) {
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(deadline: due) {
            let (handler, context) = loopBound.value
            handler.fired(context)
        }
    }

    private func fired(_ context: ChannelHandlerContext) {
        timer = nil
        guard let deadline else { return }  // a request is being answered: re-armed after it
        if deadline <= NIODeadline.now() {
            context.close(promise: nil)
        } else {
            schedule(context, at: deadline)
        }
    }

    private func stop() {
        deadline = nil
        timer?.cancel()
        timer = nil
    }
}
