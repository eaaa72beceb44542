import CGhostframe
import Ghostframe
import Glibc
import Testing

/// A scrub case: a scene (JSON), the ranges, an optional curve spec, an optional spring (mass,
/// stiffness, damping; nil: the default), the input values sampled, a release and the clock
/// times sampled after it.
private struct ScrubCase: Sendable, CustomStringConvertible {
  let name: String
  let scene: String
  let input: (Double, Double)
  let time: (Double, Double)
  let curve: String?
  var spring: (Double, Double, Double)? = nil
  let values: [Double]
  /// (host time, value, velocity, rest)
  let release: (Double, Double, Double, Double)
  let clock: [Double]
  var description: String { name }
}

/// What one side made of a scrub case: times and states per value, values and states per clock time.
private struct ScrubOutcome: Equatable {
  var times: [Double]
  var states: [[LayerState]]
  var clockValues: [Double]
  var clockStates: [[LayerState]]
}

private let movingScene = #"""
{"format": "ghostframe-scene", "version": 1,
 "layers": [{"id": "a", "frame": [0, 0, 10, 10]}, {"id": "b", "parent": "a", "frame": [2, 2, 4, 4]}],
 "animations": [
  {"layer": "a", "type": "basic", "keyPath": "position.x", "from": 0, "to": 100, "removedOnCompletion": false,
   "timing": {"duration": 2, "delay": 1, "fill": "both"}},
  {"layer": "b", "type": "group", "timing": {"duration": 0.8, "iterations": "infinity"}, "animations": [
   {"type": "basic", "keyPath": "opacity", "from": 1, "to": 0, "timing": {"duration": 0.8}}]}]}
