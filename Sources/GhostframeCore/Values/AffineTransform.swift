/// A 2D affine transform: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty` (Core Graphics' layout).
public struct AffineTransform: Sendable, Hashable {
  /// The matrix entries.
  public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

  /// Creates a transform from its entries.
  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// The identity.
  public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// A translation.
  static func translation(_ x: Double, _ y: Double) -> AffineTransform {
    AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
  }

  /// `self` applied after `inner`: (self · inner)(p) = self(inner(p)).
  func concatenating(_ inner: AffineTransform) -> AffineTransform {
    AffineTransform(
      a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
      c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
      tx: a * inner.tx + c * inner.ty + tx, ty: b * inner.tx + d * inner.ty + ty)
  }

  /// Maps a point.
  public func apply(to point: Point) -> Point {
    Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
  }
}
