import CGhostframe
import Ghostframe

/// The object behind a `gf_scene *`. The scene keeps its own compiled form between samples.
final class SceneBox: ExclusiveHandleBox {
  static var kind: HandleKind { .scene }

  var scene: Scene
  /// The strings gf_scene_layer_info hands out, kept until the scene changes (SceneLayerInfoExports.swift).
  let infoStrings = LayerInfoStrings()
  init(_ scene: Scene) { self.scene = scene }
}
