import Testing
@testable import GhostframeTimeline

/// An independent reference for ``TimelinePlayer``: it walks time in small steps and reports where
/// each instance's "has started" and "has ended" states flip, instead of searching boundaries.
///
/// A position is a time and a side: arriving forwards the walker is just after the boundaries at
/// its time, backwards just before. An instance has started at (t, after) when `t >= start`, at
/// (t, before) when `t > start`; likewise for its end. Every boundary and visited time must lie on
/// the step grid, so each step crosses boundaries at one time only (checked).
struct PlayerReference {
  /// One reported crossing.
  struct Event: Equatable, CustomStringConvertible {
    let kind: TimelineEvent.Kind
    let instance: Int
    let time: Double
    let isReversed: Bool
    var description: String { "\(kind)\(isReversed ? "←" : "→")#\(instance)@\(time)" }
  }

  let spans: [(start: Double, end: Double)]
  let duration: Double
  let step: Double
  var time = 0.0
  var isAfter = false
  var rate = 1.0

  init(schedule: TimelineSchedule, step: Double) {
    spans = schedule.instances.map { ($0.start, $0.end) }
    duration = schedule.duration
    self.step = step
  }

  private static func passed(_ boundary: Double, _ t: Double, _ isAfter: Bool) -> Bool {
    t > boundary || (t == boundary && isAfter)
  }

  mutating func seek(_ t: Double) -> [Event] { move(to: t) }
  mutating func advance(_ host: Double) -> [Event] { move(to: time + host * rate) }
  mutating func reverse() { rate = -rate }

  private mutating func move(to raw: Double) -> [Event] {
    let target = Swift.min(Swift.max(raw, 0), duration)
    let forwards = target == time ? rate > 0 : target > time
    var events: [Event] = []
    var previous = (t: time, after: isAfter)
    func visit(_ t: Double) {
      let next = (t: t, after: forwards)
      let order = forwards ? Array(spans.indices) : spans.indices.reversed()
      var crossed: [Event] = []
      for i in order {
        let span = spans[i]
        let startFlips = Self.passed(span.start, previous.t, previous.after) != Self.passed(span.start, next.t, next.after)
        let endFlips = Self.passed(span.end, previous.t, previous.after) != Self.passed(span.end, next.t, next.after)
        if forwards {
          if startFlips { crossed.append(Event(kind: .started, instance: i, time: span.start, isReversed: false)) }
          if endFlips { crossed.append(Event(kind: .ended, instance: i, time: span.end, isReversed: false)) }
        } else {
          if endFlips { crossed.append(Event(kind: .started, instance: i, time: span.end, isReversed: true)) }
          if startFlips { crossed.append(Event(kind: .ended, instance: i, time: span.start, isReversed: true)) }
        }
      }
      #expect(crossed.allSatisfy { $0.time == t }, "reference: off the step grid at \(t): \(crossed)")
      events += crossed
      previous = next
    }
    for t in referenceVisits(from: time, to: target, forwards: forwards, step: step) { visit(t) }
    time = target
    isAfter = forwards
    return events
  }
}

extension PlayerReference.Event {
  init(_ event: TimelineEvent) {
    self.init(kind: event.kind, instance: event.instance, time: event.time, isReversed: event.isReversed)
  }
}
