import Foundation
import GhostframeCore
import GhostframeTestSupport
import Testing
@testable import GhostframeTools

/// The pull-to-refresh control with its defaults (width 375, trigger 95, maximum pull 160,
/// threshold 50, radius 20, ring 2.5, logo 24, one spin per second), checked against the radii
/// computed by hand: outer r = 20·min(p/95, 1), inner = 17.5·clamp((p − 50)/45, 0, 1), centre
/// (187.5, p/2). Tolerance 1e-9 (keyframe interpolation in the sampler).
@Suite("Pull to refresh")
struct PullToRefreshTests {
  static let tolerance = 1e-9

  /// Expects a centred disc of radius `r` at pull `p`.
  static func expectDisc(_ s: LayerState, r: Double, p: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    for (got, want) in [(s.width, 2 * r), (s.height, 2 * r), (s.cornerRadius, r), (s.x, 187.5 - r), (s.y, p / 2 - r)] {
      #expect(abs(got - want) <= tolerance, "r \(r) p \(p): \(got) vs \(want)", sourceLocation: sourceLocation)
    }
  }

  @Test("the circles' radii at several pulls, by hand")
  func radii() throws {
    let control = try PullToRefresh()
    // (pull, drawn pull after clamping, outer radius, inner radius)
    let cases: [(Double, Double, Double, Double)] = [
      (-10, 0, 0, 0), (0, 0, 0, 0), (30, 30, 600.0 / 95, 0), (50, 50, 1000.0 / 95, 0),
      (72.5, 72.5, 1450.0 / 95, 8.75), (95, 95, 20, 17.5), (130, 130, 20, 17.5), (200, 160, 20, 17.5),
    ]
    for (p, drawn, outer, inner) in cases {
      let states = try control.sample(atPull: p)
      #expect(states.count == 4)
      #expect(abs(states[0].height - drawn) <= Self.tolerance && states[0].width == 375 && abs(states[0].y) <= Self.tolerance)
      Self.expectDisc(states[1], r: outer, p: drawn)
      Self.expectDisc(states[2], r: inner, p: drawn)
      // The logo keeps its size and stays centred.
      #expect(states[3].width == 24 && states[3].height == 24)
      #expect(abs(states[3].x - 175.5) <= Self.tolerance && abs(states[3].y - (drawn / 2 - 12)) <= Self.tolerance)
      // The original's colours: the circle rgb(72, 70, 109) under, the hole in the area's
      // rgb(224, 231, 235) on top of it (JESPullToRefreshView fills both with it).
      let circle = (72.0 / 255, 70.0 / 255, 109.0 / 255), area = (224.0 / 255, 231.0 / 255, 235.0 / 255)
      #expect(abs(states[1].red - circle.0) <= 1e-12 && abs(states[1].green - circle.1) <= 1e-12
        && abs(states[1].blue - circle.2) <= 1e-12 && states[1].alpha == 1)
      for layer in [states[0], states[2]] {
        #expect(abs(layer.red - area.0) <= 1e-12 && abs(layer.green - area.1) <= 1e-12
          && abs(layer.blue - area.2) <= 1e-12 && layer.alpha == 1)
      }
    }
  }

  @Test("the ring starts to thin at the threshold and is thinnest at the trigger")
  func threshold() throws {
    let control = try PullToRefresh()
    #expect(try control.sample(atPull: 49.999)[2].width == 0)
    let after = try control.sample(atPull: 50.5)[2].width
    #expect(abs(after - 2 * 17.5 * 0.5 / 45) <= Self.tolerance)
    // The ring's thickness, outer − inner, is 20·50/95 at the threshold and 2.5 at the trigger.
    let ring: (Double) throws -> Double = { p in
      let s = try control.sample(atPull: p)
      return s[1].cornerRadius - s[2].cornerRadius
    }
    #expect(abs(try ring(50) - 1000.0 / 95) <= Self.tolerance)
    #expect(abs(try ring(95) - 2.5) <= Self.tolerance)
    #expect(try ring(60) > ring(80))
    // Other geometry: the knots move with the parameters.
    let other = try PullToRefresh(width: 200, triggerDistance: 60, maximumPull: 100, thresholdDistance: 20,
                                  maximumRadius: 10, ringWidth: 1)
    let s = try other.sample(atPull: 40)
    #expect(abs(s[1].cornerRadius - 10 * 40 / 60) <= Self.tolerance)
    #expect(abs(s[2].cornerRadius - 9 * 0.5) <= Self.tolerance)
    #expect(abs(s[2].x - (100 - 4.5)) <= Self.tolerance)
  }

  @Test("the trigger, the refreshing loop and the end")
  func refreshing() throws {
    var control = try PullToRefresh()
    #expect(!control.isTriggered(atPull: 94.999))
    #expect(control.isTriggered(atPull: 95))
    expectError(.invalidArgument, "not refreshing yet") { _ = try control.sample(atClock: 1) }
    try control.beginRefreshing(at: 10)
    expectError(.invalidArgument, "before the begin") { _ = try control.sample(atClock: 9.5) }
    expectError(.invalidArgument, "twice") { try control.beginRefreshing(at: 11) }
    #expect(control.refreshBegan == 10)
    for t in [10.0, 10.25, 11.6, 12.9, 13.2] {
      let s = try control.sample(atClock: t)
      // Held at the trigger: area 95 high, ring at its thinnest.
      #expect(abs(s[0].height - 95) <= Self.tolerance)
      Self.expectDisc(s[1], r: 20, p: 95)
      Self.expectDisc(s[2], r: 17.5, p: 95)
      // The logo turns 2π per second from the begin time.
      let angle = 2 * Double.pi * (t - 10).truncatingRemainder(dividingBy: 1)
      #expect(abs(s[3].transform.a - cos(angle)) <= 1e-9 && abs(s[3].transform.b - sin(angle)) <= 1e-9, "t \(t)")
      // The loop: one period later the same drawing.
      let later = try control.sample(atClock: t + 1)[3].transform
      #expect(abs(later.a - s[3].transform.a) <= 1e-9 && abs(later.b - s[3].transform.b) <= 1e-9)
    }
    expectError(.invalidArgument, "end before begin") { try control.endRefreshing(at: 9) }
    try control.endRefreshing(at: 13.3)
    expectError(.invalidArgument, "ended twice") { try control.endRefreshing(at: 14) }
    // At the end: the pull drawing at the trigger distance, no spin.
    #expect(try control.sample(atClock: 13.3) == control.sample(atPull: 95))
    #expect(try control.sample(atClock: 13.2)[3].transform != control.sample(atClock: 13.3)[3].transform)
    // Then the area closes on the default critically damped spring (ω = 10, from 95 at rest):
    // p(τ) = 95(1 + 10τ)e^(−10τ).
    for tau in stride(from: 0.0, through: 1, by: 0.05) {
      let p = 95 * (1 + 10 * tau) * exp(-10 * tau)
      let s = try control.sample(atClock: 13.3 + tau)
      #expect(abs(s[0].height - p) <= 1e-7, "τ \(tau)")
      Self.expectDisc(s[1], r: 20 * min(p / 95, 1), p: p)
    }
    #expect(try control.sample(atClock: 20)[0].height <= 1e-9)
    // The buffer forms write the same states.
    var buffer = [LayerState](repeating: LayerState(), count: 4)
    for t in [13.0, 13.4] {
      try buffer.withUnsafeMutableBufferPointer { try control.sample(atClock: t, into: $0) }
      #expect(buffer == (try control.sample(atClock: t)))
    }
    try buffer.withUnsafeMutableBufferPointer { try control.sample(atPull: 60, into: $0) }
    #expect(buffer == (try control.sample(atPull: 60)))
    var short = [LayerState](repeating: LayerState(), count: 3)
    expectError(.bufferTooSmall) { try short.withUnsafeMutableBufferPointer { try control.sample(atClock: 13, into: $0) } }
    // It may refresh again.
    try control.beginRefreshing(at: 30)
    #expect(abs(try control.sample(atClock: 30.25)[3].transform.b - 1) <= 1e-9)
  }

  @Test("bad geometry and bad times throw")
  func badInput() throws {
    for make in [
      { _ = try PullToRefresh(width: .nan) }, { _ = try PullToRefresh(width: 0) },
      { _ = try PullToRefresh(triggerDistance: 40) }, { _ = try PullToRefresh(maximumPull: 95) },
      { _ = try PullToRefresh(thresholdDistance: -1) }, { _ = try PullToRefresh(ringWidth: 20) },
      { _ = try PullToRefresh(maximumRadius: .infinity) }, { _ = try PullToRefresh(logoSize: -3) },
      { _ = try PullToRefresh(spinDuration: 0) }, { _ = try PullToRefresh(logoImage: "") },
      { _ = try PullToRefresh(fillColor: Color(red: .nan, green: 0, blue: 0)) },
    ] as [() throws -> Void] {
      expectError(.invalidArgument) { try make() }
    }
    var control = try PullToRefresh()
    expectError(.invalidArgument) { _ = try control.sample(atPull: .nan) }
    expectError(.invalidArgument) { try control.beginRefreshing(at: .infinity) }
    expectError(.invalidArgument) { try control.endRefreshing(at: 1) }
    #expect(control.refreshBegan == nil)
    try control.beginRefreshing(at: 0)
    expectError(.invalidArgument) { try control.endRefreshing(at: .nan) }
    expectError(.invalidArgument) { _ = try control.sample(atClock: .nan) }
    #expect(control.refreshEnded == nil)
  }
}
