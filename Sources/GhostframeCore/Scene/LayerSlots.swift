/// Where each animatable property lives in a layer's flat property vector: the slot table.
///
/// ``LayerProperty/all`` names each property's first slot from here; the slots are literal
/// constants because the sampler's per-layer loops need them as immediates (computed ones cost
/// 5–10 % of a sample), and a test checks that the properties' runs tile `0..<fixedCount`.
///
/// The sampler keeps every layer as `count` doubles, so composing animations is plain
/// arithmetic on slices, with no per-property dispatch. Custom properties follow the fixed
/// slots, one per custom name used anywhere in the scene.
enum LayerSlots {
  /// The frame's slots: the position (where the anchor point sits) and the size.
  static let positionX = 0
  static let positionY = positionX + 1, width = positionX + 2, height = positionX + 3
  static let anchorX = 4
  static let anchorY = anchorX + 1
  static let cornerRadius = 6
  /// r, g, b, a.
  static let color = 7
  static let opacity = 11
  static let hidden = 12
  static let zPosition = 13
  static let scaleX = 14
  static let scaleY = scaleX + 1, rotation = scaleX + 2, translationX = scaleX + 3, translationY = scaleX + 4
  /// x, y.
  static let gradientStart = 19
  /// x, y.
  static let gradientEnd = gradientStart + 2
  /// One per stop.
  static let gradientLocations = gradientStart + 4
  /// RGBA per stop.
  static let gradientColors = gradientLocations + Gradient.maximumStops
  /// The gradient's slots: start and end points, locations and colours.
  static let gradientSlotCount = 4 + 5 * Gradient.maximumStops
  /// The number of fixed slots; custom slots start here.
  static let fixedCount = 43

  /// A run of slots the sampler copies into each state as they are: (first slot, byte offset
  /// in ``LayerState``, count).
  static let stateCopies: [(slot: Int, offset: Int, count: Int)] = LayerProperty.all.compactMap { property in
    property.stateOffset.map { (property.slot, $0, property.slotCount) }
  }

  /// Writes a layer's model values into `slots` (of `fixedCount + customNames.count` doubles).
  static func write(_ layer: Layer, customNames: [String], into slots: inout [Double], at base: Int) {
    guard base >= 0, base + fixedCount + customNames.count <= slots.count else { return }
    slots.withUnsafeMutableBufferPointer { buffer in
      guard let start = buffer.baseAddress else { return }
      let s = start + base
      for (access, slot) in LayerProperty.accessAndSlot {
        LayerProperty.writeSlots(access, at: slot, of: layer, into: s)
      }
      for (k, name) in customNames.enumerated() { s[fixedCount + k] = layer.custom[name] ?? 0 }
    }
  }

  /// Writes the gradient's slots (`s` points at the first): start, end, locations, colours;
  /// without a gradient, Core Animation's default points and zeros.
  static func writeGradient(_ gradient: Gradient?, into s: UnsafeMutablePointer<Double>) {
    (s[0], s[1]) = (gradient?.startPoint.x ?? 0.5, gradient?.startPoint.y ?? 0)
    (s[2], s[3]) = (gradient?.endPoint.x ?? 0.5, gradient?.endPoint.y ?? 1)
    let locations = gradientLocations(gradient)
    for index in 0..<Gradient.maximumStops { s[4 + index] = locations[index] }
    let colors = gradient?.colors ?? []
    for stop in 0..<Gradient.maximumStops {
      let components = stop < colors.count ? colors[stop].components : [0, 0, 0, 0]
      for c in 0..<4 { s[4 + Gradient.maximumStops + 4 * stop + c] = components[c] }
    }
  }

  /// The four location slots: the given locations, or evenly spaced over the stops used.
  static func gradientLocations(_ gradient: Gradient?) -> [Double] {
    guard let gradient, !gradient.colors.isEmpty else { return [0, 0, 0, 0] }
    let stops = min(gradient.colors.count, Gradient.maximumStops)
    return (0..<Gradient.maximumStops).map { index in
      if index < gradient.locations.count { return gradient.locations[index] }
      return stops > 1 ? Double(min(index, stops - 1)) / Double(stops - 1) : 0
    }
  }
}
