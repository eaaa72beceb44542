import CGhostframe
import GhostframeCore

/// Writes `needed` layer states through `sample` into a caller's `gf_layer_state` buffer, with
/// the two-call pattern every sampling export shares (gf_scene_sample, gf_scrub_sample,
/// gf_pull_to_refresh_sample, ...): `*count` is set to `needed`; a capacity too small gets
/// GF_E_BUFFER_TOO_SMALL and nothing written; NULL `outStates` is fine only when nothing is needed.
func writeLayerStates(
  _ needed: Int, into outStates: UnsafeMutablePointer<gf_layer_state>?, capacity: Int,
  count: UnsafeMutablePointer<Int>,
  _ sample: (UnsafeMutableBufferPointer<LayerState>) throws(GhostframeError) -> Void
) throws(BridgeError) {
  try validCapacity(capacity, elementSize: MemoryLayout<gf_layer_state>.stride, "capacity")
  // The engine's LayerState has gf_layer_state's layout (the conformance suite checks every offset).
  guard MemoryLayout<LayerState>.size == MemoryLayout<gf_layer_state>.size else {
    throw BridgeError(GF_E_INTERNAL, "LayerState and gf_layer_state differ in size")
  }
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
