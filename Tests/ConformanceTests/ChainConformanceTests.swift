import CGhostframe
import Ghostframe
import Glibc
import Testing

/// One link of a chain case, as both sides take it.
private struct LinkRequest: Sendable {
  var kind: Int32 = GF_CHAIN_BASIC
  var combined = false
  var property: String
  var to: [Double]? = nil
  var by: [Double]? = nil
  var duration = 0.0
  var beginTime = 0.0
  var repeatCount = 0.0
  var autoreverses = false
  var timing: String? = nil
  var name: String? = nil
  /// View-shorthand cases: `after(t)` before this shorthand (AXAnimationChain adds it up, held at 0).
  var after = 0.0
}

/// A chain case: the links, the scene (JSON), the layer, the times the clock is advanced to (the
/// completions are recorded), and the times sampled.
private struct ChainCase: Sendable, CustomStringConvertible {
  let name: String
  let links: [LinkRequest]
  let advances: [Double]
  /// Built as AXAnimationChain's view shorthand: Swift `ViewAnimationChain`, C links placed
  /// GF_CHAIN_COMBINE with anchor 0 and begin_time the added-up `after`.
  var viewShorthand = false
  var description: String { name }
}

/// What one side made of a chain case.
private struct ChainOutcome: Equatable {
  var schedule: [String]
  var duration: Double
  var states: [[LayerState]]
  var completions: [String]
}

private let sceneJSON = #"{"format": "ghostframe-scene", "version": 1, "layers": [{"id": "card", "frame": [0, 0, 100, 100]}]}"#
private let sampleTimes = stride(from: -0.25, through: 5, by: 0.0625).map { $0 }

private let chainCases: [ChainCase] = [
  ChainCase(name: "three springs placed next (the chain vocabulary)", links: [
    LinkRequest(kind: GF_CHAIN_SPRING, property: "position", by: [0, 100], timing: "easeOut"),
    LinkRequest(kind: GF_CHAIN_SPRING, property: "bounds.size", by: [100, 100]),
    LinkRequest(kind: GF_CHAIN_SPRING, property: "cornerRadius", by: [4]),
  ], advances: [0.5, 1.3, 9, 2, 0.1, 3]),
  ChainCase(name: "next, combine, repeats", links: [
    LinkRequest(property: "opacity", to: [0.2], duration: 0.6, timing: "easeInBack", name: "fade"),
    LinkRequest(combined: true, property: "position", by: [10, -20], duration: 0.5, beginTime: 0.3, repeatCount: 1.5,
                autoreverses: true),
    LinkRequest(kind: GF_CHAIN_SPRING, property: "transform.rotation", by: [0.5], duration: 0.8, timing: "ease-in-out"),
    LinkRequest(combined: true, property: "cornerRadius", to: [12], duration: 0.4, repeatCount: 2),
    // The seed's advanced one-liner: property(@"bounds") with a rect.
    LinkRequest(kind: GF_CHAIN_SPRING, combined: true, property: "bounds", to: [0, 0, 60, 30], duration: 0.5),
  ], advances: [0.7, 1.9, 4, 1.0, 0]),
  ChainCase(name: "the seed's one-liner, as the view shorthand (together, from after)", links: [
    LinkRequest(kind: GF_CHAIN_SPRING, property: "position", by: [0, 100], timing: "easeOut"),
    LinkRequest(kind: GF_CHAIN_SPRING, property: "bounds.size", by: [100, 100]),
    LinkRequest(kind: GF_CHAIN_SPRING, property: "cornerRadius", by: [4]),
    LinkRequest(property: "opacity", to: [0.2], duration: 0.6, timing: "linear", after: 0.75),
    LinkRequest(property: "cornerRadius", by: [2], duration: 0.5, after: -0.5),
  ], advances: [0.5, 1.3, 9, 0.1, 3], viewShorthand: true),
  ChainCase(name: "the view shorthand's frame parts (originTo, frameTo, widthBy, centerXTo, originYBy)", links: [
    LinkRequest(kind: GF_CHAIN_SPRING, property: "frame.origin", to: [40, 60]),
    LinkRequest(property: "frame", to: [10, 20, 150, 50], duration: 0.8, timing: "easeInEaseOut", after: 0.25),
    LinkRequest(property: "bounds.size.width", by: [30], duration: 0.5, timing: "linear", after: 0.5),
    LinkRequest(kind: GF_CHAIN_SPRING, property: "position.x", to: [200], after: -0.25),
    LinkRequest(property: "frame.origin.y", by: [-15], duration: 0.4, after: 1),
  ], advances: [0.3, 1.1, 9, 0.6, 2], viewShorthand: true),
]

