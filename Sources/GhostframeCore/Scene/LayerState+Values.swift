extension LayerState {
  /// The bits of ``LayerState/flags``: the C header's `GF_LAYER_*` values, stored as one
  /// `UInt32`, so a ``LayerState`` keeps `gf_layer_state`'s layout.
  public struct Flags: OptionSet, Sendable, Hashable {
    /// The bits (`gf_layer_state.flags`).
    public var rawValue: UInt32

    /// Flags from their bits (`GF_LAYER_*`); bits without a name are kept.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The layer or an ancestor is hidden (`GF_LAYER_HIDDEN`).
    public static let hidden = Flags(rawValue: 1)
    /// The layer draws a gradient (`GF_LAYER_HAS_GRADIENT`).
    public static let gradient = Flags(rawValue: 2)
    /// The layer shows an image, its ``Layer/contents`` (`GF_LAYER_HAS_CONTENTS`).
    public static let contents = Flags(rawValue: 4)
  }

  /// The frame: ``x``, ``y``, ``width`` and ``height`` as one rect.
  public var frame: Rect {
    get { Rect(x: x, y: y, width: width, height: height) }
    set { x = newValue.x; y = newValue.y; width = newValue.width; height = newValue.height }
  }

  /// The fill colour: ``red``, ``green``, ``blue`` and ``alpha`` as one colour.
  public var color: Color {
    get { Color(red: red, green: green, blue: blue, alpha: alpha) }
    set { red = newValue.red; green = newValue.green; blue = newValue.blue; alpha = newValue.alpha }
  }
}
