import GhostframeCore
import GhostframeTestSupport
import Testing
@testable import GhostframeTimeline

/// ``TimelinePlayer``: events by hand for a small timeline, and against ``PlayerReference`` (a
/// brute-force walk in steps of 1/128 s) for the same and for random timelines and moves. Times
/// here are multiples of 1/64, exact in binary, so comparisons are exact.
@Suite("Timeline player")
struct PlayerTests {
  typealias Event = PlayerReference.Event

  /// 0 A [0, 1] on a; a parallel of 1 B [1, 1.5] on b and 2 C [1, 2] on c; 3 D at "<0.5" = 1.5 of
  /// duration 0 on a; 4 E [1.5, 2.25] on a, b staggered by 0.25; a trailing delay: duration 2.5.
  func timeline() throws -> Timeline {
    Timeline(sequence: [
      .anim("A", layer: "a", duration: 1),
      .parallel([.anim("B", layer: "b", duration: 0.5), .anim("C", layer: "c", duration: 1)]),
      .anim("D", layer: "a", duration: 0, position: "<0.5"),
      .stagger(0.25), .anim("E", layers: ["a", "b"], duration: 0.5),
      0.25,
    ], registry: try registry("A", "B", "C", "D", "E"))
  }

  func player() throws -> TimelinePlayer { try TimelinePlayer(timeline()) }

  func started(_ i: Int, _ t: Double, reversed: Bool = false) -> Event {
    Event(kind: .started, instance: i, time: t, isReversed: reversed)
  }
  func ended(_ i: Int, _ t: Double, reversed: Bool = false) -> Event {
    Event(kind: .ended, instance: i, time: t, isReversed: reversed)
  }

  /// Runs `body` on a player and the reference in step, expecting the same events and time.
  func expectLikeReference(
    _ player: inout TimelinePlayer, _ reference: inout PlayerReference, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (inout TimelinePlayer, inout PlayerReference) throws -> ([TimelineEvent], [Event])
  ) rethrows {
    let (got, want) = try body(&player, &reference)
    #expect(got.map(Event.init) == want, "\(what)", sourceLocation: sourceLocation)
    #expect(player.time == reference.time, "\(what)", sourceLocation: sourceLocation)
  }

