#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value guarded by a POSIX mutex: the package's one locked box (as swift-nio's
/// `NIOLockedValueBox`), for what many host threads use at once: the host registries, the
/// timeline registry, the scene reader's curve cache and each sampler's pool of workspaces.
///
/// `Synchronization.Mutex` would do the same job, but a contended `Mutex` waits in a futex inside
/// the uninstrumented standard library, so ThreadSanitizer (`make tsan-test`) cannot see the
/// ordering it creates and reports races that are not there; a `pthread_mutex_t` it intercepts.
/// Whatever `body` releases (a replaced entry, say) should leave the lock first: return it and
/// drop it after the call, so no host callback its release triggers runs under the lock.
package final class PosixLocked<Value> {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  /// Creates the lock around `value`.
  package init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with the value, holding the lock; `body` must not call back into this lock.
  package func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}

// @unchecked Sendable: `value` is read and written only inside `withLock`, under `mutex`; and only
// when `Value` is Sendable, so what `withLock` hands one thread may safely have come from another
// (as swift-nio's `NIOLockedValueBox`).
extension PosixLocked: @unchecked Sendable where Value: Sendable {}
