import Foundation
import Testing
@testable import GhostframeCore
import GhostframeFormats

/// Host curves through the Swift API (issue 16): registration, use wherever a curve name is,
/// failures, re-entrant and re-registering callbacks, replacement and removal while curves and
/// scenes hold one, and threads registering and sampling at once. Names are unique per test:
/// the registry is process-wide and tests run in parallel.
private func scene(easing: String) throws -> Scene {
  try Scene(json: #"{"format": "ghostframe-scene", "version": 1, "layers": [{"id": "a", "frame": [0, 0, 10, 10]}], "animations": [{"layer": "a", "key": "f", "type": "basic", "keyPath": "opacity", "from": 0, "to": 1, "timing": {"duration": 1, "fill": "both", "easing": "\#(easing)"}}]}"#)
}

private func opacity(_ scene: Scene, at t: Double) throws -> Double {
  var states = [LayerState](repeating: LayerState(), count: scene.count)
  try states.withUnsafeMutableBufferPointer { try scene.sample(at: t, into: $0) }
  return states[0].opacity
}

@Suite struct HostCurveTests {
  @Test func aRegisteredNameIsACurveSpec() throws {
    try Curve.register("hc.square") { $0 * $0 }
    defer { Curve.unregister("hc.square") }
    let curve = try Curve(parsing: "  hc.square ")
    // Exactly the closure's value (the reference is the closure itself).
    for x in stride(from: -0.5, through: 1.5, by: 0.125) { #expect(curve(x) == x * x) }
    #expect(curve(.nan).isNaN)
    #expect(curve.description == "hc.square")
    #expect(try Curve(parsing: curve.description) == curve)
    let xs: [Double] = [0, 0.25, 0.5, 1]
    var ys = [Double](repeating: -1, count: 4)
    xs.withUnsafeBufferPointer { input in ys.withUnsafeMutableBufferPointer { curve.evaluate(input, into: $0) } }
    #expect(ys == [0, 0.0625, 0.25, 1])
    // A timing's easing and a scene document: opacity(t) = t² (tolerance 1e-12, the lerp).
    #expect(abs((try Timing(duration: 2, easing: curve).state(at: 1).progress ?? -1) - 0.25) < 1e-12)
    #expect(abs(try opacity(try scene(easing: "hc.square"), at: 0.5) - 0.25) < 1e-12)
  }

  @Test func badNamesAreRefused() {
    for name in ["square", "ease", "hc.", ".hc", "hc..x", "1hc.x", "hc.x y", "hc.é", String(repeating: "a", count: 127) + ".bc"] {
      #expect(throws: GhostframeError.self, "\(name)") { try Curve.register(name) { $0 } }
    }
    #expect(throws: GhostframeError(.notFound, "unknown host curve 'hc.never' at column 1: no curve of that name is registered")) {
      try Curve(parsing: "hc.never")
    }
  }

  @Test func nonFiniteResultsAreReportedByTheCheckedCalls() throws {
    try Curve.register("hc.bad") { x in x > 0.5 ? .nan : (x < 0 ? -.infinity : x) }
    defer { Curve.unregister("hc.bad") }
    let curve = try Curve(parsing: "hc.bad")
    #expect(curve(0.75).isNaN)
    #expect(try curve.checkedValue(at: 0.25) == 0.25)
    let error = #expect(throws: GhostframeError.self) { try curve.checkedValue(at: 0.75) }
    #expect(error?.code == .callback && error?.message.contains("hc.bad") == true)
    #expect(throws: GhostframeError.self) { try curve.checkedValue(at: -1) }
    let s = try scene(easing: "hc.bad")
    let sampled = #expect(throws: GhostframeError.self) { try opacity(s, at: 0.75) }
    #expect(sampled?.code == .callback)
    // The failure does not stick: the next sample is clean.
    #expect(abs(try opacity(s, at: 0.25) - 0.25) < 1e-12)
  }

  @Test func rangesAndPoolThreadsReportFailuresToTheCaller() throws {
    // Fails only for layers past the first 8 (their animations start later, so progress > 0.5
    // there at t = 0.9 while the first layers' is not): a pool thread samples those.
    try Curve.register("hc.late") { x in x > 0.5 ? .nan : x }
    defer { Curve.unregister("hc.late") }
    var layers: [String] = [], animations: [String] = []
    for i in 0..<16 {
      layers.append(#"{"id": "l\#(i)", "frame": [0, 0, 10, 10]}"#)
      animations.append(#"{"layer": "l\#(i)", "type": "basic", "keyPath": "opacity", "from": 0, "to": 1, "timing": {"duration": 1, "delay": \#(i < 8 ? 0.5 : 0), "fill": "both", "easing": "hc.late"}}"#)
    }
    let scene = try Scene(json: #"{"format": "ghostframe-scene", "version": 1, "layers": [\#(layers.joined(separator: ","))], "animations": [\#(animations.joined(separator: ","))]}"#)
    var states = [LayerState](repeating: LayerState(), count: 16)
    func failure(_ body: (UnsafeMutableBufferPointer<LayerState>) throws(GhostframeError) -> Void) -> GhostframeError? {
      do {
        try states.withUnsafeMutableBufferPointer { buffer throws(GhostframeError) in try body(buffer) }
        return nil
      } catch { return error }
    }
    // The first half alone succeeds; the second half, the whole range and two threads report.
    #expect(failure { buffer throws(GhostframeError) in try scene.sample(at: 0.9, layers: 0..<8, into: buffer) } == nil)
    for error in [failure { buffer throws(GhostframeError) in try scene.sample(at: 0.9, layers: 8..<16, into: buffer) },
                  failure { buffer throws(GhostframeError) in try scene.sample(at: 0.9, into: buffer, threads: 2) }] {
      #expect(error?.code == .callback && error?.message.contains("hc.late") == true)
    }
    // The record does not leak into the next call, on this thread or the pool's.
    #expect(failure { buffer throws(GhostframeError) in try scene.sample(at: 0.2, into: buffer, threads: 2) } == nil)
  }

  @Test func aCallbackMayEvaluateAndRegisterCurvesWhileItRuns() throws {
    // Nothing holds a lock while a callback runs, or these would deadlock.
    try Curve.register("hc.inner") { 1 - $0 }
    try Curve.register("hc.outer") { x in
      _ = try? Curve.register("hc.made-inside") { $0 }
      return (try? Curve(parsing: "hc.inner"))?(x) ?? .nan
    }
    defer { ["hc.inner", "hc.outer", "hc.made-inside"].forEach { Curve.unregister($0) } }
    #expect(try Curve(parsing: "hc.outer")(0.25) == 0.75)
    #expect(Curve.hostCurves.entry(named: "hc.made-inside") != nil)
    // Inside a scene's sampling too (the sampler is checked out of its lock).
    let s = try scene(easing: "hc.outer")
    #expect(abs(try opacity(s, at: 0.25) - 0.75) < 1e-12)
  }

  @Test func replacingAndRemovingKeepWhatWasMade() throws {
    final class Token: Sendable {}
    weak var weakToken: Token?
    do {
      let token = Token()
      weakToken = token
      try Curve.register("hc.power") { [token] x in _ = token; return x * x }
    }
    let old = try Curve(parsing: "hc.power")
    let oldScene = try scene(easing: "hc.power")
    try Curve.register("hc.power") { $0 * $0 * $0 }
    #expect(try Curve(parsing: "hc.power")(0.5) == 0.125)
    #expect(old(0.5) == 0.25)
    #expect(abs(try opacity(oldScene, at: 0.5) - 0.25) < 1e-12)
    #expect(weakToken != nil)  // still held by `old` and the scene
    #expect(Curve.unregister("hc.power"))
    #expect(!Curve.unregister("hc.power"))
    #expect(old(0.5) == 0.25)
    _ = consume old
    _ = consume oldScene
    #expect(weakToken == nil)  // released with the last holder
  }

  @Test func threadsRegisterAndSampleAtOnce() async throws {
    let failures = await withTaskGroup(of: Int.self) { group in
      for worker in 0..<4 {
        group.addTask {
          var failed = 0
          for i in 0..<200 {
            if worker % 2 == 0 {
              _ = try? Curve.register("hc.race") { $0 * $0 }
              if i % 3 == 0 { Curve.unregister("hc.race") }
            } else {
              guard let s = try? scene(easing: "hc.race") else { continue }
              let value = try? opacity(s, at: 0.5)
              if value.map({ abs($0 - 0.25) > 1e-12 }) ?? true { failed += 1 }
            }
          }
          return failed
        }
      }
      return await group.reduce(0, +)
    }
    Curve.unregister("hc.race")
    #expect(failures == 0)
  }
}
