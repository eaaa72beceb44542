import Testing
@testable import GhostframeSkeleton
import GhostframeCore
import GhostframeTestSupport

/// Issue 34, point 1: the skeleton's whole life (show delay, appear fade, configurable end with
/// the content's cross-dissolve, maxAnimationDuration) and the shimmer's shape (band length,
/// pause, angle, highlight colour). References are closed forms written out here, the curves
/// from the independent bisection (fxEaseIn, fxEaseInOut, fxBezier); tolerance 1e-9 for unit
/// values and opacities, 1e-7 for positions in points.
@Suite("Skeleton lifecycle and shimmer shape")
struct SkeletonLifecycleTests {
  func shimmer(_ edit: (inout ResolvedSkeletonStyle) -> Void = { _ in }) -> ResolvedSkeletonStyle {
    fxStyle(.shimmer, edit)
  }

  // MARK: - Shimmer shape

  /// The band's middle (gradient location 0.5) projected on the travel direction `d`, in points
  /// from the layer's centre, and the band's width (start → end) in points, from a sample.
  func band(_ s: LayerState, size: Size, d: (Double, Double)) -> (middle: Double, width: Double, across: Double) {
    let sx = s.gradientStart.x * size.width, sy = s.gradientStart.y * size.height
    let ex = s.gradientEnd.x * size.width, ey = s.gradientEnd.y * size.height
    let mx = (sx + ex) / 2 - size.width / 2, my = (sy + ey) / 2 - size.height / 2
    let vx = ex - sx, vy = ey - sy
    // `across`: the component of start → end at right angles to d (0 when the band stands
    // at right angles to the travel, in points).
    return (mx * d.0 + my * d.1, vx * d.0 + vy * d.1, vx * -d.1 + vy * d.0)
  }

  @Test("angle, band length and pause: the band's middle at t from the closed form", arguments: [
    (0.0, 0.5, 0.0), (30.0, 0.25, 0.4), (135.0, 0.6, 0.3), (-90.0, 0.5, 0.25), (270.0, 0.2, 0.0),
  ])
  func bandPosition(angle: Double, length: Double, pause: Double) throws {
    // A 100 × 20 bone, sweep D = 1.5 s then `pause`. Direction d = (cos a, sin a) (y down);
    // extent X = 100|cos| + 20|sin|; band w = L/(1 − L) of X. In cycle C = D + pause at local
    // τ = (t mod C): e = Ein(τ/D) while sweeping, 1 in the pause; the band's start lies at
    // s = −w + (1 + w)e of X from the near edge, its middle at s + w/2, i.e. (s + w/2 − ½)·X
    // from the centre along d.
    let style = shimmer {
      $0.shimmerAngle = angle
      $0.shimmerHighlightLength = length
      $0.shimmerPauseDuration = pause
    }
    let size = Size(width: 100, height: 20)
    let scene = try fxSkeleton([fxBone(0, 30, 40, 100, 20, style: style)], style: style).scene()
    let radians = angle * .pi / 180
    let d = (cosOf(radians), sinOf(radians))
    let extent = 100 * abs(d.0) + 20 * abs(d.1)
    let w = length / (1 - length)
    let cycle = 1.5 + pause
    for t in [0.0, 0.3, 0.75, 1.2, 1.5, 1.6, 1.79, 2.2, 3.9] {
      let tau = t - (t / cycle).rounded(.down) * cycle
      let e = tau < 1.5 ? fxEaseIn(tau / 1.5) : 1
      let start = -w + (1 + w) * e
      let expected = (start + w / 2 - 0.5) * extent
      let s = try #require(fxStates(scene, at: t)["bone:0"])
      let measured = band(s, size: size, d: d)
      #expect(abs(measured.middle - expected) < 1e-7, "a = \(angle), t = \(t): \(measured.middle) vs \(expected)")
      #expect(abs(measured.width - w * extent) < 1e-7, "a = \(angle), t = \(t)")
      #expect(abs(measured.across) < 1e-7, "a = \(angle): the band stands at right angles to its travel")
    }
    // The group: one cycle of D + pause, repeating forever.
    let animation = try #require(fxAnimation(scene, "bone:0", "shimmer"))
    #expect(abs(animation.timing.duration - cycle) < 1e-12 && animation.timing.iterations == .infinity)
  }

