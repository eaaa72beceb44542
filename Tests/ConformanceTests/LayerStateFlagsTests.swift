import CGhostframe
import Ghostframe
import Testing

/// `LayerState.Flags` is the header's `gf_layer_state.flags`: the same bits under Swift names, and
/// the same width, so a state the library writes into a C buffer reads back with the same flags.
@Suite("Layer state flags against the header")
struct LayerStateFlagsTests {
  @Test("each flag is its GF_LAYER_* bit, and the field is a uint32_t")
  func sameBits() {
    #expect(LayerState.Flags.hidden.rawValue == GF_LAYER_HIDDEN)
    #expect(LayerState.Flags.gradient.rawValue == GF_LAYER_HAS_GRADIENT)
    #expect(LayerState.Flags.contents.rawValue == GF_LAYER_HAS_CONTENTS)
    #expect(MemoryLayout<LayerState.Flags>.size == MemoryLayout.size(ofValue: gf_layer_state().flags))
    var state = LayerState()
    state.flags = [.hidden, .contents]
    let c = unsafeBitCast(state, to: gf_layer_state.self)
    #expect(c.flags == GF_LAYER_HIDDEN | GF_LAYER_HAS_CONTENTS)
  }
}
