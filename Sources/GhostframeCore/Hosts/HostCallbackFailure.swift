import Glibc

/// The calling thread's record of a failed host callback: a host curve that returned a
/// non-finite value, or a skeleton effect that failed.
///
/// Evaluation paths that cannot throw (``Curve/callAsFunction(_:beforeFlag:)``, a scene's sampler)
/// record the first failure here and go on with NaN; the calls that report failures
/// (``Curve/checkedValue(at:beforeFlag:)``, ``Scene/sample(at:into:)``, the C ABI's evaluating
/// calls) clear the record before they start and turn a recorded failure into a
/// ``GhostframeError/Code/callback`` error when they finish.
package enum HostCallbackFailure {
  /// One thread's record.
  final class Slot {
    var message: String?
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

  /// Records a failure unless one is already recorded (the first one is the cause).
  package static func record(_ message: @autoclosure () -> String) {
    guard let slot = slot(creating: true), slot.message == nil else { return }
    slot.message = message()
  }

  /// The recorded message, clearing the record.
  @inline(__always)
  private static func takeMessage() -> String? {
    guard let slot = slot(creating: false), let message = slot.message else { return nil }
    slot.message = nil
    return message
  }

  /// Puts back a message an enclosing evaluation had recorded.
  @inline(__always)
  private static func restore(_ message: String?) {
    guard let message, let slot = slot(creating: true) else { return }
    slot.message = message
  }

  /// The recorded failure as an error, clearing the record; nil when none was recorded.
  package static func take() -> GhostframeError? {
    takeMessage().map { GhostframeError(.callback, $0) }
  }

  /// Runs `body` and throws a failure a callback recorded while it ran. A failure an enclosing
  /// evaluation recorded before (a callback evaluating curves itself) is kept for it.
  @inline(__always)
  package static func checking<T>(_ body: () throws(GhostframeError) -> T) throws(GhostframeError) -> T {
    let outer = takeMessage()
    let value: T
    do {
      value = try body()
    } catch {
      _ = takeMessage()
      restore(outer)
      throw error
    }
    let inner = takeMessage()
    restore(outer)
    if let inner { throw GhostframeError(.callback, inner) }
    return value
  }
}
