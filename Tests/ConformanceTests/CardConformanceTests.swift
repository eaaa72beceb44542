import GhostframeTestSupport
import CGhostframe
import Ghostframe
import Glibc
import Testing

/// An expanding-card case: the inputs, and when the exit begins.
private struct CardCase: Sendable, CustomStringConvertible {
  let name: String
  var window = (375.0, 667.0)
  let images: [[Double]]
  let tapped: Int
  var ratio = 2.0 / 3.0
  /// nil: the library's default (JPAnimationTool's 0.35 s, 0.1 s, ease-out), as gf_expand_params_init writes it.
  var duration: Double? = 0.5
  var curve: String? = nil
  var exitAt = 0.5
  var delay: Double? = 0
  var description: String { name }
}

/// What one side made of a case: the parts (kind, image index, start, end, source), the entry's
/// and the exit's layer states at every sampled time, and a rect converted from a part's layer to
/// the root.
private struct CardOutcome: Equatable {
  var parts: [[Double]]
  var entry: [[LayerState]]
  var exit: [[LayerState]]
  var converted: [Double]
}

private let sampleTimes = stride(from: -0.125, through: 0.75, by: 0.03125).map { $0 }
private let feed: [[Double]] = [[-60, 300, 150, 125], [105, 300, 150, 125], [270, 300, 150, 125], [105, 100, 150, 125]]

private let cardCases: [CardCase] = [
  CardCase(name: "middle cell, full exit", images: feed, tapped: 1),
  CardCase(name: "defaults, finished entry: the dismissal", images: feed, tapped: 1, duration: nil, exitAt: 0.45,
           delay: nil),
  CardCase(name: "defaults, exit while the entry runs", images: feed, tapped: 3, duration: nil, exitAt: 0.3, delay: nil),
  CardCase(name: "a delay, exit within it", images: feed, tapped: 2, curve: "ease-in", exitAt: 0.1, delay: 0.25),
  CardCase(name: "bad: negative delay", images: feed, tapped: 1, delay: -0.1),
  CardCase(name: "bad: infinite delay", images: feed, tapped: 1, delay: .infinity),
  CardCase(name: "first cell partly out, eased, mid-flight exit", images: feed, tapped: 0, ratio: 0.5, duration: 0.4,
           curve: "cubic-bezier(0.2, 0.8, 0.3, 1)", exitAt: 0.15),
  CardCase(name: "partly above the window", images: [[105, -50, 150, 125], [270, -50, 150, 125]], tapped: 0, curve: "linear",
           exitAt: 0.3),
  CardCase(name: "bad: tapped not visible", images: [[400, 0, 10, 10]], tapped: 0),
  CardCase(name: "bad: empty rect", images: [[0, 0, 0, 10]], tapped: 0),
  CardCase(name: "bad: NaN", images: [[0, .nan, 10, 10]], tapped: 0),
  CardCase(name: "bad: out of range", images: feed, tapped: 4),
]

private func kindCode(_ kind: ExpandTransition.Kind) -> Double {
  switch kind {
  case .up: Double(GF_EXPAND_PART_UP)
  case .down: Double(GF_EXPAND_PART_DOWN)
  case .tapped: Double(GF_EXPAND_PART_TAPPED)
  case .image: Double(GF_EXPAND_PART_IMAGE)
  }
}

/// The case through the Swift API.
private func swiftSide(_ c: CardCase) -> Outcome<CardOutcome> {
  do throws(GhostframeError) {
    let curve = try c.curve.map { spec throws(GhostframeError) in try Curve(parsing: spec) } ?? ExpandTransition.defaultCurve
    let t = try ExpandTransition(
      window: Size(width: c.window.0, height: c.window.1),
      images: c.images.map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }, tapped: c.tapped,
      ratio: c.ratio, duration: c.duration ?? ExpandTransition.defaultDuration,
      delay: c.delay ?? ExpandTransition.defaultDelay, curve: curve)
    let parts = t.parts.map { p in
      [kindCode(p.kind), Double(p.imageIndex ?? -1), p.start.x, p.start.y, p.start.width, p.start.height,
       p.end.x, p.end.y, p.end.width, p.end.height, p.source.x, p.source.y, p.source.width, p.source.height]
    }
    let exit = try t.exit(at: c.exitAt)
    let r = try t.scene.convert(Rect(x: 1, y: 2, width: 3, height: 4), from: t.parts[2].layer, to: nil)
    return .ok(CardOutcome(parts: parts, entry: sampleTimes.map { t.scene.sample(at: $0) },
                           exit: sampleTimes.map { exit.sample(at: $0) }, converted: [r.x, r.y, r.width, r.height]))
  } catch {
    return .failed(error.code.rawValue, error.message)
  }
}

