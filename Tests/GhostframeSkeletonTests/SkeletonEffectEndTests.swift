import Testing
@testable import GhostframeSkeleton
@testable import GhostframeCore
import GhostframeTestSupport

/// end(): opacity from the shown value to 0 over 0.2 s, ease-in-out, from t, held:
/// `o = o₀·(1 − Eio((τ − t)/0.2))`; Eio(0.5) = 0.5 by symmetry. Tolerance 1e-9.
@Suite("Skeleton effects: end")
struct SkeletonEffectEndTests {
  @Test("the whole skeleton fades 1 → 0 and stays hidden")
  func root() throws {
    let style = fxStyle()
    var scene = try fxSkeleton([fxBone(0, 10, 10, 100, 20, style: style)], style: style).scene()
    try Skeleton.end(&scene, at: 1)
    let animation = try #require(fxAnimation(scene, "skeleton", "end"))
    #expect(!animation.removedOnCompletion && animation.timing.easing == .easeInOut)
    for t in [0.0, 0.99, 1.0, 1.05, 1.1, 1.15, 1.2, 3.0, 100.0] {
      let expected = t < 1 ? 1 : 1 - fxEaseInOut(min((t - 1) / 0.2, 1))
      let states = fxStates(scene, at: t)
      #expect(abs(states["skeleton"]!.opacity - expected) < 1e-9, "t = \(t)")
      #expect(abs(states["bone:0"]!.opacity - expected) < 1e-9, "t = \(t)")
    }
    #expect(abs(fxStates(scene, at: 1.1)["skeleton"]!.opacity - 0.5) < 1e-9)
    #expect(fxStates(scene, at: 1.2)["bone:0"]!.opacity == 0)
  }

  @Test("one section fades while another keeps animating")
  func section() throws {
    let style = fxStyle(.drop)
    let containers = ["a", "b"].enumerated().map { i, group in
      Skeleton.Container(group: group, frame: Rect(x: 0, y: Double(i) * 100, width: 300, height: 100),
                         color: .white, cornerRadius: 0, style: style)
    }
    let bones = [
      fxBone(0, 10, 10, 100, 20, style: style, group: "a"),
      fxBone(1, 10, 110, 100, 20, style: style, group: "b"),
    ]
    var scene = try fxSkeleton(bones, style: style, containers: containers).scene()
    try Skeleton.end(&scene, at: 1, group: "b")
    #expect(fxAnimation(scene, "skeleton", "end") == nil)
    let later = fxStates(scene, at: 2.4), later2 = fxStates(scene, at: 2.45)
    #expect(later["container:b"]!.opacity == 0 && later["bone:1"]!.opacity == 0)
    #expect(later["container:a"]!.opacity == 1 && later["bone:0"]!.opacity == 1)
    // Section a still drops: N = 2, T = 0.4 × 3 − 0.02 = 1.18; its colour keeps changing.
    #expect(fxFill(later["bone:0"]!) != fxFill(later2["bone:0"]!))
    let local = 2.4 - 1.18 * 2, q = fxEaseInOut(local / 1.18)
    let expected = q < 0.2 ? fxMix(Color(rgb: 0xE1E1E1), Color(rgb: 0xEEEEEE), q / 0.2) : Color(rgb: 0xEEEEEE)
    #expect(fxSame(fxFill(later["bone:0"]!), expected))
    // Section b is mid-fade at 1.1.
    #expect(abs(fxStates(scene, at: 1.1)["container:b"]!.opacity - 0.5) < 1e-9)
  }

