/// A colour: red, green, blue and alpha in [0, 1], non-premultiplied sRGB.
///
/// Animations interpolate colours per channel in sRGB space, as Core Animation does.
public struct Color: Sendable, Hashable {
  /// Red, in [0, 1].
  public var red: Double
  /// Green, in [0, 1].
  public var green: Double
  /// Blue, in [0, 1].
  public var blue: Double
  /// Alpha (opacity of the colour), in [0, 1].
  public var alpha: Double

  /// Creates a colour from channels in [0, 1].
  @inlinable
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Creates an opaque colour from a 24-bit `0xRRGGBB` value.
  public init(rgb: UInt32, alpha: Double = 1) {
    red = Double((rgb >> 16) & 0xFF) / 255
    green = Double((rgb >> 8) & 0xFF) / 255
    blue = Double(rgb & 0xFF) / 255
    self.alpha = alpha
  }

  /// Transparent black.
  public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
  /// Opaque black.
  public static let black = Color(red: 0, green: 0, blue: 0)
  /// Opaque white.
  public static let white = Color(red: 1, green: 1, blue: 1)

  /// The channels in the order red, green, blue, alpha. Inlinable: the scene writer
  /// (GhostframeFormats) reads every colour through it, and inlined the array needs no allocation.
  @inlinable
  package var components: [Double] { [red, green, blue, alpha] }

  /// Whether `value` may be a channel of a model colour (a layer's, a gradient stop's, a
  /// skeleton style's): in [0, 1], so false for NaN. The one rule the scene, its JSON reader
  /// and the skeleton's checks share; animation values are not limited by it.
  package static func isValidChannel(_ value: Double) -> Bool { value >= 0 && value <= 1 }

  /// Whether every channel is in [0, 1] (``isValidChannel(_:)``).
  package var hasValidChannels: Bool {
    Self.isValidChannel(red) && Self.isValidChannel(green) && Self.isValidChannel(blue) && Self.isValidChannel(alpha)
  }
}
