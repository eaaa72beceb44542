import CGhostframe
import Ghostframe

/// The object behind a `gf_pull_to_refresh *`: the engine's control.
final class PullToRefreshBox: ExclusiveHandleBox {
  static var kind: HandleKind { .pullToRefresh }

  var control: PullToRefresh
  init(_ control: PullToRefresh) { self.control = control }

  /// Writes the control's four layer states with gf_scene_sample's two-call pattern, allocating
  /// nothing once the scenes are compiled.
  func write(
    _ outStates: UnsafeMutablePointer<gf_layer_state>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>,
    _ sample: (UnsafeMutableBufferPointer<LayerState>) throws(GhostframeError) -> Void
  ) throws(BridgeError) {
    try writeLayerStates(control.scene.count, into: outStates, capacity: capacity, count: count, sample)
  }
}
