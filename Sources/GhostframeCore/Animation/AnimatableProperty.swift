/// An animatable property named by a Core Animation-style key path.
///
/// Key paths: `frame`, `position`, `position.x`, `position.y`, `bounds.size`,
/// `bounds.size.width`, `bounds.size.height`, `anchorPoint`, `opacity`, `cornerRadius`,
/// `backgroundColor`, `zPosition`, `transform.scale` (one value for both axes),
/// `transform.scale.x`, `transform.scale.y`, `transform.rotation` (also
/// `transform.rotation.z`), `transform.translation`, `transform.translation.x`,
/// `transform.translation.y`, `gradient.startPoint`, `gradient.endPoint`,
/// `gradient.locations` (4 values), `gradient.colors` (4 × RGBA) and `custom.NAME`.
public struct AnimatableProperty: Sendable, Hashable, CustomStringConvertible {
  /// How an animated value lands in the layer's slots.
  enum Mapping: Sendable, Hashable {
    /// `width` values into consecutive slots from `slot`.
    case slots(Int)
    /// One value into both scale slots.
    case uniformScale
    /// A frame rect (x, y, width, height), turned into position and size about the anchor.
    case frame
    /// A custom property's value, by name (its slot depends on the scene).
    case custom(String)
  }

  /// Key paths, their value widths and where they land: built once.
  private static let table: [String: (Int, Mapping)] = {
    let S = LayerSlots.self
    return [
        "frame": (4, .frame),
        "position": (2, .slots(S.positionX)), "position.x": (1, .slots(S.positionX)),
        "position.y": (1, .slots(S.positionY)),
        "bounds.size": (2, .slots(S.width)), "bounds.size.width": (1, .slots(S.width)),
        "bounds.size.height": (1, .slots(S.height)),
        "anchorPoint": (2, .slots(S.anchorX)),
        "opacity": (1, .slots(S.opacity)), "cornerRadius": (1, .slots(S.cornerRadius)),
        "backgroundColor": (4, .slots(S.color)), "zPosition": (1, .slots(S.zPosition)),
        "transform.scale": (1, .uniformScale), "transform.scale.x": (1, .slots(S.scaleX)),
        "transform.scale.y": (1, .slots(S.scaleY)), "transform.rotation": (1, .slots(S.rotation)),
        "transform.rotation.z": (1, .slots(S.rotation)),
        "transform.translation": (2, .slots(S.translationX)),
        "transform.translation.x": (1, .slots(S.translationX)),
        "transform.translation.y": (1, .slots(S.translationY)),
        "gradient.startPoint": (2, .slots(S.gradientStart)), "gradient.endPoint": (2, .slots(S.gradientEnd)),
        "gradient.locations": (4, .slots(S.gradientLocations)),
        "gradient.colors": (16, .slots(S.gradientColors)),
    ]
  }()

  /// The key path as written.
  public let keyPath: String
  /// The number of components an animation value of this property has.
  public let valueWidth: Int
  let mapping: Mapping

  /// The key path.
  public var description: String { keyPath }

  /// Parses a key path.
  ///
  /// - Throws: ``GhostframeError/Code/notFound`` for an unknown key path, naming it;
  ///   ``GhostframeError/Code/invalidArgument`` for a `custom.NAME` whose name contains NUL.
  public init(keyPath: String) throws(GhostframeError) {
    self.keyPath = keyPath
    if keyPath.hasPrefix("custom.") {
      let name = String(keyPath.dropFirst("custom.".count))
      guard !name.isEmpty else { throw GhostframeError(.notFound, "key path 'custom.' has no property name") }
      try Identifier.check(name, "the custom property name of key path \(Identifier.quoted(keyPath))")
      valueWidth = 1
      mapping = .custom(name)
      return
    }
    guard let (width, mapping) = Self.table[keyPath] else {
      throw GhostframeError(.notFound, "unknown key path '\(keyPath)'")
    }
    valueWidth = width
    self.mapping = mapping
  }

  /// The property's current value in a layer's model, as animation components.
  func modelValue(of layer: Layer) -> [Double] {
    var slots = [Double](repeating: 0, count: LayerSlots.fixedCount)
    LayerSlots.write(layer, customNames: [], into: &slots, at: 0)
    switch mapping {
    case .slots(let slot): return Array(slots[slot..<(slot + valueWidth)])
    case .uniformScale: return [layer.transform.scaleX]
    case .frame: return [layer.frame.x, layer.frame.y, layer.frame.width, layer.frame.height]
    case .custom(let name): return [layer.custom[name] ?? 0]
    }
  }
}
