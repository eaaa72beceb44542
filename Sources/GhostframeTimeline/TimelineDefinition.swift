import GhostframeCore

/// A named, reusable animation of a timeline (Anim's `[Anim anim:options:animations:]`): a curve and
/// the relative change it makes to each key path, with no layers and no duration of its own.
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

  /// The name instances refer to.
  public let name: String
  /// The curve shaping every change over an instance's span.
  public let curve: Curve
  /// The relative change per key path or view property, as given.
  public let changes: [String: [Double]]
  /// ``changes`` resolved to scene properties, in key-path order (so applying is deterministic);
  /// changes of the same property are added into one (they share the curve and the span).
  let resolvedChanges: [Change]

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
    self.changes = changes
    self.resolvedChanges = resolved
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
