import CGhostframe
import Ghostframe
import Glibc
import Testing

/// A pull-to-refresh case: every parameter (nil: the default), the pulls sampled, the pulled
/// scene's sampled times, when refreshing begins and ends, and the clock times sampled after.
private struct RefreshCase: Sendable, CustomStringConvertible {
  let name: String
  /// Through gf_pull_to_refresh_create (geometry only) instead of the params struct.
  var geometryOnly = false
  var geometry: [Double] = [375, 95, 160, 50, 20, 2.5, 24, 1]
  var fill: [Double]? = nil
  var background: [Double]? = nil
  var logo: String? = nil
  /// (mass, stiffness, damping)
  var spring: (Double, Double, Double)? = nil
  var pulls: [Double] = [-20, 0, 12.5, 49.9, 50, 72.5, 94.99, 95, 120, 160, 400]
  var sceneTimes: [Double] = [0, 0.125, 0.3, 0.5, 0.75, 1]
  var begin = 2.0
  var end = 4.5
  var clock: [Double] = [2, 2.1, 2.5, 3.99, 4.5, 4.6, 4.8, 5.2, 8]
  var description: String { name }
}

/// What one side made of a case: the drawing at each pull, the pulled scene at each time, the
/// drawing at each clock time.
private struct RefreshOutcome: Equatable {
  var pulled: [[LayerState]]
  var scene: [[LayerState]]
  var clocked: [[LayerState]]
}

private let refreshCases: [RefreshCase] = [
  RefreshCase(name: "the defaults through the geometry call", geometryOnly: true),
  RefreshCase(name: "the defaults through the params struct"),
  RefreshCase(name: "another geometry, colours, logo and an underdamped spring",
              geometry: [240, 70, 130, 30, 14, 3, 18, 0.6], fill: [0.2, 0.4, 0.8, 0.9], background: [0.98, 0.96, 0.9, 1],
              logo: "brand_mark", spring: (1, 100, 6), begin: 1, end: 2.25, clock: [1, 1.3, 2.25, 2.3, 2.5, 2.9, 3.5, 6]),
  RefreshCase(name: "a heavy spring, ending as it begins", spring: (4, 400, 30), begin: 0, end: 0, clock: [0, 0.05, 0.4, 1, 3]),
  RefreshCase(name: "bad: NaN fill", fill: [0, .nan, 0, 1]),
  RefreshCase(name: "bad: background above 1", background: [1, 1, 1.5, 1]),
  RefreshCase(name: "bad: threshold past the trigger", geometry: [375, 95, 160, 96, 20, 2.5, 24, 1]),
  RefreshCase(name: "bad: empty logo", logo: ""),
  RefreshCase(name: "bad: zero mass", spring: (0, 100, 10)),
  RefreshCase(name: "bad: geometry call, ring as wide as the radius", geometryOnly: true, geometry: [375, 95, 160, 50, 20, 20, 24, 1]),
]

private func color(_ c: [Double]?) -> Color? { c.map { Color(red: $0[0], green: $0[1], blue: $0[2], alpha: $0[3]) } }

/// The case through the Swift API.
private func swiftSide(_ c: RefreshCase) -> Outcome<RefreshOutcome> {
  do throws(GhostframeError) {
    let g = c.geometry
    let defaults = try PullToRefresh()
    var spring: Spring?
    if let (m, k, d) = c.spring { spring = try Spring(mass: m, stiffness: k, damping: d) }
    var control = try PullToRefresh(
      width: g[0], triggerDistance: g[1], maximumPull: g[2], thresholdDistance: g[3], maximumRadius: g[4], ringWidth: g[5],
      logoSize: g[6], spinDuration: g[7], fillColor: color(c.fill) ?? defaults.fillColor,
      backgroundColor: color(c.background) ?? defaults.backgroundColor, logoImage: c.logo ?? defaults.logoImage,
      spring: spring)
    var outcome = RefreshOutcome(pulled: [], scene: [], clocked: [])
    for p in c.pulls { outcome.pulled.append(try control.sample(atPull: p)) }
    outcome.scene = c.sceneTimes.map { control.scene.sample(at: $0) }
    try control.beginRefreshing(at: c.begin)
    try control.endRefreshing(at: c.end)
    for t in c.clock { outcome.clocked.append(try control.sample(atClock: t)) }
    return .ok(outcome)
  } catch {
    return .failed(error.code.rawValue, error.message)
  }
}

