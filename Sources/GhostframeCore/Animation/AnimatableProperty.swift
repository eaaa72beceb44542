/// An animatable property named by a Core Animation-style key path.
///
/// Key paths: those the layer's model properties describe (LayerProperty+Table.swift: `frame`
/// and its parts, `bounds`, `position`, `anchorPoint`, `opacity`, `cornerRadius`,
/// `backgroundColor`, `zPosition`, `transform.scale`, `transform.rotation`, the gradient's
/// points, locations and colours, ...; the full list with each value's width is the scene
/// format's, docs/scene-format.md, which a test holds to this type) and `custom.NAME`.
public struct AnimatableProperty: Sendable, Hashable, CustomStringConvertible {
  /// How an animated value lands in the layer's slots.
  package enum Mapping: Sendable, Hashable {
    /// `width` values into consecutive slots from `slot`.
    case slots(Int)
    /// One value into both scale slots.
    case uniformScale
    /// Components of the frame rect (x, y, width, height) from the given one on, `valueWidth`
    /// of them, turned into position and size about the anchor: `frame(0)` with width 4 is the
    /// whole frame, `frame(0)` with width 2 its origin, `frame(2)` its size. The frame's other
    /// components keep their current values, so a size change keeps the origin (UIKit's rule).
    case frame(Int)
    /// A bounds rect (origin x, origin y, width, height), Core Animation's `bounds`: the size
    /// changes about the anchor (the position stays); a layer's bounds origin, which in Core
    /// Animation offsets its sublayers' coordinates, is not modelled: it reads 0, and an
    /// animation value with a non-zero origin is refused when the animation is validated.
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

  /// Every fixed key path (all but the open-ended `custom.NAME`), derived from the layer
  /// properties' descriptions: the scene and timeline readers suggest from it.
  package static var fixedKeyPaths: Set<String> { Set(table.keys) }

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
  package func modelValue(of layer: Layer) -> [Double] {
    var slots = [Double](repeating: 0, count: LayerSlots.fixedCount)
    LayerSlots.write(layer, customNames: [], into: &slots, at: 0)
    switch mapping {
    case .slots(let slot): return Array(slots[slot..<(slot + valueWidth)])
    case .uniformScale: return [layer.transform.scaleX]
    case .frame(let first):
      let frame = [layer.frame.x, layer.frame.y, layer.frame.width, layer.frame.height]
      return (first..<(first + valueWidth)).map { $0 < frame.count ? frame[$0] : 0 }
    case .bounds: return [0, 0, layer.frame.width, layer.frame.height]
    case .custom(let name): return [layer.custom[name] ?? 0]
    }
  }
}
