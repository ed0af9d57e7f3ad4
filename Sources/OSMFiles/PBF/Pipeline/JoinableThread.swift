import Foundation

/// A thread that can be waited for until it has fully ended (Foundation's `Thread` cannot be
/// joined), so that a pass returns only when nothing of it runs any more.
final class JoinableThread {
    private final class Body {
        let run: @Sendable () -> Void

        init(_ run: @escaping @Sendable () -> Void) {
            self.run = run
        }
    }

    private let handle: pthread_t

    /// Starts `body` on a new thread with a 1 MiB stack; `nil` when the system refuses one.
    init?(_ body: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, 1 << 20)
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var handle = pthread_t()
        let status = pthread_create(
            &handle,
            &attributes,
            { context in
                // The body, and all it holds, is released before the thread ends.
                Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            },
            context
        )
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return nil
        }
        self.handle = handle
    }

    /// Waits until the thread has ended.
    func join() {
        pthread_join(handle, nil)
    }
}

@available(*, unavailable)
extension JoinableThread: Sendable {}
