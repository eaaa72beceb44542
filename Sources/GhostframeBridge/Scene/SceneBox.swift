import CGhostframe
import Ghostframe

/// The object behind a `gf_scene *`: the scene and its compiled sampler, rebuilt after edits.
final class SceneBox: ExclusiveHandleBox {
  static var kind: HandleKind { .scene }

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
