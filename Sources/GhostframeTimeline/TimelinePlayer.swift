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
///   instance of duration 0 reports `started`, then `ended`, both at its time); call points
///   (``TimelineEvent/Kind/call``) come after the instances at the same time, in their order. Backwards they
///   come in exactly the reverse order, with ``TimelineEvent/isReversed`` set; a boundary crossed
///   backwards reports the opposite kind (an instance's end crossed backwards is its `started`).
///
/// ``time`` is clamped to `[0, duration]`; the clamp is where playing stops.
///
/// ## Repeats
///
/// An instance inside a repeating sequence or parallel (``TimelineSchedule/Repeat``) has one span
/// per play, and each span's start and end are boundaries like any other, reported with the
/// instance's index and the boundary's own time: `started` when time enters a span, `ended` when
/// it leaves it, in clock terms, whichever way the play runs (a backwards play of a yoyo enters an
/// instance's span at the instance's end). Where one play's span ends as the next begins, the
/// earlier span's `ended` comes first, so an instance's events still alternate. A move that would
/// report more than ``maximumEventsPerMove`` events of repeating instances (a seek across millions
/// of plays) is refused; with `suppressingEvents` nothing is reported and any move is allowed.
public struct TimelinePlayer: Sendable {
  /// The most events of repeating instances' plays one move may report (GF_E_LIMIT beyond; the
  /// instances that do not repeat add one event per boundary, at most two per instance); a move
  /// suppressing its events has no limit.
  public static let maximumEventsPerMove = 1_000_000

  /// Which side of the boundaries at ``time`` the player is on.
  enum Side: Sendable {
    case before, after
  }

  /// An instance's start or end (of one of its plays), or a call point.
  struct Boundary: Sendable {
    let time: Double
    /// The instance's position in `schedule.instances`, or `instances.count +` a call's index
    /// (so at one time calls come after the instances, in their order).
    let instance: Int
    /// When the span the boundary belongs to starts: orders one instance's spans at one time.
    let spanStart: Double
    let isEnd: Bool

    /// Forward event order: time, instance, span, start before end.
    static func inOrder(_ a: Boundary, _ b: Boundary) -> Bool {
      if a.time != b.time { return a.time < b.time }
      if a.instance != b.instance { return a.instance < b.instance }
      if a.spanStart != b.spanStart { return a.spanStart < b.spanStart }
      return !a.isEnd && b.isEnd
    }
  }

  /// An instance (or a call) inside repeating nodes: its first play's span and the nodes,
  /// outermost first.
  struct Repeated: Sendable {
    let instance: Int
    let start: Double
    let end: Double
    let chain: [TimelineSchedule.Repeat]
    /// A call point: one boundary per play, its start.
    let isCall: Bool
  }

