import CGhostframe
import Ghostframe

/// The object behind a `gf_curve *`.
final class CurveBox {
  let curve: Curve
  init(_ curve: Curve) { self.curve = curve }
}
