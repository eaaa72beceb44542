import Testing
@testable import GhostframeSkeleton
import GhostframeCore

/// Long / short, research §1.4: transform.scale.x from 1 to 1.9 (long) or 0.6 (short), one leg
/// of 1 s (the seed's duration), ease-in-out, autoreverse, forever: `s = 1 + (to − 1)·Eio(leg)`,
/// the leg's progress forwards on even legs and backwards on odd ones. The drawn width is
/// `w·s`; the left edge stays put (the right edge in right-to-left). Eio from independent
/// bisection; tolerance 1e-9 for scales, 1e-7 for positions in points (the library's
/// cubic-bezier solver is accurate to ~1e-11).
@Suite("Skeleton effects: long / short")
struct SkeletonEffectLengthTests {
  func scale(_ t: Double, to: Double, leg: Double = 1) -> Double {
    1 + (to - 1) * fxAutoreverse(t, leg: leg, fxEaseInOut)
  }

  @Test("long and short: widths at chosen t, the left edge fixed", arguments: [
    (Bone.LengthAnimation.long, 1.9), (.short, 0.6),
  ])
  func widths(kind: Bone.LengthAnimation, to: Double) throws {
    let style = fxStyle()
    let section = Skeleton.Container(group: "s", frame: Rect(x: 15, y: 40, width: 280, height: 150),
                                     color: .white, cornerRadius: 0, style: style)
    let bone = fxBone(0, 30, 50, 100, 20, style: style, group: "s") { $0.lengthAnimation = kind }
    let scene = try fxSkeleton([bone], style: style, containers: [section]).scene()
    #expect(scene.layers[2].anchorPoint == Point(x: 0, y: 0.5))
    for t in [0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 2.6] {
      let s = try #require(fxStates(scene, at: t)["bone:0"])
      let expected = scale(t, to: to)
      #expect(abs(s.transform.a - expected) < 1e-9, "t = \(t)")
      // Drawn in root coordinates: left edge at 30, right edge at 30 + 100·s, y unchanged.
      let left = s.transform.apply(to: Point(x: 0, y: 0)), right = s.transform.apply(to: Point(x: 100, y: 20))
      #expect(abs(left.x - 30) < 1e-7 && abs(left.y - 50) < 1e-7)
      #expect(abs(right.x - (30 + 100 * expected)) < 1e-7 && abs(right.y - 70) < 1e-7)
      // The frame itself is untouched.
      #expect([s.x, s.y, s.width, s.height] == [30, 50, 100, 20])
    }
    // Hand values: at the turn (t = 1) the full scale; at t = 0.5 and 1.5, Eio = 0.5.
    let half = try #require(fxStates(scene, at: 0.5)["bone:0"])
    #expect(abs(half.transform.a * 100 - 100 * (1 + (to - 1) / 2)) < 1e-7)
    let turn = try #require(fxStates(scene, at: 1)["bone:0"])
    #expect(abs(turn.transform.a - to) < 1e-9)
  }

  @Test("right-to-left: the right edge stays put; duration and scales from the style")
  func rightToLeft() throws {
    let style = fxStyle { $0.rightToLeft = true; $0.lengthDuration = 0.5; $0.longScale = 3 }
    let bone = fxBone(0, 30, 50, 100, 20, style: style) { $0.lengthAnimation = .long }
    let scene = try fxSkeleton([bone], style: style).scene()
    #expect(scene.layers[2].anchorPoint == Point(x: 1, y: 0.5))
    for t in [0.1, 0.25, 0.5, 0.8] {
      let s = try #require(fxStates(scene, at: t)["bone:0"])
      let expected = scale(t, to: 3, leg: 0.5)
      #expect(abs(s.transform.apply(to: Point(x: 100, y: 0)).x - 130) < 1e-7)
      #expect(abs(s.transform.apply(to: .zero).x - (130 - 100 * expected)) < 1e-7, "t = \(t)")
    }
  }

  @Test("every line of a multi-line bone stretches; it composes with an effect")
  func linesAndEffects() throws {
    let style = fxStyle(.shimmer)
    let bone = fxBone(3, 10, 10, 200, 60, style: style, lines: 3) { $0.lengthAnimation = .short }
    let frames = bone.lineFrames()
    let scene = try fxSkeleton([bone], style: style).scene()
    let keys = scene.animations.map { "\($0.layer) \($0.key ?? "")" }
    for line in frames.indices {
      #expect(keys.contains("bone:3:line:\(line) length") && keys.contains("bone:3:line:\(line) shimmer"))
      let s = try #require(fxStates(scene, at: 0.5)["bone:3:line:\(line)"])
      #expect(abs(s.transform.a - 0.8) < 1e-9)
      #expect(abs(s.transform.apply(to: .zero).x - frames[line].x) < 1e-7)
    }
  }
}
