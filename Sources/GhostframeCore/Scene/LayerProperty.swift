/// One model property of a layer, described once: its name in the scene format, in key paths
/// and in messages, how a ``Layer`` holds it, where its numbers live in the sampler's slot vector
/// (``LayerSlots``) and whether the sampler copies them into a ``LayerState``.
///
/// The scene JSON reader and writer, layer validation, the slot table, the animatable key paths
/// and the sampler's output all read ``all``. Adding a property is an entry there and a field in
/// ``Layer`` (and, for C hosts, in `gf_layer_desc` and its bindings); the geometry the sampler
/// computes (frame, anchor point, transform, opacity, hidden) keeps its own arithmetic.
package struct LayerProperty: Sendable {
  /// How a layer holds the property, with its accessors.
  package enum Access: Sendable {
    /// One number.
    case number(@Sendable (Layer) -> Double, @Sendable (inout Layer, Double) -> Void)
    /// A point, written `[x, y]`.
    case point(@Sendable (Layer) -> Point, @Sendable (inout Layer, Point) -> Void)
    /// A colour, written `"#RRGGBBAA"` or `[r, g, b, a]`.
    case color(@Sendable (Layer) -> Color, @Sendable (inout Layer, Color) -> Void)
    /// A flag, stored in its slot as 0 or 1.
    case flag(@Sendable (Layer) -> Bool, @Sendable (inout Layer, Bool) -> Void)
    /// ``Layer/frame``, written `[x, y, width, height]`; its slots hold the position (where the
    /// anchor point sits) and the size, which is what Core Animation animates.
    case frame
    /// ``Layer/transform``, written as an object of scale, rotation and translation.
    case transform
    /// ``Layer/gradient``, written as an object and only when present.
    case gradient
  }

  /// The member's key in the scene format (docs/scene-format.md).
  package let key: String
  /// How a layer holds it.
  package let access: Access
  /// The names of its numbers in messages, in the order ``numbers(of:)`` gives them.
  let numberNames: [String]
  /// The first of its slots; ``slotCount`` follow.
  let slot: Int
  /// The animatable key paths that reach it: value width and where the values land.
  let keyPaths: [(String, Int, AnimatableProperty.Mapping)]
  /// Where the sampler copies its slots in a ``LayerState`` (a byte offset), or nil when the
  /// sampler computes that part of the state itself.
  let stateOffset: Int?

  /// How many slots it takes.
  var slotCount: Int {
    switch access {
    case .number, .flag: 1
    case .point: 2
    case .color, .frame: 4
    case .transform: 5
    case .gradient: LayerSlots.gradientSlotCount
    }
  }

  /// Its numbers as validation checks them (empty for a flag; a gradient is checked on its own).
  func numbers(of layer: Layer) -> [Double] {
    switch access {
    case .number(let get, _): [get(layer)]
    case .point(let get, _): [get(layer).x, get(layer).y]
    case .color(let get, _): get(layer).components
    case .flag, .gradient: []
    case .frame: [layer.frame.x, layer.frame.y, layer.frame.width, layer.frame.height]
    case .transform:
      [layer.transform.scaleX, layer.transform.scaleY, layer.transform.rotation, layer.transform.translationX,
       layer.transform.translationY]
    }
  }

  /// Whether its numbers are all finite (``numbers(of:)`` without building them).
  func isFinite(in layer: Layer) -> Bool {
    switch access {
    case .number(let get, _): return get(layer).isFinite
    case .point(let get, _):
      let p = get(layer)
      return p.x.isFinite && p.y.isFinite
    case .color(let get, _):
      let c = get(layer)
      return c.red.isFinite && c.green.isFinite && c.blue.isFinite && c.alpha.isFinite
    case .flag, .gradient: return true
    case .frame:
      let f = layer.frame
      return f.x.isFinite && f.y.isFinite && f.width.isFinite && f.height.isFinite
    case .transform:
      let t = layer.transform
      return t.scaleX.isFinite && t.scaleY.isFinite && t.rotation.isFinite && t.translationX.isFinite
        && t.translationY.isFinite
    }
  }

  /// Writes its model values into a layer's slots (`slots` points at the layer's first slot).
  func writeSlots(of layer: Layer, into slots: UnsafeMutablePointer<Double>) {
    let s = slots + slot
    switch access {
    case .number(let get, _): s[0] = get(layer)
    case .point(let get, _):
      let p = get(layer)
      (s[0], s[1]) = (p.x, p.y)
    case .color(let get, _):
      let c = get(layer)
      (s[0], s[1], s[2], s[3]) = (c.red, c.green, c.blue, c.alpha)
    case .flag(let get, _): s[0] = get(layer) ? 1 : 0
    case .frame:
      let position = layer.position
      (s[0], s[1], s[2], s[3]) = (position.x, position.y, layer.frame.width, layer.frame.height)
    case .transform:
      let t = layer.transform
      (s[0], s[1], s[2], s[3], s[4]) = (t.scaleX, t.scaleY, t.rotation, t.translationX, t.translationY)
    case .gradient:
      LayerSlots.writeGradient(layer.gradient, into: s)
    }
  }
}
