import GhostframeCore

/// Per-layer start offsets for the next instance of a sequence or parallel (Anim's index-offset
/// delay, GSAP's `stagger`).
///
/// ``offset(_:)`` is Anim's: layer *i* starts `s·i` later. ``each(_:from:ease:grid:axis:)`` and
/// ``amount(_:from:ease:grid:axis:)`` are GSAP's `distribute()` (gsap-core), exactly:
///
/// 1. The layers are laid out in a grid of `columns` (``Grid``; without one, a single row):
///    layer *j* sits at column *j* mod `columns`, row ⌊*j* / `columns`⌋.
/// 2. The origin (``Origin``) is a point on that grid: `"start"`, `"center"`, `"edges"`, `"end"`
///    and ``Origin/point(x:y:)`` are ratios *(rx, ry)* (0, ½, ½, 1, or given), at
///    `x₀ = min(columns, n)·rx − ½` and `y₀ = n·ry / columns − ½` (0 without a grid); an index *k*
///    is the cell of layer *k*: `x₀ = k mod columns`, `y₀ = ⌊k / columns⌋` (JavaScript's
///    truncating `%` and division; 0 without a grid).
/// 3. Each layer's distance is the Euclidean distance from the origin, or along one ``Axis``:
///    with `x = column − x₀` and `y = y₀ − row`, `d = √(x² + y²)`, `|x|` or `|y|`.
/// 4. The distances are normalised to [0, 1]: `u = (d − min) / (max − min)` (0 when all are equal).
/// 5. The total spread is `amount`, or `each` times: `n − 1` when `columns > n` (no grid), else
///    `max(columns, n / columns)` without an axis, `n / columns` along y, `columns` along x.
///    `"edges"` negates it.
/// 6. `offset = b + ease'(u) · total`, where a negative total (edges, or a negative `each`) uses
///    `b = −total` and the inverted ease `ease'(p) = 1 − ease(1 − p)`; otherwise `b = 0` and
///    `ease' = ease`.
///
/// So from `"center"` on 5 layers with `each` 0.1, the total is 0.4 and the layers start
/// 0.4, 0.2, 0, 0.2, 0.4 seconds after the instance.
public enum TimelineStagger: Sendable, Hashable {
  /// Anim's index offset: `offset_i = s·i`.
  case offset(Double)
  /// GSAP's `each`: a total spread of `s` times the count along the distribution (see above),
  /// from `from`, shaped by `ease`, on a `grid` (nil: one row), measured along `axis` (nil:
  /// Euclidean).
  case each(Double, from: Origin = .start, ease: Curve = .linear, grid: Grid? = nil, axis: Axis? = nil)
  /// GSAP's `amount`: a total spread of `amount` seconds, otherwise as ``each(_:from:ease:grid:axis:)``.
  case amount(Double, from: Origin = .start, ease: Curve = .linear, grid: Grid? = nil, axis: Axis? = nil)

  /// Where distances are measured from.
  public enum Origin: Sendable, Hashable {
    /// The first layer's side: the ratio (0, 0).
    case start
    /// The last layer's side: the ratio (1, 1).
    case end
    /// The middle: the ratio (½, ½).
    case center
    /// The middle, with the spread inverted: the outermost layers start first.
    case edges
    /// The cell of layer *k* (*k* may lie outside the layers).
    case index(Int)
    /// GSAP's `from: [x, y]`: a point given as ratios of the grid's width and height (finite).
    case point(x: Double, y: Double)
  }

  /// GSAP's `grid`: how the layers (in their order) are laid out in rows.
  public enum Grid: Sendable, Hashable {
    /// GSAP measures the elements' positions on the page; a timeline is scheduled without a
    /// layout, so Ghostframe takes the nearest square: ⌈√n⌉ columns.
    case auto
    /// `rows` × `columns` (each ≥ 1); only the columns matter to the distances, as in GSAP.
    case size(rows: Int, columns: Int)
  }

  /// GSAP's `axis`: measure distances along one axis only.
  public enum Axis: String, Sendable, Hashable, CaseIterable {
    /// Along the rows: `|column − x₀|`.
    case x
    /// Along the columns: `|y₀ − row|`.
    case y
  }

  /// The largest grid dimension and stagger origin index: integers up to 2^53 are exact doubles.
  public static let maximumIndex = 1 << 53

