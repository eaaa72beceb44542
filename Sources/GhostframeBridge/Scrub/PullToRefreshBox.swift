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
    try validCapacity(capacity, elementSize: MemoryLayout<gf_layer_state>.stride, "capacity")
    // The engine's LayerState has gf_layer_state's layout (the conformance suite checks every offset).
    guard MemoryLayout<LayerState>.size == MemoryLayout<gf_layer_state>.size else {
      throw BridgeError(GF_E_INTERNAL, "LayerState and gf_layer_state differ in size")
    }
    let needed = control.scene.count
    guard capacity >= needed else {
      count.pointee = needed
      throw BridgeError(GF_E_BUFFER_TOO_SMALL, "\(needed) layer states needed, capacity is \(capacity)")
    }
    let out = try required(outStates, "out_states")
    let states = UnsafeMutableRawPointer(out).bindMemory(to: LayerState.self, capacity: needed)
    try engine(sample(UnsafeMutableBufferPointer(start: states, count: needed)))
    UnsafeMutableRawPointer(states).bindMemory(to: gf_layer_state.self, capacity: needed)
    count.pointee = needed
  }
}
