import Testing
@testable import GhostframeTimeline
import GhostframeTestSupport

/// What the brute-force player references have in common: a clock that seeks, advances by host
/// time at a rate and turns round, reporting the crossings it saw.
protocol PlayerModel {
  var time: Double { get }
  var rate: Double { get set }
  mutating func seek(_ t: Double) -> [PlayerReference.Event]
  mutating func advance(_ host: Double) -> [PlayerReference.Event]
  mutating func reverse()
}

extension PlayerReference: PlayerModel {}
extension RepeatPlayerReference: PlayerModel {}

/// The times a reference visits moving from `time` to `target` in steps of `step`: where it is
/// (turning round on the spot), each grid time strictly between, then the target.
func referenceVisits(from time: Double, to target: Double, forwards: Bool, step: Double) -> [Double] {
  var visits = [time]
  var k = 1.0
  while true {
    let t = time + (forwards ? k : -k) * step
    if forwards ? t >= target : t <= target { break }
    visits.append(t)
    k += 1
  }
  visits.append(target)
  return visits
}

/// `count` random moves (seeks on a 1/16 s grid, seeks to `boundaries` when given, turns, rate
/// changes, advances) made on `player` and `reference` alike; every move's events and the time
/// after it must agree, and each instance's events must alternate started, ended, started, ...
///
/// - Returns: the moves that reported (seeks and advances) and the events they reported.
func compareRandomMoves<Reference: PlayerModel>(
  _ player: inout TimelinePlayer, _ reference: inout Reference, count: Int, boundaries: [Double]?,
  rng: inout SplitMix64, context: String
) throws -> (moves: Int, events: Int) {
  func grid(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &rng)) / 16 }
  var moves = 0, events = 0
  var history: [[TimelineEvent.Kind]] = Array(repeating: [], count: player.schedule.instances.count)
  for _ in 0..<count {
    let got: [TimelineEvent], want: [PlayerReference.Event], what: String
    switch Int.random(in: 0..<6, using: &rng) {
    case 1 where boundaries?.isEmpty == false:
      let all = boundaries ?? []
      let t = all[Int.random(in: 0..<all.count, using: &rng)]
      (got, want, what) = (try player.seek(to: t), reference.seek(t), "seek to boundary \(t)")
    case 0, 1 where boundaries == nil:
      let t = grid(-8...(Int(player.duration * 16) + 8))
      (got, want, what) = (try player.seek(to: t), reference.seek(t), "seek \(t)")
    case 2:
      player.reverse()
      reference.reverse()
      continue
    case 3:
      let rate = [1, 2, 0.5, -1, -0.5, -2][Int.random(in: 0..<6, using: &rng)]
      try player.setRate(rate)
      reference.rate = rate
      continue
    default:
      let host = grid(0...8)
      (got, want, what) = (try player.advance(by: host), reference.advance(host), "advance \(host) at \(player.rate)")
    }
    moves += 1
    events += got.count
    #expect(got.map(PlayerReference.Event.init) == want, "\(what) in \(context)")
    #expect(player.time == reference.time, "\(what)")
    for event in got {
      guard history.indices.contains(event.instance) else {
        Issue.record("\(what): event of instance \(event.instance), not in the schedule")
        continue
      }
      history[event.instance].append(event.kind)
    }
  }
  for (i, kinds) in history.enumerated() {
    #expect(kinds.enumerated().allSatisfy { $0.element == ($0.offset.isMultiple(of: 2) ? .started : .ended) },
            "instance \(i): \(kinds)")
  }
  return (moves, events)
}
