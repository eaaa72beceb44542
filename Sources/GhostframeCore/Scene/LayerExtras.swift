/// The properties of a ``Layer`` that most layers leave nil (a gradient, contents, the view it
/// stands for), kept out of line: a layer holds one reference to them, or nil when it sets none.
///
/// A scene of plain layers (a million from JSON, the budgets' case) then takes 200 bytes a
/// layer instead of 304, and copying a layer retains one reference instead of up to five; a
/// layer that sets any of them pays one allocation when it does. Immutable: a layer changes one
/// of them by taking a new box (``Layer/gradient``'s setter and its siblings), so copies of a
/// layer never share a change. The sampler never reads a `Layer` (it reads its compiled rows).
// Sendable, checked by the compiler: a final class of `let`s of Sendable values.
@usableFromInline
final class LayerExtras: Sendable, Hashable {
  /// ``Layer/gradient``.
  @usableFromInline let gradient: Gradient?
  /// ``Layer/contents``.
  @usableFromInline let contents: String?
  /// ``Layer/source``.
  @usableFromInline let source: LayerSource?

  /// Creates the box.
  @inlinable
  init(gradient: consuming Gradient?, contents: consuming String?, source: consuming LayerSource?) {
    self.gradient = gradient
    self.contents = contents
    self.source = source
  }

  /// A box of the three, or nil when all three are nil: the one rule for ``Layer/extras``, so
  /// equal layers hold equal extras.
  @inlinable
  static func make(gradient: consuming Gradient?, contents: consuming String?, source: consuming LayerSource?)
    -> LayerExtras?
  {
    gradient == nil && contents == nil && source == nil
      ? nil : LayerExtras(gradient: gradient, contents: contents, source: source)
  }

  /// Equal contents.
  @inlinable
  static func == (lhs: LayerExtras, rhs: LayerExtras) -> Bool {
    lhs === rhs || (lhs.gradient == rhs.gradient && lhs.contents == rhs.contents && lhs.source == rhs.source)
  }

  /// Hashes the contents.
  @inlinable
  func hash(into hasher: inout Hasher) {
    hasher.combine(gradient)
    hasher.combine(contents)
    hasher.combine(source)
  }
}
