import CGhostframe
import Ghostframe

/// The object behind a `gf_timing *`. Owns a curve handle for its easing, so that
/// gf_timing_get_params can hand back a `gf_curve *` that lives as long as the timing even
/// after the caller frees the curve it passed in.
final class TimingBox: SharedHandleBox {
  static var kind: HandleKind { .timing }

  let timing: Timing
  /// The easing as a handle owned by this timing (state `owned`), or nil for linear/none.
  let easingHandle: OpaquePointer?

  init(_ timing: Timing, easing: CurveBox?) {
    self.timing = timing
    self.easingHandle = easing.flatMap { handleTable.make(.curve, $0, state: .owned) }
  }

  deinit {
    if let easingHandle { handleTable.freeOwned(easingHandle, .curve) }
  }
}
