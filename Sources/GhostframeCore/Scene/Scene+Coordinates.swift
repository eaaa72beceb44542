import Glibc

/// Coordinate spaces: converting points and rects between the layers of a scene, UIKit's
/// `convert(_:from:)` / `convert(_:to:)` for layers.
///
/// A layer's own space runs over `0...frame.width` × `0...frame.height` (layers have no bounds
/// origin of their own, so there is no bounds offset to apply). It maps into its parent's space
/// exactly as the sampler maps it (``LayerState/transform``): to the anchor point, scale, rotate,
/// translate, then to the position. Conversions use the model values of the layers, not a
/// sampled presentation.
extension Scene {
  /// Converts a point from the space of layer `from` to the space of layer `to`; nil for either
  /// means the scene's root space (the space of the root layers' frames).
  ///
  /// - Throws: ``GhostframeError/Code/notFound`` for an unknown layer,
  ///   ``GhostframeError/Code/invalidArgument`` for a non-finite point, when a layer on the way
  ///   has a singular transform (a zero scale) and so no inverse, or when finite values overflow
  ///   (a transform on the way, naming the layer, or the converted point).
  public func convert(_ point: Point, from: String?, to: String?) throws(GhostframeError) -> Point {
    guard point.x.isFinite, point.y.isFinite else {
      throw .invalid("point must be finite (got \(point.x), \(point.y))")
    }
    let transform = try conversion(from: from, to: to)
    let converted = transform.apply(to: point)
    guard converted.x.isFinite, converted.y.isFinite else {
      throw Self.overflow("the point (\(point.x), \(point.y))", from: from, to: to)
    }
    return converted
  }

  /// Converts a rect from the space of layer `from` to the space of layer `to` (nil: the root
  /// space). When the conversion rotates, the result is the smallest axis-aligned rect holding
  /// the four converted corners, as UIKit's `convert(_:to:)` does.
  ///
  /// - Throws: ``GhostframeError/Code/notFound`` for an unknown layer,
  ///   ``GhostframeError/Code/invalidArgument`` for a non-finite rect, a negative size, a
  ///   singular transform on the way, or finite values that overflow (a transform on the way,
  ///   naming the layer, or the converted rect).
  public func convert(_ rect: Rect, from: String?, to: String?) throws(GhostframeError) -> Rect {
    guard rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite else {
      throw .invalid("rect must be finite (got \(rect.x), \(rect.y), \(rect.width), \(rect.height))")
    }
    guard rect.width >= 0, rect.height >= 0 else {
      throw .invalid("rect size must be >= 0 (got \(rect.width) × \(rect.height))")
    }
    let transform = try conversion(from: from, to: to)
    let converted = transform.boundingRect(of: rect)
    guard converted.x.isFinite, converted.y.isFinite, converted.width.isFinite, converted.height.isFinite else {
      throw Self.overflow("the rect (\(rect.x), \(rect.y), \(rect.width), \(rect.height))", from: from, to: to)
    }
    return converted
  }

  /// The transform from layer `id`'s own space to the root space, through every ancestor.
  ///
  /// - Throws: ``GhostframeError/Code/notFound`` for an unknown layer;
  ///   ``GhostframeError/Code/invalidArgument`` naming the layer where finite frames, positions
  ///   or scales compose to a transform that overflows.
  public func transformToRoot(ofLayer id: String) throws(GhostframeError) -> AffineTransform {
    guard var index = indexByID[id] else { throw GhostframeError(.notFound, "no layer '\(id)'") }
    var result = AffineTransform.identity
    // Parents come before children and the depth is bounded, so this walk ends.
    while true {
      let layer = layers[index]
      result = Self.localTransform(of: layer).concatenating(result)
      guard result.isFinite else {
        throw .invalid("layer \(Identifier.quoted(id)): its transform to the root space overflows at layer "
                       + "\(Identifier.quoted(layer.id)) (frame, position, translation or scale too large)")
      }
      guard let parent = layer.parent, let next = indexByID[parent] else { break }
      index = next
    }
    return result
  }

  /// The transform mapping `from`'s space to `to`'s (nil: the root space).
  func conversion(from: String?, to: String?) throws(GhostframeError) -> AffineTransform {
    let source = try from.map { id throws(GhostframeError) in try transformToRoot(ofLayer: id) } ?? .identity
    let target = try to.map { id throws(GhostframeError) in try transformToRoot(ofLayer: id) } ?? .identity
    guard let inverse = target.inverted() else {
      throw .invalid("layer '\(to ?? "")' has a singular transform (a zero scale): nothing converts into it")
    }
    let transform = inverse.concatenating(source)
    guard inverse.isFinite, transform.isFinite else {
      throw Self.overflow("the transform", from: from, to: to)
    }
    return transform
  }

  /// Finite values whose conversion overflowed.
  private static func overflow(_ what: String, from: String?, to: String?) -> GhostframeError {
    let name = { (id: String?) in id.map { "layer \(Identifier.quoted($0))" } ?? "the root space" }
    return .invalid("\(what) overflows converted from \(name(from)) to \(name(to))")
  }

  /// A layer's own space → its parent's: the sampler's composition (SceneSampler+Output.swift).
  static func localTransform(of layer: Layer) -> AffineTransform {
    let w = layer.frame.width, h = layer.frame.height
    let anchorX = layer.anchorPoint.x * w, anchorY = layer.anchorPoint.y * h
    let position = layer.position
    let t = layer.transform
    let cosine = t.rotation == 0 ? 1 : cos(t.rotation), sine = t.rotation == 0 ? 0 : sin(t.rotation)
    let a = cosine * t.scaleX, b = sine * t.scaleX, c = -sine * t.scaleY, d = cosine * t.scaleY
    return AffineTransform(
      a: a, b: b, c: c, d: d,
      tx: position.x + t.translationX - (a * anchorX + c * anchorY),
      ty: position.y + t.translationY - (b * anchorX + d * anchorY))
  }
}
