import GhostframeTestSupport
import CGhostframe
import Ghostframe
import Glibc
import Testing

/// A preload case: the bounds, a few parameters, when it is dismissed (nil: never), and the
/// times the scene's clock is advanced to (removal events are recorded).
private struct PreloadCase: Sendable, CustomStringConvertible {
  let name: String
  var width = 375.0
  var height = 667.0
  var loadingSize: (Double, Double)? = nil
  var jumpHeight: Double? = nil
  var durations: (Double, Double)? = nil
  var beginTime: Double? = nil
  var dismissAt: Double? = nil
  var advances: [Double] = [0.5, 2.2, 2.375, 4, 1, 3]
  var description: String { name }
}

/// What one side made of a preload case.
private struct PreloadOutcome: Equatable {
  var states: [[LayerState]]
  var removals: [String]
}

private let preloadTimes = stride(from: -0.25, through: 4, by: 0.03125).map { $0 }

private let preloadCases: [PreloadCase] = [
  PreloadCase(name: "the seed's defaults, dismissed at 2", dismissAt: 2),
  PreloadCase(name: "another geometry, never dismissed", width: 200, height: 100, loadingSize: (40, 20), jumpHeight: 8,
              durations: (0.3, 0.2), beginTime: 0.1),
  PreloadCase(name: "dismissed before the jumping begins", beginTime: 1, dismissAt: 0.5, advances: [0.9, 0.5, 1]),
  PreloadCase(name: "NaN width", width: .nan),
  PreloadCase(name: "zero loading height", loadingSize: (60, 0)),
  PreloadCase(name: "negative jump", jumpHeight: -1),
]

private func parameters(_ c: PreloadCase) -> PreloadParameters {
  var p = PreloadParameters()
  if let (w, h) = c.loadingSize { (p.loadingWidth, p.loadingHeight) = (w, h) }
  if let jump = c.jumpHeight { p.jumpHeight = jump }
  if let (up, down) = c.durations { (p.jumpDuration, p.downDuration) = (up, down) }
  if let begin = c.beginTime { p.beginTime = begin }
  return p
}

/// The preload cases through the Swift API.
private func swiftSide(_ c: PreloadCase) -> Outcome<PreloadOutcome> {
  do throws(GhostframeError) {
    var overlay = try PreloadOverlay(width: c.width, height: c.height, parameters: parameters(c))
    if let t = c.dismissAt { try overlay.dismiss(at: t) }
    var scene = overlay.scene
    var removals: [String] = []
    for t in c.advances {
      for event in try scene.advance(to: t) where event.key == PreloadOverlay.dismissKey {
        removals.append("\(event.kind.rawValue)\(event.isReversed ? "<" : ">")\(event.time)")
      }
    }
    let sampler = overlay.scene.compiled()
    return .ok(PreloadOutcome(states: preloadTimes.map { sampler.sample(at: $0) }, removals: removals))
  } catch {
    return .failed(error.code.rawValue, error.message)
  }
}

private final class RemovalLog {
  var entries: [String] = []
}

/// The preload cases through libghostframe.so, every call made with libffi.
private func librarySide(_ c: PreloadCase, _ library: NativeLibrary) -> Outcome<PreloadOutcome> {
  let side = Bridged(library: library)
  @discardableResult
  func call(_ name: String, _ values: [FFIValue], returns: FFIType = .int32) -> FFIReturn {
    side.call(name, values, returns: returns)
  }
  func make(_ name: String, _ values: [FFIValue]) -> (Int32, UnsafeMutableRawPointer?) { side.make(name, values) }
  func failed(_ status: Int32) -> Outcome<PreloadOutcome> { side.failed(status) }
  var params = gf_preload_params()
  _ = withUnsafeMutablePointer(to: &params) { call("gf_preload_params_init", [.pointer(UnsafeMutableRawPointer($0))], returns: .void) }
  params.width = c.width
  params.height = c.height
  if let (w, h) = c.loadingSize { (params.loading_width, params.loading_height) = (w, h) }
  if let jump = c.jumpHeight { params.jump_height = jump }
  if let (up, down) = c.durations { (params.jump_duration, params.down_duration) = (up, down) }
  if let begin = c.beginTime { params.begin_time = begin }
  let (created, preload) = withUnsafeMutablePointer(to: &params) { make("gf_preload_create", [.pointer(UnsafeMutableRawPointer($0))]) }
  guard created == GF_OK, let preload else { return failed(created) }
  defer { _ = call("gf_preload_free", [.pointer(preload)]) }
  if let t = c.dismissAt {
    let dismissed = call("gf_preload_dismiss", [.pointer(preload), .double(t)]).int32
    guard dismissed == GF_OK else { return failed(dismissed) }
  }
  let (got, scene) = make("gf_preload_scene", [.pointer(preload)])
  guard got == GF_OK, let scene else { return failed(got) }
  defer { _ = call("gf_scene_free", [.pointer(scene)]) }
  let (sampled, states) = side.states("gf_scene_sample", scene, at: preloadTimes)
  guard sampled == GF_OK else { return failed(sampled) }
  let log = RemovalLog()
  let callback: gf_event_fn = { user, event in
    guard let user, let event, let key = event.pointee.key, String(cString: key) == "preload.dismiss" else { return }
    let log = Unmanaged<RemovalLog>.fromOpaque(user).takeUnretainedValue()
    let e = event.pointee
    log.entries.append("\(e.kind == GF_EVENT_STARTED ? "started" : "ended")\(e.reversed != 0 ? "<" : ">")\(e.time)")
  }
  for t in c.advances {
    let advanced = call("gf_scene_advance", [.pointer(scene), .double(t), .pointer(unsafeBitCast(callback, to: UnsafeMutableRawPointer.self)),
                                             .pointer(Unmanaged.passUnretained(log).toOpaque())]).int32
    guard advanced == GF_OK else { return failed(advanced) }
  }
  return .ok(PreloadOutcome(states: states, removals: log.entries))
}

