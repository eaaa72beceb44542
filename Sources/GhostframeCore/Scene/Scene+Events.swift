/// An animation starting or ending, reported by ``Scene/advance(to:)``.
public struct AnimationEvent: Sendable, Hashable {
  /// What happened.
  public enum Kind: String, Sendable {
    /// The animation entered its active interval.
    case started
    /// The animation left its active interval.
    case ended
  }
  /// What happened.
  public var kind: Kind
  /// The animation's id.
  public var animation: UInt64
  /// The id of the layer it animates.
  public var layer: String
  /// Its key, if it has one.
  public var key: String?
  /// The boundary's scene time.
  public var time: Double
  /// Whether time moved backwards across the boundary (then `started` means it entered the
  /// active interval from the end, and `ended` that it left it at the start).
  public var isReversed: Bool
}

extension Scene {
  /// The events between two scene times, in the order they happen when travelling from
  /// `start` to `end`: an animation starts where time crosses the start of its active
  /// interval and ends where it crosses the end. Moving backwards reports the crossings in
  /// reverse. A pure function of the two times.
  ///
  /// A boundary counts when it lies in (start, end] going forwards and in [end, start) going
  /// backwards: `start` is taken as reached moving the same way (just after its boundaries going
  /// forwards, just before them going backwards).
  public func events(from start: Double, to end: Double) -> [AnimationEvent] {
    events(from: start, to: end, turning: false)
  }

  /// The events between two scene times; with `turning`, the motion changes direction at
  /// `start`, so boundaries exactly at `start` count too (the clock turns round on them and
  /// crosses them).
  func events(from start: Double, to end: Double, turning: Bool) -> [AnimationEvent] {
    guard start != end else { return [] }
    let forwards = end > start
    let low = min(start, end), high = max(start, end)
    // A boundary counts when it lies in (low, high] going forwards, [low, high) going back;
    // when turning at `start`, a boundary exactly there counts as well.
    func crossed(_ time: Double) -> Bool {
      guard time.isFinite else { return false }
      if turning && time == start { return true }
      return forwards ? (time > low && time <= high) : (time >= low && time < high)
    }
    // The crossings first, 16 bytes each, sorted in place by a total order (time, then the order
    // they are found in: animation, then its start before its end), and only then the events:
    // a million animations report two million events without sorting copies of them.
    var crossings: [Crossing] = []
    for (index, attached) in animations.enumerated() {
      let timing = attached.animation.timing
      let endTime = timing.endTime
      let begin = max(min(timing.delay, endTime), 0)
      let finish = max(min(timing.delay + timing.activeDuration, endTime), 0)
      // Going backwards an animation starts at its finish and ends at its begin.
      let (first, second) = forwards ? (begin, finish) : (finish, begin)
      if crossed(first) { crossings.append(Crossing(time: first, order: index << 1)) }
      if crossed(second) { crossings.append(Crossing(time: second, order: index << 1 | 1)) }
    }
    crossings.sort { lhs, rhs in
      lhs.time != rhs.time ? (forwards ? lhs.time < rhs.time : lhs.time > rhs.time) : lhs.order < rhs.order
    }
    return crossings.map { crossing in
      let attached = animations[crossing.order >> 1]
      return AnimationEvent(kind: crossing.order & 1 == 0 ? .started : .ended, animation: attached.id,
                            layer: attached.layer, key: attached.key, time: crossing.time, isReversed: !forwards)
    }
  }

  /// Moves the scene's clock to `t` and returns the events since the previous time (the
  /// first call reports everything from the beginning of time). Animations with
  /// `removedOnCompletion` that ended going forwards leave the scene.
  ///
  /// Each crossing is reported exactly once over any series of calls: the clock sits just after
  /// the boundaries at its time when it got there moving forwards, just before them moving
  /// backwards, so stopping exactly on a boundary and turning back reports crossing it again
  /// (``events(from:to:)`` alone assumes no turn). A call to the current time reports nothing.
  ///
  /// - Throws: ``GhostframeError/Code/invalidArgument`` for a non-finite time.
  public mutating func advance(to t: Double) throws(GhostframeError) -> [AnimationEvent] {
    guard t.isFinite else { throw .invalid("time must be finite (got \(t))") }
    let start = clock ?? -.infinity
    let forwards = t > start
    let events = self.events(from: start, to: t, turning: t != start && forwards != clockMovedForwards)
    if t != start { clockMovedForwards = forwards }
    clock = t
    // Only when some animation leaves on completion; lazily, without copying the events.
    guard animations.contains(where: { $0.animation.removedOnCompletion }) else { return events }
    let finished = Set(events.lazy.filter { $0.kind == .ended && !$0.isReversed }.map(\.animation))
    if !finished.isEmpty { removeAnimations { finished.contains($0.id) && $0.animation.removedOnCompletion } }
    return events
  }
}

/// A boundary ``Scene/events(from:to:turning:)`` found crossed: its time, and the animation's
/// index times two, plus one for the second boundary crossed (the end going forwards).
private struct Crossing {
  let time: Double
  let order: Int
}
