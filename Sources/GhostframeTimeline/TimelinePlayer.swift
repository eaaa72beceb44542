import GhostframeCore

/// Playback control of a whole timeline: seek, playback rate and reverse, with an event for each
/// instance's start and end, in order, exactly once per crossing, in both directions.
///
/// The player is a value made from a compiled schedule; it keeps only a clock. Nothing about the
/// values it shows lives here: apply the timeline to a scene once, at scene time 0
/// (``Timeline/apply(to:)``), and sample the scene at ``time``. Sampling stays a pure function of
/// time, so a seek is nothing more than sampling elsewhere.
///
/// ```swift
/// var player = try TimelinePlayer(timeline)
/// try timeline.apply(to: &scene)
/// for event in try player.advance(by: 1.0 / 60) { print(event.kind, event.name, event.time) }
/// let frame = scene.sample(at: player.time)
/// ```
///
/// ## Events
///
/// Each instance has two boundaries, its ``TimelineSchedule/Instance/start`` and
/// ``TimelineSchedule/Instance/end``. A move reports the boundaries between where the player
/// was and where it lands, and nothing else, so its events are a pure function of the two
/// positions:
/// - The player sits at ``time``, just *after* the boundaries there when it got there moving
///   forwards, and just *before* them when it got there moving backwards. A move of length 0 (a
///   seek to the current time, an advance held at an end by the clamp) lands on the side the rate
///   points to. The player starts just before 0, as ``/GhostframeCore/Scene/advance(to:)`` starts
///   "before the beginning of time": the first forward call (even `advance(by: 0)`) reports the
///   instances that start at 0.
/// - So, while the direction stays the same, a boundary counts when it lies in (low, high] going
///   forwards and in [low, high) going backwards, the rule of
///   ``/GhostframeCore/Scene/events(from:to:)``. When the direction changes, a boundary exactly at
///   the starting point counts too: the player turns round on it and crosses it. Without that,
///   stopping exactly on a boundary and turning back would drop a crossing (and the next one would
///   be reported twice).
/// - Hence any series of seeks and advances reports each crossing exactly once, and each
///   instance's events alternate `started`, `ended`, `started`, ...
/// - Forwards, events come in order of time, then instance index, a start before its own end (an
///   instance of duration 0 reports `started`, then `ended`, both at its time). Backwards they
///   come in exactly the reverse order, with ``TimelineEvent/isReversed`` set; a boundary crossed
///   backwards reports the opposite kind (an instance's end crossed backwards is its `started`).
///
/// ``time`` is clamped to `[0, duration]`; the clamp is where playing stops (no repeat).
public struct TimelinePlayer: Sendable {
  /// Which side of the boundaries at ``time`` the player is on.
  enum Side: Sendable {
    case before, after
  }

  /// An instance's start or end.
  struct Boundary: Sendable {
    let time: Double
    /// The instance's position in `schedule.instances`.
    let instance: Int
    let isEnd: Bool
  }

  /// The compiled timeline the player plays.
  public let schedule: TimelineSchedule
  /// The timeline time: what to sample the scene at. In `[0, duration]`; starts at 0.
  public private(set) var time: Double = 0
  /// Timeline seconds per host second: finite and non-zero; negative plays backwards. Starts at 1.
  public private(set) var rate: Double = 1
  /// The side of the boundaries at `time`; before 0 at first.
  private(set) var side: Side = .before
  /// Every boundary, in forward event order: time, then instance, then start before end.
  private let boundaries: [Boundary]

  /// A player for `timeline`, compiled once; at time 0 with rate 1.
  ///
  /// - Throws: What ``Timeline/schedule()`` throws.
  public init(_ timeline: Timeline) throws(GhostframeError) {
    self.init(schedule: try timeline.schedule())
  }

  /// A player for a compiled schedule; at time 0 with rate 1.
  public init(schedule: TimelineSchedule) {
    self.schedule = schedule
    var boundaries: [Boundary] = []
    boundaries.reserveCapacity(schedule.instances.count * 2)
    for (position, instance) in schedule.instances.enumerated() {
      boundaries.append(Boundary(time: instance.start, instance: position, isEnd: false))
      boundaries.append(Boundary(time: instance.end, instance: position, isEnd: true))
    }
    boundaries.sort { a, b in
      if a.time != b.time { return a.time < b.time }
      if a.instance != b.instance { return a.instance < b.instance }
      return !a.isEnd && b.isEnd
    }
    self.boundaries = boundaries
  }