/// A view-shorthand case through ``ViewAnimationChain``: each request's shorthand by its property.
private func viewSide(_ c: ChainCase, _ log: Log) throws(GhostframeError) -> AnimationChain {
  let view = ViewAnimationChain(layer: "card")
  for request in c.links {
    view.after(request.after)
    if request.kind == GF_CHAIN_SPRING { _ = view.spring }
    switch (request.property, request.to, request.by) {
    case ("position", _, let by?) where by.count == 2: view.centerBy(x: by[0], y: by[1])
    case ("bounds.size", _, let by?) where by.count == 2: view.sizeBy(width: by[0], height: by[1])
    case ("cornerRadius", _, let by?) where by.count == 1: view.cornerRadiusBy(by[0])
    case ("opacity", let to?, _) where to.count == 1: view.opacityTo(to[0])
    case ("frame.origin", let to?, _) where to.count == 2: view.originTo(x: to[0], y: to[1])
    case ("frame", let to?, _) where to.count == 4:
      view.frameTo(Rect(x: to[0], y: to[1], width: to[2], height: to[3]))
    case ("bounds.size.width", _, let by?) where by.count == 1: view.widthBy(by[0])
    case ("position.x", let to?, _) where to.count == 1: view.centerXTo(to[0])
    case ("frame.origin.y", _, let by?) where by.count == 1: view.originYBy(by[0])
    default: throw GhostframeError(.invalidArgument, "no shorthand for \(request.property) in this test")
    }
    if request.duration > 0 || request.kind != GF_CHAIN_SPRING { view.duration(request.duration) }
    if let timing = request.timing { view.timing(try Curve(parsing: timing)) }
    if let name = request.name { view.named(name) }
    view.completion { log.entries.append("\($0.name)\($0.isReversed ? "<" : ">")\($0.time)") }
  }
  return view.chain
}

/// The chain cases through the Swift API.
private func swiftSide(_ c: ChainCase) -> Outcome<ChainOutcome> {
  do throws(GhostframeError) {
    let log = Log()
    let chain = c.viewShorthand ? try viewSide(c, log) : AnimationChain(layer: "card")
    var last: ChainLink?
    for request in c.viewShorthand ? [] : c.links {
      let link: ChainLink
      switch (request.kind, last) {
      case (GF_CHAIN_SPRING, let last?): link = request.combined ? last.combineSpring : last.nextToSpring
      case (GF_CHAIN_SPRING, nil): link = chain.spring
      case (_, let last?): link = request.combined ? last.combineBasic : last.nextToBasic
      case (_, nil): link = chain.basic
      }
      if request.duration > 0 || request.kind != GF_CHAIN_SPRING { link.duration(request.duration) }
      link.beginTime(request.beginTime).repeatCount(request.repeatCount)
      if request.autoreverses { _ = link.autoreverses }
      if let timing = request.timing { link.timing(try Curve(parsing: timing)) }
      if let name = request.name { link.named(name) }
      if let basic = link as? BasicChainLink {
        basic.property(request.property)
        if let to = request.to { basic.toValue(to) }
        if let by = request.by { basic.byValue(by) }
      }
      link.completion { log.entries.append("\($0.name)\($0.isReversed ? "<" : ">")\($0.time)") }
      last = link
    }
    let schedule = try chain.schedule()
    var scene = try Scene(json: sceneJSON)
    let run = try chain.animate(in: &scene)
    for t in c.advances { try run.advance(&scene, to: t) }
    let sampler = scene.compiled()
    return .ok(ChainOutcome(
      schedule: schedule.entries.map { "\($0.name) \($0.layer) \($0.begin) \($0.end)" }, duration: schedule.duration,
      states: sampleTimes.map { sampler.sample(at: $0) }, completions: log.entries))
  } catch {
    return .failed(error.code.rawValue, error.message)
  }
}

private final class Log {
  var entries: [String] = []
}

