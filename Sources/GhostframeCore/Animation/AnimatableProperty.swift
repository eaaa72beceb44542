/// An animatable property named by a Core Animation-style key path.
///
/// Key paths: `frame`, `bounds` (a rect: origin and size), `position`, `position.x`, `position.y`, `bounds.size`,
/// `bounds.size.width`, `bounds.size.height`, `anchorPoint`, `opacity`, `cornerRadius`,
/// `backgroundColor`, `zPosition`, `transform.scale` (one value for both axes),
/// `transform.scale.x`, `transform.scale.y`, `transform.rotation` (also
/// `transform.rotation.z`), `transform.translation`, `transform.translation.x`,
/// `transform.translation.y`, `gradient.startPoint`, `gradient.endPoint`,
/// `gradient.locations` (4 values), `gradient.colors` (4 × RGBA) and `custom.NAME`.
public struct AnimatableProperty: Sendable, Hashable, CustomStringConvertible {
  /// How an animated value lands in the layer's slots.
  package enum Mapping: Sendable, Hashable {
    /// `width` values into consecutive slots from `slot`.
    case slots(Int)
    /// One value into both scale slots.
    case uniformScale
    /// A frame rect (x, y, width, height), turned into position and size about the anchor.
    case frame
    /// A bounds rect (origin x, origin y, width, height), Core Animation's `bounds`: the size
    /// changes about the anchor (the position stays); a layer's bounds origin, which in Core
    /// Animation offsets its sublayers' coordinates, is not modelled: it reads 0 and animating
    /// it changes nothing.
    case bounds
    /// A custom property's value, by name (its slot depends on the scene).
    case custom(String)
  }

  /// Key paths, their value widths and where they land: built once, from the layer
  /// properties' descriptions (``LayerProperty/all``).
  private static let table: [String: (Int, Mapping)] = {
    var table: [String: (Int, Mapping)] = [:]
    for property in LayerProperty.all {
      for (path, width, mapping) in property.keyPaths { table[path] = (width, mapping) }
    }
    return table
  }()

  /// The key path as written.
  public let keyPath: String
  /// The number of components an animation value of this property has.
  public let valueWidth: Int
  package let mapping: Mapping

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
    case .bounds: return [0, 0, layer.frame.width, layer.frame.height]
    case .custom(let name): return [layer.custom[name] ?? 0]
    }
  }
}