  @Test("ending a section ends the lists nested in it (groups by prefix), not its look-alike neighbours")
  func nested() throws {
    let style = fxStyle()
    let groups = ["root", "L/section/0", "L/section/0/row/1/M/section/0", "L/section/00"]
    let containers = groups.map {
      Skeleton.Container(group: $0, frame: Rect(x: 0, y: 0, width: 300, height: 200), color: .white,
                         cornerRadius: 0, style: style)
    }
    var scene = try fxSkeleton([], style: style, containers: containers).scene()
    try Skeleton.end(&scene, at: 0, group: "L/section/0")
    // The fade and the content's fade-in on each.
    #expect(scene.animations.map(\.layer) == ["container:L/section/0", "container:L/section/0",
                                              "container:L/section/0/row/1/M/section/0",
                                              "container:L/section/0/row/1/M/section/0"])
    #expect(scene.animations.map(\.key) == ["end", "content", "end", "content"])
    let states = fxStates(scene, at: 1)
    #expect(states["container:L/section/0/row/1/M/section/0"]!.opacity == 0)
    #expect(states["container:L/section/00"]!.opacity == 1 && states["container:root"]!.opacity == 1)
  }

  @Test("a breathing skeleton fades from the opacity it shows, without a jump")
  func fromBreath() throws {
    let style = fxStyle(.breathe)
    var scene = try fxSkeleton([fxBone(0, 10, 10, 100, 20, style: style)], style: style).scene()
    try Skeleton.end(&scene, at: 1)  // breathe shows 0.6 at t = 1
    #expect(abs(fxStates(scene, at: 1)["skeleton"]!.opacity - 0.6) < 1e-9)
    #expect(abs(fxStates(scene, at: 1.1)["skeleton"]!.opacity - 0.3) < 1e-9)
    #expect(fxStates(scene, at: 1.3)["skeleton"]!.opacity == 0)
    // At t = 0 breathe's raw 1.1 is shown as 1: the fade starts from 1.
    var early = try fxSkeleton([], style: style).scene()
    try Skeleton.end(&early, at: 0)
    #expect(abs(fxStates(early, at: 0.1)["skeleton"]!.opacity - 0.5) < 1e-9)
  }

  @Test("errors: unknown section, non-finite time; the scene is unchanged")
  func errors() throws {
    let style = fxStyle()
    var scene = try fxSkeleton([], style: style).scene()
    let error = expectError(.notFound) { try Skeleton.end(&scene, at: 1, group: "nope") }
    #expect(error?.message.contains("nope") == true)
    expectError(.invalidArgument) { try Skeleton.end(&scene, at: .infinity) }
    #expect(scene.animations.isEmpty)
    var empty = Scene()
    expectError(.notFound) { try Skeleton.end(&empty, at: 0) }
  }

  @Test("ending a scene the host has sampled reads its kept presentation; the fade starts where a fresh compile does")
  func reusesTheHostsSampler() throws {
    let style = fxStyle(.breathe)
    let scene = try fxSkeleton([fxBone(0, 10, 10, 100, 20, style: style)], style: style).scene()
    var fresh = scene
    try Skeleton.end(&fresh, at: 0.5, group: nil)
    // Sampled first, as a host does each frame: end then reads the kept compile.
    let sampled = try fxSkeleton([fxBone(0, 10, 10, 100, 20, style: style)], style: style).scene()
    _ = sampled.sample(at: 0.25)
    #expect(sampled.isPresentationCurrent)
    var reused = sampled
    try Skeleton.end(&reused, at: 0.5, group: nil)
    #expect(sampled.isPresentationCurrent && !reused.isPresentationCurrent)
    let a = try #require(fxAnimation(fresh, "skeleton", "end")), b = try #require(fxAnimation(reused, "skeleton", "end"))
    guard case .basic(let x) = a.content, case .basic(let y) = b.content else {
      Issue.record("end is a basic animation")
      return
    }
    // Breathe at 0.5 s: 1.1 − 0.5 · easeIn(0.5) = 0.9423215 (tolerance 1e-6), clamped below 1.
    #expect(x.from == y.from)
    #expect(abs((x.from?.first ?? 0) - (1.1 - 0.5 * fxEaseIn(0.5))) < 1e-6)
  }
}