/// The chain cases through libghostframe.so, every call made with libffi.
private func librarySide(_ c: ChainCase, _ library: NativeLibrary) -> Outcome<ChainOutcome> {
  func call(_ name: String, _ values: [FFIValue], returns: FFIType = .int32) -> FFIReturn {
    let types = Header.functions.first { $0.name == name }?.parameters.map(\.type) ?? []
    return library.call(name, returns: returns, Array(zip(types, values)))
  }
  func failed(_ status: Int32) -> Outcome<ChainOutcome> {
    let message = call("gf_last_error_message", [], returns: .pointer).pointer
      .map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
    return .failed(status, message)
  }
  func make(_ name: String, _ values: [FFIValue]) -> (Int32, UnsafeMutableRawPointer?) {
    var handle: UnsafeMutableRawPointer?
    let status = withUnsafeMutablePointer(to: &handle) { call(name, values + [.pointer(UnsafeMutableRawPointer($0))]).int32 }
    return (status, handle)
  }
  // Everything the descs point to, freed at the end.
  var owned: [UnsafeMutableRawPointer] = []
  defer { for pointer in owned { Glibc.free(pointer) } }
  func cString(_ text: String) -> UnsafePointer<CChar>? {
    guard let copy = strdup(text) else { return nil }
    owned.append(UnsafeMutableRawPointer(copy))
    return UnsafePointer(copy)
  }
  func doubles(_ values: [Double]?) -> UnsafePointer<Double>? {
    guard let values, let memory = malloc(8 * max(values.count, 1)) else { return nil }
    owned.append(memory)
    let typed = memory.bindMemory(to: Double.self, capacity: values.count)
    for (i, v) in values.enumerated() { typed[i] = v }
    return UnsafePointer(typed)
  }

  let (created, chain) = "card".withCString { make("gf_chain_create", [.pointer(UnsafeMutableRawPointer(mutating: $0))]) }
  guard created == GF_OK, let chain else { return failed(created) }
  defer { _ = call("gf_chain_free", [.pointer(chain)]) }
  let log = Log()
  let logPointer = Unmanaged.passUnretained(log).toOpaque()
  var after = 0.0
  for (index, request) in c.links.enumerated() {
    var desc = gf_chain_link_desc()
    _ = withUnsafeMutablePointer(to: &desc) { call("gf_chain_link_desc_init", [.pointer(UnsafeMutableRawPointer($0))], returns: .void) }
    desc.kind = request.kind
    desc.placement = request.combined ? GF_CHAIN_COMBINE : GF_CHAIN_NEXT
    desc.property = cString(request.property)
    desc.value_count = UInt32((request.to ?? request.by ?? []).count)
    desc.to_value = doubles(request.to)
    desc.by_value = doubles(request.by)
    desc.duration = request.duration
    desc.begin_time = request.beginTime
    if c.viewShorthand {
      after = max(after + request.after, 0)
      desc.placement = GF_CHAIN_COMBINE
      desc.anchor = index > 0 ? 0 : GF_CHAIN_LAST
      desc.begin_time = after
    }
    desc.repeat_count = request.repeatCount
    desc.autoreverses = request.autoreverses ? 1 : 0
    desc.timing = request.timing.flatMap { cString($0) }
    desc.name = request.name.flatMap { cString($0) }
    desc.completion = { user, completion in
      guard let user, let completion else { return }
      let log = Unmanaged<Log>.fromOpaque(user).takeUnretainedValue()
      let c = completion.pointee
      log.entries.append("\(String(cString: c.name))\(c.reversed != 0 ? "<" : ">")\(c.time)")
    }
    desc.user_data = logPointer
    let added = withUnsafeMutablePointer(to: &desc) {
      call("gf_chain_add", [.pointer(chain), .pointer(UnsafeMutableRawPointer($0)), .pointer(nil)]).int32
    }
    guard added == GF_OK else { return failed(added) }
  }
  // The schedule: count, then entries.
  var count = 0
  _ = withUnsafeMutablePointer(to: &count) { call("gf_chain_schedule", [.pointer(chain), .pointer(nil), .size(0), .pointer(UnsafeMutableRawPointer($0))]) }
  var entries = [gf_timeline_entry](repeating: gf_timeline_entry(), count: max(count, 1))
  let scheduled = entries.withUnsafeMutableBufferPointer { buffer in
    withUnsafeMutablePointer(to: &count) {
      call("gf_chain_schedule", [.pointer(chain), .pointer(UnsafeMutableRawPointer(buffer.baseAddress)), .size(UInt64(buffer.count)),
                                 .pointer(UnsafeMutableRawPointer($0))]).int32
    }
  }
  guard scheduled == GF_OK else { return failed(scheduled) }
  let schedule = entries[0..<count].map { "\(String(cString: $0.name)) \(String(cString: $0.layer)) \($0.begin) \($0.end)" }
  var duration = 0.0
  let measured = withUnsafeMutablePointer(to: &duration) { call("gf_chain_duration", [.pointer(chain), .pointer(UnsafeMutableRawPointer($0))]).int32 }
  guard measured == GF_OK else { return failed(measured) }

  let (loaded, scene) = sceneJSON.withCString {
    make("gf_scene_load_json", [.pointer(UnsafeMutableRawPointer(mutating: $0)), .size(UInt64(sceneJSON.utf8.count))])
  }
  guard loaded == GF_OK, let scene else { return failed(loaded) }
  defer { _ = call("gf_scene_free", [.pointer(scene)]) }
  let applied = call("gf_chain_apply", [.pointer(chain), .pointer(scene), .pointer(nil), .double(0)]).int32
  guard applied == GF_OK else { return failed(applied) }
  for t in c.advances {
    let advanced = call("gf_chain_advance", [.pointer(chain), .pointer(scene), .double(t), .pointer(nil), .pointer(nil)]).int32
    guard advanced == GF_OK else { return failed(advanced) }
  }
  var states: [[LayerState]] = []
  for t in sampleTimes {
    var raw = [gf_layer_state](repeating: gf_layer_state(), count: 1)
    var written = 0
    let sampled = raw.withUnsafeMutableBufferPointer { buffer in
      withUnsafeMutablePointer(to: &written) {
        call("gf_scene_sample", [.pointer(scene), .double(t), .pointer(UnsafeMutableRawPointer(buffer.baseAddress)), .size(1),
                                 .pointer(UnsafeMutableRawPointer($0))]).int32
      }
    }
    guard sampled == GF_OK else { return failed(sampled) }
    // The layouts are equal (ABITests), so the bytes read back as LayerState.
    states.append(raw.map { unsafeBitCast($0, to: LayerState.self) })
  }
  return .ok(ChainOutcome(schedule: schedule, duration: duration, states: states, completions: log.entries))
}