/// The case through libghostframe.so, every call made with libffi.
private func librarySide(_ c: RefreshCase, _ library: NativeLibrary) -> Outcome<RefreshOutcome> {
  let side = Bridged(library: library)
  let (created, made): (Int32, UnsafeMutableRawPointer?)
  if c.geometryOnly {
    (created, made) = side.make("gf_pull_to_refresh_create", c.geometry.map { .double($0) })
  } else {
    var params = gf_pull_to_refresh_params()
    let logo = c.logo.flatMap { strdup($0) }
    defer { Glibc.free(logo) }
    (created, made) = withUnsafeMutablePointer(to: &params) { p in
      side.call("gf_pull_to_refresh_params_init", [.pointer(UnsafeMutableRawPointer(p))], returns: .void)
      let g = c.geometry
      (p.pointee.width, p.pointee.trigger_distance, p.pointee.maximum_pull, p.pointee.threshold_distance) = (g[0], g[1], g[2], g[3])
      (p.pointee.maximum_radius, p.pointee.ring_width, p.pointee.logo_size, p.pointee.spin_duration) = (g[4], g[5], g[6], g[7])
      if let f = c.fill { (p.pointee.fill_r, p.pointee.fill_g, p.pointee.fill_b, p.pointee.fill_a) = (f[0], f[1], f[2], f[3]) }
      if let b = c.background {
        (p.pointee.background_r, p.pointee.background_g, p.pointee.background_b, p.pointee.background_a) = (b[0], b[1], b[2], b[3])
      }
      if let logo { p.pointee.logo_image = UnsafePointer(logo) }
      if let (m, k, d) = c.spring { (p.pointee.spring.mass, p.pointee.spring.stiffness, p.pointee.spring.damping) = (m, k, d) }
      return side.make("gf_pull_to_refresh_create_with_params", [.pointer(UnsafeMutableRawPointer(p))])
    }
  }
  guard created == GF_OK, let control = made else { return side.failed(created) }
  defer { side.call("gf_pull_to_refresh_free", [.pointer(control)]) }
  var outcome = RefreshOutcome(pulled: [], scene: [], clocked: [])
  let (pulledStatus, pulled) = side.states("gf_pull_to_refresh_sample", control, at: c.pulls)
  guard pulledStatus == GF_OK else { return side.failed(pulledStatus) }
  outcome.pulled = pulled
  let (got, scene) = side.make("gf_pull_to_refresh_scene", [.pointer(control)])
  guard got == GF_OK, let scene else { return side.failed(got) }
  defer { side.call("gf_scene_free", [.pointer(scene)]) }
  let (sceneStatus, sceneStates) = side.states("gf_scene_sample", scene, at: c.sceneTimes)
  guard sceneStatus == GF_OK else { return side.failed(sceneStatus) }
  outcome.scene = sceneStates
  for (name, t) in [("gf_pull_to_refresh_begin", c.begin), ("gf_pull_to_refresh_end", c.end)] {
    let status = side.call(name, [.pointer(control), .double(t)]).int32
    guard status == GF_OK else { return side.failed(status) }
  }
  let (clockStatus, clocked) = side.states("gf_pull_to_refresh_sample_at_clock", control, at: c.clock)
  guard clockStatus == GF_OK else { return side.failed(clockStatus) }
  outcome.clocked = clocked
  return .ok(outcome)
}

/// Pull-to-refresh controls built through the Swift API and through the C ABI (dlopen + libffi,
/// both the geometry call and the params struct) draw the same bytes at every pull, the same
/// pulled scene, and the same refreshing and closing drawing at every clock time; bad
/// parameters fail with the same status on both sides.
@Suite("Pull-to-refresh, both sides")
struct PullToRefreshConformanceTests {
  @Test("Swift and the C ABI agree exactly", arguments: refreshCases)
  fileprivate func sidesAgree(_ c: RefreshCase) throws {
    let swift = swiftSide(c)
    if c.name.hasPrefix("bad") {
      #expect(swift.value == nil && swift.status == GF_E_INVALID_ARGUMENT, "\(swift.message)")
    } else {
      let value = try #require(swift.value, "Swift: \(swift.message)")
      // The drawing at pull p is the pulled scene at p / maximum pull (the scrub's mapping).
      let maximum = c.geometry[2]
      let control = try PullToRefresh(
        width: c.geometry[0], triggerDistance: c.geometry[1], maximumPull: maximum, thresholdDistance: c.geometry[3],
        maximumRadius: c.geometry[4], ringWidth: c.geometry[5], logoSize: c.geometry[6], spinDuration: c.geometry[7])
      for (p, states) in zip(c.pulls, value.pulled) where c.fill == nil && c.background == nil && c.logo == nil {
        #expect(states == control.scene.sample(at: min(max(p, 0), maximum) / maximum))
      }
    }
    guard case .success(let library) = NativeLibrary.shared else { return }
    expectSidesAgree(swift, librarySide(c, library))
  }

  @Test("the geometry call and the params struct with the defaults draw the same bytes")
  func geometryCallIsTheDefaults() throws {
    guard case .success(let library) = NativeLibrary.shared else { return }
    let viaGeometry = try #require(librarySide(refreshCases[0], library).value)
    let viaParams = try #require(librarySide(refreshCases[1], library).value)
    #expect(viaGeometry == viaParams)
  }
}