  @Test("in the pause the whole bone shows the base colour; at L = 0.5 the angle 0 is the direction right")
  func pauseAndDefaults() throws {
    let base = Color(rgb: 0xDFDFDF)
    let paused = shimmer { $0.shimmerPauseDuration = 0.5 }
    let scene = try fxSkeleton([fxBone(0, 0, 0, 100, 20, style: paused)], style: paused).scene()
    for t in [1.5, 1.7, 1.99, 3.5 + 0.2] {
      let s = try #require(fxStates(scene, at: t)["bone:0"])
      for x in stride(from: 0.0, through: 1.0, by: 0.125) {
        #expect(fxSame(fxGradientColor(s, at: Point(x: x, y: 0.5)), base), "t = \(t), x = \(x)")
      }
    }
    // After the pause, the next sweep starts from the left: at 2.0 + 0.75 as at 0.75.
    let again = try #require(fxStates(scene, at: 2.75)["bone:0"])
    #expect(abs(again.gradientStart.x - (-1 + 2 * fxEaseIn(0.5))) < 1e-9)
    // shimmerAngle 0 with the default band gives the table's values of `right`, bit for bit.
    let right = shimmer()
    let angled = shimmer { $0.shimmerAngle = 0 }
    let a = try fxSkeleton([fxBone(0, 0, 0, 100, 20, style: right)], style: right).scene()
    let b = try fxSkeleton([fxBone(0, 0, 0, 100, 20, style: angled)], style: angled).scene()
    for t in [0.0, 0.4, 1.1] {
      let p = try #require(fxStates(a, at: t)["bone:0"]), q = try #require(fxStates(b, at: t)["bone:0"])
      #expect(p.gradientStart == q.gradientStart && p.gradientEnd == q.gradientEnd, "t = \(t)")
    }
  }

  @Test("band length without an angle: the direction table with a band w = L/(1 − L)")
  func lengthAlongDirection() throws {
    // Down, L = 0.25 → w = 1/3: startPoint.y = −w + (1 + w)e, endPoint.y = startPoint.y + w.
    let style = shimmer { $0.shimmerDirection = .down; $0.shimmerHighlightLength = 0.25 }
    let scene = try fxSkeleton([fxBone(0, 0, 0, 100, 20, style: style)], style: style).scene()
    let w = 1.0 / 3
    for t in [0.0, 0.6, 1.2] {
      let e = fxEaseIn(t / 1.5)
      let s = try #require(fxStates(scene, at: t)["bone:0"])
      #expect(abs(s.gradientStart.y - (-w + (1 + w) * e)) < 1e-9 && s.gradientStart.x == 0.5, "t = \(t)")
      #expect(abs(s.gradientEnd.y - (-w + (1 + w) * e + w)) < 1e-9, "t = \(t)")
    }
    // Speed: the start travels (1 + w) × the height, 4/3 × 20 pt at 100 pt/s.
    let fast = shimmer { $0.shimmerDirection = .down; $0.shimmerHighlightLength = 0.25; $0.shimmerSpeed = 100 }
    let timed = try fxSkeleton([fxBone(0, 0, 0, 100, 20, style: fast)], style: fast).scene()
    let duration = try #require(fxAnimation(timed, "bone:0", "shimmer")).timing.duration
    #expect(abs(duration - (4.0 / 3) * 20 / 100) < 1e-12)
  }

  @Test("a shared band at an angle: every bone sees the same band in root coordinates")
  func sharedAngle() throws {
    // Viewport 300 × 200, a = 30°: X = 300 cos 30° + 200 sin 30°, w = 1 (L = 0.5); the band's
    // middle lies (s + ½ − ½)·X = s·X from the viewport's centre along d, s = −1 + 2e.
    let style = shimmer { $0.shimmerSpace = .shared; $0.shimmerAngle = 30 }
    let a = fxBone(0, 20, 10, 100, 20, style: style), b = fxBone(1, 180, 120, 60, 40, style: style)
    let scene = try fxSkeleton([a, b], style: style).scene()
    let d = (cosOf(.pi / 6), sinOf(.pi / 6))
    let extent = 300 * d.0 + 200 * d.1
    for t in [0.2, 0.75, 1.3] {
      let expected = (-1 + 2 * fxEaseIn(t / 1.5)) * extent
      let states = fxStates(scene, at: t)
      for bone in [a, b] {
        let s = try #require(states["bone:\(bone.index)"])
        let f = bone.frame
        // The band's middle in root points, projected on d from the viewport's centre.
        let mx = f.x + f.width * (s.gradientStart.x + s.gradientEnd.x) / 2 - 150
        let my = f.y + f.height * (s.gradientStart.y + s.gradientEnd.y) / 2 - 100
        #expect(abs(mx * d.0 + my * d.1 - expected) < 1e-7, "t = \(t), bone \(bone.index)")
      }
    }
  }

