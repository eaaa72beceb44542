/// The presentation state of one layer at one time: what ``SceneSampler`` writes, one per layer.
///
/// The layout equals the C ABI's `gf_layer_state` field for field (a test checks every
/// offset), so the library writes straight into a C host's buffer.
public struct LayerState: Sendable {
  /// The layer's index in the scene.
  public var index: UInt32
  /// The parent's index, or -1 for a root layer.
  public var parent: Int32
  /// Whether the layer is hidden, draws a gradient, shows an image (``Flags``).
  public var flags: Flags
  /// The number of gradient stops in use (0 without a gradient).
  public var gradientStopCount: UInt32
  /// The frame's left edge in the root's coordinates (ancestors' transforms not applied).
  public var x: Double
  /// The frame's top edge in the root's coordinates.
  public var y: Double
  /// The width.
  public var width: Double
  /// The height.
  public var height: Double
  /// The corner radius.
  public var cornerRadius: Double
  /// The fill colour's red channel.
  public var red: Double
  /// The fill colour's green channel.
  public var green: Double
  /// The fill colour's blue channel.
  public var blue: Double
  /// The fill colour's alpha channel.
  public var alpha: Double
  /// The opacity multiplied through ancestors, clamped to [0, 1].
  public var opacity: Double
  /// Maps the layer's own space (0...width, 0...height) to the root's coordinates, all
  /// transforms of the layer and its ancestors applied.
  public var transform: AffineTransform
  /// The stacking order among siblings.
  public var zPosition: Double
  /// The gradient's start point in the layer's unit space.
  public var gradientStart: Point
  /// The gradient's end point in the layer's unit space.
  public var gradientEnd: Point
  /// The gradient stop locations.
  public var gradientLocations: InlineArray<4, Double>
  /// The gradient stop colours, RGBA per stop.
  public var gradientColors: InlineArray<16, Double>

  /// A zeroed state.
  public init() {
    index = 0
    parent = -1
    flags = []
    gradientStopCount = 0
    x = 0; y = 0; width = 0; height = 0
    cornerRadius = 0
    red = 0; green = 0; blue = 0; alpha = 0
    opacity = 0
    transform = .identity
    zPosition = 0
    gradientStart = .zero
    gradientEnd = .zero
    gradientLocations = InlineArray(repeating: 0)
    gradientColors = InlineArray(repeating: 0)
  }

  /// Whether the layer or an ancestor is hidden.
  public var isHidden: Bool { flags.contains(.hidden) }
}

extension LayerState: Equatable {
  /// Field-by-field equality (bitwise for the numbers' values, so NaN never occurs here).
  public static func == (lhs: LayerState, rhs: LayerState) -> Bool {
    withUnsafeBytes(of: lhs) { l in withUnsafeBytes(of: rhs) { r in l.elementsEqual(r) } }
  }
}
