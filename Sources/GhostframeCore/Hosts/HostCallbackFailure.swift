import Glibc

/// The calling thread's record of a failed host callback: a host curve that returned a
/// non-finite value, or a skeleton effect that failed.
///
/// Evaluation paths that cannot throw (``Curve/callAsFunction(_:beforeFlag:)``, a scene's sampler)
/// record the first failure here and go on with NaN. Every engine call that evaluates host
/// callbacks and reports failures runs its evaluation inside ``checking(_:)``, which turns a
/// failure recorded meanwhile into a ``GhostframeError/Code/callback`` error when it finishes.
/// Only such a call's evaluation is recorded: a failure outside every ``checking(_:)`` (a
/// non-reporting call such as ``Scene/presentationValue(of:layer:at:)``) is NaN and nothing more,
/// so no record outlives the call that produced it, nor becomes the cause of a later one.
package enum HostCallbackFailure {
  /// One thread's record.
  final class Slot {
    /// The first failure of the innermost ``checking(_:)`` running.
    var message: String?
    /// How many ``checking(_:)`` calls are running on the thread (nested through callbacks).
    var depth = 0
  }

  private static let key: pthread_key_t? = {
    var key = pthread_key_t()
    let made = pthread_key_create(&key) { pointer in
      if let pointer { Unmanaged<Slot>.fromOpaque(pointer).release() }
    }
    return made == 0 ? key : nil
  }()

  private static func slot(creating: Bool) -> Slot? {
    guard let key else { return nil }
    if let raw = pthread_getspecific(key) { return Unmanaged<Slot>.fromOpaque(raw).takeUnretainedValue() }
    guard creating else { return nil }
    let slot = Slot()
    pthread_setspecific(key, Unmanaged.passRetained(slot).toOpaque())
    return slot
  }

  /// Records a failure for the reporting call running on this thread, unless one is already
  /// recorded (the first one is the cause); nothing when no reporting call is running.
  package static func record(_ message: @autoclosure () -> String) {
    guard let slot = slot(creating: false), slot.depth > 0, slot.message == nil else { return }
    slot.message = message()
  }

  /// Runs `body` and throws a failure a callback recorded while it ran: that failure rather than
  /// an error `body` threw, which is its consequence (a NaN refused further on). A failure an
  /// enclosing evaluation recorded before (a callback evaluating curves itself) is kept for it.
  @inline(__always)
  package static func checking<T>(_ body: () throws(GhostframeError) -> T) throws(GhostframeError) -> T {
    guard let slot = slot(creating: true) else { return try body() }
    let outer = slot.message
    slot.message = nil
    slot.depth += 1
    let value: T
    do {
      value = try body()
    } catch {
      if let inner = finish(slot, restoring: outer) { throw GhostframeError(.callback, inner) }
      throw error
    }
    if let inner = finish(slot, restoring: outer) { throw GhostframeError(.callback, inner) }
    return value
  }

  /// The failure `body` recorded, for a thread that reports it to another (the sampling pool's).
  package static func failure(of body: () -> Void) -> String? {
    do {
      try checking { () throws(GhostframeError) in body() }
      return nil
    } catch {
      return error.message
    }
  }

  /// Ends one ``checking(_:)``: its recorded failure, the enclosing one's put back.
  @inline(__always)
  private static func finish(_ slot: Slot, restoring outer: String?) -> String? {
    let inner = slot.message
    slot.message = outer
    slot.depth -= 1
    return inner
  }
}