  @Test("right-to-left mirrors the angle: 30° travels as 150°")
  func angleRightToLeft() throws {
    let rtl = shimmer { $0.shimmerAngle = 30; $0.rightToLeft = true }
    let mirrored = shimmer { $0.shimmerAngle = 150 }
    let a = try fxSkeleton([fxBone(0, 0, 0, 100, 20, style: rtl)], style: rtl).scene()
    let b = try fxSkeleton([fxBone(0, 0, 0, 100, 20, style: mirrored)], style: mirrored).scene()
    let p = try #require(fxStates(a, at: 0.7)["bone:0"]), q = try #require(fxStates(b, at: 0.7)["bone:0"])
    #expect(p.gradientStart == q.gradientStart && p.gradientEnd == q.gradientEnd)
  }

  @Test("shimmerHighlightColor is the band's middle stop; a palette set above resets it")
  func highlightColor() throws {
    let gold = Color(red: 1, green: 0.8, blue: 0.2)
    let style = shimmer { $0.shimmerHighlightColor = gold }
    let scene = try fxSkeleton([fxBone(0, 0, 0, 100, 20, style: style)], style: style).scene()
    let gradient = try #require(scene.layers.last?.gradient)
    #expect(gradient.colors == [Color(rgb: 0xDFDFDF), gold, Color(rgb: 0xDFDFDF)])
    var global = SkeletonStyle()
    global.shimmerHighlightColor = gold
    var control = SkeletonStyle()
    control.palette = .dark
    let resolved = control.resolved(over: global.resolved(over: SkeletonDefaults.style(.light)))
    #expect(resolved.shimmerHighlightColor == nil)
    control.shimmerHighlightColor = .white
    #expect(control.resolved(over: global.resolved(over: SkeletonDefaults.style(.light))).shimmerHighlightColor == .white)
  }

  // MARK: - maxAnimationDuration

  @Test("maxAnimationDuration plays the whole cycles that fit, then the static skeleton shows")
  func maxDuration() throws {
    // Shimmer D = 1.5, limit 4: two sweeps (3 s); at 3.2 the model gradient (start at −1).
    let style = shimmer { $0.maxAnimationDuration = 4 }
    let scene = try fxSkeleton([fxBone(0, 0, 0, 100, 20, style: style)], style: style).scene()
    let animation = try #require(fxAnimation(scene, "bone:0", "shimmer"))
    #expect(animation.timing.iterations == 2 && animation.timing.fill == .none)
    let moving = try #require(fxStates(scene, at: 2.25)["bone:0"])
    #expect(abs(moving.gradientStart.x - (-1 + 2 * fxEaseIn(0.5))) < 1e-9)
    for t in [3.0, 3.2, 10.0] {
      #expect(try #require(fxStates(scene, at: t)["bone:0"]).gradientStart.x == -1, "t = \(t)")
    }
    // A limit shorter than one sweep: no shimmer at all, and no gradient to stop on.
    let short = shimmer { $0.maxAnimationDuration = 1 }
    let none = try fxSkeleton([fxBone(0, 0, 0, 100, 20, style: short)], style: short).scene()
    #expect(none.animations.isEmpty && none.layers.last?.gradient == nil)
    // With a pause the cycle is D + pause: 1.5 + 0.5 = 2, limit 4 → 2 cycles.
    let paused = shimmer { $0.maxAnimationDuration = 4; $0.shimmerPauseDuration = 0.5 }
    let p = try fxSkeleton([fxBone(0, 0, 0, 100, 20, style: paused)], style: paused).scene()
    #expect(try #require(fxAnimation(p, "bone:0", "shimmer")).timing.iterations == 2)
  }