/// The case through libghostframe.so, every call made with libffi.
private func librarySide(_ c: CardCase, _ library: NativeLibrary) -> Outcome<CardOutcome> {
  let side = Bridged(library: library)
  @discardableResult
  func call(_ name: String, _ values: [FFIValue], returns: FFIType = .int32) -> FFIReturn {
    side.call(name, values, returns: returns)
  }
  func make(_ name: String, _ values: [FFIValue]) -> (Int32, UnsafeMutableRawPointer?) { side.make(name, values) }
  func failed(_ status: Int32) -> Outcome<CardOutcome> { side.failed(status) }
  let flat = c.images.flatMap { $0 }
  let curve = c.curve.flatMap { strdup($0) }
  defer { Glibc.free(curve) }
  var params = gf_expand_params()
  _ = withUnsafeMutablePointer(to: &params) { call("gf_expand_params_init", [.pointer(UnsafeMutableRawPointer($0))], returns: .void) }
  params.window_width = c.window.0
  params.window_height = c.window.1
  params.image_count = c.images.count
  params.tapped = c.tapped
  params.ratio = c.ratio
  if let duration = c.duration { params.duration = duration }
  if let delay = c.delay { params.delay = delay }
  params.curve = UnsafePointer(curve)
  let (created, transition) = flat.withUnsafeBufferPointer { buffer in
    params.images = buffer.baseAddress
    return withUnsafeMutablePointer(to: &params) { make("gf_expand_transition_create", [.pointer(UnsafeMutableRawPointer($0))]) }
  }
  guard created == GF_OK, let transition else { return failed(created) }
  defer { _ = call("gf_expand_transition_free", [.pointer(transition)]) }
  var count = 0
  _ = withUnsafeMutablePointer(to: &count) {
    call("gf_expand_transition_parts", [.pointer(transition), .pointer(nil), .size(0), .pointer(UnsafeMutableRawPointer($0))])
  }
  var raw = [gf_expand_part](repeating: gf_expand_part(), count: max(count, 1))
  let listed = raw.withUnsafeMutableBufferPointer { buffer in
    withUnsafeMutablePointer(to: &count) {
      call("gf_expand_transition_parts", [.pointer(transition), .pointer(UnsafeMutableRawPointer(buffer.baseAddress)),
                                          .size(UInt64(buffer.count)), .pointer(UnsafeMutableRawPointer($0))]).int32
    }
  }
  guard listed == GF_OK else { return failed(listed) }
  let parts = raw[0..<count].map { p in
    [Double(p.kind), Double(p.image_index), p.start.0, p.start.1, p.start.2, p.start.3, p.end.0, p.end.1, p.end.2, p.end.3,
     p.source.0, p.source.1, p.source.2, p.source.3]
  }
  let (madeEntry, entry) = make("gf_expand_transition_scene", [.pointer(transition)])
  guard madeEntry == GF_OK, let entry else { return failed(madeEntry) }
  defer { _ = call("gf_scene_free", [.pointer(entry)]) }
  let (madeExit, exit) = make("gf_expand_transition_exit", [.pointer(transition), .double(c.exitAt)])
  guard madeExit == GF_OK, let exit else { return failed(madeExit) }
  defer { _ = call("gf_scene_free", [.pointer(exit)]) }
  let (sampledEntry, entryStates) = side.states("gf_scene_sample", entry, at: sampleTimes)
  guard sampledEntry == GF_OK else { return failed(sampledEntry) }
  let (sampledExit, exitStates) = side.states("gf_scene_sample", exit, at: sampleTimes)
  guard sampledExit == GF_OK else { return failed(sampledExit) }
  // A fresh pool names part i "snapshot.i": convert from part 2 as the Swift side does.
  var rect = [1.0, 2, 3, 4], out = [Double](repeating: 0, count: 4)
  let layer = strdup("snapshot.2")
  defer { Glibc.free(layer) }
  let converted = rect.withUnsafeMutableBufferPointer { r in
    out.withUnsafeMutableBufferPointer { o in
      call("gf_scene_convert_rect", [.pointer(entry), .pointer(UnsafeMutableRawPointer(r.baseAddress)), .pointer(UnsafeMutableRawPointer(layer)),
                                     .pointer(nil), .pointer(UnsafeMutableRawPointer(o.baseAddress))]).int32
    }
  }
  guard converted == GF_OK else { return failed(converted) }
  return .ok(CardOutcome(parts: parts, entry: entryStates, exit: exitStates, converted: out))
}

/// Expanding-card transitions built through the Swift API and through the C ABI (dlopen +
/// libffi) give the same parts, the same bytes at every sampled time of entry and exit, the same
/// conversion, and the same error status for bad input.
@Suite("Card transition, both sides")
struct CardConformanceTests {
  @Test("Swift and the C ABI agree exactly", arguments: cardCases)
  fileprivate func sidesAgree(_ c: CardCase) throws {
    let swift = swiftSide(c)
    if c.name.hasPrefix("bad") {
      #expect(swift.value == nil && swift.status == GF_E_INVALID_ARGUMENT)
    } else {
      let value = try #require(swift.value, "Swift: \(swift.message)")
      #expect(value.parts.count == c.images.count + 2)
    }
    guard case .success(let library) = NativeLibrary.shared else { return }
    let bridged = librarySide(c, library)
    expectSidesAgree(swift, bridged)
  }

  @Test("both sides' defaults are JPAnimationTool's: entry and dismissal after 0.1 s over 0.35 s, ease-out")
  func originalDefaults() throws {
    guard case .success(let library) = NativeLibrary.shared else { return }
    let c = cardCases[1]
    let swift = try #require(swiftSide(c).value)
    let bridged = try #require(librarySide(c, library).value)
    // The rows of `parts`: kind, index, start x y w h, end x y w h, source x y w h; the layer of
    // part i is state i + 1. The engine solves the bezier to 1e-7 in x, slopes under 3.5, travel
    // up to 825 points.
    let tolerance = 825 * 3.5e-7
    for side in [swift, bridged] {
      for (i, time) in sampleTimes.enumerated() {
        let p = ReferenceBezier.easeOut((time - 0.1) / 0.35)
        for (k, part) in side.parts.enumerated() {
          let start = Array(part[2..<6]), end = Array(part[6..<10])
          let entry = side.entry[i][k + 1], exit = side.exit[i][k + 1]
          let got = [entry.x, entry.y, entry.width, entry.height], back = [exit.x, exit.y, exit.width, exit.height]
          for j in 0..<4 {
            #expect(abs(got[j] - (start[j] + (end[j] - start[j]) * p)) < tolerance, "entry t = \(time)")
            #expect(abs(back[j] - (end[j] + (start[j] - end[j]) * p)) < tolerance, "exit s = \(time)")
          }
        }
      }
    }
  }
}
