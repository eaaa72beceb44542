import Testing
@testable import GhostframeSkeleton
import GhostframeCore

/// Breathe (research §1.4, "bin"): opacity 1.1 → 0.6 over one leg of 1 s, ease-in, autoreverse,
/// forever; sampled `o = min(1, 1.1 − 0.5·Ein(leg))` where the leg's progress runs forwards on
/// even legs and backwards on odd ones (period 2 s). The reduced-motion cross-fade: 1 → 0.7 over
/// 2 s, ease-in-out, autoreverse: `o = 1 − 0.3·Eio(leg)`. Curves from independent bisection;
/// tolerance 1e-9.
@Suite("Skeleton effects: breathe, cascade, reduced motion")
struct SkeletonEffectOpacityTests {
  func breathe(_ t: Double, duration: Double = 1) -> Double {
    min(1, 1.1 - 0.5 * fxAutoreverse(t, leg: duration, fxEaseIn))
  }

  @Test("breathe: the root's opacity at several t, clamped while the over-range start exceeds 1")
  func breatheRoot() throws {
    let style = fxStyle(.breathe)
    let scene = try fxSkeleton([fxBone(0, 10, 10, 100, 20, style: style)], style: style).scene()
    #expect(scene.animations.map(\.layer) == ["skeleton"])
    for t in [0.0, 0.2, 0.39, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 2.5, 3.3] {
      let states = fxStates(scene, at: t)
      let expected = breathe(t)
      #expect(abs(states["skeleton"]!.opacity - expected) < 1e-9, "t = \(t)")
      // The whole skeleton follows: containers and bones inherit the root's opacity.
      #expect(abs(states["container:root"]!.opacity - expected) < 1e-9)
      #expect(abs(states["bone:0"]!.opacity - expected) < 1e-9)
    }
    // Hand values: clamped at the start (1.1 → 1) and until Ein > 0.2 (t ≈ 0.39 s); at
    // t = 0.5, 1.1 − 0.5 × 0.3153568 = 0.9423216; at the turn (t = 1), 0.6; t = 1.5 mirrors 0.5.
    let at = { (t: Double) in fxStates(scene, at: t)["skeleton"]!.opacity }
    #expect(at(0) == 1 && at(0.2) == 1)
    #expect(abs(at(0.5) - 0.94232159371373) < 1e-9)
    #expect(abs(at(1) - 0.6) < 1e-9)
    #expect(abs(at(1.5) - at(0.5)) < 1e-9)
    // The raw value before the clamp is TABAnimated's 1.1.
    let opacity = try AnimatableProperty(keyPath: "opacity")
    #expect(abs(scene.compiled().presentationValue(of: opacity, layer: 0, at: 0)[0] - 1.1) < 1e-12)
    let animation = try #require(fxAnimation(scene, "skeleton", "breathe"))
    #expect(animation.timing.easing == .easeIn && animation.timing.direction == .alternate)
  }

  @Test("breathe duration from the style")
  func breatheDuration() throws {
    let style = fxStyle(.breathe) { $0.breatheDuration = 2 }
    let scene = try fxSkeleton([], style: style).scene()
    for t in [0.5, 1.0, 2.0, 3.0] {
      #expect(abs(fxStates(scene, at: t)["skeleton"]!.opacity - breathe(t, duration: 2)) < 1e-9)
    }
  }

