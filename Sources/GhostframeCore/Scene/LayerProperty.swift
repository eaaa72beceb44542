/// One model property of a layer, described once: its name in the scene format, in key paths
/// and in messages, how a ``Layer`` holds it, where its numbers live in the sampler's slot vector
/// (``LayerSlots``) and whether the sampler copies them into a ``LayerState``.
///
/// The scene JSON reader and writer, the animatable key paths and messages read ``all``; layer
/// validation, the slot table and slot writing walk ``Name`` (the same order, inlined). Adding a
/// property of an existing shape is a case of ``Name`` with its description and field
/// (LayerProperty+Table.swift) and a stored property of ``Layer`` with its field accessor
/// (Layer.swift); the slots of the properties after it move by themselves. docs/architecture.md
/// lists every file it touches, C ABI and bindings included. The geometry the sampler computes
/// (frame, anchor point, transform, opacity, hidden) keeps its own arithmetic.
package struct LayerProperty: Sendable {
  /// How a layer holds the property: its shape, and for the simple shapes which field
  /// (``Layer/subscript(number:)`` and its siblings read and write them). Plain values, so the
  /// hot paths that walk the table (validation, slot writing) do no reference counting.
  package enum Access: Sendable, Hashable {
    /// One number.
    case number(NumberField)
    /// A point, written `[x, y]`.
    case point(PointField)
    /// A colour, written `"#RRGGBBAA"` or `[r, g, b, a]`.
    case color(ColorField)
    /// A flag, stored in its slot as 0 or 1.
    case flag(FlagField)
    /// ``Layer/frame``, written `[x, y, width, height]`; its slots hold the position (where the
    /// anchor point sits) and the size, which is what Core Animation animates.
    case frame
    /// ``Layer/transform``, written as an object of scale, rotation and translation.
    case transform
    /// ``Layer/gradient``, written as an object and only when present.
    case gradient

    /// How many slots a property of this shape takes.
    @inline(__always)
    var slotCount: Int {
      switch self {
      case .number, .flag: 1
      case .point: 2
      case .color, .frame: 4
      case .transform: 5
      case .gradient: LayerSlots.gradientSlotCount
      }
    }
  }

  /// Which property it is; its place in ``Name`` gives its slots.
  package let name: Name
  /// The member's key in the scene format (docs/scene-format.md).
  package let key: String
  /// How a layer holds it (``Name/access``).
  package var access: Access { name.access }
  /// The names of its numbers in messages, in the order ``numbers(of:)`` gives them.
  let numberNames: [String]
  /// The first of its slots (``Name/firstSlot``); ``slotCount`` follow.
  package let slot: Int
  /// The animatable key paths that reach it: value width and where the values land.
  let keyPaths: [(String, Int, AnimatableProperty.Mapping)]
  /// Where the sampler copies its slots in a ``LayerState`` (a byte offset), or nil when the
  /// sampler computes that part of the state itself.
  package let stateOffset: Int?

  /// How many slots it takes.
  package var slotCount: Int { access.slotCount }

  /// Its numbers as validation checks them (empty for a flag; a gradient is checked on its own).
  func numbers(of layer: Layer) -> [Double] {
    switch access {
    case .number(let field): [layer[number: field]]
    case .point(let field): [layer[point: field].x, layer[point: field].y]
    case .color(let field): layer[color: field].components
    case .flag, .gradient: []
    case .frame: [layer.frame.x, layer.frame.y, layer.frame.width, layer.frame.height]
    case .transform:
      [layer.transform.scaleX, layer.transform.scaleY, layer.transform.rotation, layer.transform.translationX,
       layer.transform.translationY]
    }
  }

  /// Zero when the numbers of the property `access` describes are all finite, NaN otherwise:
  /// the sum of each number times zero (a finite number times zero is zero; an infinity or a
  /// NaN times zero is NaN, and NaN stays NaN through the sum, which cannot overflow). Without
  /// branches: validation, which runs for every layer a generator appends, sums it over every
  /// property (``allFinite(in:)``) and tests once.
  @inline(__always)
  static func finiteProbe(_ access: Access, in layer: Layer) -> Double {
    switch access {
    case .number(let field): return layer[number: field] * 0
    case .point(let field):
      let p = layer[point: field]
      return p.x * 0 + p.y * 0
    case .color(let field):
      let c = layer[color: field]
      return c.red * 0 + c.green * 0 + c.blue * 0 + c.alpha * 0
    case .flag, .gradient: return 0
    case .frame:
      let f = layer.frame
      return f.x * 0 + f.y * 0 + f.width * 0 + f.height * 0
    case .transform:
      let t = layer.transform
      return t.scaleX * 0 + t.scaleY * 0 + t.rotation * 0 + t.translationX * 0 + t.translationY * 0
    }
  }

  /// Whether every number of every property of `layer` is finite (``numbers(of:)`` for all of
  /// ``all``, without building them; a gradient is checked on its own).
  @inline(__always)
  static func allFinite(in layer: Layer) -> Bool {
    var probe = 0.0
    Name.forEach { name, _ in probe += finiteProbe(name.access, in: layer) }
    return probe == 0
  }

  /// Writes the model values of the property `access` describes into a layer's slots (`slots`
  /// points at the layer's first; the property's start at `slot`). Inlined, as ``finiteProbe(_:in:)``.
  @inline(__always)
  static func writeSlots(_ access: Access, at slot: Int, of layer: Layer, into slots: UnsafeMutablePointer<Double>) {
    let s = slots + slot
    switch access {
    case .number(let field): s[0] = layer[number: field]
    case .point(let field):
      let p = layer[point: field]
      (s[0], s[1]) = (p.x, p.y)
    case .color(let field):
      let c = layer[color: field]
      (s[0], s[1], s[2], s[3]) = (c.red, c.green, c.blue, c.alpha)
    case .flag(let field): s[0] = layer[flag: field] ? 1 : 0
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