  @Test("breathe and drop stop too; a cycle that ends exactly at the limit still plays")
  func maxDurationOtherEffects() throws {
    // Breathe: 1 s legs autoreversing, cycle 2 s; limit 4.5 → 2 cycles, then opacity 1.
    let breathe = fxStyle(.breathe) { $0.maxAnimationDuration = 4.5 }
    let b = try fxSkeleton([fxBone(0, 0, 0, 100, 20, style: breathe)], style: breathe).scene()
    let breath = try #require(fxAnimation(b, "skeleton", "breathe"))
    #expect(breath.timing.iterations == 4)  // legs
    let during = fxStates(b, at: 3.5)["skeleton"]!.opacity
    let expected = min(1.1 + (0.6 - 1.1) * fxAutoreverse(3.5, leg: 1, fxEaseIn), 1)
    #expect(abs(during - expected) < 1e-9)
    #expect(fxStates(b, at: 4.2)["skeleton"]!.opacity == 1)
    // Drop: N = 3 (two bones + 1), step d = 0.4, T = 0.4·4 − 0.02·2·3/2 = 1.54, stagger T/6.
    // Limit 3.08 = 2T exactly: bone k begins at k·T/6, so bone 0 plays 2 cycles, bone 1 one.
    let drop = fxStyle(.drop) { $0.maxAnimationDuration = 3.08 }
    let bones = [fxBone(0, 0, 0, 100, 20, style: drop), fxBone(1, 0, 30, 100, 20, style: drop)]
    let d = try fxSkeleton(bones, style: drop).scene()
    let cycle = 0.4 * 4 - 0.02 * 2 * 3 / 2
    #expect(abs(try #require(fxAnimation(d, "bone:0", "drop")).timing.iterations - 2) < 1e-12)
    #expect(abs(try #require(fxAnimation(d, "bone:1", "drop")).timing.iterations - 1) < 1e-12)
    // After the last cycle each bone shows its own colour (the model).
    #expect(fxSame(fxFill(fxStates(d, at: 2 * cycle + 0.01)["bone:0"]!), Color(rgb: 0xEEEEEE)))
    #expect(fxSame(fxFill(fxStates(d, at: cycle + cycle / 6 + 0.01)["bone:1"]!), Color(rgb: 0xEEEEEE)))
  }

  @Test("reduced motion keeps its meaning: static stays static, the cross-fade stops at the limit")
  func maxDurationReducedMotion() throws {
    let still = shimmer { $0.maxAnimationDuration = 10; $0.reducedMotion = .static }
    #expect(try fxSkeleton([fxBone(0, 0, 0, 100, 20, style: still)], style: still).scene().animations.isEmpty)
    // Cross-fade: 2 s legs, cycle 4 s; limit 9 → 2 cycles (8 s), then opacity 1.
    let fade = shimmer { $0.maxAnimationDuration = 9; $0.reducedMotion = .crossFade }
    let scene = try fxSkeleton([fxBone(0, 0, 0, 100, 20, style: fade)], style: fade).scene()
    let animation = try #require(fxAnimation(scene, "skeleton", "crossFade"))
    #expect(animation.timing.iterations == 4)
    let mid = fxStates(scene, at: 5)["skeleton"]!.opacity
    #expect(abs(mid - (1 - 0.3 * fxAutoreverse(5, leg: 2, fxEaseInOut))) < 1e-9)
    #expect(fxStates(scene, at: 8.5)["skeleton"]!.opacity == 1)
  }

  // MARK: - Show delay and appear

