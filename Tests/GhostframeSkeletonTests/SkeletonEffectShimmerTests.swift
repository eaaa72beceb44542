import Testing
@testable import GhostframeSkeleton
import GhostframeCore

/// Shimmer, research §1.4: per element, over one sweep of D seconds, `e = Ein(frac((t − start)/D))`
/// with Ein = cubic-bezier(0.42, 0, 1, 1); each point moves `from + (to − from)·e` along the
/// direction's table. ToRight: start.x = −1 + 2e, end.x = start.x + 1; at unit x the gradient
/// position is `u = clamp(x − start.x, 0, 1)` and the colour `mix(base, hi, 1 − |2u − 1|)` with
/// hi = base × 0.92 (HSB brightness); base = TABAnimated's shimmerBackColor 0xDFDFDF (the
/// default `shimmerColor`; before issue 29 the bone's 0xEEEEEE). Ein comes from an independent bisection (fxEaseIn);
/// tolerance 1e-9 for unit-space values and colours, 1e-7 for positions in points (the
/// library's cubic-bezier solver is accurate to ~1e-11, times the 600 pt a shared band travels).
@Suite("Skeleton effects: shimmer")
struct SkeletonEffectShimmerTests {
  /// The default shimmer base, TABAnimated's `shimmerBackColor` (was the bone's 0xEEEEEE).
  let base = Color(rgb: 0xDFDFDF)
  /// HSB brightness × 0.92 of a grey: every channel × 0.92.
  var hi: Color { Color(red: base.red * 0.92, green: base.green * 0.92, blue: base.blue * 0.92) }

  func shimmer(_ edit: (inout ResolvedSkeletonStyle) -> Void = { _ in }) -> ResolvedSkeletonStyle {
    fxStyle(.shimmer, edit)
  }