  /// The compiled timeline the player plays.
  public let schedule: TimelineSchedule
  /// The timeline time: what to sample the scene at. In `[0, duration]`; starts at 0.
  public private(set) var time: Double = 0
  /// Timeline seconds per host second: finite and non-zero; negative plays backwards. Starts at 1.
  public private(set) var rate: Double = 1
  /// The side of the boundaries at `time`; before 0 at first.
  private(set) var side: Side = .before
  /// Every boundary of the instances that do not repeat, in forward event order.
  private let boundaries: [Boundary]
  /// The instances that repeat: their boundaries are found per move.
  private let repeated: [Repeated]

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
    var repeated: [Repeated] = []
    boundaries.reserveCapacity(schedule.instances.count * 2)
    for (position, instance) in schedule.instances.enumerated() {
      let chain = schedule.chain(instance.repeat)
      if !chain.isEmpty {
        repeated.append(Repeated(instance: position, start: instance.start, end: instance.end, chain: chain,
                                 isCall: false))
        continue
      }
      boundaries.append(Boundary(time: instance.start, instance: position, spanStart: instance.start, isEnd: false))
      boundaries.append(Boundary(time: instance.end, instance: position, spanStart: instance.start, isEnd: true))
    }
    let first = schedule.instances.count
    for call in schedule.calls {
      let chain = schedule.chain(call.repeat)
      if chain.isEmpty {
        boundaries.append(Boundary(time: call.time, instance: first + call.index, spanStart: call.time, isEnd: false))
      } else {
        repeated.append(Repeated(instance: first + call.index, start: call.time, end: call.time, chain: chain,
                                 isCall: true))
      }
    }
    boundaries.sort(by: Boundary.inOrder)
    self.boundaries = boundaries
    self.repeated = repeated
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
  /// - Parameters:
  ///   - t: The timeline time to move to, finite.
  ///   - suppressingEvents: Whether to leave the events out (GSAP's `suppressEvents`): the player
  ///     moves as it would and returns none, and the move has no event limit.
  /// - Returns: The events crossed, in the order they happen (see "Events" above).
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for a NaN or infinite `t`;
  ///   ``/GhostframeCore/GhostframeError/Code/limit`` past ``maximumEventsPerMove``; the player is
  ///   then unchanged.
  public mutating func seek(to t: Double, suppressingEvents: Bool = false) throws(GhostframeError) -> [TimelineEvent] {
    guard t.isFinite else { throw .invalid("seek time must be finite (got \(t))") }
    return try move(to: t, reporting: !suppressingEvents)
  }

  /// Plays for `hostSeconds` of host time: moves ``time`` by `hostSeconds × rate`, clamped to
  /// `[0, duration]`.
  ///
  /// - Parameters:
  ///   - hostSeconds: Host seconds to play for, finite and `>= 0`.
  ///   - suppressingEvents: As for ``seek(to:suppressingEvents:)``.
  /// - Returns: The events crossed, in the order they happen (see "Events" above); an empty array
  ///   (nothing allocated) when none is.
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for a negative, NaN or
  ///   infinite `hostSeconds` (host time only goes forwards; a negative rate plays backwards);
  ///   ``/GhostframeCore/GhostframeError/Code/limit`` past ``maximumEventsPerMove``; the player is
  ///   then unchanged.
  public mutating func advance(by hostSeconds: Double, suppressingEvents: Bool = false) throws(GhostframeError)
    -> [TimelineEvent]
  {
    guard hostSeconds.isFinite, hostSeconds >= 0 else {
      throw .invalid("host seconds must be finite and >= 0 (got \(hostSeconds))")
    }
    // hostSeconds · rate may overflow to ±infinity; the clamp in move(to:) brings it back.
    return try move(to: time + hostSeconds * rate, reporting: !suppressingEvents)
  }

  /// Moves to `target` (not NaN), clamped, and returns the boundaries crossed (none when not
  /// `reporting`).
  private mutating func move(to target: Double, reporting: Bool) throws(GhostframeError) -> [TimelineEvent] {
    // The scheduler refuses times past the largest Double, so `duration` is finite and the clamp
    // keeps the clock finite whatever `target` overflowed to.
    let target = min(max(target, 0), duration)
    let forwards = target != time ? target > time : rate > 0
    var events: [TimelineEvent] = []
    if reporting {
      // Forwards: (time, target], or [time, target] from just before `time`. Backwards:
      // [target, time], or [target, time) from just before `time`.
      let low: Int, high: Int
      if forwards {
        low = side == .after ? firstIndex(after: time) : firstIndex(atOrAfter: time)
        high = firstIndex(after: target)
      } else {
        low = firstIndex(atOrAfter: target)
        high = side == .after ? firstIndex(after: time) : firstIndex(atOrAfter: time)
      }
      var crossed = low < high ? Array(boundaries[low..<high]) : []
      if !repeated.isEmpty {
        let (from, to) = forwards ? (time, target) : (target, time)
        // The plays of repeating instances are bounded here; the rest are one boundary each.
        var budget = Self.maximumEventsPerMove
        for instance in repeated {
          try Self.spans(of: instance, level: 0, from: from, to: to) { start, end throws(GhostframeError) in
            for (boundary, isEnd) in instance.isCall ? [(start, false)] : [(start, false), (end, true)] {
              let inside: Bool = if forwards {
                (boundary > time || (boundary == time && side == .before)) && boundary <= target
              } else {
                boundary >= target && (boundary < time || (boundary == time && side == .after))
              }
              guard inside else { continue }
              budget -= 1
              guard budget >= 0 else { throw Self.tooManyEvents() }
              crossed.append(Boundary(time: boundary, instance: instance.instance, spanStart: start, isEnd: isEnd))
            }
          }
        }
        crossed.sort(by: Boundary.inOrder)
      }
      if !crossed.isEmpty {
        events.reserveCapacity(crossed.count)
        if forwards {
          for boundary in crossed { events.append(event(boundary, forwards: true)) }
        } else {
          for boundary in crossed.reversed() { events.append(event(boundary, forwards: false)) }
        }
      }
    }
    time = target
    side = forwards ? .after : .before
    return events
  }