/// Chains built through the Swift API and through the C ABI (dlopen + libffi) give the same
/// schedule, the same completions in the same order, and the same bytes at every sampled time.
@Suite("Chains, both sides")
struct ChainConformanceTests {
  @Test("Swift and the C ABI agree exactly", arguments: chainCases)
  fileprivate func sidesAgree(_ c: ChainCase) throws {
    let swift = swiftSide(c)
    let swiftValue = try #require(swift.value, "Swift: \(swift.message)")
    #expect(swiftValue.schedule.count == c.links.count)
    #expect(!swiftValue.completions.isEmpty)
    guard case .success(let library) = NativeLibrary.shared else { return }
    let bridged = librarySide(c, library)
    let bridgedValue = try #require(bridged.value, "library: \(bridged.message)")
    #expect(swiftValue.schedule == bridgedValue.schedule)
    #expect(swiftValue.duration == bridgedValue.duration)
    #expect(swiftValue.completions == bridgedValue.completions)
    #expect(swiftValue.states == bridgedValue.states)
  }

  @Test("the view shorthand's begins, by hand from AXAnimationChain's rules: 0, 0, 0, 0.75, 0.25")
  func viewShorthandBegins() throws {
    let outcome = try #require(swiftSide(chainCases[2]).value)
    // after: 0, 0, 0, +0.75 → 0.75, −0.5 → 0.25; the schedule is sorted by begin, then name.
    let begins = outcome.schedule.map { $0.split(separator: " ").map(String.init) }.map { ($0[0], Double($0[2]) ?? .nan) }
    #expect(begins.map(\.0) == ["bounds.size", "cornerRadius", "position", "cornerRadius", "opacity"])
    #expect(begins.map(\.1) == [0, 0, 0, 0.25, 0.75])
  }

  @Test("the next-placed springs' completions: each end once per crossing, in order, both ways")
  func oneLinerCompletions() throws {
    let outcome = try #require(swiftSide(chainCases[0]).value)
    let ends = outcome.schedule.map { $0.split(separator: " ").map(String.init) }
    let (p, s, r) = (ends[0][3], ends[1][3], ends[2][3])
    // Advances 0.5, 1.3 (position ends), 9 (size, radius), 2 (back into radius, size), 0.1 (position), 3.
    #expect(outcome.completions == ["position>\(p)", "bounds.size>\(s)", "cornerRadius>\(r)", "cornerRadius<\(r)",
                                    "bounds.size<\(s)", "position<\(p)", "position>\(p)", "bounds.size>\(s)"])
  }
}