/// Preload overlays built through the Swift API and through the C ABI (dlopen + libffi) give the
/// same bytes at every sampled time, the same dismissal events, or the same status for bad input.
@Suite("Preload overlay, both sides")
struct PreloadConformanceTests {
  @Test("Swift and the C ABI agree exactly", arguments: preloadCases)
  fileprivate func sidesAgree(_ c: PreloadCase) throws {
    let swift = swiftSide(c)
    guard case .success(let library) = NativeLibrary.shared else { return }
    let bridged = librarySide(c, library)
    expectSidesAgree(swift, bridged)
    if c.width.isNaN || c.loadingSize?.1 == 0 || (c.jumpHeight ?? 0) < 0 {
      #expect(swift.status == GF_E_INVALID_ARGUMENT)
    } else {
      let value = try #require(swift.value, "Swift: \(swift.message)")
      #expect(value.states.count == preloadTimes.count)
      // A dismissed overlay reports its removal exactly once per forward crossing.
      let expected = c.dismissAt.map { _ in 1 } ?? 0
      #expect(value.removals.filter { $0.hasPrefix("ended>") }.count >= expected)
    }
  }

  @Test("both sides' defaults move as JESRefreshIcon's constants do")
  func originalConstants() throws {
    guard case .success(let library) = NativeLibrary.shared else { return }
    let c = PreloadCase(name: "defaults, never dismissed", advances: [])
    let swift = try #require(swiftSide(c).value)
    let bridged = try #require(librarySide(c, library).value)
    // JESRefreshIcon: a 32-point icon centred at (375 / 2, (667 − 32) / 2); the marker the icon's
    // (3, 0, 26, 26), its centre rising 14 points in 0.235 s (ease-out) and falling in 0.475 s
    // (ease-in); the shadow the icon's (3, 29, 26, 3), its width 26 → 26 / 1.6 and back.
    let iconX = 187.5 - 16, iconY = 317.5 - 16, up = 0.235, down = 0.475
    // A value travelling 14 points along a curve the engine solves to 1e-7 with slopes under 10.
    let tolerance = 14 * 1e-6
    for states in [swift.states, bridged.states] {
      for (t, frame) in zip(preloadTimes, states) where t >= 0 {
        let local = t.truncatingRemainder(dividingBy: up + down)
        let rise = local <= up ? ReferenceBezier.easeOut(local / up) : 1 - ReferenceBezier.easeIn((local - up) / down)
        let marker = frame[2], shadow = frame[3]
        #expect(abs(marker.x - (iconX + 3)) < 1e-9 && marker.width == 26 && marker.height == 26)
        #expect(abs(marker.y - (iconY - 14 * rise)) < tolerance, "t = \(t)")
        #expect(abs(shadow.width - (26 - (26 - 26 / 1.6) * rise)) < tolerance, "t = \(t)")
        #expect(abs(shadow.x + shadow.width / 2 - 187.5) < 1e-9)
        #expect(shadow.y == iconY + 29 && shadow.height == 3)
      }
    }
  }

  @Test("the seed's defaults: the removal is reported once per crossing, both ways")
  func removalOrder() throws {
    let outcome = try #require(swiftSide(preloadCases[0]).value)
    // Advances 0.5, 2.2 (fade starts at 2), 2.375 (ends), 4, 1 (back over both), 3 (over both again).
    #expect(outcome.removals == ["started>2.0", "ended>2.375", "started<2.375", "ended<2.0", "started>2.0",
                                 "ended>2.375"])
  }
}