  private static func tooManyEvents() -> GhostframeError {
    GhostframeError(.limit, "the move would report more than \(maximumEventsPerMove) timeline events (a repeating "
                    + "timeline crossed many times); move in smaller steps, or suppress the events")
  }

  /// Calls `body` with every span of `instance` that meets `[from, to]`, walking the plays of
  /// its repeating nodes from the outermost (`level`) in; spans are in timeline seconds.
  ///
  /// A play *k* of a node (start S, one play D, cycle C) runs over `[S + kC, S + kC + D]`; its
  /// times map to the first play's by `t − kC`, or, played backwards, by `2S + D − (t − kC)`.
  static func spans(
    of instance: Repeated, level: Int, from: Double, to: Double,
    _ body: (Double, Double) throws(GhostframeError) -> Void
  ) throws(GhostframeError) {
    guard level < instance.chain.count else {
      if instance.end >= from && instance.start <= to { try body(instance.start, instance.end) }
      return
    }
    let node = instance.chain[level]
    let cycle = node.cycle
    let plays = node.startedPlays
    // The plays whose [S + kC, S + kC + D] meets [from, to].
    let first = max(((from - node.start - node.duration) / cycle).rounded(.down), 0)
    let last = min(((to - node.start) / cycle).rounded(.down), plays - 1)
    guard first <= last else { return }
    var k = first
    while k <= last {
      let shift = k * cycle
      let backwards = node.yoyo && k.truncatingRemainder(dividingBy: 2) == 1
      let mirror = 2 * node.start + node.duration
      if backwards {
        try spans(of: instance, level: level + 1, from: mirror - (to - shift), to: mirror - (from - shift)) {
          a, b throws(GhostframeError) in try body(mirror - b + shift, mirror - a + shift)
        }
      } else {
        try spans(of: instance, level: level + 1, from: from - shift, to: to - shift) {
          a, b throws(GhostframeError) in try body(a + shift, b + shift)
        }
      }
      k += 1
    }
  }

  /// The event for crossing `boundary` in a direction.
  private func event(_ boundary: Boundary, forwards: Bool) -> TimelineEvent {
    let count = schedule.instances.count
    if boundary.instance >= count {
      // A call point: every such boundary was made from a call's index.
      let call = schedule.calls[boundary.instance - count]
      return TimelineEvent(kind: .call, instance: call.index, name: call.name, layers: [], time: boundary.time,
                           isReversed: !forwards)
    }
    // Every other boundary was made from a position in instances.
    let instance = schedule.instances[boundary.instance]
    return TimelineEvent(kind: boundary.isEnd == forwards ? .ended : .started, instance: instance.index,
                         name: instance.name, layers: instance.layers, time: boundary.time, isReversed: !forwards)
  }

  /// The index of the first boundary (of those that do not repeat) later than `t`.
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
