/// A point in a layer's or its parent's coordinate space, in points.
public struct Point: Sendable, Hashable {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate.
  public var y: Double
  /// Creates a point.
  @inlinable
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
  /// The origin.
  public static let zero = Point(x: 0, y: 0)
}

/// A width and a height, in points.
public struct Size: Sendable, Hashable {
  /// The width.
  public var width: Double
  /// The height.
  public var height: Double
  /// Creates a size.
  @inlinable
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}

/// A rectangle: origin and size, in points.
public struct Rect: Sendable, Hashable {
  /// The left edge.
  public var x: Double
  /// The top edge.
  public var y: Double
  /// The width.
  public var width: Double
  /// The height.
  public var height: Double
  /// Creates a rectangle.
  @inlinable
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
  /// The empty rectangle at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
}
