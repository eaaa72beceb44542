/// Where each animatable property lives in a layer's flat property vector: the slot table.
///
/// Derived from ``LayerProperty/Name``: a property's first slot is the sum of the slot counts
/// of the properties before it, and the named slots below are those first slots plus the place
/// of a component within its property (the frame's slots hold the position, where the anchor
/// point sits, then the size). Every one is an inlined computation over the enum that the
/// optimizer folds into a constant, so the sampler's per-layer loops still read fixed offsets
/// (a table read or a lazily initialised global costs 5–10 % of a sample); tests check the
/// result against an independent listing and the properties' runs against `0..<fixedCount`.
///
/// The sampler keeps every layer as a row of doubles, so composing animations is plain
/// arithmetic on slices, with no per-property dispatch. In a sampler's rows, custom properties
/// follow the core slots, one per custom name used anywhere in the scene, and the gradient's
/// slots come last, only in the rows of layers that keep them (``rowWidth(customCount:keepsGradient:)``).
enum LayerSlots {
  /// The frame's slots: the position (where the anchor point sits) and the size.
  @inline(__always) static var positionX: Int { LayerProperty.Name.frame.firstSlot }
  /// The position's y.
  @inline(__always) static var positionY: Int { positionX + 1 }
  /// The frame's width.
  @inline(__always) static var width: Int { positionX + 2 }
  /// The frame's height.
  @inline(__always) static var height: Int { positionX + 3 }
  /// The anchor point: x, y.
  @inline(__always) static var anchorX: Int { LayerProperty.Name.anchorPoint.firstSlot }
  /// The anchor point's y.
  @inline(__always) static var anchorY: Int { anchorX + 1 }
  /// The corner radius.
  @inline(__always) static var cornerRadius: Int { LayerProperty.Name.cornerRadius.firstSlot }
  /// r, g, b, a.
  @inline(__always) static var color: Int { LayerProperty.Name.backgroundColor.firstSlot }
  /// The layer's own opacity.
  @inline(__always) static var opacity: Int { LayerProperty.Name.opacity.firstSlot }
  /// 0 or 1.
  @inline(__always) static var hidden: Int { LayerProperty.Name.hidden.firstSlot }
  /// The stacking order.
  @inline(__always) static var zPosition: Int { LayerProperty.Name.zPosition.firstSlot }
  /// The transform: scale x, scale y, rotation, translation x, translation y.
  @inline(__always) static var scaleX: Int { LayerProperty.Name.transform.firstSlot }
  /// The transform's scale y.
  @inline(__always) static var scaleY: Int { scaleX + 1 }
  /// The transform's rotation.
  @inline(__always) static var rotation: Int { scaleX + 2 }
  /// The transform's translation x.
  @inline(__always) static var translationX: Int { scaleX + 3 }
  /// The transform's translation y.
  @inline(__always) static var translationY: Int { scaleX + 4 }
  /// The gradient's start point: x, y.
  @inline(__always) static var gradientStart: Int { LayerProperty.Name.gradient.firstSlot }
  /// The gradient's end point: x, y.
  @inline(__always) static var gradientEnd: Int { gradientStart + 2 }
  /// One per stop.
  @inline(__always) static var gradientLocations: Int { gradientStart + 4 }
  /// RGBA per stop.
  @inline(__always) static var gradientColors: Int { gradientLocations + Gradient.maximumStops }
  /// The gradient's slots: start and end points, locations and colours.
  @inline(__always) static var gradientSlotCount: Int { 4 + 5 * Gradient.maximumStops }
  /// The number of fixed slots (the core ones, then the gradient's): a row of the fixed table.
  @inline(__always) static var fixedCount: Int { LayerProperty.Name.slotTotal }
  /// The slots before the gradient's (the gradient is the last fixed property).
  @inline(__always) static var coreCount: Int { gradientStart }

  /// Component `index` of a layer's frame rect (0 x, 1 y, 2 width, 3 height) in a row of slots:
  /// the frame's origin is where the position sits less the anchor's share of the size.
  @inline(__always)
  static func frameComponent(_ index: Int, of row: UnsafePointer<Double>) -> Double {
    switch index {
    case 0: return row[positionX] - row[anchorX] * row[width]
    case 1: return row[positionY] - row[anchorY] * row[height]
    case 2: return row[width]
    case 3: return row[height]
    default: return 0
    }
  }

  /// Where custom slots start in every layer's row: right after the core slots.
  @inline(__always) static var customBase: Int { coreCount }

  /// The width of a row: the core slots, the scene's `customCount` custom ones, then the
  /// gradient's 24 only on a layer that keeps them (it has a gradient, or an animation animates
  /// one). A large frame streams every byte of every row, so a layer without a gradient does
  /// not carry the 192 bytes it would only read as zeros, whatever its neighbours have.
  @inline(__always)
  static func rowWidth(customCount: Int, keepsGradient: Bool) -> Int {
    coreCount + customCount + (keepsGradient ? gradientSlotCount : 0)
  }

  /// Where a row's gradient slots start, in a row that keeps them: after the custom slots.
  @inline(__always)
  static func gradientBase(customCount: Int) -> Int { coreCount + customCount }

  /// A row's offset of the fixed-table slot `slot` (``LayerProperty/slot``, where the gradient's
  /// slots follow the core ones) in a scene with `customCount` custom slots: the gradient's
  /// move past the custom slots.
  @inline(__always)
  static func rowOffset(ofFixedSlot slot: Int, customCount: Int) -> Int {
    slot < coreCount ? slot : slot + customCount
  }

  /// A run of slots the sampler copies into each state as they are: (first slot, byte offset
  /// in ``LayerState``, count).
  static let stateCopies: [(slot: Int, offset: Int, count: Int)] = LayerProperty.all.compactMap { property in
    property.stateOffset.map { (property.slot, $0, property.slotCount) }
  }

  /// Writes a layer's model values into `slots` (a row of ``rowWidth(customCount:keepsGradient:)``
  /// doubles at `base`): the core slots, the custom values, then the gradient's when the row
  /// keeps them. With no custom names and the gradient kept, the row is the fixed table
  /// (``fixedCount`` slots in ``LayerProperty`` order).
  static func write(_ layer: Layer, customNames: [String], keepsGradient: Bool = true, into slots: inout [Double],
                    at base: Int) {
    let width = rowWidth(customCount: customNames.count, keepsGradient: keepsGradient)
    guard base >= 0, base + width <= slots.count else { return }
    slots.withUnsafeMutableBufferPointer { buffer in
      guard let start = buffer.baseAddress else { return }
      write(layer, customNames: customNames, keepsGradient: keepsGradient, intoRow: start + base)
    }
  }

  /// Writes a layer's model values into the row at `s`, ``rowWidth(customCount:keepsGradient:)``
  /// doubles (``write(_:customNames:keepsGradient:into:at:)``; the sampler's storage writes its rows so).
  static func write(_ layer: Layer, customNames: [String], keepsGradient: Bool, intoRow s: UnsafeMutablePointer<Double>) {
    let gradient = gradientBase(customCount: customNames.count)
    LayerProperty.Name.forEach { name, slot in
      if name != .gradient {
        LayerProperty.writeSlots(name.access, at: slot, of: layer, into: s)
      } else if keepsGradient {
        LayerProperty.writeSlots(name.access, at: gradient, of: layer, into: s)
      }
    }
    for (k, name) in customNames.enumerated() { s[customBase + k] = layer.custom[name] ?? 0 }
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