  /// The offsets of `count` layers.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for a non-finite `s`,
  ///   amount or origin point, a grid dimension below 1 or above ``maximumIndex``, an origin index
  ///   beyond ±``maximumIndex``; ``/GhostframeCore/GhostframeError/Code/callback`` when `ease` is a
  ///   host curve that returns a non-finite value.
  func offsets(count n: Int) throws(GhostframeError) -> [Double] {
    switch self {
    case .offset(let s):
      guard s.isFinite else { throw .invalid("stagger must be finite (got \(s))") }
      return (0..<n).map { s * Double($0) }
    case .each(let s, let from, let ease, let grid, let axis):
      guard s.isFinite else { throw .invalid("stagger each must be finite (got \(s))") }
      return try Self.distributed(n, from: from, ease: ease, grid: grid, axis: axis) { count in s * count }
    case .amount(let a, let from, let ease, let grid, let axis):
      guard a.isFinite else { throw .invalid("stagger amount must be finite (got \(a))") }
      return try Self.distributed(n, from: from, ease: ease, grid: grid, axis: axis) { _ in a }
    }
  }

  /// GSAP's distribution (steps 1 to 6 above); `total` maps the count along the distribution to
  /// the total spread.
  private static func distributed(
    _ n: Int, from: Origin, ease: Curve, grid: Grid?, axis: Axis?, total: (Double) -> Double
  ) throws(GhostframeError) -> [Double] {
    guard n > 0 else { return [] }
    let columns: Int?  // nil: one row (GSAP's "wrap at a huge number")
    switch grid {
    case nil: columns = nil
    case .auto?: columns = Self.autoColumns(n)
    case .size(let rows, let c)?:
      guard rows >= 1, c >= 1, rows <= maximumIndex, c <= maximumIndex else {
        throw .invalid("stagger grid must be [rows, columns] of integers from 1 to 2^53 (got [\(rows), \(c)])")
      }
      columns = c
    }
    let count = Double(n)
    let x0: Double, y0: Double
    switch from {
    case .index(let k):
      guard k.magnitude <= UInt(maximumIndex) else {  // magnitude: abs(Int.min) traps
        throw .invalid("stagger origin index \(k) is beyond ±2^53")
      }
      if let columns {
        x0 = Double(k % columns)  // truncating, as JavaScript's %
        y0 = Double(k / columns)  // truncating, as JavaScript's `| 0`
      } else {
        x0 = Double(k)
        y0 = 0
      }
    default:
      let (rx, ry): (Double, Double)
      switch from {
      case .start: (rx, ry) = (0, 0)
      case .end: (rx, ry) = (1, 1)
      case .center, .edges: (rx, ry) = (0.5, 0.5)
      case .point(let x, let y):
        guard x.isFinite, y.isFinite else { throw .invalid("stagger origin point must be finite (got [\(x), \(y)])") }
        (rx, ry) = (x, y)
      case .index: (rx, ry) = (0, 0)  // handled above
      }
      if let columns {
        x0 = Double(min(columns, n)) * rx - 0.5
        y0 = count * ry / Double(columns) - 0.5
      } else {
        x0 = count * rx - 0.5
        y0 = 0
      }
    }
    var distances: [Double] = []
    distances.reserveCapacity(n)
    var largest = -Double.infinity, smallest = Double.infinity
    for j in 0..<n {
      let x = Double(columns.map { j % $0 } ?? j) - x0
      let y = y0 - Double(columns.map { j / $0 } ?? 0)
      let d: Double
      switch axis {
      case nil: d = (x * x + y * y).squareRoot()
      case .x?: d = abs(x)
      case .y?: d = abs(y)
      }
      distances.append(d)
      largest = max(largest, d)
      smallest = min(smallest, d)
    }
    let along: Double
    if let columns, columns <= n {
      let wrap = Double(columns)
      switch axis {
      case nil: along = max(wrap, count / wrap)
      case .y?: along = count / wrap
      case .x?: along = wrap
      }
    } else {
      along = count - 1
    }
    var spread = total(along)
    if from == .edges { spread = -spread }
    guard spread.isFinite else {
      throw .invalid("stagger spread \(spread) s over \(n) layers passes the largest duration")
    }
    let range = largest - smallest
    let base = spread < 0 ? -spread : 0
    var offsets: [Double] = []
    offsets.reserveCapacity(n)
    for d in distances {
      let u = range > 0 ? (d - smallest) / range : 0
      let eased = spread < 0 ? 1 - (try ease.checkedValue(at: 1 - u)) : try ease.checkedValue(at: u)
      offsets.append(base + eased * spread)
    }
    return offsets
  }

  /// GSAP's `grid: "auto"` without a layout: the nearest square, ⌈√n⌉ columns.
  static func autoColumns(_ n: Int) -> Int {
    var columns = max(Int(Double(n).squareRoot().rounded(.down)), 1)
    while columns * columns < n { columns += 1 }
    return columns
  }
}
