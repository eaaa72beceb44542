extension LayerProperty {
  /// The layer fields that are one number (``Layer/subscript(number:)`` reads and writes them).
  package enum NumberField: Sendable, Hashable { case cornerRadius, opacity, zPosition }
  /// The layer fields that are a point.
  package enum PointField: Sendable, Hashable { case anchorPoint }
  /// The layer fields that are a colour.
  package enum ColorField: Sendable, Hashable { case backgroundColor }
  /// The layer fields that are a flag.
  package enum FlagField: Sendable, Hashable { case hidden }

  /// The model properties, in the order of their slots and of the scene format: the one list.
  ///
  /// A property's first slot is the sum of the slot counts of the properties before it
  /// (``firstSlot``), and its slot count follows from how a layer holds it (``access``), so
  /// the slot table (``LayerSlots``) is derived from this order, never written out. The sums
  /// (``firstSlot``, ``slotTotal``) count raw values up from 0 through `init(rawValue:)` and are
  /// inlined: for a named property the optimizer unrolls them and folds the slot number into an
  /// immediate, so the sampler's per-layer loops read fixed offsets, with no table and no lazily
  /// initialised global on the way. ``forEach(_:)`` walks every property with its first slot
  /// (for validation and slot writing, once per layer when a scene changes or compiles).
  package enum Name: Int, CaseIterable, Sendable {
    /// ``Layer/frame``: the position (where the anchor point sits) and the size.
    case frame
    /// ``Layer/anchorPoint``.
    case anchorPoint
    /// ``Layer/cornerRadius``.
    case cornerRadius
    /// ``Layer/backgroundColor``: r, g, b, a.
    case backgroundColor
    /// ``Layer/opacity``.
    case opacity
    /// ``Layer/isHidden``.
    case hidden
    /// ``Layer/zPosition``.
    case zPosition
    /// ``Layer/transform``: scale x and y, rotation, translation x and y.
    case transform
    /// ``Layer/gradient``: start and end points, locations, colours.
    case gradient

    /// How a layer holds the property.
    @inline(__always)
    package var access: Access {
      switch self {
      case .frame: .frame
      case .anchorPoint: .point(.anchorPoint)
      case .cornerRadius: .number(.cornerRadius)
      case .backgroundColor: .color(.backgroundColor)
      case .opacity: .number(.opacity)
      case .hidden: .flag(.hidden)
      case .zPosition: .number(.zPosition)
      case .transform: .transform
      case .gradient: .gradient
      }
    }

    /// How many slots it takes.
    @inline(__always)
    var slotCount: Int { access.slotCount }

    /// Its first slot: the slots of every property before it, summed.
    @inline(__always)
    var firstSlot: Int {
      var slot = 0
      for earlier in 0..<rawValue {
        if let name = Self(rawValue: earlier) { slot &+= name.slotCount }
      }
      return slot
    }

    /// The slots of every property: where the custom slots start.
    @inline(__always)
    static var slotTotal: Int {
      var slot = 0
      var next = 0
      while let name = Self(rawValue: next) {
        slot &+= name.slotCount
        next &+= 1
      }
      return slot
    }

    /// The number of properties (`allCases.count`, as a constant the optimizer can see).
    @inline(__always)
    static var caseCount: Int {
      var count = 0
      while Self(rawValue: count) != nil { count &+= 1 }
      return count
    }

    /// Calls `body` with every property, in order, and its first slot (the running sum of the
    /// slot counts, so a walk never recomputes ``firstSlot``). A loop over `0..<caseCount`, whose
    /// trip count folds to a constant: the optimizer unrolls it, and each `body` sees a known
    /// property (the `while let` form of the sums above stays a loop over a jump table here).
    @inline(__always)
    static func forEach(_ body: (_ name: Self, _ firstSlot: Int) -> Void) {
      var slot = 0
      for raw in 0..<caseCount {
        if let name = Self(rawValue: raw) {
          body(name, slot)
          slot &+= name.slotCount
        }
      }
    }
  }

  /// Every model property, in the order of ``Name`` (the scene format's order), each with its
  /// first slot derived from that order.
  package static let all: [LayerProperty] = Name.allCases.map(LayerProperty.init(describing:))

  /// The description of one property: its key, the names of its numbers, its key paths (with
  /// slots relative to its first) and the ``LayerState`` field the sampler copies it into.
  private init(describing name: Name) {
    let key: String
    let numberNames: [String]
    let keyPaths: [(String, Int, AnimatableProperty.Mapping)]
    let state: PartialKeyPath<LayerState>?
    switch name {
    case .frame:
      key = "frame"
      numberNames = ["frame.x", "frame.y", "frame.width", "frame.height"]
      keyPaths = [("frame", 4, .frame(0)), ("frame.origin", 2, .frame(0)), ("frame.origin.x", 1, .frame(0)),
                  ("frame.origin.y", 1, .frame(1)), ("frame.size", 2, .frame(2)), ("frame.size.width", 1, .frame(2)),
                  ("frame.size.height", 1, .frame(3)), ("bounds", 4, .bounds), ("position", 2, .slots(0)), ("position.x", 1, .slots(0)),
                  ("position.y", 1, .slots(1)), ("bounds.size", 2, .slots(2)), ("bounds.size.width", 1, .slots(2)),
                  ("bounds.size.height", 1, .slots(3))]
      state = nil
    case .anchorPoint:
      key = "anchorPoint"
      numberNames = ["anchorPoint.x", "anchorPoint.y"]
      keyPaths = [("anchorPoint", 2, .slots(0))]
      state = nil
    case .cornerRadius:
      key = "cornerRadius"
      numberNames = ["cornerRadius"]
      keyPaths = [("cornerRadius", 1, .slots(0))]
      state = \LayerState.cornerRadius
    case .backgroundColor:
      key = "backgroundColor"
      numberNames = ["backgroundColor.red", "backgroundColor.green", "backgroundColor.blue", "backgroundColor.alpha"]
      keyPaths = [("backgroundColor", 4, .slots(0))]
      state = \LayerState.red
    case .opacity:
      key = "opacity"
      numberNames = ["opacity"]
      keyPaths = [("opacity", 1, .slots(0))]
      state = nil
    case .hidden:
      key = "hidden"
      numberNames = []
      keyPaths = []
      state = nil
    case .zPosition:
      key = "zPosition"
      numberNames = ["zPosition"]
      keyPaths = [("zPosition", 1, .slots(0))]
      state = \LayerState.zPosition
    case .transform:
      key = "transform"
      numberNames = ["transform.scaleX", "transform.scaleY", "transform.rotation", "transform.translationX",
                     "transform.translationY"]
      keyPaths = [("transform.scale", 1, .uniformScale), ("transform.scale.x", 1, .slots(0)),
                  ("transform.scale.y", 1, .slots(1)), ("transform.rotation", 1, .slots(2)),
                  ("transform.rotation.z", 1, .slots(2)), ("transform.translation", 2, .slots(3)),
                  ("transform.translation.x", 1, .slots(3)), ("transform.translation.y", 1, .slots(4))]
      state = nil
    case .gradient:
      key = "gradient"
      numberNames = []
      keyPaths = [("gradient.startPoint", 2, .slots(0)), ("gradient.endPoint", 2, .slots(2)),
                  ("gradient.locations", Gradient.maximumStops, .slots(4)),
                  ("gradient.colors", 4 * Gradient.maximumStops, .slots(4 + Gradient.maximumStops))]
      state = nil
    }
    let slot = name.firstSlot
    self.init(
      name: name, key: key, numberNames: numberNames, slot: slot,
      keyPaths: keyPaths.map { path, width, mapping in
        guard case .slots(let offset) = mapping else { return (path, width, mapping) }
        return (path, width, .slots(slot + offset))
      },
      stateOffset: state.flatMap { MemoryLayout<LayerState>.offset(of: $0) })
  }
}