  @Test("instances: index, name, layers, earliest begin and latest end, in order of appearance; entries unchanged")
  func instances() throws {
    let schedule = try timeline().schedule()
    let got = schedule.instances.map { "\($0.index) \($0.name) \($0.layers) \($0.start) \($0.end)" }
    #expect(got == [
      "0 A [\"a\"] 0.0 1.0", "1 B [\"b\"] 1.0 1.5", "2 C [\"c\"] 1.0 2.0", "3 D [\"a\"] 1.5 1.5",
      "4 E [\"a\", \"b\"] 1.5 2.25",
    ])
    expectEntries(schedule, [
      ("A", "a", 0, 1), ("B", "b", 1, 1.5), ("C", "c", 1, 2), ("D", "a", 1.5, 1.5), ("E", "a", 1.5, 2),
      ("E", "b", 1.75, 2.25),
    ])
    #expect(schedule.duration == 2.5)
    // Each instance spans exactly its entries (matched by name: the names are unique here).
    for instance in schedule.instances {
      let mine = schedule.entries.filter { $0.name == instance.name }
      #expect(Set(mine.map(\.layer)) == Set(instance.layers))
      #expect(mine.map(\.begin).min() == instance.start && mine.map(\.end).max() == instance.end)
    }
  }

  @Test("playing forwards in steps: each start and end once, in order; the first call starts from before 0")
  func forwards() throws {
    var player = try player()
    var reference = PlayerReference(schedule: player.schedule, step: 1.0 / 128)
    var all: [Event] = []
    for step in 0..<12 {
      try expectLikeReference(&player, &reference, "step \(step)") { p, r in
        let got = try p.advance(by: 0.25)
        all += got.map(Event.init)
        return (got, r.advance(0.25))
      }
    }
    #expect(all == [
      started(0, 0), ended(0, 1), started(1, 1), started(2, 1), ended(1, 1.5), started(3, 1.5), ended(3, 1.5),
      started(4, 1.5), ended(2, 2), ended(4, 2.25),
    ])
    #expect(player.time == 2.5)
  }

  @Test("the first advance(by: 0) reports what starts at 0, and only once")
  func firstCall() throws {
    var player = try player()
    #expect(try player.advance(by: 0).map(Event.init) == [started(0, 0)])
    #expect(try player.advance(by: 0).isEmpty)
    #expect(try player.seek(to: 0).isEmpty)
    #expect(player.time == 0)
  }

  @Test("seeking backwards across everything: the forward events mirrored, reversed, down to 0")
  func backwards() throws {
    var player = try player()
    let forwards = try player.seek(to: 2.5).map(Event.init)
    #expect(forwards.count == 10)
    let back = try player.seek(to: 0).map(Event.init)
    #expect(back == [
      started(4, 2.25, reversed: true), started(2, 2, reversed: true), ended(4, 1.5, reversed: true),
      started(3, 1.5, reversed: true), ended(3, 1.5, reversed: true), started(1, 1.5, reversed: true),
      ended(2, 1, reversed: true), ended(1, 1, reversed: true), started(0, 1, reversed: true),
      ended(0, 0, reversed: true),
    ])
    // Exactly the forward crossings in reverse order, each with the opposite kind.
    #expect(back.map { "\($0.instance)@\($0.time)" } == forwards.reversed().map { "\($0.instance)@\($0.time)" })
    #expect(zip(back, forwards.reversed()).allSatisfy { $0.kind != $1.kind })
    // And forwards again from 0: everything once more, starting with what starts at 0.
    #expect(try player.seek(to: 2.5).map(Event.init) == forwards)
  }

  @Test("a seek across several instances reports them all in order, like the reference")
  func seekAcross() throws {
    var player = try player()
    var reference = PlayerReference(schedule: player.schedule, step: 1.0 / 128)
    for target in [0.75, 1.75, 0.5, 2.0, 1.25, 2.5, 1.5, 0.0] {
      try expectLikeReference(&player, &reference, "seek \(target)") { p, r in (try p.seek(to: target), r.seek(target)) }
    }
    var fresh = try self.player()
    #expect(try fresh.seek(to: 0.75).map(Event.init) == [started(0, 0)])
    #expect(try fresh.seek(to: 1.75).map(Event.init) == [
      ended(0, 1), started(1, 1), started(2, 1), ended(1, 1.5), started(3, 1.5), ended(3, 1.5), started(4, 1.5),
    ])
  }

  @Test("back and forth, stopping exactly on boundaries: each crossing once")
  func backAndForth() throws {
    var player = try player()
    #expect(try player.seek(to: 1).map(Event.init) == [started(0, 0), ended(0, 1), started(1, 1), started(2, 1)])
    #expect(try player.seek(to: 0.5).map(Event.init) == [
      ended(2, 1, reversed: true), ended(1, 1, reversed: true), started(0, 1, reversed: true),
    ])
    // Turning round at 0.5 and arriving exactly on 1 again: the boundaries at 1, once.
    #expect(try player.seek(to: 1).map(Event.init) == [ended(0, 1), started(1, 1), started(2, 1)])
    #expect(try player.seek(to: 1).isEmpty)
    // Reversed on the boundary, a seek to where it is turns round on it: the crossings at 1, once.
    player.reverse()
    #expect(try player.seek(to: 1).map(Event.init) == [
      ended(2, 1, reversed: true), ended(1, 1, reversed: true), started(0, 1, reversed: true),
    ])
    #expect(try player.advance(by: 0.5).isEmpty)
    #expect(player.time == 0.5)
    player.reverse()
    #expect(try player.advance(by: 0.5).map(Event.init) == [ended(0, 1), started(1, 1), started(2, 1)])
    // Scene.events(from:to:)'s rule alone would report nothing going back from 1 to 0.5 here, and
    // then the starts at 1 a second time.
    #expect(try player.seek(to: 0.5).map(Event.init) == [
      ended(2, 1, reversed: true), ended(1, 1, reversed: true), started(0, 1, reversed: true),
    ])
  }

  @Test("rate 2 and rate −0.5 move time by host seconds × rate")
  func rates() throws {
    var player = try player()
    var reference = PlayerReference(schedule: player.schedule, step: 1.0 / 128)
    try player.setRate(2)
    reference.rate = 2
    #expect(player.rate == 2 && !player.isReversed)
    #expect(try player.advance(by: 0.25).map(Event.init) == [started(0, 0)])
    #expect(player.time == 0.5)
    _ = reference.advance(0.25)
    try expectLikeReference(&player, &reference, "rate 2") { p, r in (try p.advance(by: 0.25), r.advance(0.25)) }
    #expect(player.time == 1)
    try player.setRate(-0.5)
    reference.rate = -0.5
    #expect(player.isReversed)
    let back = try player.advance(by: 0.5)
    #expect(back.map(Event.init) == [ended(2, 1, reversed: true), ended(1, 1, reversed: true), started(0, 1, reversed: true)])
    #expect(player.time == 0.75)
    _ = reference.advance(0.5)
    for step in 0..<8 {
      try expectLikeReference(&player, &reference, "rate -0.5, step \(step)") { p, r in (try p.advance(by: 0.25), r.advance(0.25)) }
    }
    #expect(player.time == 0)
  }

  @Test("reverse() mid-way plays back from where it is")
  func reverseMidway() throws {
    var player = try player()
    _ = try player.seek(to: 1.25)
    player.reverse()
    #expect(player.rate == -1 && player.isReversed && player.time == 1.25)
    #expect(try player.advance(by: 0.5).map(Event.init) == [
      ended(2, 1, reversed: true), ended(1, 1, reversed: true), started(0, 1, reversed: true),
    ])
    #expect(player.time == 0.75)
    player.reverse()
    #expect(player.rate == 1)
    #expect(try player.advance(by: 1).map(Event.init) == [
      ended(0, 1), started(1, 1), started(2, 1), ended(1, 1.5), started(3, 1.5), ended(3, 1.5), started(4, 1.5),
    ])
    #expect(player.time == 1.75)
  }

  @Test("time clamps to [0, duration]; the ends report their events once")
  func clamping() throws {
    var player = try player()
    #expect(try player.seek(to: -3).map(Event.init) == [started(0, 0)])
    #expect(player.time == 0)
    #expect(try player.seek(to: 100).count == 9)
    #expect(player.time == 2.5)
    #expect(try player.advance(by: 10).isEmpty)
    #expect(try player.advance(by: .greatestFiniteMagnitude).isEmpty)  // overflows to +inf, clamped
    #expect(player.time == 2.5)
    player.reverse()
    try player.setRate(-3)
    #expect(try player.advance(by: .greatestFiniteMagnitude).count == 10)
    #expect(player.time == 0)
    #expect(try player.advance(by: 1).isEmpty)
    #expect(try player.seek(to: -1).isEmpty)
    player.reverse()
    #expect(try player.advance(by: 0).map(Event.init) == [started(0, 0)])
  }

  @Test("zero-duration instances: started then ended at the same time, both once, either way")
  func zeroDuration() throws {
    let timeline = Timeline(sequence: [
      .anim("Z", layer: "a", duration: 0), 0.5, .anim("Y", layers: ["a", "b"], duration: 0), 0.5,
    ], registry: try registry("Z", "Y"))
    var player = try TimelinePlayer(timeline)
    #expect(player.duration == 1)
    #expect(try player.advance(by: 0).map(Event.init) == [started(0, 0), ended(0, 0)])
    #expect(try player.seek(to: 0.5).map(Event.init) == [started(1, 0.5), ended(1, 0.5)])
    #expect(try player.seek(to: 0.5).isEmpty)
    #expect(try player.seek(to: 1).isEmpty)
    #expect(try player.seek(to: 0.5).map(Event.init) == [started(1, 0.5, reversed: true), ended(1, 0.5, reversed: true)])
    #expect(try player.seek(to: 0).map(Event.init) == [started(0, 0, reversed: true), ended(0, 0, reversed: true)])
    // Rate 1: a seek to where the player is lands on the side the rate points to, so it turns
    // round on 0 and crosses Z again (as the first call does); then there is nothing left at 0.
    #expect(try player.seek(to: 0).map(Event.init) == [started(0, 0), ended(0, 0)])
    #expect(try player.seek(to: 0).isEmpty)
    var reference = PlayerReference(schedule: player.schedule, step: 1.0 / 128)
    var fresh = try TimelinePlayer(timeline)
    for target in [0.0, 0.5, 0.25, 0.5, 0.5, 1, 0] {
      try expectLikeReference(&fresh, &reference, "seek \(target)") { p, r in (try p.seek(to: target), r.seek(target)) }
    }
    // A timeline of duration 0: everything happens at 0.
    var instant = try TimelinePlayer(Timeline(parallel: [.anim("Z", layer: "a", duration: 0)], registry: try registry("Z")))
    #expect(instant.duration == 0)
    #expect(try instant.advance(by: 1).map(Event.init) == [started(0, 0), ended(0, 0)])
    #expect(try instant.advance(by: 1).isEmpty)
    instant.reverse()
    #expect(try instant.advance(by: 1).map(Event.init) == [started(0, 0, reversed: true), ended(0, 0, reversed: true)])
    #expect(try instant.advance(by: 1).isEmpty)
  }

  @Test("names and layers come with the events; a timeline without instances reports none")
  func eventContents() throws {
    var player = try player()
    let events = try player.seek(to: 2.5)
    for event in events {
      let instance = player.schedule.instances[event.instance]
      #expect(event.name == instance.name && event.layers == instance.layers)
    }
    #expect(events.last?.name == "E" && events.last?.layers == ["a", "b"])
    var empty = try TimelinePlayer(Timeline(sequence: [0.5]))
    #expect(empty.duration == 0.5)
    #expect(try empty.seek(to: 0.5).isEmpty && empty.time == 0.5)
  }

  @Test("bad input throws and leaves the player as it was")
  func invalidInput() throws {
    var player = try player()
    _ = try player.seek(to: 1)
    try player.setRate(-0.5)
    let before = player
    for t in [Double.nan, .infinity, -.infinity, .signalingNaN] {
      expectError(.invalidArgument, "seek \(t)") { _ = try player.seek(to: t) }
    }
    for rate in [0.0, -0.0, .nan, .infinity, -.infinity] {
      expectError(.invalidArgument, "rate \(rate)") { try player.setRate(rate) }
    }
    for host in [Double.nan, .infinity, -.infinity, -1, -.leastNonzeroMagnitude] {
      expectError(.invalidArgument, "advance \(host)") { _ = try player.advance(by: host) }
    }
    #expect(player.time == before.time && player.rate == before.rate && player.side == before.side)
    // It still behaves exactly as the untouched copy.
    var copy = before
    #expect(try player.advance(by: 1).map(Event.init) == copy.advance(by: 1).map(Event.init))
    #expect(player.time == 0.5)
    // A bad timeline makes no player.
    expectError(.notFound) { _ = try TimelinePlayer(Timeline(sequence: [.anim("nope", layer: "a", duration: 1)], registry: TimelineRegistry())) }
  }

  @Test("random timelines and random moves agree with the brute-force reference; events alternate per instance")
  func randomAgainstReference() throws {
    var rng = SplitMix64(seed: 14)
    let names = ["A", "B", "C"]
    let defs = try registry("A", "B", "C")
    let sixteenth = 1.0 / 16
    func grid(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &rng)) * sixteenth }
    func items(depth: Int) -> [TimelineItem] {
      (0..<Int.random(in: 1...4, using: &rng)).map { _ in
        switch Int.random(in: 0..<(depth < 2 ? 7 : 5), using: &rng) {
        case 0, 1, 2:
          let layers = Array(["a", "b", "c", "d"].shuffled(using: &rng).prefix(Int.random(in: 1...3, using: &rng)))
          return .anim(names[Int.random(in: 0..<3, using: &rng)], layers: layers, duration: grid(0...12))
        case 3: return .delay(grid(-4...6))
        case 4: return .stagger(grid(0...3))
        case 5: return .sequence(items(depth: depth + 1))
        default: return .parallel(items(depth: depth + 1))
        }
      }
    }
    var timelines = 0, moves = 0, events = 0
    while timelines < 150 {
      let timeline = Timeline(root: Bool.random(using: &rng) ? .sequence(items(depth: 0)) : .parallel(items(depth: 0)),
                              registry: defs)
      guard var player = try? TimelinePlayer(timeline) else { continue }  // started before 0
      timelines += 1
      var reference = PlayerReference(schedule: player.schedule, step: 1.0 / 128)
      let boundaries = player.schedule.instances.flatMap { [$0.start, $0.end] }
      let counted = try compareRandomMoves(&player, &reference, count: 40, boundaries: boundaries, rng: &rng,
                                           context: "\(player.schedule.instances)")
      moves += counted.moves
      events += counted.events
    }
    #expect(moves > 3000 && events > 3000, "\(moves) moves, \(events) events")
  }

  @Test("the scene to sample is at player.time: a linear change is time / duration of the way there")
  func sampleAtPlayerTime() throws {
    let fade = try TimelineDefinition(name: "fade", curve: .linear, scalarChanges: ["opacity": -0.5])
    let timeline = Timeline(sequence: [.anim("fade", layer: "a", duration: 2)], definitions: [fade], registry: TimelineRegistry())
    var scene = Scene()
    try scene.addLayer(Layer(id: "a"))
    try timeline.apply(to: &scene)
    var player = try TimelinePlayer(timeline)
    try player.setRate(2)
    let opacity = try AnimatableProperty(keyPath: "opacity")
    for (host, expected) in [(0.25, 0.5), (0.125, 0.75), (1.0, 2.0)] {
      _ = try player.advance(by: host)
      #expect(player.time == expected)
      // Closed form: 1 − 0.5 · t / 2; tolerance 1e-12.
      #expect(abs(scene.presentationValue(of: opacity, layer: 0, at: player.time)[0] - (1 - 0.25 * expected)) < 1e-12)
    }
  }
}
