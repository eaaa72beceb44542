import CGhostframe
import Ghostframe

/// The object behind a `gf_scrub *`: the engine's scrub over a copy of the scene it was made from.
final class ScrubBox: ExclusiveHandleBox {
  static var kind: HandleKind { .scrub }

  var scrub: Scrub
  init(_ scrub: Scrub) { self.scrub = scrub }

  /// Writes the scene's states through `sample` into a caller buffer, with gf_scene_sample's
  /// two-call pattern: `*count` is the layer count; a short buffer gets nothing.
  func write(
    _ outStates: UnsafeMutablePointer<gf_layer_state>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>,
    _ sample: (UnsafeMutableBufferPointer<LayerState>) throws(GhostframeError) -> Void
  ) throws(BridgeError) {
    try writeLayerStates(scrub.scene.count, into: outStates, capacity: capacity, count: count, sample)
  }
}
