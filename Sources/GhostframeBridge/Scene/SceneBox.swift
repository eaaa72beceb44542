import CGhostframe
import Ghostframe

/// The object behind a `gf_scene *`. The scene keeps its own compiled form between samples.
final class SceneBox: ExclusiveHandleBox {
  static var kind: HandleKind { .scene }

  var scene: Scene
  init(_ scene: Scene) { self.scene = scene }
}
