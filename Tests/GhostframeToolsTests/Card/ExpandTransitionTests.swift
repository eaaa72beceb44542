import GhostframeCore
import Testing
@testable import GhostframeTools

/// The expanding-card transition: geometry against values computed by hand from the seed's
/// formulas, sampling against the closed form `start + (end − start)·curve((t − delay) / D)`,
/// the exit of a finished entry as JPAnimationTool's dismissal (its own forward call) and an exit
/// that interrupts the entry as its reverse. Tolerance 1e-9 for sampled values (the sampler goes through Timing
/// and the compiled tracks); geometry is compared exactly (its arithmetic is exact in binary here).
@Suite("Expanding-card transition")
struct ExpandTransitionTests {
  static let window = Size(width: 375, height: 667)
  /// A row of 150 × 125 cells at y = 300, the first and last partly scrolled out sideways, and
  /// one cell of the row above (y = 100).
  static let images = [
    Rect(x: -60, y: 300, width: 150, height: 125),
    Rect(x: 105, y: 300, width: 150, height: 125),
    Rect(x: 270, y: 300, width: 150, height: 125),
    Rect(x: 105, y: 100, width: 150, height: 125),
  ]

  func ends(_ t: ExpandTransition) -> [Rect] { t.parts.map(\.end) }

  @Test("a middle cell: up, down, tapped, and neighbours by the seed's cross-multiplication")
  func middleCell() throws {
    let t = try ExpandTransition(window: Self.window, images: Self.images, tapped: 1)
    // kx = 375 / 150 = 2.5, ky = 375·(2/3) / 125 = 2; d = 300 + 125 = 425.
    #expect(t.parts.map(\.kind) == [.up, .down, .image, .tapped, .image, .image])
    #expect(t.parts.map(\.start) == [Rect(x: 0, y: 0, width: 375, height: 300), Rect(x: 0, y: 425, width: 375, height: 242)] + Self.images)
    #expect(t.parts.map(\.source) == t.parts.map(\.start))
    let expected = [
      Rect(x: 0, y: -300, width: 375, height: 300), Rect(x: 0, y: 667, width: 375, height: 242),
      Rect(x: -412.5, y: 0, width: 375, height: 250), Rect(x: 0, y: 0, width: 375, height: 250),
      Rect(x: 412.5, y: 0, width: 375, height: 250), Rect(x: 0, y: -400, width: 375, height: 250),
    ]
    for (got, want) in zip(ends(t), expected) { #expect(abs(got.x - want.x) < 1e-12 && abs(got.y - want.y) < 1e-12 && abs(got.width - want.width) < 1e-12 && abs(got.height - want.height) < 1e-12, "\(got) vs \(want)") }
  }

  @Test("the first cell, partly scrolled out to the left")
  func firstCellPartlyOut() throws {
    let t = try ExpandTransition(window: Self.window, images: Self.images, tapped: 0)
    // (x − tx)·kx: (105 + 60)·2.5 = 412.5, (270 + 60)·2.5 = 825; tapped end (0, 0, 375, 250).
    let e = ends(t)
    #expect(e[2] == Rect(x: 0, y: 0, width: 375, height: 250))
    #expect(abs(e[3].x - 412.5) < 1e-12 && abs(e[4].x - 825) < 1e-12 && e[3].y == 0 && abs(e[5].y + 400) < 1e-12)
    #expect(t.parts[2].kind == .tapped && t.parts[2].start == Self.images[0])
  }

  @Test("the last cell, partly scrolled out to the right")
  func lastCell() throws {
    let t = try ExpandTransition(window: Self.window, images: Self.images, tapped: 2)
    let e = ends(t)
    // (−60 − 270)·2.5 = −825, (105 − 270)·2.5 = −412.5.
    #expect(abs(e[2].x + 825) < 1e-12 && abs(e[3].x + 412.5) < 1e-12 && e[4] == Rect(x: 0, y: 0, width: 375, height: 250))
    #expect(e[0] == Rect(x: 0, y: -300, width: 375, height: 300) && e[1] == Rect(x: 0, y: 667, width: 375, height: 242))
  }

  @Test("a tapped cell partly scrolled out above: the cuts clamp to the window; another ratio")
  func partlyOutAbove() throws {
    let images = [Rect(x: 105, y: -50, width: 150, height: 125), Rect(x: 270, y: -50, width: 150, height: 125)]
    let t = try ExpandTransition(window: Self.window, images: images, tapped: 0, ratio: 0.5)
    // up cut 0, d = 75; kx = 2.5, ky = 187.5 / 125 = 1.5.
    #expect(t.parts[0].start == Rect(x: 0, y: 0, width: 375, height: 0))
    #expect(t.parts[1].start == Rect(x: 0, y: 75, width: 375, height: 592) && t.parts[1].end == Rect(x: 0, y: 667, width: 375, height: 592))
    #expect(t.parts[2].end == Rect(x: 0, y: 0, width: 375, height: 187.5))
    #expect(t.parts[3].end == Rect(x: 412.5, y: 0, width: 375, height: 187.5))
  }

  /// The sampled frame of every part at `time`.
  func frames(_ scene: Scene, _ t: ExpandTransition, at time: Double) throws -> [Rect] {
    let states = scene.sample(at: time)
    return try t.parts.map { part in
      let s = states[try #require(scene.index(ofLayer: part.layer))]
      return Rect(x: s.x, y: s.y, width: s.width, height: s.height)
    }
  }

  func close(_ a: [Rect], _ b: [Rect], _ tolerance: Double = 1e-9) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { p, q in
      abs(p.x - q.x) < tolerance && abs(p.y - q.y) < tolerance && abs(p.width - q.width) < tolerance
        && abs(p.height - q.height) < tolerance
    }
  }

  @Test("the entry follows start + (end − start)·curve((t − delay) / D); layers carry the snapshot and source")
  func entry() throws {
    let curve = Curve.easeOut
    let t = try ExpandTransition(window: Self.window, images: Self.images, tapped: 1, duration: 0.6, delay: 0.15,
                                 curve: curve, snapshot: "feed")
    for time in stride(from: -0.1, through: 0.95, by: 0.05) {
      let p = curve(min(max((time - 0.15) / 0.6, 0), 1))
      let want = t.parts.map { part in
        Rect(x: part.start.x + (part.end.x - part.start.x) * p, y: part.start.y + (part.end.y - part.start.y) * p,
             width: part.start.width + (part.end.width - part.start.width) * p,
             height: part.start.height + (part.end.height - part.start.height) * p)
      }
      #expect(close(try frames(t.scene, t, at: time), want), "t = \(time)")
    }
    for part in t.parts {
      let layer = try #require(t.scene.layers.first { $0.id == part.layer })
      #expect(layer.contents == "feed" && layer.parent == ExpandTransition.rootLayer)
      #expect(ExpandTransition.sourceProperties.map { layer.custom[$0] } == [part.source.x, part.source.y, part.source.width, part.source.height])
    }
  }

  /// Core Animation's ease-out `cubic-bezier(0, 0, 0.58, 1)` at `x`: the closed-form (Cardano)
  /// reference of the preload tests, a second algorithm beside the engine's Newton iteration.
  static func easeOut(_ x: Double) -> Double { PreloadOverlayTests.easeOut(x) }

  @Test("the defaults are JPAnimationTool's: 0.35 s after 0.1 s, ease-out")
  func originalDefaults() throws {
    let t = try ExpandTransition(window: Self.window, images: Self.images, tapped: 1)
    #expect(t.duration == 0.35 && t.delay == 0.1 && t.curve == .easeOut)
    // animateWithDuration:0.35 delay:0.1 options:UIViewAnimationOptionCurveEaseOut, by the
    // closed form: at rest for 0.1 s, then start + (end − start)·easeOut((time − 0.1) / 0.35).
    // The engine solves the bezier to 1e-7 in x with slopes under 3.5; travel up to 825 points.
    for time in stride(from: -0.05, through: 0.6, by: 0.025) {
      let p = Self.easeOut((time - 0.1) / 0.35)
      let want = t.parts.map { part in
        Rect(x: part.start.x + (part.end.x - part.start.x) * p, y: part.start.y + (part.end.y - part.start.y) * p,
             width: part.start.width + (part.end.width - part.start.width) * p,
             height: part.start.height + (part.end.height - part.start.height) * p)
      }
      #expect(close(try frames(t.scene, t, at: time), want, 825 * 3.5e-7), "t = \(time)")
    }
  }

  @Test("the exit of a finished entry is the original's dismissal, forwards with the curve")
  func finishedExitIsTheDismissal() throws {
    let t = try ExpandTransition(window: Self.window, images: Self.images, tapped: 3)
    for begin in [0.1 + 0.35, 0.5, 7] {
      let exit = try t.exit(at: begin)
      // JPAnimationTool's close block: from the end frames, after 0.1 s, to the start frames over
      // 0.35 s with ease-out: end + (start − end)·easeOut((s − 0.1) / 0.35).
      for s in stride(from: 0.0, through: 0.6, by: 0.025) {
        let p = Self.easeOut((s - 0.1) / 0.35)
        let want = t.parts.map { part in
          Rect(x: part.end.x + (part.start.x - part.end.x) * p, y: part.end.y + (part.start.y - part.end.y) * p,
               width: part.end.width + (part.start.width - part.end.width) * p,
               height: part.end.height + (part.start.height - part.end.height) * p)
        }
        #expect(close(try frames(exit, t, at: s), want, 825 * 3.5e-7), "begin \(begin), s = \(s)")
      }
      #expect(close(try frames(exit, t, at: 0), t.parts.map(\.end)))
      #expect(close(try frames(exit, t, at: 2), t.parts.map(\.start)))
    }
    // The issue's numbers: the up part (0, 0, 375, 300) ends at y = −300; 0.1 s into the motion
    // it is at −300·(1 − easeOut(0.1 / 0.35)) = −172.1 forwards, not the backwards entry's
    // −300·easeOut(0.25 / 0.35) = −264.4.
    let middle = try ExpandTransition(window: Self.window, images: Self.images, tapped: 1)
    let up = try frames(try middle.exit(at: 0.45), middle, at: 0.1 + 0.1)[0]
    #expect(abs(up.y - -300 * (1 - Self.easeOut(0.1 / 0.35))) < 1e-4)
    #expect(abs(up.y - -172.1) < 0.05)
    let backwards = try frames(middle.scene, middle, at: 0.1 + 0.35 - 0.1)[0]
    #expect(abs(backwards.y - -264.4) < 0.05)
  }

  @Test("an exit begun mid-flight starts from the presentation state, without a jump")
  func midFlightExit() throws {
    // Delay 0.1: the motion runs 0.1 ... 0.6; an exit before 0.6 retraces (begun within the
    // delay it stays at the start rects).
    let t = try ExpandTransition(window: Self.window, images: Self.images, tapped: 1, duration: 0.5, curve: .easeIn)
    for begin in [0.0, 0.05, 0.13, 0.25, 0.4, 0.59] {
      let exit = try t.exit(at: begin)
      #expect(close(try frames(exit, t, at: 0), try frames(t.scene, t, at: begin)), "begin \(begin)")
      // Retraces the entry: at s it is where the entry was at begin − s.
      for s in stride(from: 0.0, through: begin, by: 0.01) {
        #expect(close(try frames(exit, t, at: s), try frames(t.scene, t, at: begin - s)))
      }
      // No jump: a millisecond in, every edge has moved by less than the entry's top speed allows
      // (easeIn's slope is at most 3 at the end; the largest travel is 825 + 375 points).
      let a = try frames(exit, t, at: 0), b = try frames(exit, t, at: 0.001)
      let bound: Double = 3.0 * 1200.0 * 0.001 / 0.5 + 1e-9
      #expect(close(a, b, bound))
      #expect(close(try frames(exit, t, at: begin + 0.3), t.parts.map(\.start)))
    }
    #expect(throws: GhostframeError.self) { try t.exit(at: .nan) }
    #expect(throws: GhostframeError.self) { try t.exit(at: .infinity) }
  }

  @Test("the pool: bounded, reused across transitions, counts exposed, unchanged on failure")
  func pool() throws {
    var pool = try SnapshotLayerPool(capacity: 8)
    let first = try ExpandTransition(window: Self.window, images: Self.images, tapped: 1, pool: &pool)
    #expect(pool.createdCount == 6 && pool.inUseCount == 6 && pool.availableCount == 0 && pool.reuseCount == 0)
    // A second transition while the first is up needs 6 more: only 2 acquirable.
    #expect(throws: GhostframeError.self) { try ExpandTransition(window: Self.window, images: Self.images, tapped: 0, pool: &pool) }
    #expect(pool.createdCount == 6 && pool.inUseCount == 6)
    try first.release(into: &pool)
    #expect(pool.inUseCount == 0 && pool.availableCount == 6)
    #expect(throws: GhostframeError.self) { try first.release(into: &pool) }
    #expect(pool.availableCount == 6)
    let second = try ExpandTransition(window: Self.window, images: Array(Self.images.prefix(3)), tapped: 2, pool: &pool)
    #expect(pool.createdCount == 6 && pool.reuseCount == 5 && pool.inUseCount == 5 && pool.availableCount == 1)
    #expect(Set(second.parts.map(\.layer)).isSubset(of: Set(first.parts.map(\.layer))))
    #expect(throws: GhostframeError.self) { try SnapshotLayerPool(capacity: 0) }
    var small = try SnapshotLayerPool(capacity: 1)
    _ = try small.acquire()
    #expect(throws: GhostframeError.self) { try small.acquire() }
    #expect(throws: GhostframeError.self) { try small.release("snapshot.7") }
  }

  @Test("past maximumImages: a limit error")
  func tooManyImages() throws {
    let images = Array(repeating: Rect(x: 0, y: 0, width: 10, height: 10), count: ExpandTransition.maximumImages + 1)
    do {
      _ = try ExpandTransition(window: Self.window, images: images, tapped: 0)
      Issue.record("built a transition of \(images.count) images")
    } catch {
      #expect(error.code == .limit)
    }
    let most = Array(images.dropLast())
    #expect(try ExpandTransition(window: Self.window, images: most, tapped: 0).parts.count == most.count + 2)
  }

  @Test("bad input builds nothing", arguments: [
    (Self.images, 4, Self.window, 2.0 / 3.0, 0.5),  // tapped out of range
    (Self.images, -1, Self.window, 2.0 / 3.0, 0.5),
    (Self.images + [Rect(x: 400, y: 300, width: 150, height: 125)], 4, Self.window, 2.0 / 3.0, 0.5),  // not visible
    ([Rect(x: 0, y: 700, width: 10, height: 10)], 0, Self.window, 2.0 / 3.0, 0.5),  // below the window
    ([Rect(x: 0, y: 0, width: 0, height: 10)], 0, Self.window, 2.0 / 3.0, 0.5),  // empty
    ([Rect(x: 10, y: 10, width: 100, height: -5)], 0, Self.window, 2.0 / 3.0, 0.5),  // negative
    (Self.images + [Rect(x: 1, y: 1, width: 0, height: 1)], 1, Self.window, 2.0 / 3.0, 0.5),  // another empty
    ([Rect(x: .nan, y: 0, width: 10, height: 10)], 0, Self.window, 2.0 / 3.0, 0.5),
    ([Rect(x: 0, y: 0, width: 10, height: .infinity)], 0, Self.window, 2.0 / 3.0, 0.5),
    ([], 0, Self.window, 2.0 / 3.0, 0.5),
    (Self.images, 1, Size(width: .nan, height: 667), 2.0 / 3.0, 0.5),
    (Self.images, 1, Size(width: 375, height: 0), 2.0 / 3.0, 0.5),
    (Self.images, 1, Self.window, .nan, 0.5),
    (Self.images, 1, Self.window, -1, 0.5),
    (Self.images, 1, Self.window, 2.0 / 3.0, .nan),
    (Self.images, 1, Self.window, 2.0 / 3.0, 0),
  ])
  func badInput(images: [Rect], tapped: Int, window: Size, ratio: Double, duration: Double) throws {
    var pool = try SnapshotLayerPool(capacity: 20)
    #expect(throws: GhostframeError.self) {
      try ExpandTransition(window: window, images: images, tapped: tapped, ratio: ratio, duration: duration, pool: &pool)
    }
    #expect(pool.createdCount == 0 && pool.inUseCount == 0)
  }
}
