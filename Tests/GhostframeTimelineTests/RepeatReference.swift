import Testing
@testable import GhostframeTimeline

/// GSAP's mapping from a timeline's time to a repeating node's own time (the `totalTime → time`
/// of gsap-core, written again here): at each repeating node, play k = ⌊u / cycle⌋ (at most the
/// last), the time within it capped at one play (the repeat delay holds the play's end), mirrored
/// on odd plays of a yoyo. Before a node starts, its items see the time as it is.
enum RepeatMap {
  /// The play indices at each level (nil: before that node), the time inside the innermost
  /// node's first play, and whether that time runs against the clock (an odd number of
  /// backwards plays).
  static func fold(_ t: Double, _ chain: [TimelineSchedule.Repeat]) -> (plays: [Int?], local: Double, mirrored: Bool) {
    var time = t, mirrored = false
    var plays: [Int?] = []
    for node in chain {
      let u = time - node.start
      guard u >= 0 else {
        plays.append(nil)
        continue
      }
      let last = node.plays.map { $0 - 1 } ?? Int((node.total / (node.duration + node.repeatDelay)).rounded(.up)) - 1
      let k = min(Int((u / (node.duration + node.repeatDelay)).rounded(.down)), last)
      let w = min(u - Double(k) * (node.duration + node.repeatDelay), node.duration)
      let backwards = node.yoyo && k % 2 == 1
      time = node.start + (backwards ? node.duration - w : w)
      mirrored = mirrored != backwards
      plays.append(k)
    }
    return (plays, time, mirrored)
  }
}

/// An independent reference for ``TimelinePlayer`` with repeats: it walks time in small steps and
/// watches, for every play of every instance (each combination of play indices of its repeating
/// nodes), whether the clock is before, inside or after that play's span, found from
/// ``RepeatMap`` alone (never from the player's spans). A flip is a crossing; a play never
/// current is before or after by comparing play indices in the clock's order.
///
/// Positions are probed just after (arriving forwards) or just before (backwards) their time,
/// `step / 4` away, so boundaries on the step grid are never probed exactly; a play held at its
/// end (its repeat delay, or after the last play) is read `step / 8` past its end.
struct RepeatPlayerReference {
  typealias Event = PlayerReference.Event

  struct Occurrence {
    let instance: Int
    let plays: [Int]
  }

  let spans: [(start: Double, end: Double, chain: [TimelineSchedule.Repeat])]
  let occurrences: [Occurrence]
  let duration: Double
  let step: Double
  var time = 0.0
  var isAfter = false
  var rate = 1.0

  init(schedule: TimelineSchedule, step: Double) {
    spans = schedule.instances.map { ($0.start, $0.end, schedule.chain($0.repeat)) }
    var all: [Occurrence] = []
    for (i, span) in spans.enumerated() {
      var ids: [[Int]] = [[]]
      for node in span.chain {
        let count = node.plays ?? 1
        ids = ids.flatMap { id in (0..<count).map { id + [$0] } }
      }
      all += ids.map { Occurrence(instance: i, plays: $0) }
    }
    occurrences = all
    duration = schedule.duration
    self.step = step
  }

  /// 0 before the play's span, 1 inside, 2 after, in clock terms, at probe time `t`.
  func phase(_ occurrence: Occurrence, at t: Double) -> Int {
    let span = spans[occurrence.instance]
    var time = t, mirrored = false
    for (level, node) in span.chain.enumerated() {
      let u = time - node.start
      let want = occurrence.plays[level]
      let cycle = node.duration + node.repeatDelay
      let k = u < 0 ? -1 : min(Int((u / cycle).rounded(.down)), (node.plays ?? Int.max) - 1)
      if k != want {
        let locallyBefore = k < want
        return locallyBefore != mirrored ? 0 : 2
      }
      // Held at the play's end (a repeat delay, or after the last play): just past the end, so
      // an instance ending there has ended (and one starting at 0 of a backwards play has too).
      let within = u - Double(k) * cycle
      let w = within > node.duration ? node.duration + step / 8 : within
      let backwards = node.yoyo && k % 2 == 1
      time = node.start + (backwards ? node.duration - w : w)
      mirrored = mirrored != backwards
    }
    let local = time < span.start ? 0 : (time > span.end ? 2 : 1)
    return mirrored ? 2 - local : local
  }

  mutating func seek(_ t: Double) -> [Event] { move(to: t) }
  mutating func advance(_ host: Double) -> [Event] { move(to: time + host * rate) }
  mutating func reverse() { rate = -rate }

  private mutating func move(to raw: Double) -> [Event] {
    let target = Swift.min(Swift.max(raw, 0), duration)
    let forwards = target == time ? rate > 0 : target > time
    let epsilon = step / 4
    var events: [Event] = []
    var previous = isAfter ? time + epsilon : time - epsilon
    func visit(_ t: Double) {
      let probe = forwards ? t + epsilon : t - epsilon
      // (instance, rank in forward order, kind): an earlier play's end (0) before a play's start (1)
      // before the end of a play of no length (2).
      var crossed: [(Int, Int, TimelineEvent.Kind)] = []
      for occurrence in occurrences {
        let a = phase(occurrence, at: previous), b = phase(occurrence, at: probe)
        guard a != b else { continue }
        let i = occurrence.instance
        if forwards {
          if a == 0 { crossed.append((i, 1, .started)) }
          if b == 2 { crossed.append((i, a == 0 ? 2 : 0, .ended)) }
        } else {
          if a == 2 { crossed.append((i, b == 0 ? 2 : 0, .started)) }
          if b == 0 { crossed.append((i, 1, .ended)) }
        }
      }
      crossed.sort { ($0.0, $0.1) < ($1.0, $1.1) }
      if !forwards { crossed.reverse() }
      events += crossed.map { Event(kind: $0.2, instance: $0.0, time: t, isReversed: !forwards) }
      previous = probe
    }
    for t in referenceVisits(from: time, to: target, forwards: forwards, step: step) { visit(t) }
    time = target
    isAfter = forwards
    return events
  }
}
