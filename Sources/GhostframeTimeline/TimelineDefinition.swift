import GhostframeCore

/// A named, reusable animation of a timeline (Anim's `[Anim anim:options:animations:]`): a curve and
/// the relative change it makes to each key path, with no layers and no duration of its own.
///
/// `"position.y": [-100]` is Anim's `view.y += -100`; vector key paths take one number per
/// component (``/GhostframeCore/AnimatableProperty/valueWidth``). Instances in a ``Timeline`` give it layers and a
/// duration; each adds its changes to the layers' values over its span, shaped by ``curve``.
public struct TimelineDefinition: Sendable, Hashable {
  /// One validated change: the property and the amount added to it.
  struct Change: Sendable, Hashable {
    let property: AnimatableProperty
    let amount: [Double]
  }

  /// The name instances refer to.
  public let name: String
  /// The curve shaping every change over an instance's span.
  public let curve: Curve
  /// The relative change per key path.
  public let changes: [String: [Double]]
  /// ``changes`` parsed, in key-path order (so applying is deterministic).
  let resolvedChanges: [Change]

  /// Creates a definition, checking every key path and value.
  ///
  /// - Parameters:
  ///   - name: A non-empty name without NUL.
  ///   - curve: The curve (Anim's `options`); linear by default.
  ///   - changes: The change per key path, one finite number per component of the property.
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/notFound`` for an unknown key path;
  ///   ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for an empty name, a NUL, a value count that is
  ///   not the property's width, or a non-finite value.
  public init(name: String, curve: Curve = .linear, changes: [String: [Double]]) throws(GhostframeError) {
    guard !name.isEmpty else { throw .invalid("a timeline definition needs a non-empty name") }
    try Identifier.check(name, "timeline definition name")
    var resolved: [Change] = []
    for keyPath in changes.keys.sorted() {
      let amount = changes[keyPath] ?? []
      let property: AnimatableProperty
      do {
        property = try AnimatableProperty(keyPath: keyPath)
      } catch {
        throw GhostframeError(error.code, "definition \(Identifier.quoted(name)): \(error.message)")
      }
      guard amount.count == property.valueWidth else {
        throw .invalid("definition \(Identifier.quoted(name)): '\(keyPath)' takes \(property.valueWidth) "
                       + "value(s), got \(amount.count)")
      }
      guard amount.allSatisfy(\.isFinite) else {
        throw .invalid("definition \(Identifier.quoted(name)): '\(keyPath)' has a non-finite value \(amount)")
      }
      resolved.append(Change(property: property, amount: amount))
    }
    self.name = name
    self.curve = curve
    self.changes = changes
    self.resolvedChanges = resolved
  }

  /// Creates a definition whose changes are all single numbers (`"opacity": 1`).
  ///
  /// - Throws: As ``init(name:curve:changes:)``.
  public init(name: String, curve: Curve = .linear, scalarChanges: [String: Double]) throws(GhostframeError) {
    try self.init(name: name, curve: curve, changes: scalarChanges.mapValues { [$0] })
  }
}
