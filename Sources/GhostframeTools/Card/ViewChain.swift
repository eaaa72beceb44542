import GhostframeCore

/// A host's chain of nested views with scroll offsets, to bring a rect from the innermost view
/// into window coordinates: a cell in a collection view in a table cell in a table view in a
/// window (the card transition's feed).
///
/// Each level is a view's frame in its parent's content space and the view's own scroll offset
/// (UIKit's `contentOffset`, the origin of its bounds; zero for a view that does not scroll).
/// A point `p` in a level's content space lies at `p − scrollOffset + frame.origin` in its
/// parent's. Levels are listed from the outermost (a view placed in the window) to the innermost.
public struct ViewChain: Sendable, Hashable {
  /// One view of the chain.
  public struct Level: Sendable, Hashable {
    /// The view's frame in its parent's content space.
    public var frame: Rect
    /// The view's scroll offset (the origin of its bounds).
    public var scrollOffset: Point

    /// Creates a level.
    public init(frame: Rect, scrollOffset: Point = .zero) {
      self.frame = frame
      self.scrollOffset = scrollOffset
    }
  }

  /// The levels, outermost first.
  public var levels: [Level]

  /// The most levels a chain may have (a host's nesting is a handful; this bounds the work).
  public static let maximumLevels = 4096

  /// Creates a chain; every number must be finite and sizes >= 0.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/limit`` past ``maximumLevels``;
  ///   ``/GhostframeCore/GhostframeError/Code/invalidArgument`` naming the first bad level.
  public init(levels: [Level]) throws(GhostframeError) {
    guard levels.count <= Self.maximumLevels else {
      throw GhostframeError(.limit, "view chain: \(levels.count) levels, at most \(Self.maximumLevels)")
    }
    for (i, level) in levels.enumerated() {
      let f = level.frame, o = level.scrollOffset
      guard [f.x, f.y, f.width, f.height, o.x, o.y].allSatisfy(\.isFinite), f.width >= 0, f.height >= 0 else {
        throw GhostframeError(.invalidArgument, "view chain level \(i): numbers must be finite and sizes >= 0")
      }
    }
    self.levels = levels
  }

  /// The translation from the innermost level's content space to the window's.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` naming the level where
  ///   finite frames and scroll offsets add up past the largest Double.
  public var offsetToWindow: Point {
    get throws(GhostframeError) {
      var x = 0.0, y = 0.0
      for (i, level) in levels.enumerated() {
        x += level.frame.x - level.scrollOffset.x
        y += level.frame.y - level.scrollOffset.y
        guard x.isFinite, y.isFinite else {
          throw .invalid("view chain level \(i): the offset to the window overflows (frame origin "
                         + "(\(level.frame.x), \(level.frame.y)), scroll offset (\(level.scrollOffset.x), \(level.scrollOffset.y)))")
        }
      }
      return Point(x: x, y: y)
    }
  }

  /// Converts a rect in the innermost level's content space to window coordinates.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` when the offset (naming
  ///   the level) or the converted rect overflows.
  public func windowRect(of rect: Rect) throws(GhostframeError) -> Rect {
    try shifted(rect, by: 1, "window")
  }

  /// Converts a rect in window coordinates to the innermost level's content space.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` when the offset (naming
  ///   the level) or the converted rect overflows.
  public func contentRect(ofWindowRect rect: Rect) throws(GhostframeError) -> Rect {
    try shifted(rect, by: -1, "content")
  }

  /// `rect` moved by `sign` times the offset to the window, checked finite.
  private func shifted(_ rect: Rect, by sign: Double, _ space: String) throws(GhostframeError) -> Rect {
    let offset = try offsetToWindow
    // sign is ±1, so x + sign·o is exactly x ± o.
    let x = rect.x + sign * offset.x, y = rect.y + sign * offset.y
    guard x.isFinite, y.isFinite else {
      throw .invalid("view chain: the \(space) rect's origin overflows ((\(rect.x), \(rect.y)) moved by the offset "
                     + "(\(offset.x), \(offset.y)) of levels 0...\(levels.count - 1))")
    }
    return Rect(x: x, y: y, width: rect.width, height: rect.height)
  }
}
