import CGhostframe
import Ghostframe

/// The object behind a `gf_curve *`.
final class CurveBox: SharedHandleBox {
  static var kind: HandleKind { .curve }

  let curve: Curve
  /// Whether the curve is a host curve, whose failures the evaluating exports report.
  let isHost: Bool
  init(_ curve: Curve) {
    self.curve = curve
    isHost = curve.hostCurve != nil
  }

  // The evaluations go through methods so that the curve is read in place: read through a
  // local reference to the box (`box.curve(x)` in an export), the optimiser copies the curve
  // out and destroys the copy on every call, which doubled gf_curve_eval's time (bench_curves).

  /// The curve at `x` (gf_curve_eval).
  func value(at x: Double, beforeFlag: Bool) -> Double { curve(x, beforeFlag: beforeFlag) }

  /// The curve at `x`, throwing when a host curve fails (gf_curve_eval of a host curve).
  func checkedValue(at x: Double, beforeFlag: Bool) throws(GhostframeError) -> Double {
    try curve.checkedValue(at: x, beforeFlag: beforeFlag)
  }

  /// The curve at every x of `xs`, throwing when a host curve fails at one.
  func checkedEvaluate(_ xs: UnsafeBufferPointer<Double>, into ys: UnsafeMutableBufferPointer<Double>)
    throws(GhostframeError)
  {
    try curve.checkedEvaluate(xs, into: ys)
  }

  /// The curve at every x of `xs`, into `ys` (gf_curve_eval_n).
  func evaluate(_ xs: UnsafeBufferPointer<Double>, into ys: UnsafeMutableBufferPointer<Double>) {
    curve.evaluate(xs, into: ys)
  }
}
