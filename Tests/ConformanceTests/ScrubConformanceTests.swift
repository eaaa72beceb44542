import CGhostframe
import Ghostframe
import Glibc
import Testing

/// A scrub case: a scene (JSON), the ranges, an optional curve spec, the input values sampled,
/// a release and the clock times sampled after it.
private struct ScrubCase: Sendable, CustomStringConvertible {
  let name: String
  let scene: String
  let input: (Double, Double)
  let time: (Double, Double)
  let curve: String?
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
]

/// The cases through the Swift API.
private func swiftSide(_ c: ScrubCase) -> Outcome<ScrubOutcome> {
  do throws(GhostframeError) {
    let scene = try Scene(json: c.scene)
    var curve: Curve?
    if let spec = c.curve { curve = try Curve(parsing: spec) }
    var scrub = try Scrub(scene: scene, inputRange: c.input, timeRange: c.time, curve: curve)
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
  func call(_ name: String, _ values: [FFIValue], returns: FFIType = .int32) -> FFIReturn {
    let types = Header.functions.first { $0.name == name }?.parameters.map(\.type) ?? []
    return library.call(name, returns: returns, Array(zip(types, values)))
  }
  func failed(_ status: Int32) -> Outcome<ScrubOutcome> {
    let message = call("gf_last_error_message", [], returns: .pointer).pointer
      .map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
    return .failed(status, message)
  }
  func make(_ name: String, _ values: [FFIValue]) -> (Int32, UnsafeMutableRawPointer?) {
    var handle: UnsafeMutableRawPointer?
    let status = withUnsafeMutablePointer(to: &handle) { call(name, values + [.pointer(UnsafeMutableRawPointer($0))]).int32 }
    return (status, handle)
  }
  func number(_ name: String, _ scrub: UnsafeMutableRawPointer, _ x: Double) -> (Int32, Double) {
    var out = 0.0
    let status = withUnsafeMutablePointer(to: &out) { call(name, [.pointer(scrub), .double(x), .pointer(UnsafeMutableRawPointer($0))]).int32 }
    return (status, out)
  }
  func states(_ name: String, _ scrub: UnsafeMutableRawPointer, _ x: Double) -> (Int32, [LayerState]) {
    var count = 0
    _ = withUnsafeMutablePointer(to: &count) {
      call(name, [.pointer(scrub), .double(x), .pointer(nil), .size(0), .pointer(UnsafeMutableRawPointer($0))])
    }
    var raw = [gf_layer_state](repeating: gf_layer_state(), count: max(count, 1))
    let status = raw.withUnsafeMutableBufferPointer { buffer in
      withUnsafeMutablePointer(to: &count) {
        call(name, [.pointer(scrub), .double(x), .pointer(UnsafeMutableRawPointer(buffer.baseAddress)), .size(UInt64(buffer.count)),
                    .pointer(UnsafeMutableRawPointer($0))]).int32
      }
    }
    // The layouts are equal (ABITests), so the bytes read back as LayerState.
    return (status, raw[0..<min(count, raw.count)].map { unsafeBitCast($0, to: LayerState.self) })
  }

  let (loaded, scene) = c.scene.withCString {
    make("gf_scene_load_json", [.pointer(UnsafeMutableRawPointer(mutating: $0)), .size(UInt64(c.scene.utf8.count))])
  }
  guard loaded == GF_OK, let scene else { return failed(loaded) }
  defer { _ = call("gf_scene_free", [.pointer(scene)]) }
  var curve: UnsafeMutableRawPointer?
  if let spec = c.curve {
    let (parsed, made) = spec.withCString { make("gf_curve_parse", [.pointer(UnsafeMutableRawPointer(mutating: $0))]) }
    guard parsed == GF_OK else { return failed(parsed) }
    curve = made
  }
  defer { if let curve { _ = call("gf_curve_free", [.pointer(curve)]) } }
  let (created, made) = make("gf_scrub_create", [.pointer(scene), .double(c.input.0), .double(c.input.1), .double(c.time.0),
                                                 .double(c.time.1), .pointer(curve)])
  guard created == GF_OK, let scrub = made else { return failed(created) }
  defer { _ = call("gf_scrub_free", [.pointer(scrub)]) }
  var outcome = ScrubOutcome(times: [], states: [], clockValues: [], clockStates: [])
  for v in c.values {
    let (s1, t) = number("gf_scrub_time", scrub, v)
    guard s1 == GF_OK else { return failed(s1) }
    let (s2, sampled) = states("gf_scrub_sample", scrub, v)
    guard s2 == GF_OK else { return failed(s2) }
    outcome.times.append(t)
    outcome.states.append(sampled)
  }
  let released = call("gf_scrub_release", [.pointer(scrub), .double(c.release.0), .double(c.release.1), .double(c.release.2),
                                           .double(c.release.3)]).int32
  guard released == GF_OK else { return failed(released) }
  for t in c.clock {
    let (s1, value) = number("gf_scrub_value_at_clock", scrub, t)
    guard s1 == GF_OK else { return failed(s1) }
    let (s2, sampled) = states("gf_scrub_sample_at_clock", scrub, t)
    guard s2 == GF_OK else { return failed(s2) }
    outcome.clockValues.append(value)
    outcome.clockStates.append(sampled)
  }
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
    let bridgedValue = try #require(bridged.value, "library: \(bridged.message)")
    #expect(swiftValue == bridgedValue)
  }

  @Test("bad ranges fail the same way on both sides")
  func badRanges() throws {
    guard case .success(let library) = NativeLibrary.shared else { return }
    for (input, time) in [((1.0, 1.0), (0.0, 1.0)), ((2, 1), (0, 1))] {
      let bad = ScrubCase(name: "bad", scene: movingScene, input: input, time: time, curve: nil, values: [], release: (0, 0, 0, 0),
                          clock: [])
      let swift = swiftSide(bad), bridged = librarySide(bad, library)
      #expect(swift.value == nil && bridged.value == nil)
      #expect(swift.message == bridged.message)
    }
  }
}
