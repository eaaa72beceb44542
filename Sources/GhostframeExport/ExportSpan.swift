/// One stretch of an animated value: no effect (the value under it shows), or the value
/// `from + (to − from) × ease(u)` at the stretch's fraction u. A list of them, in time order
/// and end to end, is what one animation does to one slot, and what several do composed.
struct ExportSpan: Sendable {
  var start: Double
  var end: Double
  /// The value at the start of the line; nil where the animation has no effect.
  var from: [Double]?
  var to: [Double]
  var ease: ExportEase

  /// A stretch without effect.
  static func none(_ start: Double, _ end: Double) -> ExportSpan {
    ExportSpan(start: start, end: end, from: nil, to: [], ease: .hold)
  }

  /// A stretch holding `value`.
  static func hold(_ start: Double, _ end: Double, _ value: [Double]) -> ExportSpan {
    ExportSpan(start: start, end: end, from: value, to: value, ease: .hold)
  }

  var hasEffect: Bool { from != nil }

  /// Whether the value changes inside the stretch (a hold only jumps at its end).
  var moves: Bool {
    guard let from, ease != .hold else { return false }
    return from != to
  }

  /// The value at `t` in [start, end] (from the left at `end` with `fromLeft`), nil without effect.
  func value(at t: Double, fromLeft: Bool = false) -> [Double]? {
    guard let from else { return nil }
    let span = end - start
    let u = span > 0 ? min(max((t - start) / span, 0), 1) : 1
    let e = ease.value(at: u, fromLeft: fromLeft)
    return zip(from, to).map { $0 + ($1 - $0) * e }
  }

  /// The stretch cut at `t` (strictly inside it), each part with its part of the ease.
  func split(at t: Double) -> (ExportSpan, ExportSpan) {
    var left = self, right = self
    left.end = t
    right.start = t
    guard let from, end > start else { return (left, right) }
    let u = (t - start) / (end - start)
    let a = ease.part(from: 0, to: u), b = ease.part(from: u, to: 1)
    func at(_ y: Double) -> [Double] { zip(from, to).map { $0 + ($1 - $0) * y } }
    left.from = at(a.startY)
    left.to = at(a.endY)
    left.ease = a.ease
    right.from = at(b.startY)
    right.to = at(b.endY)
    right.ease = b.ease
    return (left, right)
  }

  /// The stretch with its values mapped by `f`, which must be affine (a slot of a property's
  /// value, a sum): the ease carries over.
  func mapped(_ f: ([Double]) -> [Double]) -> ExportSpan {
    var result = self
    if let from {
      result.from = f(from)
      result.to = f(to)
    } else {
      result.to = []
    }
    return result
  }

  /// Two times this close count as one boundary.
  static func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-12 * max(1, abs(a), abs(b)) }

  /// `spans` cut at each of `times` that falls strictly inside one of them.
  static func cut(_ spans: [ExportSpan], at times: [Double]) -> [ExportSpan] {
    var result: [ExportSpan] = []
    result.reserveCapacity(spans.count + times.count)
    var index = 0
    let sorted = times.sorted()
    for span in spans {
      var rest = span
      while index < sorted.count, sorted[index] <= rest.start || same(sorted[index], rest.start) { index += 1 }
      while index < sorted.count, sorted[index] < rest.end, !same(sorted[index], rest.end) {
        let (left, right) = rest.split(at: sorted[index])
        result.append(left)
        rest = right
        index += 1
      }
      result.append(rest)
    }
    return result
  }

  /// The lists cut at every list's boundaries, so that they line up stretch by stretch; nil
  /// when they do not cover the same times.
  static func aligned(_ lists: [[ExportSpan]]) -> [[ExportSpan]]? {
    guard lists.count > 1 else { return lists }
    var times: [Double] = []
    for list in lists { for span in list { times.append(span.start) } }
    times.sort()
    var unique: [Double] = []
    for t in times where unique.last.map({ !same($0, t) }) ?? true { unique.append(t) }
    let result = lists.map { cut($0, at: unique) }
    guard let count = result.first?.count, result.allSatisfy({ $0.count == count }) else { return nil }
    for k in 0..<count {
      let first = result[0][k]
      guard result.allSatisfy({ same($0[k].start, first.start) && same($0[k].end, first.end) }) else { return nil }
    }
    return result
  }

  /// `upper` replacing `lower` wherever it has an effect (a non-additive animation over what
  /// is under it).
  static func replace(_ lower: [ExportSpan], _ upper: [ExportSpan]) -> [ExportSpan]? {
    guard let lists = aligned([lower, upper]) else { return nil }
    return zip(lists[0], lists[1]).map { $1.hasEffect ? $1 : $0 }
  }

  /// `upper` added to `lower` (an additive animation); nil where both move along different
  /// eases at once (a sum no single ease states) or `lower` is not known.
  static func add(_ lower: [ExportSpan], _ upper: [ExportSpan]) -> [ExportSpan]? {
    guard let lists = aligned([lower, upper]) else { return nil }
    var result: [ExportSpan] = []
    for (a, b) in zip(lists[0], lists[1]) {
      guard let bFrom = b.from else {
        result.append(a)
        continue
      }
      guard let aFrom = a.from else { return nil }
      var sum = a
      if !a.moves {
        // What is under holds (jumping, if at all, at the end): the line is upper's.
        sum.from = zip(aFrom, bFrom).map(+)
        sum.to = zip(aFrom, b.to).map(+)
        sum.ease = b.ease
        if b.ease == .hold, a.to != aFrom {
          // Both hold and jump at the end: the jump is the sum of theirs.
          sum.to = zip(a.to, b.to).map(+)
        }
      } else if !b.moves {
        sum.from = zip(aFrom, bFrom).map(+)
        sum.to = zip(a.to, bFrom).map(+)
      } else if a.ease == b.ease {
        sum.from = zip(aFrom, bFrom).map(+)
        sum.to = zip(a.to, b.to).map(+)
      } else {
        return nil
      }
      result.append(sum)
    }
    return result
  }

  /// The spans as keyframes, `under` where they have no effect.
  static func track(_ spans: [ExportSpan], under: [Double]) -> ExportTrack {
    var track = ExportTrack(keyframes: [])
    for span in spans {
      let from = span.from ?? under, to = span.from == nil ? under : span.to
      track.append(ExportKeyframe(time: span.start, values: from, ease: span.hasEffect ? span.ease : .hold))
      track.append(ExportKeyframe(time: span.end, values: to, ease: .hold))
    }
    return track
  }
}