  /// The timeline's length: ``time`` stays within `[0, duration]`.
  public var duration: Double { schedule.duration }

  /// Whether the player plays backwards (its ``rate`` is negative).
  public var isReversed: Bool { rate < 0 }

  /// Sets the playback rate; the time does not move.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for a rate that is 0, NaN
  ///   or infinite; the player is then unchanged.
  public mutating func setRate(_ rate: Double) throws(GhostframeError) {
    guard rate.isFinite, rate != 0 else {
      throw .invalid("playback rate must be finite and non-zero (got \(rate))")
    }
    self.rate = rate
  }

  /// Flips the direction of play (the rate's sign), as GSAP's `reverse()`; the time does not move.
  public mutating func reverse() {
    rate = -rate
  }

  /// Moves to timeline time `t`, clamped to `[0, duration]`.
  ///
  /// - Returns: The events crossed, in the order they happen (see "Events" above).
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for a NaN or infinite `t`;
  ///   the player is then unchanged.
  public mutating func seek(to t: Double) throws(GhostframeError) -> [TimelineEvent] {
    guard t.isFinite else { throw .invalid("seek time must be finite (got \(t))") }
    return move(to: t)
  }

  /// Plays for `hostSeconds` of host time: moves ``time`` by `hostSeconds × rate`, clamped to
  /// `[0, duration]`.
  ///
  /// - Returns: The events crossed, in the order they happen (see "Events" above); an empty array
  ///   (nothing allocated) when none is.
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for a negative, NaN or
  ///   infinite `hostSeconds` (host time only goes forwards; a negative rate plays backwards);
  ///   the player is then unchanged.
  public mutating func advance(by hostSeconds: Double) throws(GhostframeError) -> [TimelineEvent] {
    guard hostSeconds.isFinite, hostSeconds >= 0 else {
      throw .invalid("host seconds must be finite and >= 0 (got \(hostSeconds))")
    }
    // hostSeconds · rate may overflow to ±infinity; the clamp in move(to:) brings it back.
    return move(to: time + hostSeconds * rate)
  }

  /// Moves to `target` (not NaN), clamped, and returns the boundaries crossed.
  private mutating func move(to target: Double) -> [TimelineEvent] {
    // The scheduler refuses times past the largest Double, so `duration` is finite and the clamp
    // keeps the clock finite whatever `target` overflowed to.
    let target = min(max(target, 0), duration)
    let forwards = target != time ? target > time : rate > 0
    var events: [TimelineEvent] = []
    if forwards {
      let low = side == .after ? firstIndex(after: time) : firstIndex(atOrAfter: time)
      let high = firstIndex(after: target)
      if low < high {
        events.reserveCapacity(high - low)
        for boundary in boundaries[low..<high] { events.append(event(boundary, forwards: true)) }
      }
    } else {
      let low = firstIndex(atOrAfter: target)
      let high = side == .after ? firstIndex(after: time) : firstIndex(atOrAfter: time)
      if low < high {
        events.reserveCapacity(high - low)
        for boundary in boundaries[low..<high].reversed() { events.append(event(boundary, forwards: false)) }
      }
    }
    time = target
    side = forwards ? .after : .before
    return events
  }

  /// The event for crossing `boundary` in a direction.
  private func event(_ boundary: Boundary, forwards: Bool) -> TimelineEvent {
    // Every boundary was made from a position in instances.
    let instance = schedule.instances[boundary.instance]
    return TimelineEvent(kind: boundary.isEnd == forwards ? .ended : .started, instance: instance.index,
                         name: instance.name, layers: instance.layers, time: boundary.time, isReversed: !forwards)
  }

  /// The index of the first boundary later than `t` (`boundaries.count` when none is).
  private func firstIndex(after t: Double) -> Int {
    partition { $0.time > t }
  }

  /// The index of the first boundary at or after `t` (`boundaries.count` when none is).
  private func firstIndex(atOrAfter t: Double) -> Int {
    partition { $0.time >= t }
  }

  /// Binary search for the first boundary satisfying `isLate`, which must hold for a suffix.
  private func partition(_ isLate: (Boundary) -> Bool) -> Int {
    var low = 0, high = boundaries.count
    while low < high {
      let middle = low + (high - low) / 2
      if isLate(boundaries[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
