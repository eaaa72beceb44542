import GhostframeCore

/// A named, reusable animation of a timeline (Anim's `[Anim anim:options:animations:]`): a curve and
/// the relative change it makes to each key path, with no layers and no duration of its own; or,
/// GSAP's way, the absolute values it goes to, comes from, or goes from and to (``Values``).
///
/// A change names a scene key path (`"position.y": [-100]`) or one of Anim's view properties
/// (``TimelineViewProperty``: `"y": [-100]` is Anim's `view.y += -100`, and `"height": [100]`
/// keeps the frame's origin as UIKit does); vector key paths take one number per component
/// (``/GhostframeCore/AnimatableProperty/valueWidth``). Instances in a ``Timeline`` give it layers and a
/// duration; each adds its changes to the layers' values over its span, shaped by ``curve``.
public struct TimelineDefinition: Sendable, Hashable {
  /// One validated change: the property and the amount added to it.
  package struct Change: Sendable, Hashable {
    package let property: AnimatableProperty
    package let amount: [Double]
  }

  /// What a definition does to each key path or view property it names: Anim's relative
  /// changes, or GSAP's absolute `to`, `from` and `fromTo` values.
  ///
  /// Absolute values are resolved when the timeline is applied, against the value the property
  /// has at the instance's begin: the layer's model value plus what the instances before it on
  /// the same layer and key path (by begin, then order in the timeline) have done by then. So
  /// `to` goes from there to the value given, `from` from the value given back to there (holding
  /// the value given before its begin, GSAP's `immediateRender`), and `fromTo` from one value given
  /// to the other (holding the first before its begin).
  public enum Values: Sendable, Hashable {
    /// Relative changes, added to the value (Anim's `view.y += d`; GSAP's `"+=d"`).
    case by([String: [Double]])
    /// GSAP's `to`: the values the properties end at.
    case to([String: [Double]])
    /// GSAP's `from`: the values the properties start at, ending where they were.
    case from([String: [Double]])
    /// GSAP's `fromTo`: the values the properties start and end at (the same keys in both).
    case fromTo(from: [String: [Double]], to: [String: [Double]])
  }

  /// One property set by absolute values: the keys (key paths or view properties) that resolve
  /// to it, each with its from and to values as given.
  package struct Target: Sendable, Hashable {
    package struct Part: Sendable, Hashable {
      package let key: String
      package let view: TimelineViewProperty?
      package let from: [Double]?
      package let to: [Double]?
    }
    package let property: AnimatableProperty
    package let parts: [Part]
  }

  /// The name instances refer to.
  public let name: String
  /// The curve shaping every change over an instance's span.
  public let curve: Curve
  /// What the definition does, as given.
  public let values: Values
  /// The relative change per key path or view property, as given; empty for a definition of
  /// absolute values.
  public let changes: [String: [Double]]
  /// ``changes`` resolved to scene properties, in key-path order (so applying is deterministic);
  /// changes of the same property are added into one (they share the curve and the span).
  let resolvedChanges: [Change]
  /// The absolute values by scene property, in key-path order; empty for relative changes.
  let targets: [Target]

  /// Whether the definition gives absolute values (`to`, `from`, `fromTo`).
  public var isAbsolute: Bool {
    if case .by = values { return false }
    return true
  }

  /// The animations one instance adds per layer: one per property it changes.
  var animationsPerLayer: Int { isAbsolute ? targets.count : resolvedChanges.count }

  /// Creates a definition, checking every key path and value.
  ///
  /// - Parameters:
  ///   - name: A non-empty name without NUL.
  ///   - curve: The curve (Anim's `options`); linear by default.
  ///   - changes: The change per key path or view property (``TimelineViewProperty``), one finite
  ///     number per component.
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/notFound`` for an unknown key path or view property;
  ///   ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for an empty name, a NUL, a value count that is
  ///   not the property's width, a non-finite value, or changes of one property that add up past the
  ///   largest double.
  public init(name: String, curve: Curve = .linear, changes: [String: [Double]]) throws(GhostframeError) {
    guard !name.isEmpty else { throw .invalid("a timeline definition needs a non-empty name") }
    try Identifier.check(name, "timeline definition name")
    var resolved: [Change] = []
    for keyPath in changes.keys.sorted() {
      let change: Change
      do {
        change = try Self.resolve(keyPath, changes[keyPath] ?? [])
      } catch {
        throw GhostframeError(error.code, "definition \(Identifier.quoted(name)): \(error.message)")
      }
      if let index = resolved.firstIndex(where: { $0.property == change.property }) {
        let sum = zip(resolved[index].amount, change.amount).map(+)
        // Each change is finite, but two near the largest double can add up past it.
        guard sum.allSatisfy(\.isFinite) else {
          throw .invalid("definition \(Identifier.quoted(name)): '\(keyPath)' added to the other changes of "
                         + "'\(change.property.keyPath)' passes the largest double")
        }
        resolved[index] = Change(property: change.property, amount: sum)
      } else {
        resolved.append(change)
      }
    }
    self.name = name
    self.curve = curve
    self.values = .by(changes)
    self.changes = changes
    self.resolvedChanges = resolved
    self.targets = []
  }