  @Test("per element at t = 0, 0.75, 1.5 (D = 1.5): start/end points and gradient colours")
  func perElement() throws {
    let style = shimmer()
    let scene = try fxSkeleton([fxBone(0, 10, 10, 100, 20, style: style)], style: style).scene()
    let layer = try #require(scene.layers.last?.gradient)
    #expect(layer.colors.count == 3 && fxSame(layer.colors[0], base) && fxSame(layer.colors[1], hi)
      && fxSame(layer.colors[2], base))
    #expect(layer.locations == [0, 0.5, 1])
    for (t, e) in [(0.0, 0.0), (0.75, fxEaseIn(0.5)), (1.5, 0.0), (2.25, fxEaseIn(0.5)), (0.3, fxEaseIn(0.2))] {
      let s = try #require(fxStates(scene, at: t)["bone:0"])
      let sx = -1 + 2 * e
      #expect(abs(s.gradientStart.x - sx) < 1e-9 && s.gradientStart.y == 0.5, "t = \(t)")
      #expect(abs(s.gradientEnd.x - (sx + 1)) < 1e-9 && s.gradientEnd.y == 0.5, "t = \(t)")
      #expect(s.gradientStopCount == 3 && s.flags.contains(.gradient))
      // The fill under the gradient stays the bone's colour (TABAnimated's backgroundColor =
      // animatedColor under the gradient's colours).
      #expect(fxSame(fxFill(s), Color(rgb: 0xEEEEEE)))
      for x in stride(from: 0.0, through: 1.0, by: 0.1) {
        let u = min(max(x - sx, 0), 1)
        let expected = fxMix(base, hi, 1 - abs(2 * u - 1))
        #expect(fxSame(fxGradientColor(s, at: Point(x: x, y: 0.5)), expected), "t = \(t), x = \(x)")
      }
    }
    // Hand value at t = 0.75: Ein(0.5) = 0.3153568125725…, so start.x = −0.3692863748549.
    let mid = try #require(fxStates(scene, at: 0.75)["bone:0"])
    #expect(abs(mid.gradientStart.x - -0.3692863748549) < 1e-9)
    // Timing: one group, ease-in, forever.
    let animation = try #require(fxAnimation(scene, "bone:0", "shimmer"))
    #expect(animation.timing.duration == 1.5 && animation.timing.iterations == .infinity)
    #expect(animation.timing.easing == .easeIn)
  }

  @Test("every direction and its right-to-left mirror", arguments: SkeletonStyle.Direction.allCases, [false, true])
  func directions(direction: SkeletonStyle.Direction, rightToLeft: Bool) throws {
    // (start from, start to, end from, end to) as TABAnimated's table; RTL swaps right and left
    // and mirrors the diagonal (x → 1 − x).
    typealias P = (Double, Double)
    let table: [SkeletonStyle.Direction: (P, P, P, P)] = [
      .right: ((-1, 0.5), (1, 0.5), (0, 0.5), (2, 0.5)),
      .left: ((1, 0.5), (-1, 0.5), (2, 0.5), (0, 0.5)),
      .down: ((0.5, -1), (0.5, 1), (0.5, 0), (0.5, 2)),
      .up: ((0.5, 1), (0.5, -1), (0.5, 2), (0.5, 0)),
      .diagonal: ((-1, -1), (1, 1), (0, 0), (2, 2)),
    ]
    var row = table[direction]!
    if rightToLeft {
      switch direction {
      case .right: row = table[.left]!
      case .left: row = table[.right]!
      case .diagonal: row = ((2, -1), (0, 1), (1, 0), (-1, 2))
      case .up, .down: break
      }
    }
    let style = shimmer { $0.shimmerDirection = direction; $0.rightToLeft = rightToLeft }
    let scene = try fxSkeleton([fxBone(0, 10, 10, 100, 20, style: style)], style: style).scene()
    for t in [0.0, 0.6, 1.2] {
      let e = fxEaseIn(t / 1.5)
      let s = try #require(fxStates(scene, at: t)["bone:0"])
      let start = (row.0.0 + (row.1.0 - row.0.0) * e, row.0.1 + (row.1.1 - row.0.1) * e)
      let end = (row.2.0 + (row.3.0 - row.2.0) * e, row.2.1 + (row.3.1 - row.2.1) * e)
      #expect(abs(s.gradientStart.x - start.0) < 1e-9 && abs(s.gradientStart.y - start.1) < 1e-9, "t = \(t)")
      #expect(abs(s.gradientEnd.x - end.0) < 1e-9 && abs(s.gradientEnd.y - end.1) < 1e-9, "t = \(t)")
    }
  }

  @Test("right-to-left: the band moves leftwards (the highlight's unit x decreases)")
  func rightToLeftMotion() throws {
    let style = shimmer { $0.rightToLeft = true }
    let scene = try fxSkeleton([fxBone(0, 0, 0, 100, 20, style: style)], style: style).scene()
    // The highlight sits at the middle of start → end.
    func peak(_ t: Double) throws -> Double {
      let s = try #require(fxStates(scene, at: t)["bone:0"])
      return (s.gradientStart.x + s.gradientEnd.x) / 2
    }
    #expect(try peak(0) == 1.5)
    #expect(try peak(0.5) > peak(1.0))
    #expect(abs(try peak(1.0) - (1.5 - 2 * fxEaseIn(1 / 1.5))) < 1e-9)
  }

  @Test("shared sweep: two bones at different x see the band at the same root x")
  func shared() throws {
    // W = 300. The band in root space: start S = −W + 2W·e, end S + W, peak S + W/2. A layer at
    // x with width w has startPoint.x from (−W − x)/w to (W − x)/w, endPoint.x from −x/w to
    // (2W − x)/w; at root X the gradient position is (X − S)/W for every bone.
    let style = shimmer { $0.shimmerSpace = .shared }
    let a = fxBone(0, 20, 10, 100, 20, style: style)
    let b = fxBone(1, 180, 60, 60, 10, style: style)
    let scene = try fxSkeleton([a, b], style: style).scene()
    let w = 300.0
    for t in [0.0, 0.4, 0.75, 1.1] {
      let e = fxEaseIn(t / 1.5)
      let band = -w + 2 * w * e
      let states = fxStates(scene, at: t)
      for bone in [a, b] {
        let s = try #require(states["bone:\(bone.index)"])
        let x = bone.frame.x, bw = bone.frame.width
        #expect(abs(s.gradientStart.x - (band - x) / bw) < 1e-9, "t = \(t)")
        #expect(abs(s.gradientEnd.x - (band + w - x) / bw) < 1e-9, "t = \(t)")
        #expect(s.gradientStart.y == 0.5 && s.gradientEnd.y == 0.5)
        // The peak's root x is the same for both bones.
        let peak = x + bw * (s.gradientStart.x + s.gradientEnd.x) / 2
        #expect(abs(peak - (band + w / 2)) < 1e-7, "t = \(t)")
        // The colour at a root x inside the bone.
        for rootX in stride(from: x, through: x + bw, by: bw / 4) {
          let u = min(max((rootX - band) / w, 0), 1)
          let expected = fxMix(base, hi, 1 - abs(2 * u - 1))
          #expect(fxSame(fxGradientColor(s, at: Point(x: (rootX - x) / bw, y: 0.5)), expected))
        }
      }
    }
    // Before the start both bones are wholly the base colour (the band is left of the root).
    let before = try #require(fxStates(scene, at: 0)["bone:1"])
    #expect(fxSame(fxGradientColor(before, at: Point(x: 0, y: 0.5)), base))
  }

  @Test("shared sweep, vertical and right-to-left")
  func sharedVertical() throws {
    // H = 200; a layer at y with height h: startPoint.y from (−H − y)/h to (H − y)/h.
    let down = shimmer { $0.shimmerSpace = .shared; $0.shimmerDirection = .down }
    let scene = try fxSkeleton([fxBone(0, 20, 50, 100, 20, style: down)], style: down).scene()
    let e = fxEaseIn(0.5)
    let s = try #require(fxStates(scene, at: 0.75)["bone:0"])
    #expect(abs(s.gradientStart.y - (-200 - 50 + 400 * e) / 20) < 1e-9 && s.gradientStart.x == 0.5)
    #expect(abs(s.gradientEnd.y - (0 - 50 + 400 * e) / 20) < 1e-9 && s.gradientEnd.x == 0.5)
    // RTL: startPoint.x from (W − x)/w to (−W − x)/w.
    let rtl = shimmer { $0.shimmerSpace = .shared; $0.rightToLeft = true }
    let mirrored = try fxSkeleton([fxBone(0, 20, 50, 100, 20, style: rtl)], style: rtl).scene()
    let m = try #require(fxStates(mirrored, at: 0.75)["bone:0"])
    #expect(abs(m.gradientStart.x - (300 - 20 - 600 * e) / 100) < 1e-9)
  }

  @Test("speed in points per second: duration = distance / speed")
  func speed() throws {
    // Per element: 2 × width (horizontal), 2 × height (vertical), 2 × diagonal; shared: 2 × the
    // viewport's. Speed 200 pt/s.
    func duration(_ edit: @escaping (inout ResolvedSkeletonStyle) -> Void, width: Double = 100) throws -> Double {
      let style = shimmer { $0.shimmerSpeed = 200; edit(&$0) }
      let scene = try fxSkeleton([fxBone(0, 10, 10, width, 20, style: style)], style: style).scene()
      return try #require(fxAnimation(scene, "bone:0", "shimmer")).timing.duration
    }
    #expect(try duration({ _ in }) == 1)  // 2 × 100 / 200
    #expect(try duration({ _ in }, width: 50) == 0.5)
    #expect(try duration({ $0.shimmerDirection = .up }) == 0.2)  // 2 × 20 / 200
    #expect(abs(try duration({ $0.shimmerDirection = .diagonal }) - 2 * (100.0 * 100 + 20 * 20).squareRoot() / 200) < 1e-12)
    #expect(try duration({ $0.shimmerSpace = .shared }) == 3)  // 2 × 300 / 200
    #expect(try duration({ $0.shimmerSpace = .shared; $0.shimmerDirection = .down }) == 2)  // 2 × 200 / 200
    // The sweep really takes that long: halfway through a 1 s sweep, e = Ein(0.5).
    let style = shimmer { $0.shimmerSpeed = 200 }
    let scene = try fxSkeleton([fxBone(0, 10, 10, 100, 20, style: style)], style: style).scene()
    let s = try #require(fxStates(scene, at: 0.5)["bone:0"])
    #expect(abs(s.gradientStart.x - (-1 + 2 * fxEaseIn(0.5))) < 1e-9)
  }

  @Test("withoutAnimation bones and bones with their own gradient do not shimmer; start time offsets")
  func exclusions() throws {
    let style = shimmer()
    let bones = [
      fxBone(0, 0, 0, 50, 10, style: style) { $0.withoutAnimation = true },
      fxBone(1, 0, 20, 50, 10, style: style) { $0.gradient = [.white, .black] },
      fxBone(2, 0, 40, 50, 10, style: style),
    ]
    let scene = try fxSkeleton(bones, style: style).scene(startTime: 2)
    #expect(scene.animations.map(\.layer) == ["bone:2"])
    #expect(scene.layers[2].gradient == nil)
    #expect(scene.layers[3].gradient?.colors == [.white, .black])
    // Starts at 2: at 2.75 it is where an unshifted sweep is at 0.75.
    let s = try #require(fxStates(scene, at: 2.75)["bone:2"])
    #expect(abs(s.gradientStart.x - (-1 + 2 * fxEaseIn(0.5))) < 1e-9)
    #expect(try #require(fxStates(scene, at: 1)["bone:2"]).gradientStart.x == -1)
  }

  @Test("dark palette: highlight = base with brightness × 0.5; a highlight never exceeds full brightness")
  func highlight() {
    let dark = Color(rgb: 0x282828)
    #expect(fxSame(Skeleton.shimmerHighlight(dark, brightness: 0.5),
                   Color(red: dark.red / 2, green: dark.green / 2, blue: dark.blue / 2)))
    // A coloured base keeps hue and saturation: channel ratios unchanged.
    let blue = Color(red: 0.2, green: 0.4, blue: 0.8, alpha: 0.5)
    #expect(fxSame(Skeleton.shimmerHighlight(blue, brightness: 0.5), Color(red: 0.1, green: 0.2, blue: 0.4, alpha: 0.5)))
    #expect(fxSame(Skeleton.shimmerHighlight(blue, brightness: 2), Color(red: 0.25, green: 0.5, blue: 1, alpha: 0.5)))
    #expect(Skeleton.shimmerHighlight(.black, brightness: 0.92) == .black)
  }
}
