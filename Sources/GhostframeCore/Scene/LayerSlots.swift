/// Where each animatable property lives in a layer's flat property vector.
///
/// The sampler keeps every layer as `count` doubles, so composing animations is plain
/// arithmetic on slices, with no per-property dispatch. Custom properties follow the fixed
/// slots, one per custom name used anywhere in the scene.
enum LayerSlots {
  static let positionX = 0, positionY = 1, width = 2, height = 3
  static let anchorX = 4, anchorY = 5
  static let cornerRadius = 6
  static let color = 7  // r, g, b, a
  static let opacity = 11
  static let scaleX = 12, scaleY = 13, rotation = 14, translationX = 15, translationY = 16
  static let zPosition = 17
  static let hidden = 18
  static let gradientStart = 19  // x, y
  static let gradientEnd = 21  // x, y
  static let gradientLocations = 23  // 4
  static let gradientColors = 27  // 4 × rgba
  /// The number of fixed slots; custom slots start here.
  static let fixedCount = 43

  /// Writes a layer's model values into `slots` (of `fixedCount + customNames.count` doubles).
  static func write(_ layer: Layer, customNames: [String], into slots: inout [Double], at base: Int) {
    let position = layer.position
    let t = layer.transform
    var values: [Double] = [
      position.x, position.y, layer.frame.width, layer.frame.height,
      layer.anchorPoint.x, layer.anchorPoint.y, layer.cornerRadius,
    ]
    values += layer.backgroundColor.components
    values += [layer.opacity, t.scaleX, t.scaleY, t.rotation, t.translationX, t.translationY,
               layer.zPosition, layer.isHidden ? 1 : 0]
    let gradient = layer.gradient
    values += [gradient?.startPoint.x ?? 0.5, gradient?.startPoint.y ?? 0,
               gradient?.endPoint.x ?? 0.5, gradient?.endPoint.y ?? 1]
    values += gradientLocations(gradient)
    for stop in 0..<Gradient.maximumStops {
      let colors = gradient?.colors ?? []
      values += stop < colors.count ? colors[stop].components : [0, 0, 0, 0]
    }
    for name in customNames { values.append(layer.custom[name] ?? 0) }
    for (offset, value) in values.enumerated() where base + offset < slots.count {
      slots[base + offset] = value
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
