import Foundation
import GhostframeCore
import Testing
@testable import GhostframeTools

/// The preload overlay against hand-computed values and, between them, a closed-form reference
/// for Core Animation's cubic-bezier curves: x(s) = t solved with Cardano's formula (the
/// trigonometric form for three real roots), then y(s). The engine solves x(s) = t by Newton and
/// bisection, so this is a second algorithm. The engine stops when |X(u) − x| < 1e-7, so eased
/// progress is compared within 1e-6 (slopes on these curves stay well under 10), and a value
/// that moves by up to 20 points within 2e-5; values that no curve reaches are compared within
/// 1e-9. The default geometry and timing are JESRefreshIcon's constants, written out here.
@Suite("Preload overlay")
struct PreloadOverlayTests {
  static let tolerance = 1e-9
  /// Eased progress: the engine's 1e-7 solver stop times a slope under 10.
  static let curveTolerance = 1e-6
  /// A value travelling up to 20 points along a curve (the default jump is 14).
  static let positionTolerance = 20 * curveTolerance

  /// A cubic bezier `(x1, y1, x2, y2)` at progress `t`, by the closed form.
  static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ t: Double) -> Double {
    // x(s) = a s³ + b s² + c s with a = 1 + 3x1 − 3x2, b = 3x2 − 6x1, c = 3x1; solve x(s) − t = 0.
    if t <= 0 { return 0 }
    if t >= 1 { return 1 }
    let a = 1 + 3 * x1 - 3 * x2, b = 3 * x2 - 6 * x1, c = 3 * x1, d = -t
    var roots: [Double] = []
    if abs(a) < 1e-14 {
      if abs(b) < 1e-14 { roots = [-d / c] } else {
        let disc = (c * c - 4 * b * d).squareRoot()
        roots = [(-c + disc) / (2 * b), (-c - disc) / (2 * b)]
      }
    } else {
      // Depressed cubic u³ + p u + q = 0 with s = u − b / 3a.
      let p = (3 * a * c - b * b) / (3 * a * a)
      let q = (2 * b * b * b - 9 * a * b * c + 27 * a * a * d) / (27 * a * a * a)
      let shift = -b / (3 * a)
      let delta = q * q / 4 + p * p * p / 27
      if delta > 0 {
        let r = delta.squareRoot()
        let first: Double = cbrt(-q / 2 + r)
        let second: Double = cbrt(-q / 2 - r)
        roots = [first + second + shift]
      } else {
        let m = 2 * (-p / 3).squareRoot()
        let theta = acos(max(-1, min(1, 3 * q / (p * m)))) / 3
        for k in 0..<3 {
          let angle: Double = theta - 2 * Double.pi * Double(k) / 3
          roots.append(m * cos(angle) + shift)
        }
      }
    }
    let s = roots.filter { $0 >= -1e-9 && $0 <= 1 + 1e-9 }.min(by: { abs($0 - 0.5) < abs($1 - 0.5) }) ?? .nan
    let u = 1 - s
    return 3 * u * u * s * y1 + 3 * u * s * s * y2 + s * s * s
  }

  static func easeOut(_ t: Double) -> Double { bezier(0, 0, 0.58, 1, t) }
  static func easeIn(_ t: Double) -> Double { bezier(0.42, 0, 1, 1, t) }
  static func easeInOut(_ t: Double) -> Double { bezier(0.42, 0, 0.58, 1, t) }

  func state(_ overlay: PreloadOverlay, _ id: String, at t: Double) throws -> LayerState {
    let index = try #require(overlay.scene.index(ofLayer: id))
    return overlay.scene.sample(at: t)[index]
  }

  /// The marker's `position.y` in the loading view at `t`.
  func markerY(_ overlay: PreloadOverlay, at t: Double) throws -> Double {
    let index = try #require(overlay.scene.index(ofLayer: PreloadOverlay.LayerID.marker))
    return overlay.scene.presentationValue(of: try AnimatableProperty(keyPath: "position.y"), layer: index, at: t)[0]
  }

  @Test("the reference agrees with the hand-computed midpoints of the curves")
  func referenceMidpoints() {
    // s = 1/2: ease-out x = 3·½·¼·0.58 + ⅛ = 0.3425, ease-in x = 3·¼·½·0.42 + 3·½·¼ + ⅛ = 0.6575,
    // ease-in-out x = ½; y = ½ for all three.
    #expect(abs(Self.easeOut(0.3425) - 0.5) < 1e-12)
    #expect(abs(Self.easeIn(0.6575) - 0.5) < 1e-12)
    #expect(abs(Self.easeInOut(0.5) - 0.5) < 1e-12)
    for x in stride(from: 0.0, through: 1.0, by: 0.05) {
      #expect(abs(Self.easeOut(x) - Curve.easeOut(x)) < Self.curveTolerance)
      #expect(abs(Self.easeIn(x) - Curve.easeIn(x)) < Self.curveTolerance)
      #expect(abs(Self.easeInOut(x) - Curve.easeInOut(x)) < Self.curveTolerance)
    }
  }

  @Test("the layers cover the bounds and centre the loading view as the seed does")
  func centring() throws {
    let overlay = try PreloadOverlay(width: 375, height: 667)
    let background = try state(overlay, PreloadOverlay.LayerID.background, at: 0)
    #expect([background.x, background.y, background.width, background.height] == [0, 0, 375, 667])
    #expect([background.red, background.green, background.blue, background.alpha] == [1, 1, 1, 1])
    // JESRefreshIcon: a 32-point icon. Centre (375 / 2, (667 − 32) / 2) = (187.5, 317.5); frame
    // origin (171.5, 301.5).
    #expect(overlay.loadingCenter == Point(x: 187.5, y: 317.5))
    let loading = try state(overlay, PreloadOverlay.LayerID.loading, at: 0)
    #expect([loading.x, loading.y, loading.width, loading.height] == [171.5, 301.5, 32, 32])
    // Marker at rest: the icon's (3, 0, 32 − 2·3, 32 − 2·3) → frame (174.5, 301.5, 26, 26).
    let marker = try state(overlay, PreloadOverlay.LayerID.marker, at: 0)
    #expect([marker.x, marker.y, marker.width, marker.height] == [174.5, 301.5, 26, 26])
    // Shadow: the icon's (3, 32 − 3, 26, 3) → (174.5, 330.5, 26, 3).
    let shadow = try state(overlay, PreloadOverlay.LayerID.shadow, at: 0)
    #expect([shadow.x, shadow.y, shadow.width, shadow.height] == [174.5, 330.5, 26, 3])
    // Another geometry and colour: 200 × 100 with a 40 × 20 loading view: centre (100, 40).
    let other = try PreloadOverlay(width: 200, height: 100, parameters: PreloadParameters(
      backgroundColor: Color(red: 0.2, green: 0.3, blue: 0.4), loadingWidth: 40, loadingHeight: 20, markerWidth: 6,
      markerHeight: 6, shadowWidth: 6, shadowHeight: 2, jumpHeight: 10))
    let l2 = try state(other, PreloadOverlay.LayerID.loading, at: 0)
    #expect([l2.x, l2.y, l2.width, l2.height] == [80, 30, 40, 20])
    let b2 = try state(other, PreloadOverlay.LayerID.background, at: 0)
    #expect([b2.red, b2.green, b2.blue] == [0.2, 0.3, 0.4])
  }

  @Test("the marker rises with ease-out and falls with ease-in, cycle after cycle")
  func markerJump() throws {
    let overlay = try PreloadOverlay(width: 375, height: 667)
    // JESRefreshIcon: rest 26 / 2 = 13, top 13 − 14 = −1; rise 0.235 s, fall 0.475 s, cycle 0.71 s.
    let hand: [(Double, Double)] = [(0, 13), (0.235 * 0.3425, 6), (0.235, -1), (0.235 + 0.475 * 0.6575, 6)]
    for (t, y) in hand {
      #expect(abs(try markerY(overlay, at: t) - y) < Self.positionTolerance, "t = \(t)")
    }
    for cycle in [0.0, 1, 7, 1000] {
      for local in stride(from: 0.0, to: 0.71, by: 0.05) {
        let expected = local <= 0.235
          ? 13 - 14 * Self.easeOut(local / 0.235) : -1 + 14 * Self.easeIn((local - 0.235) / 0.475)
        let t = cycle * 0.71 + local
        #expect(abs(try markerY(overlay, at: t) - expected) < Self.positionTolerance, "t = \(t)")
      }
    }
    // The sampled frame follows: top edge = 301.5 + y − 13, 14 points above the icon at the top.
    let s = try state(overlay, PreloadOverlay.LayerID.marker, at: 0.235)
    #expect(abs(s.y - (301.5 - 14)) < Self.tolerance)
    // Before the group begins (begin time 2), the model value.
    let late = try PreloadOverlay(width: 375, height: 667, parameters: PreloadParameters(beginTime: 2))
    #expect(try markerY(late, at: 1.9) == 13)
    #expect(abs(try markerY(late, at: 2.235) - -1) < Self.tolerance)
  }

  @Test("a default overlay moves exactly as one given JESRefreshIcon's constants")
  func originalConstants() throws {
    // JESRefreshIcon: iconSize 32, markedSpacing 3, shadowHeight 3, maxOffsetY 14,
    // jumpDuration 0.235, downDuration 0.475, shadowScale 1.6.
    let iconSize = 32.0, spacing = 3.0, shadowHeight = 3.0, maxOffsetY = 14.0
    let up = 0.235, down = 0.475, shadowScale = 1.6
    let side = iconSize - 2 * spacing
    let given = try PreloadOverlay(width: 375, height: 667, parameters: PreloadParameters(
      loadingWidth: iconSize, loadingHeight: iconSize, markerWidth: side, markerHeight: side, shadowWidth: side,
      shadowHeight: shadowHeight, shadowNarrowing: 1 / shadowScale, jumpHeight: maxOffsetY, jumpDuration: up,
      downDuration: down))
    let defaults = try PreloadOverlay(width: 375, height: 667)
    #expect(defaults.parameters == given.parameters)
    // The icon's top-left corner in the background: the loading view centred as the seed does.
    let iconX = 375 / 2 - iconSize / 2, iconY = (667 - iconSize) / 2 - iconSize / 2
    for t in stride(from: 0.0, through: 3, by: 0.0371) {
      #expect(defaults.scene.sample(at: t) == given.scene.sample(at: t), "t = \(t)")
      // The original's layers: the marker's centre y goes from side / 2 up by maxOffsetY
      // (ease-out over `up`) and back (ease-in over `down`); the shadow's width from the
      // marker's width to width / shadowScale and back, around its centre.
      let local = t.truncatingRemainder(dividingBy: up + down)
      let rise = local <= up ? Self.easeOut(local / up) : 1 - Self.easeIn((local - up) / down)
      let marker = try state(defaults, PreloadOverlay.LayerID.marker, at: t)
      #expect(abs(marker.x - (iconX + spacing)) < Self.tolerance)
      #expect(abs(marker.y - (iconY - maxOffsetY * rise)) < Self.positionTolerance, "t = \(t)")
      #expect(marker.width == side && marker.height == side)
      let shadow = try state(defaults, PreloadOverlay.LayerID.shadow, at: t)
      let width = side + (side / shadowScale - side) * rise
      #expect(abs(shadow.width - width) < Self.positionTolerance, "t = \(t)")
      #expect(abs(shadow.x + shadow.width / 2 - (iconX + spacing + side / 2)) < Self.tolerance)
      #expect(shadow.y == iconY + iconSize - shadowHeight && shadow.height == shadowHeight)
    }
  }

  @Test("the group is the seed's: forever, fill forwards, linear, kept on completion")
  func groupShape() throws {
    let overlay = try PreloadOverlay(width: 375, height: 667)
    let jump = try #require(overlay.scene.animations.first { $0.key == PreloadOverlay.jumpKey })
    #expect(jump.layer == PreloadOverlay.LayerID.marker)
    let timing = jump.animation.timing
    #expect(timing.iterations == .infinity)
    #expect(timing.fill == .forwards)
    #expect(timing.easing == .linear)
    #expect(abs(timing.duration - 0.71) < 1e-15)
    #expect(!jump.animation.removedOnCompletion)
    guard case .group(let children) = jump.animation.content else { Issue.record("not a group"); return }
    #expect(children.count == 2)
    #expect(children[0].timing.easing == .easeOut && children[1].timing.easing == .easeIn)
    #expect(children[1].timing.delay == 0.235)
  }

  @Test("the shadow narrows while the marker rises and widens while it falls")
  func shadowWidth() throws {
    let overlay = try PreloadOverlay(width: 375, height: 667)
    // JESRefreshIcon: rest width 26, top 26 / 1.6 = 16.25 (midway 21.125), centred on x = 171.5 + 16.
    let hand: [(Double, Double)] = [
      (0, 26), (0.235 * 0.3425, 21.125), (0.235, 16.25), (0.235 + 0.475 * 0.6575, 21.125), (0.71, 26),
    ]
    for (t, w) in hand {
      let s = try state(overlay, PreloadOverlay.LayerID.shadow, at: t + 7.1)  // ten cycles later
      #expect(abs(s.width - w) < Self.positionTolerance, "t = \(t)")
      #expect(abs(s.x + s.width / 2 - 187.5) < 1e-9)
    }
    var previous = 27.0
    for t in (0...5).map({ 0.235 * Double($0) / 5 }) {
      let w = try state(overlay, PreloadOverlay.LayerID.shadow, at: t).width
      #expect(w < previous)
      previous = w
    }
    for t in (1...5).map({ 0.235 + 0.475 * Double($0) / 5 }) {
      let w = try state(overlay, PreloadOverlay.LayerID.shadow, at: t).width
      #expect(w > previous)
      previous = w
    }
  }

  @Test("dismissal fades the whole overlay to 0 over 0.375 s with ease-in-out")
  func dismissal() throws {
    var overlay = try PreloadOverlay(width: 375, height: 667)
    try overlay.dismiss(at: 3)
    #expect(overlay.removalTime == 3.375)
    let ids = [PreloadOverlay.LayerID.background, PreloadOverlay.LayerID.marker, PreloadOverlay.LayerID.shadow]
    for id in ids {
      #expect(try state(overlay, id, at: 2.9).opacity == 1)
      #expect(try state(overlay, id, at: 3).opacity == 1)
      #expect(abs(try state(overlay, id, at: 3 + 0.1875).opacity - 0.5) < Self.curveTolerance)
      #expect(try state(overlay, id, at: 3.375).opacity == 0)
      #expect(try state(overlay, id, at: 50).opacity == 0)
    }
    // s = ¼ on the bezier: x = 3·(9/16)·¼·0.42 + 3·¾·(1/16)·0.58 + 1/64, y = 3·¾·(1/16) + 1/64 = 0.15625.
    let x = 3 * 0.5625 * 0.25 * 0.42 + 3 * 0.75 * 0.0625 * 0.58 + 0.015625
    #expect(abs(try state(overlay, PreloadOverlay.LayerID.background, at: 3 + 0.375 * x).opacity - 0.84375) < Self.curveTolerance)
    for u in stride(from: 0.0, through: 1.0, by: 0.1) {
      let o = try state(overlay, PreloadOverlay.LayerID.marker, at: 3 + 0.375 * u).opacity
      #expect(abs(o - (1 - Self.easeInOut(u))) < Self.curveTolerance)
    }
    #expect(!overlay.isRemoved(at: 3.374) && overlay.isRemoved(at: 3.375))
  }

  @Test("the removal event comes once per crossing")
  func removalEvent() throws {
    var overlay = try PreloadOverlay(width: 375, height: 667)
    try overlay.dismiss(at: 2)
    var scene = overlay.scene
    var removals = 0
    for t in stride(from: 0.0, through: 5.0, by: 0.125) {
      removals += try scene.advance(to: t).filter(PreloadOverlay.isRemoval).count
    }
    #expect(removals == 1)
    // Backwards over it and forwards again: one more.
    #expect(try scene.advance(to: 3).filter(PreloadOverlay.isRemoval).isEmpty)
    #expect(try scene.advance(to: 2.375).filter(PreloadOverlay.isRemoval).isEmpty)
    let again = try scene.advance(to: 2.4)
    // The clock went back onto 2.375 (crossing it, reported reversed) and now crosses it again.
    #expect(again.filter(PreloadOverlay.isRemoval).count == 1)
    var scene2 = overlay.scene
    _ = try scene2.advance(to: 2.3)
    let crossing = try scene2.advance(to: 2.375)
    #expect(crossing.filter(PreloadOverlay.isRemoval).map(\.time) == [2.375])
    #expect(try scene2.advance(to: 2.375).isEmpty)
    #expect(try scene2.advance(to: 9).filter(PreloadOverlay.isRemoval).isEmpty)
    // The pure form.
    #expect(overlay.removals(from: 0, to: 2.3).isEmpty)
    #expect(overlay.removals(from: 2.3, to: 2.5).count == 1)
    #expect(overlay.removals(from: 2.5, to: 2.3).map(\.isReversed) == [true])
  }

  @Test("bad input builds nothing")
  func badInput() throws {
    let bad: [(Double, Double, PreloadParameters)] = [
      (.nan, 100, PreloadParameters()), (100, 0, PreloadParameters()), (-1, 100, PreloadParameters()),
      (100, .infinity, PreloadParameters()), (100, 100, PreloadParameters(loadingWidth: 0)),
      (100, 100, PreloadParameters(loadingHeight: .nan)), (100, 100, PreloadParameters(markerWidth: -3)),
      (100, 100, PreloadParameters(shadowHeight: 0)), (100, 100, PreloadParameters(jumpHeight: -1)),
      (100, 100, PreloadParameters(jumpDuration: 0)), (100, 100, PreloadParameters(downDuration: .nan)),
      (100, 100, PreloadParameters(shadowNarrowing: 1.5)), (100, 100, PreloadParameters(beginTime: .nan)),
      (100, 100, PreloadParameters(markerColor: Color(red: .nan, green: 0, blue: 0))),
    ]
    for (w, h, p) in bad {
      #expect(throws: GhostframeError.self) { try PreloadOverlay(width: w, height: h, parameters: p) }
    }
    var overlay = try PreloadOverlay(width: 100, height: 100)
    #expect(throws: GhostframeError.self) { try overlay.dismiss(at: .nan) }
    #expect(overlay.dismissTime == nil && overlay.scene.animations.count == 2)
    try overlay.dismiss(at: 1)
    #expect(throws: GhostframeError.self) { try overlay.dismiss(at: 2) }
    #expect(overlay.dismissTime == 1 && overlay.scene.animations.count == 3)
  }
}
