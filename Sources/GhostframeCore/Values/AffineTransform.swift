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

extension AffineTransform {
  /// Whether every entry is finite.
  var isFinite: Bool { a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite }

  /// The inverse, or nil when the determinant is zero or not finite.
  public func inverted() -> AffineTransform? {
    let determinant = a * d - b * c
    guard determinant != 0, determinant.isFinite else { return nil }
    let ia = d / determinant, ib = -b / determinant, ic = -c / determinant, id = a / determinant
    return AffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
  }

  /// The smallest axis-aligned rect holding the four mapped corners of `rect`.
  public func boundingRect(of rect: Rect) -> Rect {
    let corners = [
      apply(to: Point(x: rect.x, y: rect.y)),
      apply(to: Point(x: rect.x + rect.width, y: rect.y)),
      apply(to: Point(x: rect.x, y: rect.y + rect.height)),
      apply(to: Point(x: rect.x + rect.width, y: rect.y + rect.height)),
    ]
    var minX = corners[0].x, maxX = corners[0].x, minY = corners[0].y, maxY = corners[0].y
    for corner in corners.dropFirst() {
      minX = Swift.min(minX, corner.x)
      maxX = Swift.max(maxX, corner.x)
      minY = Swift.min(minY, corner.y)
      maxY = Swift.max(maxY, corner.y)
    }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}