  @Test("cascade: a container with its own effect; the rest breathe per container")
  func containerWithOwnEffect() throws {
    let global = fxStyle(.breathe)
    let list = fxStyle(.shimmer)
    let containers = [
      Skeleton.Container(group: "root", frame: Rect(x: 0, y: 0, width: 300, height: 200), color: .white,
                         cornerRadius: 0, style: global),
      Skeleton.Container(group: "LIST/section/0", frame: Rect(x: 0, y: 100, width: 300, height: 100),
                         color: .white, cornerRadius: 0, style: list),
    ]
    let bones = [
      fxBone(0, 10, 10, 100, 20, style: global),
      fxBone(1, 10, 110, 100, 20, style: list, group: "LIST/section/0"),
    ]
    let scene = try fxSkeleton(bones, style: global, containers: containers).scene()
    #expect(scene.animations.map { "\($0.layer) \($0.key ?? "")" } == [
      "container:root breathe", "bone:1 shimmer",
    ])
    let states = fxStates(scene, at: 1)
    #expect(states["skeleton"]!.opacity == 1)
    #expect(abs(states["bone:0"]!.opacity - 0.6) < 1e-9)
    #expect(states["bone:1"]!.opacity == 1)
    #expect(states["bone:1"]!.gradientStopCount == 3)
  }

  @Test("cascade: only one section breathes; a lone bone that asks for it breathes alone")
  func sectionAndBoneLevels() throws {
    let global = fxStyle()
    let breathing = fxStyle(.breathe) { $0.breatheDuration = 0.5 }
    let containers = [
      Skeleton.Container(group: "root", frame: Rect(x: 0, y: 0, width: 300, height: 200), color: .white,
                         cornerRadius: 0, style: global),
      Skeleton.Container(group: "s", frame: Rect(x: 0, y: 100, width: 300, height: 100), color: .white,
                         cornerRadius: 0, style: breathing),
    ]
    let bones = [
      fxBone(0, 10, 10, 100, 20, style: global),
      fxBone(1, 10, 40, 100, 20, style: breathing),  // element level, in the static root container
      fxBone(2, 10, 110, 100, 20, style: breathing, group: "s"),  // breathes with its section
    ]
    let scene = try fxSkeleton(bones, style: global, containers: containers).scene()
    #expect(scene.animations.map(\.layer) == ["container:s", "bone:1"])
    let states = fxStates(scene, at: 0.5)
    #expect(states["bone:0"]!.opacity == 1)
    #expect(abs(states["bone:1"]!.opacity - 0.6) < 1e-9)
    #expect(abs(states["container:s"]!.opacity - 0.6) < 1e-9 && abs(states["bone:2"]!.opacity - 0.6) < 1e-9)
  }

  @Test("reduced motion .static: no animation at all, no gradient")
  func reducedStatic() throws {
    for effect in SkeletonStyle.Effect.allCases {
      let style = fxStyle(effect) { $0.reducedMotion = .static }
      let bones = [
        fxBone(0, 10, 10, 100, 20, style: style) { $0.lengthAnimation = .long },
        fxBone(1, 10, 40, 100, 20, style: style),
      ]
      let scene = try fxSkeleton(bones, style: style).scene()
      #expect(scene.animations.isEmpty, "\(effect)")
      #expect(scene.layers.allSatisfy { $0.gradient == nil && $0.anchorPoint == Point(x: 0.5, y: 0.5) })
      let states = fxStates(scene, at: 0.7)
      #expect(states["bone:0"]!.opacity == 1 && states["bone:0"]!.transform.a == 1)
    }
  }

  @Test("reduced motion .crossFade: every effect becomes the root's slow pulse 1 → 0.7 (2 s, ease-in-out)")
  func reducedCrossFade() throws {
    for effect in [SkeletonStyle.Effect.shimmer, .breathe, .drop] {
      let style = fxStyle(effect) { $0.reducedMotion = .crossFade }
      let bones = [
        fxBone(0, 10, 10, 100, 20, style: style) { $0.lengthAnimation = .short },
        fxBone(1, 10, 40, 100, 20, style: style),
      ]
      let scene = try fxSkeleton(bones, style: style).scene()
      #expect(scene.animations.map { "\($0.layer) \($0.key ?? "")" } == ["skeleton crossFade"], "\(effect)")
      #expect(scene.layers.allSatisfy { $0.gradient == nil })
      for t in [0.0, 0.5, 1.0, 2.0, 3.0, 4.0, 5.5] {
        let expected = 1 - 0.3 * fxAutoreverse(t, leg: 2, fxEaseInOut)
        let states = fxStates(scene, at: t)
        #expect(abs(states["skeleton"]!.opacity - expected) < 1e-9, "\(effect) t = \(t)")
        #expect(fxSame(fxFill(states["bone:1"]!), Color(rgb: 0xEEEEEE)))
        #expect(states["bone:0"]!.transform.a == 1)
      }
      // Hand values: Eio(0.5) = 0.5, so 0.85 at t = 1 and t = 3; 0.7 at the turn (t = 2).
      #expect(abs(fxStates(scene, at: 1)["skeleton"]!.opacity - 0.85) < 1e-9)
      #expect(abs(fxStates(scene, at: 2)["skeleton"]!.opacity - 0.7) < 1e-9)
    }
    // A static skeleton has nothing to replace.
    let still = fxStyle(.none) { $0.reducedMotion = .crossFade }
    #expect(try fxSkeleton([fxBone(0, 0, 0, 1, 1, style: still)], style: still).scene().animations.isEmpty)
  }

  @Test("reduced motion cascades: one section cross-fades, the other keeps its shimmer")
  func reducedMotionPerSection() throws {
    let global = fxStyle(.shimmer)
    let calm = fxStyle(.shimmer) { $0.reducedMotion = .crossFade }
    let containers = [
      Skeleton.Container(group: "a", frame: Rect(x: 0, y: 0, width: 300, height: 100), color: .white,
                         cornerRadius: 0, style: global),
      Skeleton.Container(group: "b", frame: Rect(x: 0, y: 100, width: 300, height: 100), color: .white,
                         cornerRadius: 0, style: calm),
    ]
    let bones = [
      fxBone(0, 10, 10, 100, 20, style: global, group: "a"),
      fxBone(1, 10, 110, 100, 20, style: calm, group: "b"),
    ]
    let scene = try fxSkeleton(bones, style: global, containers: containers).scene()
    #expect(scene.animations.map { "\($0.layer) \($0.key ?? "")" } == ["container:b crossFade", "bone:0 shimmer"])
  }
}
