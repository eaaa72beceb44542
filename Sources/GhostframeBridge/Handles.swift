import CGhostframe
import Ghostframe

/// The object behind a `gf_curve *`.
final class CurveBox {
  let curve: Curve
  init(_ curve: Curve) { self.curve = curve }
}

/// The object behind a `gf_timing *`. Keeps the caller's easing handle so that
/// gf_timing_get_params can hand back a pointer that lives as long as the timing.
final class TimingBox {
  let timing: Timing
  let easing: CurveBox?
  init(_ timing: Timing, easing: CurveBox?) {
    self.timing = timing
    self.easing = easing
  }
}

/// The object behind a `gf_scene *`: the scene and its compiled sampler, rebuilt after edits.
final class SceneBox {
  var scene: Scene {
    didSet { cachedSampler = nil }
  }
  private var cachedSampler: SceneSampler?

  init(_ scene: Scene) { self.scene = scene }

  /// The compiled scene, compiling it if it changed since the last call.
  var sampler: SceneSampler {
    if let cachedSampler { return cachedSampler }
    let compiled = scene.compiled()
    cachedSampler = compiled
    return compiled
  }
}

/// The object behind a `gf_view_tree *`.
final class ViewTreeBox {
  var builder: ViewTreeBuilder
  init(_ builder: ViewTreeBuilder) { self.builder = builder }
}

/// Hands a new +1 reference to C as an opaque handle.
func retainedHandle(_ object: AnyObject) -> OpaquePointer {
  OpaquePointer(Unmanaged.passRetained(object).toOpaque())
}

/// Borrows the object behind a handle made by retainedHandle.
func borrow<T: AnyObject>(_ handle: OpaquePointer, as type: T.Type) -> T {
  Unmanaged<T>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
}

/// Drops the reference a handle holds.
func release<T: AnyObject>(_ handle: OpaquePointer?, as type: T.Type) {
  guard let handle else { return }
  Unmanaged<T>.fromOpaque(UnsafeRawPointer(handle)).release()
}