  /// Creates a definition of `values`: relative changes (as ``init(name:curve:changes:)``) or
  /// GSAP's absolute `to`, `from` or `fromTo` values.
  ///
  /// - Throws: As ``init(name:curve:changes:)``; for absolute values also
  ///   ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for `fromTo` keys given on one side
  ///   only, and for two keys that set the same component of one property (`"x"` and `"left"`).
  public init(name: String, curve: Curve = .linear, values: Values) throws(GhostframeError) {
    let (from, to): ([String: [Double]]?, [String: [Double]]?)
    switch values {
    case .by(let changes):
      try self.init(name: name, curve: curve, changes: changes)
      return
    case .to(let given): (from, to) = (nil, given)
    case .from(let given): (from, to) = (given, nil)
    case .fromTo(let f, let t): (from, to) = (f, t)
    }
    guard !name.isEmpty else { throw .invalid("a timeline definition needs a non-empty name") }
    try Identifier.check(name, "timeline definition name")
    let quoted = Identifier.quoted(name)
    if let from, let to {
      for key in from.keys.sorted() where to[key] == nil {
        throw .invalid("definition \(quoted): fromTo gives '\(key)' a from value but no to value")
      }
      for key in to.keys.sorted() where from[key] == nil {
        throw .invalid("definition \(quoted): fromTo gives '\(key)' a to value but no from value")
      }
    }
    let keys = (to ?? from ?? [:]).keys.sorted()
    var targets: [Target] = []
    var used: [String: Set<Int>] = [:]  // components set, by key path
    for key in keys {
      let view = TimelineViewProperty(rawValue: key)
      let property: AnimatableProperty
      do {
        // Checks the name, the count and finiteness of both values (resolve's rules).
        var checked: Change?
        for value in [from?[key], to?[key]] {
          if let value { checked = try Self.resolve(key, value) }
        }
        guard let checked else { continue }
        property = checked.property
      } catch {
        throw GhostframeError(error.code, "definition \(quoted): \(error.message)")
      }
      let components = view.map { Set($0.components) } ?? Set(0..<property.valueWidth)
      let taken = used[property.keyPath, default: []]
      guard taken.isDisjoint(with: components) else {
        throw .invalid("definition \(quoted): '\(key)' sets a value of '\(property.keyPath)' that another key "
                       + "of the definition sets too")
      }
      used[property.keyPath] = taken.union(components)
      let part = Target.Part(key: key, view: view, from: from?[key], to: to?[key])
      if let index = targets.firstIndex(where: { $0.property == property }) {
        targets[index] = Target(property: property, parts: targets[index].parts + [part])
      } else {
        targets.append(Target(property: property, parts: [part]))
      }
    }
    self.init(checkedName: name, curve: curve, values: values,
              targets: targets.sorted { $0.property.keyPath < $1.property.keyPath })
  }

  /// A definition of absolute values already checked.
  private init(checkedName name: String, curve: Curve, values: Values, targets: [Target]) {
    self.name = name
    self.curve = curve
    self.values = values
    self.changes = [:]
    self.resolvedChanges = []
    self.targets = targets
  }

  /// One change checked and resolved: a scene key path as it is, a view property
  /// (``TimelineViewProperty``) as the key path it changes.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/notFound`` for a name that is neither;
  ///   ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for a value count that is not the
  ///   property's width or a non-finite value. Messages name the key, not the definition.
  package static func resolve(_ keyPath: String, _ amount: [Double]) throws(GhostframeError) -> Change {
    let view = TimelineViewProperty(rawValue: keyPath)
    let property = try AnimatableProperty(keyPath: view?.keyPath ?? keyPath)
    let width = view?.valueWidth ?? property.valueWidth
    guard amount.count == width else {
      throw .invalid("'\(keyPath)' takes \(width) value(s), got \(amount.count)")
    }
    guard amount.allSatisfy(\.isFinite) else {
      throw .invalid("'\(keyPath)' has a non-finite value \(amount)")
    }
    return Change(property: property, amount: view?.resolved(amount, width: property.valueWidth) ?? amount)
  }

  /// The number of values the change `keyPath` (a key path or a view property) takes.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/notFound`` for a name that is neither.
  package static func valueWidth(ofChange keyPath: String) throws(GhostframeError) -> Int {
    if let view = TimelineViewProperty(rawValue: keyPath) { return view.valueWidth }
    return try AnimatableProperty(keyPath: keyPath).valueWidth
  }

  /// Creates a definition whose changes are all single numbers (`"opacity": 1`).
  ///
  /// - Throws: As ``init(name:curve:changes:)``.
  public init(name: String, curve: Curve = .linear, scalarChanges: [String: Double]) throws(GhostframeError) {
    try self.init(name: name, curve: curve, changes: scalarChanges.mapValues { [$0] })
  }
}
