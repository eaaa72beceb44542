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
    try validCapacity(capacity, elementSize: MemoryLayout<gf_layer_state>.stride, "capacity")
    // The engine's LayerState has gf_layer_state's layout (the conformance suite checks every offset).
    guard MemoryLayout<LayerState>.size == MemoryLayout<gf_layer_state>.size else {
      throw BridgeError(GF_E_INTERNAL, "LayerState and gf_layer_state differ in size")
    }
    let needed = scrub.scene.count
    guard capacity >= needed else {
      count.pointee = needed
      throw BridgeError(GF_E_BUFFER_TOO_SMALL, "\(needed) layer states needed, capacity is \(capacity)")
    }
    guard needed == 0 || outStates != nil else { throw BridgeError(GF_E_NULL_ARGUMENT, "out_states is NULL") }
    if let outStates, needed > 0 {
      let states = UnsafeMutableRawPointer(outStates).bindMemory(to: LayerState.self, capacity: needed)
      try engine(sample(UnsafeMutableBufferPointer(start: states, count: needed)))
      UnsafeMutableRawPointer(states).bindMemory(to: gf_layer_state.self, capacity: needed)
    }
    count.pointee = needed
  }
}
