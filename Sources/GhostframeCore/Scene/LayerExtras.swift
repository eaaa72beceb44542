/// The properties of a ``Layer`` that most layers leave nil (a gradient, contents, the view it
/// stands for), kept out of line: a layer holds one pointer to them, or nil when it sets none.
///
/// A scene of plain layers (a million from JSON, the budget's case) then takes 200 bytes a
/// layer instead of 304; a layer that sets any of them pays one allocation when it does. The
/// sampler never reads a `Layer` (it reads its compiled rows), so sampling is unchanged.
@usableFromInline
struct LayerExtras: Sendable, Hashable {
  /// ``Layer/gradient``.
  @usableFromInline var gradient: Gradient?
  /// ``Layer/contents``.
  @usableFromInline var contents: String?
  /// ``Layer/source``.
  @usableFromInline var source: LayerSource?

  /// Creates the extras.
  @inlinable
  init(gradient: Gradient? = nil, contents: String? = nil, source: LayerSource? = nil) {
    self.gradient = gradient
    self.contents = contents
    self.source = source
  }

  /// The extras on the heap (an indirect case: a box with value semantics, Sendable and
  /// Hashable by its contents).
  @usableFromInline
  enum Box: Sendable, Hashable {
    indirect case boxed(LayerExtras)

    /// The extras it holds.
    @inlinable
    var fields: LayerExtras {
      switch self { case .boxed(let fields): fields }
    }
  }

  /// Whether every property is nil (a layer then holds no box).
  @inlinable
  var isEmpty: Bool { gradient == nil && contents == nil && source == nil }

  /// `extras` in a box, or nil when empty: the one rule for a layer's ``Layer/extras``.
  @inlinable
  static func box(_ extras: LayerExtras) -> Box? {
    extras.isEmpty ? nil : .boxed(extras)
  }

  /// Changes one property of a layer's extras by `change`, boxing the result anew.
  @inlinable
  static func modify(_ box: inout Box?, _ change: (inout LayerExtras) -> Void) {
    var fields = box?.fields ?? LayerExtras()
    change(&fields)
    box = Self.box(fields)
  }
}