"""#

private let scrubCases: [ScrubCase] = [
  ScrubCase(name: "linear, clamped at both ends, critically damped release", scene: movingScene, input: (0, 80), time: (0, 4),
            curve: nil, values: [-10, 0, 0.5, 13.7, 40, 79.99, 80, 1e9], release: (2, 60, -150, 0),
            clock: [0, 2, 2.01, 2.1, 2.5, 3, 9]),
  ScrubCase(name: "easeInQuad, backwards time, release at rest with speed", scene: movingScene, input: (10, 20), time: (3, 0.5),
            curve: "easeInQuad", values: [9, 10, 12.5, 15, 19, 20, 21], release: (0, 15, 40, 15),
            clock: [-1, 0, 0.05, 0.2, 0.7, 4]),
  ScrubCase(name: "a cubic-bezier mapping, an underdamped spring", scene: movingScene, input: (0, 100), time: (0.5, 3),
            curve: "cubic-bezier(0.3, 1.4, 0.6, 1)", spring: (1, 100, 6), values: [0, 10, 33, 50, 99, 100],
            release: (1, 90, 0, 0), clock: [1, 1.05, 1.2, 1.4, 1.9, 3]),
  ScrubCase(name: "a heavy, stiff spring", scene: movingScene, input: (-50, 50), time: (0, 4), curve: "steps(4, jump-none)",
            spring: (3, 900, 20), values: [-50, -12.5, 0, 12.5, 50], release: (0, 40, 300, -10), clock: [0, 0.1, 0.3, 1, 2]),
]

/// The cases through the Swift API.
private func swiftSide(_ c: ScrubCase) -> Outcome<ScrubOutcome> {
  do throws(GhostframeError) {
    let scene = try Scene(json: c.scene)
    var curve: Curve?
    if let spec = c.curve { curve = try Curve(parsing: spec) }
    var spring: Spring?
    if let (m, k, d) = c.spring { spring = try Spring(mass: m, stiffness: k, damping: d) }
    var scrub = try Scrub(scene: scene, inputRange: c.input, timeRange: c.time, curve: curve, spring: spring)
    var outcome = ScrubOutcome(times: [], states: [], clockValues: [], clockStates: [])
    for v in c.values {
      outcome.times.append(try scrub.time(at: v))
      outcome.states.append(try scrub.sample(at: v))
    }
    try scrub.release(at: c.release.0, value: c.release.1, velocity: c.release.2, rest: c.release.3)
    for t in c.clock {
      outcome.clockValues.append(try scrub.value(atClock: t))
      outcome.clockStates.append(try scrub.sample(atClock: t))
    }
    return .ok(outcome)
  } catch {
    return .failed(error.code.rawValue, error.message)
  }
}

/// The cases through libghostframe.so, every call made with libffi.
private func librarySide(_ c: ScrubCase, _ library: NativeLibrary) -> Outcome<ScrubOutcome> {
  let side = Bridged(library: library)
  let (loaded, scene) = c.scene.withCString {
    side.make("gf_scene_load_json", [.pointer(UnsafeMutableRawPointer(mutating: $0)), .size(UInt64(c.scene.utf8.count))])
  }
  guard loaded == GF_OK, let scene else { return side.failed(loaded) }
  defer { side.call("gf_scene_free", [.pointer(scene)]) }
  var curve: UnsafeMutableRawPointer?
  if let spec = c.curve {
    let (parsed, made) = spec.withCString { side.make("gf_curve_parse", [.pointer(UnsafeMutableRawPointer(mutating: $0))]) }
    guard parsed == GF_OK else { return side.failed(parsed) }
    curve = made
  }
  defer { if let curve { side.call("gf_curve_free", [.pointer(curve)]) } }
  var spring = gf_spring()
  let (created, made) = withUnsafeMutablePointer(to: &spring) { springPointer in
    side.call("gf_spring_init", [.pointer(UnsafeMutableRawPointer(springPointer))], returns: .void)
    if let (m, k, d) = c.spring { (springPointer.pointee.mass, springPointer.pointee.stiffness, springPointer.pointee.damping) = (m, k, d) }
    return side.make("gf_scrub_create_with_spring", [
      .pointer(scene), .double(c.input.0), .double(c.input.1), .double(c.time.0), .double(c.time.1), .pointer(curve),
      .pointer(c.spring == nil ? nil : UnsafeMutableRawPointer(springPointer)),
    ])
  }
  guard created == GF_OK, let scrub = made else { return side.failed(created) }
  defer { side.call("gf_scrub_free", [.pointer(scrub)]) }
  var outcome = ScrubOutcome(times: [], states: [], clockValues: [], clockStates: [])
  for v in c.values {
    let (status, t) = side.number("gf_scrub_time", scrub, v)
    guard status == GF_OK else { return side.failed(status) }
    outcome.times.append(t)
  }
  let (sampled, states) = side.states("gf_scrub_sample", scrub, at: c.values)
  guard sampled == GF_OK else { return side.failed(sampled) }
  outcome.states = states
  let released = side.call("gf_scrub_release", [.pointer(scrub), .double(c.release.0), .double(c.release.1),
                                                .double(c.release.2), .double(c.release.3)]).int32
  guard released == GF_OK else { return side.failed(released) }
  for t in c.clock {
    let (status, value) = side.number("gf_scrub_value_at_clock", scrub, t)
    guard status == GF_OK else { return side.failed(status) }
    outcome.clockValues.append(value)
  }
  let (clocked, clockStates) = side.states("gf_scrub_sample_at_clock", scrub, at: c.clock)
  guard clocked == GF_OK else { return side.failed(clocked) }
  outcome.clockStates = clockStates
  return .ok(outcome)
}

/// Scrubs built through the Swift API and through the C ABI (dlopen + libffi) give the same
/// times, values and bytes; each side's samples equal the scene's at the mapped time.
@Suite("Scrubbing, both sides")
struct ScrubConformanceTests {
  @Test("Swift and the C ABI agree exactly", arguments: scrubCases)
  fileprivate func sidesAgree(_ c: ScrubCase) throws {
    let swift = swiftSide(c)
    let swiftValue = try #require(swift.value, "Swift: \(swift.message)")
    // The Swift side against the scene sampled directly at the mapped times.
    let scene = try Scene(json: c.scene)
    for (t, states) in zip(swiftValue.times, swiftValue.states) { #expect(states == scene.sample(at: t)) }
    #expect(swiftValue.times.first == c.time.0 && swiftValue.times.last == c.time.1)
    guard case .success(let library) = NativeLibrary.shared else { return }
    let bridged = librarySide(c, library)
    _ = try #require(bridged.value, "library: \(bridged.message)")
    expectSidesAgree(swift, bridged)
  }

  @Test("bad ranges fail the same way on both sides")
  func badRanges() throws {
    guard case .success(let library) = NativeLibrary.shared else { return }
    for (input, time) in [((1.0, 1.0), (0.0, 1.0)), ((2, 1), (0, 1))] {
      let bad = ScrubCase(name: "bad", scene: movingScene, input: input, time: time, curve: nil, values: [],
                          release: (0, 0, 0, 0), clock: [])
      let swift = swiftSide(bad), bridged = librarySide(bad, library)
      #expect(swift.value == nil && bridged.value == nil)
      #expect(swift.message == bridged.message)
    }
    // A spring the engine refuses fails the same way too.
    let badSpring = ScrubCase(name: "bad spring", scene: movingScene, input: (0, 1), time: (0, 1), curve: nil,
                              spring: (0, 100, 10), values: [], release: (0, 0, 0, 0), clock: [])
    let swift = swiftSide(badSpring), bridged = librarySide(badSpring, library)
    #expect(swift.value == nil && swift.status == GF_E_INVALID_ARGUMENT)
    expectSidesAgree(swift, bridged)
  }
}
