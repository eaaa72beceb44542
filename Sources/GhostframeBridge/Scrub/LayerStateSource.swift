import CGhostframe
import Ghostframe

/// A handle whose engine object writes a fixed number of layer states at a host value or a
/// clock time: a scrub, a pull-to-refresh control.
protocol LayerStateSource: ExclusiveHandleBox {
  /// How many layer states one sample writes.
  var layerCount: Int { get }
}

/// The body the four sampling exports of this folder share (gf_scrub_sample,
/// gf_scrub_sample_at_clock, gf_pull_to_refresh_sample, gf_pull_to_refresh_sample_at_clock):
/// enters `handle` for reading, requires `out_count`, checks that `x` is finite, runs `check`
/// (an engine error it throws is reported whatever the capacity), then writes what `sample`
/// gives with gf_scene_sample's two-call pattern, allocating nothing once the scene is compiled.
@inline(__always)
func sampleLayerStates<Box: LayerStateSource>(
  _ call: inout BridgeCall, _ handle: OpaquePointer?, _ handleName: String, _ x: Double, _ xName: StaticString,
  _ outStates: UnsafeMutablePointer<gf_layer_state>?, _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?,
  check: (Box) throws(GhostframeError) -> Void = { _ in },
  _ sample: (Box, UnsafeMutableBufferPointer<LayerState>) throws(GhostframeError) -> Void
) throws(BridgeError) {
  let box: Box = try call.enter(handle, handleName, .read)
  let count = try required(outCount, "out_count")
  try finite(x, xName)
  try engine(check(box))
  try writeLayerStates(box.layerCount, into: outStates, capacity: capacity, count: count) {
    (states) throws(GhostframeError) in try sample(box, states)
  }
}

/// Builds the spring a scrub or a control springs back with from an optional `gf_spring`
/// (NULL: the engine's default); its initial velocity is not used (a release gives it).
func readOptionalSpring(_ spring: UnsafePointer<gf_spring>?) throws(BridgeError) -> Spring? {
  guard let spring else { return nil }
  return try readSpring(spring)
}