  @Test("showDelay hides the skeleton, appearDuration fades it in, and the effects start with it")
  func appear() throws {
    // Delay 0.4, fade 0.3 (ease-in-out): o = 0 before 0.4, Eio((t − 0.4)/0.3), 1 after 0.7.
    let style = shimmer { $0.showDelay = 0.4; $0.appearDuration = 0.3 }
    let scene = try fxSkeleton([fxBone(0, 0, 0, 100, 20, style: style)], style: style).scene(startTime: 1)
    for t in [0.0, 1.0, 1.39, 1.4, 1.5, 1.55, 1.7, 2.5] {
      let expected = t < 1.4 ? 0 : t >= 1.7 ? 1 : fxEaseInOut((t - 1.4) / 0.3)
      let states = fxStates(scene, at: t)
      #expect(abs(states["skeleton"]!.opacity - expected) < 1e-9, "t = \(t)")
      #expect(abs(states["bone:0"]!.opacity - expected) < 1e-9, "t = \(t)")
    }
    // The shimmer begins at 1.4: at 1.4 + 0.75 it is half a sweep in.
    let s = try #require(fxStates(scene, at: 2.15)["bone:0"])
    #expect(abs(s.gradientStart.x - (-1 + 2 * fxEaseIn(0.5))) < 1e-9)
    // A delay without a fade: 0 until the delay, then at once 1.
    let sudden = shimmer { $0.showDelay = 0.4 }
    let t = try fxSkeleton([fxBone(0, 0, 0, 100, 20, style: sudden)], style: sudden).scene()
    #expect(fxStates(t, at: 0.39)["skeleton"]!.opacity == 0 && fxStates(t, at: 0.4)["skeleton"]!.opacity == 1)
    // Neither: no appear animation at all (the scene is as before issue 34).
    let plain = shimmer()
    #expect(fxAnimation(try fxSkeleton([fxBone(0, 0, 0, 100, 20, style: plain)], style: plain).scene(),
                        "skeleton", Skeleton.appearKey) == nil)
  }

  @Test("a breathing root keeps its breath: the appear goes on the containers and the two multiply")
  func appearUnderBreathe() throws {
    let style = fxStyle(.breathe) { $0.appearDuration = 0.5 }
    let scene = try fxSkeleton([fxBone(0, 0, 0, 100, 20, style: style)], style: style).scene()
    #expect(fxAnimation(scene, "container:root", Skeleton.appearKey) != nil)
    #expect(fxAnimation(scene, "skeleton", Skeleton.appearKey) == nil)
    for t in [0.1, 0.25, 0.4, 0.8] {
      let breath = min(1.1 + (0.6 - 1.1) * fxAutoreverse(t, leg: 1, fxEaseIn), 1)
      let fade = min(fxEaseInOut(t / 0.5), 1)
      #expect(abs(fxStates(scene, at: t)["bone:0"]!.opacity - breath * fade) < 1e-9, "t = \(t)")
    }
  }

  @Test("showDelay and appearDuration are global: a control view's style naming them is refused")
  func appearGlobalOnly() throws {
    var tree = ViewTree(viewport: Size(width: 100, height: 100), root: ViewNode(frame: Rect(x: 0, y: 0, width: 100, height: 100)))
    var style = SkeletonStyle()
    style.showDelay = 0.4
    tree.root.style = style
    let error = expectError(.invalidArgument) { _ = try Skeleton(tree: tree) }
    #expect(error?.message == "root.style.showDelay: only the global style sets showDelay (the skeleton appears as a whole)")
    tree.root.style = nil
    tree.style.appearDuration = -1
    let negative = expectError(.invalidArgument) { _ = try Skeleton(tree: tree) }
    #expect(negative?.message.contains("style: appearDuration must not be negative") == true)
  }

  // MARK: - The end

  @Test("the end's duration and curve: the skeleton fades out as the content fades in")
  func endCurve() throws {
    let style = shimmer()
    var scene = try fxSkeleton([fxBone(0, 0, 0, 100, 20, style: style)], style: style).scene()
    #expect(try Skeleton.contentOpacity(in: scene, at: 5) == 0)
    let curve = try Curve(parsing: "cubic-bezier(0.2, 0.7, 0.4, 1)")
    try Skeleton.end(&scene, at: 1, duration: 0.5, curve: curve)
    for t in [0.5, 1.0, 1.1, 1.25, 1.4, 1.5, 3.0] {
      let p = t < 1 ? 0 : fxBezier(0.2, 0.7, 0.4, 1, min((t - 1) / 0.5, 1))
      #expect(abs(fxStates(scene, at: t)["bone:0"]!.opacity - (1 - p)) < 1e-9, "t = \(t)")
      #expect(abs(try Skeleton.contentOpacity(in: scene, at: t) - p) < 1e-9, "t = \(t)")
    }
    // Linear over 0 s: at once.
    var instant = try fxSkeleton([fxBone(0, 0, 0, 100, 20, style: style)], style: style).scene()
    try Skeleton.end(&instant, at: 1, duration: 0, curve: .linear)
    #expect(fxStates(instant, at: 0.99)["skeleton"]!.opacity == 1 && fxStates(instant, at: 1)["skeleton"]!.opacity == 0)
    #expect(try Skeleton.contentOpacity(in: instant, at: 1) == 1)
    // Bad durations change nothing.
    var bad = instant
    expectError(.invalidArgument) { try Skeleton.end(&bad, at: 2, duration: -1) }
    expectError(.invalidArgument) { try Skeleton.end(&bad, at: 2, duration: .nan) }
    #expect(bad.animations.count == instant.animations.count)
  }

  @Test("a section's content: its own end or the whole skeleton's, whichever is further")
  func sectionContent() throws {
    let style = fxStyle()
    let containers = ["root", "L/section/0", "L/section/1"].map {
      Skeleton.Container(group: $0, frame: Rect(x: 0, y: 0, width: 300, height: 100), color: .white,
                         cornerRadius: 0, style: style)
    }
    var scene = try fxSkeleton([], style: style, containers: containers).scene()
    try Skeleton.end(&scene, at: 1, group: "L/section/0", curve: .linear)
    #expect(abs(try Skeleton.contentOpacity(in: scene, at: 1.05, group: "L/section/0") - 0.25) < 1e-9)
    #expect(try Skeleton.contentOpacity(in: scene, at: 1.05, group: "L/section/1") == 0)
    #expect(try Skeleton.contentOpacity(in: scene, at: 1.05) == 0)
    try Skeleton.end(&scene, at: 2, curve: .linear)
    #expect(abs(try Skeleton.contentOpacity(in: scene, at: 2.1, group: "L/section/1") - 0.5) < 1e-9)
    #expect(try Skeleton.contentOpacity(in: scene, at: 2.1, group: "L/section/0") == 1)
    expectError(.notFound) { _ = try Skeleton.contentOpacity(in: scene, at: 1, group: "nope") }
    expectError(.invalidArgument) { _ = try Skeleton.contentOpacity(in: scene, at: .infinity) }
    expectError(.notFound) { _ = try Skeleton.contentOpacity(in: Scene(), at: 1) }
  }

  @Test("content that arrives before the show delay: the skeleton never shows, the content at once")
  func endBeforeDelay() throws {
    let style = shimmer { $0.showDelay = 0.4; $0.appearDuration = 0.2 }
    var scene = try fxSkeleton([fxBone(0, 0, 0, 100, 20, style: style)], style: style).scene()
    try Skeleton.end(&scene, at: 0.3)
    for t in [0.0, 0.3, 0.4, 0.5, 0.7, 2.0] {
      #expect(fxStates(scene, at: t)["bone:0"]!.opacity == 0, "t = \(t)")
    }
    #expect(try Skeleton.contentOpacity(in: scene, at: 0.29) == 0)
    #expect(try Skeleton.contentOpacity(in: scene, at: 0.3) == 1)
    // Ended mid-appear: it fades from what it shows.
    var mid = try fxSkeleton([fxBone(0, 0, 0, 100, 20, style: style)], style: style).scene()
    try Skeleton.end(&mid, at: 0.5, curve: .linear)
    let shown = fxEaseInOut(0.5)
    #expect(abs(fxStates(mid, at: 0.6)["bone:0"]!.opacity - shown / 2) < 1e-9)
    #expect(abs(try Skeleton.contentOpacity(in: mid, at: 0.6) - 0.5) < 1e-9)
  }
}

/// cos and sin through Double's own operations only (Taylor series to 1e-16), so the test
/// does not share the engine's libm path: plenty for angles within ±2π.
func cosOf(_ x: Double) -> Double {
  var term = 1.0, sum = 1.0
  for n in stride(from: 2, through: 40, by: 2) {
    term *= -x * x / Double((n - 1) * n)
    sum += term
  }
  return abs(sum) < 1e-15 ? 0 : sum
}

func sinOf(_ x: Double) -> Double {
  var term = x, sum = x
  for n in stride(from: 3, through: 41, by: 2) {
    term *= -x * x / Double((n - 1) * n)
    sum += term
  }
  return abs(sum) < 1e-15 ? 0 : sum
}
