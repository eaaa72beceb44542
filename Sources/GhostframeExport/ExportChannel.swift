import GhostframeCore

/// The composed slots of every layer at one time, with some slots replaced: what a channel's
/// function reads.
struct SlotReader {
  let rows: [Double]
  var overrides: [Int: Double] = [:]

  /// Slot `slot` of layer `layer`.
  func callAsFunction(_ layer: Int, _ slot: Int) -> Double {
    let index = layer * SceneSampler.exportSlotCount + slot
    return overrides[index] ?? rows[index]
  }
}

/// One value a format writes for one layer (a Lottie property, a CSS declaration), as a
/// function of the composed slots of the layer and its ancestors.
struct ExportChannel {
  /// The slots it reads, as (layer, slot).
  var inputs: [(layer: Int, slot: Int)]
  /// Per component, what one unit of it is in the error's units (points, degrees, percent, levels).
  var errorScale: [Double]
  /// The value.
  var evaluate: (SlotReader) -> [Double]
}

/// A channel resolved over the export window.
enum ChannelValue {
  /// The same at every time.
  case constant([Double])
  /// Keyframes: the scene's own (`baked` false) or samples at the frame rate.
  case animated(ExportTrack, baked: Bool)

  /// The value at time 0.
  var initial: [Double] {
    switch self {
    case .constant(let v): return v
    case .animated(let track, _): return track.keyframes.first?.values ?? []
    }
  }

  /// The value at `t`.
  func values(at t: Double) -> [Double] {
    switch self {
    case .constant(let v): return v
    case .animated(let track, _): return track.values(at: t)
    }
  }

  var isAnimated: Bool {
    if case .animated = self { return true }
    return false
  }
}
