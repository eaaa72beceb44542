import GhostframeCore
import GhostframeTestSupport
import Testing
@testable import GhostframeTimeline

/// GSAP's repeat, yoyo, repeatDelay and timeScale on timelines and nested sequences and parallels:
/// schedules by hand, the player against ``RepeatPlayerReference`` (a brute-force walk that knows
/// plays only through ``RepeatMap``), and applied values against the closed form through the same
/// map. Times are multiples of 1/64 (exact in binary), so schedule and event comparisons are exact.
@Suite("Repeats, yoyo, time scale")
struct RepeatTests {
  typealias Event = PlayerReference.Event

  @Test("a repeating timeline: one play in the entries, the plays in its Repeat, the duration over all")
  func repeatingRoot() throws {
    // A on a for 1 s, B on b for 0.5 s: one play lasts 1.5 s; 2 repeats with 0.5 s between:
    // 3 · 1.5 + 2 · 0.5 = 5.5 s.
    let timeline = Timeline(sequence: [.anim("A", layer: "a", duration: 1), .anim("B", layer: "b", duration: 0.5)],
                            timing: TimelineNodeTiming(repeat: 2, yoyo: true, repeatDelay: 0.5), registry: try registry("A", "B"))
    let schedule = try timeline.schedule()
    expectEntries(schedule, [("A", "a", 0, 1), ("B", "b", 1, 1.5)])
    #expect(schedule.duration == 5.5)
    #expect(schedule.repeats == [TimelineSchedule.Repeat(start: 0, duration: 1.5, repeatDelay: 0.5, plays: 3, total: 5.5,
                                                         yoyo: true, parent: nil)])
    #expect(schedule.instances.map(\.repeat) == [0, 0])
  }

  @Test("a nested sequence's timeScale scales its delays, durations, staggers and positions; repeats are in its own time")
  func timeScale() throws {
    // The nested sequence runs at half speed (timeScale 0.5: 2 timeline seconds per own second):
    // its 0.25 delay takes 0.5, its stagger 0.125 becomes 0.25 apart, A's 0.5 s take 1; "<0.25"
    // puts C 0.5 after A's start. One play: 0.5 + 0.25 + 1 = 1.75 (B on b ends last); 1 repeat,
    // 0.25 own seconds between (0.5): 2 · 1.75 + 0.5 = 4. Then Z at 1 + 4 = 5.
    let timeline = Timeline(sequence: [
      .anim("Z", layer: "z", duration: 1),
      .sequence([0.25, .stagger(0.125), .anim("A", layers: ["a", "b"], duration: 0.5),
                 .anim("C", layer: "c", duration: 0.25, position: "<0.25")],
                timing: TimelineNodeTiming(repeat: 1, repeatDelay: 0.25, timeScale: 0.5)),
      .anim("Z", layer: "z", duration: 1),
    ], registry: try registry("A", "C", "Z"))
    let schedule = try timeline.schedule()
    expectEntries(schedule, [("Z", "z", 0, 1), ("A", "a", 1.5, 2.5), ("A", "b", 1.75, 2.75), ("C", "c", 2, 2.5),
                             ("Z", "z", 5, 6)])
    #expect(schedule.repeats == [TimelineSchedule.Repeat(start: 1, duration: 1.75, repeatDelay: 0.5, plays: 2, total: 4,
                                                         yoyo: false, parent: nil)])
    #expect(schedule.duration == 6)
    // A timeScale without a repeat scales and records no Repeat.
    let fast = try Timeline(parallel: [.anim("A", layer: "a", duration: 1)], timing: TimelineNodeTiming(timeScale: 4),
                            registry: try registry("A")).schedule()
    expectEntries(fast, [("A", "a", 0, 0.25)])
    #expect(fast.repeats.isEmpty && fast.duration == 0.25)
  }

  @Test("repeat -1 lasts GSAP's 10^10 s of the node's own time; what follows starts after it")
  func forever() throws {
    let schedule = try Timeline(sequence: [
      .sequence([.anim("A", layer: "a", duration: 1)], timing: TimelineNodeTiming(repeat: -1, timeScale: 2)),
      .anim("B", layer: "b", duration: 1),
    ], registry: try registry("A", "B")).schedule()
    #expect(schedule.repeats.first?.plays == nil && schedule.repeats.first?.total == 5e9)
    expectEntries(schedule, [("A", "a", 0, 0.5), ("B", "b", 5e9, 5e9 + 1)])
  }

  @Test("nested repeats: the inner node's first play lies in the outer's; parents are recorded")
  func nested() throws {
    // Outer (repeat 1): [X 1, inner (repeat 2, yoyo): [Y 0.5]]: the inner lasts 1.5, the outer's play 2.5.
    let schedule = try Timeline(parallel: [
      .sequence([.anim("X", layer: "x", duration: 1),
                 .sequence([.anim("Y", layer: "y", duration: 0.5)], timing: TimelineNodeTiming(repeat: 2, yoyo: true))],
                timing: TimelineNodeTiming(repeat: 1)),
    ], registry: try registry("X", "Y")).schedule()
    #expect(schedule.repeats == [
      TimelineSchedule.Repeat(start: 0, duration: 2.5, repeatDelay: 0, plays: 2, total: 5, yoyo: false, parent: nil),
      TimelineSchedule.Repeat(start: 1, duration: 0.5, repeatDelay: 0, plays: 3, total: 1.5, yoyo: true, parent: 0),
    ])
    #expect(schedule.duration == 5)
    #expect(schedule.chain(schedule.instances[1].repeat).count == 2)
  }

  @Test("bad timings and an item before its repeating node are errors naming the item")
  func errors() throws {
    let r = try registry("A")
    func fails(_ root: TimelineItem, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
      let error = expectError(.invalidArgument, sourceLocation: sourceLocation) {
        _ = try Timeline(sequence: [root], registry: r).schedule()
      }
      #expect(error?.message.contains(fragment) == true, "\(error?.message ?? "")", sourceLocation: sourceLocation)
    }
    let a = TimelineItem.anim("A", layer: "a", duration: 1)
    fails(.sequence([a], timing: TimelineNodeTiming(repeat: -2)), "timeline[0].sequence[0]: repeat must be -1")
    fails(.sequence([a], timing: TimelineNodeTiming(timeScale: 0)), "timeScale must be finite and > 0")
    fails(.parallel([a], timing: TimelineNodeTiming(repeatDelay: -1)), "repeatDelay must be finite and >= 0")
    fails(.sequence([a], timing: TimelineNodeTiming(timeScale: .nan)), "timeScale")
    fails(.sequence([a.at(-0.5)], timing: TimelineNodeTiming(repeat: 1)), "before its repeating node starts")
    fails(.sequence([TimelineItem(.delay(1), timing: TimelineNodeTiming(repeat: 1))]),
          "repeat, yoyo, repeatDelay and timeScale belong to sequences and parallels")
    fails(.sequence([a], timing: TimelineNodeTiming(repeat: Int(Int32.max), repeatDelay: 1e300)), "times pass the largest duration")
  }

  // MARK: - Playing

  func expectLikeReference(
    _ player: inout TimelinePlayer, _ reference: inout RepeatPlayerReference, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (inout TimelinePlayer, inout RepeatPlayerReference) throws -> ([TimelineEvent], [Event])
  ) rethrows {
    let (got, want) = try body(&player, &reference)
    #expect(got.map(Event.init) == want, "\(what)", sourceLocation: sourceLocation)
    #expect(player.time == reference.time, "\(what)", sourceLocation: sourceLocation)
  }

  @Test("events by hand: a yoyo plays its instances backwards, each crossing once, in clock terms")
  func yoyoEvents() throws {
    // A [0, 1] in a root of one play of 1.5 s ([A, 0.5 delay]), repeat 1, yoyo: the second play
    // is [1.5, 3] backwards, so A's second span is [2, 3] (its end at 2, its start at 3).
    var player = try TimelinePlayer(Timeline(sequence: [.anim("A", layer: "a", duration: 1), 0.5],
                                             timing: TimelineNodeTiming(repeat: 1, yoyo: true), registry: try registry("A")))
    #expect(player.duration == 3)
    let forwards = try player.seek(to: 3).map(Event.init)
    #expect(forwards == [Event(kind: .started, instance: 0, time: 0, isReversed: false),
                         Event(kind: .ended, instance: 0, time: 1, isReversed: false),
                         Event(kind: .started, instance: 0, time: 2, isReversed: false),
                         Event(kind: .ended, instance: 0, time: 3, isReversed: false)])
    let back = try player.seek(to: 0.5).map(Event.init)
    #expect(back == [Event(kind: .started, instance: 0, time: 3, isReversed: true),
                     Event(kind: .ended, instance: 0, time: 2, isReversed: true),
                     Event(kind: .started, instance: 0, time: 1, isReversed: true)])
  }

  @Test("a play ending where the next begins: the earlier play's end, then the next play's start")
  func backToBack() throws {
    // A fills each play [0, 1]; 2 repeats without delay: spans [0, 1], [1, 2], [2, 3].
    var player = try TimelinePlayer(Timeline(sequence: [.anim("A", layer: "a", duration: 1)],
                                             timing: TimelineNodeTiming(repeat: 2), registry: try registry("A")))
    let kinds = try player.seek(to: 3).map { "\($0.kind)@\($0.time)" }
    #expect(kinds == ["started@0.0", "ended@1.0", "started@1.0", "ended@2.0", "started@2.0", "ended@3.0"])
    var reference = RepeatPlayerReference(schedule: try Timeline(sequence: [.anim("A", layer: "a", duration: 1)],
      timing: TimelineNodeTiming(repeat: 2), registry: try registry("A")).schedule(), step: 1.0 / 128)
    #expect(reference.seek(3).map { "\($0.kind)@\($0.time)" } == kinds)
  }

  @Test("a move reporting more than the event limit is refused and leaves the player; suppressed, it moves")
  func eventLimit() throws {
    var player = try TimelinePlayer(Timeline(sequence: [.anim("A", layer: "a", duration: 0.25)],
                                             timing: TimelineNodeTiming(repeat: -1), registry: try registry("A")))
    #expect(player.duration == 1e10)
    _ = expectError(.limit) { _ = try player.seek(to: 1e6) }
    #expect(player.time == 0)
    #expect(try player.seek(to: 1e6, suppressingEvents: true).isEmpty)
    #expect(player.time == 1e6)
    // From there a short move reports the plays it crosses: plays of 0.25 s back to back, so at
    // 1e6 + 0.25 and 1e6 + 0.5 one play ends and the next starts (the end first).
    let events = try player.advance(by: 0.5)
    #expect(events.map { "\($0.kind)@\($0.time)" } == ["ended@1000000.25", "started@1000000.25", "ended@1000000.5",
                                                       "started@1000000.5"])
  }

  @Test("random repeating, yoyoing, scaled timelines and random moves agree with the brute-force reference")
  func randomAgainstReference() throws {
    var rng = SplitMix64(seed: 35)
    let names = ["A", "B", "C"]
    let defs = try registry("A", "B", "C")
    let sixteenth = 1.0 / 16
    func grid(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &rng)) * sixteenth }
    func timing() -> TimelineNodeTiming {
      guard Int.random(in: 0..<3, using: &rng) > 0 else { return .normal }
      return TimelineNodeTiming(repeat: Int.random(in: 0...2, using: &rng), yoyo: Bool.random(using: &rng),
                                repeatDelay: grid(0...4), timeScale: [1, 1, 2, 0.5][Int.random(in: 0..<4, using: &rng)])
    }
    func items(depth: Int) -> [TimelineItem] {
      (0..<Int.random(in: 1...3, using: &rng)).map { _ in
        switch Int.random(in: 0..<(depth < 2 ? 7 : 5), using: &rng) {
        case 0, 1, 2:
          let layers = Array(["a", "b", "c"].shuffled(using: &rng).prefix(Int.random(in: 1...2, using: &rng)))
          return .anim(names[Int.random(in: 0..<3, using: &rng)], layers: layers, duration: grid(0...8))
        case 3: return .delay(grid(0...6))
        case 4: return .stagger(grid(0...3))
        case 5: return .sequence(items(depth: depth + 1), timing: timing())
        default: return .parallel(items(depth: depth + 1), timing: timing())
        }
      }
    }
    var timelines = 0, moves = 0, events = 0, repeating = 0
    while timelines < 120 {
      let root: TimelineItem = Bool.random(using: &rng) ? .sequence(items(depth: 0), timing: timing())
        : .parallel(items(depth: 0), timing: timing())
      guard var player = try? TimelinePlayer(Timeline(root: root, registry: defs)) else { continue }
      timelines += 1
      if !player.schedule.repeats.isEmpty { repeating += 1 }
      var reference = RepeatPlayerReference(schedule: player.schedule, step: 1.0 / 128)
      let counted = try compareRandomMoves(&player, &reference, count: 30, boundaries: nil, rng: &rng,
                                           context: "\(root)")
      moves += counted.moves
      events += counted.events
    }
    #expect(repeating > 40 && moves > 2000 && events > 2000, "\(repeating) repeating, \(moves) moves, \(events) events")
  }

  // MARK: - Applying

  /// The closed form through ``RepeatMap``: each placement's contribution at the time its
  /// repeating nodes show, `change · curve(clamp((local − begin) / duration, 0, 1))`.
  func closedForm(_ schedule: TimelineSchedule, layer: String, keyPath: String, model: Double, at t: Double) throws -> Double {
    var value = model
    for (entry, placement) in zip(schedule.entries, schedule.placements ?? []) where entry.layer == layer {
      let local = RepeatMap.fold(t, schedule.chain(placement.repeat)).local
      for change in placement.definition.resolvedChanges where change.property.keyPath == keyPath {
        let p = placement.duration > 0 ? min(max((local - placement.begin) / placement.duration, 0), 1)
          : (local >= placement.begin ? 1 : 0)
        value += change.amount[0] * (try placement.definition.curve.checkedValue(at: p))
      }
    }
    return value
  }

  @Test("applied: sampled values follow GSAP's play mapping (yoyo on reversed curves, delays holding, nested repeats)")
  func appliedClosedForm() throws {
    let r = TimelineRegistry()
    r.register(try TimelineDefinition(name: "fade", curve: .penner(.easeInQuad), changes: ["opacity": [-0.5]]))
    r.register(try TimelineDefinition(name: "move", curve: .cubicBezier(0.3, 0, 0.2, 1), changes: ["position.x": [40]]))
    r.register(try TimelineDefinition(name: "step", curve: .linear, changes: ["position.x": [10]]))
    let timeline = Timeline(sequence: [
      .anim("fade", layer: "a", duration: 1),
      .sequence([.anim("move", layer: "a", duration: 0.5), .anim("fade", layer: "b", duration: 0.25),
                 .sequence([.anim("step", layer: "b", duration: 0.25)], timing: TimelineNodeTiming(repeat: 2, yoyo: true,
                                                                                                 repeatDelay: 0.125))],
                timing: TimelineNodeTiming(repeat: 2, yoyo: true, repeatDelay: 0.5, timeScale: 2)),
      .anim("move", layer: "b", duration: 1),
    ], timing: TimelineNodeTiming(repeat: 1, repeatDelay: 0.25), registry: r)
    var scene = Scene()
    try scene.addLayer(Layer(id: "a", frame: Rect(x: 0, y: 0, width: 10, height: 10), opacity: 1))
    try scene.addLayer(Layer(id: "b", frame: Rect(x: 100, y: 0, width: 10, height: 10), opacity: 0.9))
    let schedule = try timeline.schedule()
    try schedule.apply(to: &scene)
    let opacity = try AnimatableProperty(keyPath: "opacity"), x = try AnimatableProperty(keyPath: "position.x")
    // Off the 1/64 grid, so no time sits on a play's boundary.
    var t = -0.3
    while t < schedule.duration + 1 {
      for (index, layer, model) in [(0, "a", 1.0), (1, "b", 0.9)] {
        let gotOpacity = scene.presentationValue(of: opacity, layer: index, at: t)[0]
        #expect(abs(gotOpacity - (try closedForm(schedule, layer: layer, keyPath: "opacity", model: model, at: t))) < 1e-9,
                "opacity of \(layer) at \(t)")
        let gotX = scene.presentationValue(of: x, layer: index, at: t)[0]
        let modelX = index == 0 ? 5.0 : 105.0
        #expect(abs(gotX - (try closedForm(schedule, layer: layer, keyPath: "position.x", model: modelX, at: t))) < 1e-9,
                "x of \(layer) at \(t)")
      }
      t += 0.0371
    }
  }

  @Test("a yoyo with a spring curve is refused when applied (no reverse), the scene unchanged")
  func springYoyo() throws {
    let r = TimelineRegistry()
    r.register(try TimelineDefinition(name: "bounce", curve: .spring(Spring(mass: 1, stiffness: 100, damping: 10)),
                                      changes: ["opacity": [-1]]))
    var scene = Scene()
    try scene.addLayer(Layer(id: "a"))
    let before = scene.sample(at: 0.5)
    let yoyo = Timeline(sequence: [.anim("bounce", layer: "a", duration: 1)],
                        timing: TimelineNodeTiming(repeat: 1, yoyo: true), registry: r)
    let error = expectError(.invalidArgument) { try yoyo.apply(to: &scene) }
    #expect(error?.message.contains("has no reverse") == true)
    #expect(scene.sample(at: 0.5) == before)
    // Without yoyo a spring repeats fine.
    try Timeline(sequence: [.anim("bounce", layer: "a", duration: 1)], timing: TimelineNodeTiming(repeat: 1), registry: r)
      .apply(to: &scene)
  }

  @Test("repeats inside repeats past the keyframe limit are refused before anything is built")
  func keyframeLimit() throws {
    var scene = Scene()
    try scene.addLayer(Layer(id: "a"))
    let inner = TimelineItem.sequence([.anim("A", layer: "a", duration: 1)], timing: TimelineNodeTiming(repeat: -1))
    let timeline = Timeline(sequence: [inner], timing: TimelineNodeTiming(repeat: 1), registry: try registry("A"))
    _ = expectError(.limit) { try timeline.apply(to: &scene) }
    #expect(scene.sample(at: 1).count == 1)
  }
}
