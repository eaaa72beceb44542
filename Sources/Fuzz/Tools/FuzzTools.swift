import CGhostframe
import FuzzSupport
import Glibc

/// Clock times and inputs every tool is sampled at: inside, at and past the ends, far away.
let times: [Double] = [0, 0.25, 0.5, 1, 3, -1, 1e6]

/// libFuzzer entry: the input is up to four tool runs, each a selector byte (preload overlay,
/// scrub, pull-to-refresh, expanding-card transition) and that tool's parameters from fuzz
/// bytes (``FuzzBytes``), as a host passes them. Every call's status is checked
/// (``clean(_:_:)``); a tool that was made is used as a host would (sampled over its range,
/// released, dismissed, begun and ended, exited), and what a call that returned GF_OK wrote must
/// be finite. A refused call leaves the handle usable: the next call on it is checked as well.
@c(LLVMFuzzerTestOneInput)
public func fuzzTools(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  fuzzRuns(data, size, [preload, scrub, pullToRefresh, cardTransition])
  return 0
}

/// Samples every layer of `scene` at `t`; on GF_OK every number must be finite.
func sampleFinite(_ scene: OpaquePointer, at t: Double, _ what: String) {
  var count = 0
  prime()
  guard clean(gf_scene_layer_count(scene, &count), "gf_scene_layer_count") else { finding("gf_scene_layer_count failed") }
  var states = [gf_layer_state](repeating: gf_layer_state(), count: max(count, 1))
  var written = 0
  prime()
  guard clean(gf_scene_sample(scene, t, &states, count, &written), "\(what): gf_scene_sample(\(t))") else { return }
  for state in states.prefix(written) { expectFinite(numbers(of: state), "\(what): gf_scene_sample(\(t))") }
}

/// Checks a tool's own sampling call: two-call pattern, then finite states on GF_OK.
func sampleTool(_ what: String, _ call: (UnsafeMutablePointer<gf_layer_state>?, Int, inout Int) -> gf_status) {
  var needed = 0
  prime()
  let probe = call(nil, 0, &needed)
  guard probe == GF_E_BUFFER_TOO_SMALL, needed > 0, needed < 100_000 else {
    clean(probe, "\(what)(capacity 0)")
    return
  }
  var states = [gf_layer_state](repeating: gf_layer_state(), count: needed)
  var written = 0
  prime()
  guard clean(states.withUnsafeMutableBufferPointer { call($0.baseAddress, needed, &written) }, what) else { return }
  guard written == needed else { finding("\(what) wrote \(written) states of \(needed)") }
  for state in states { expectFinite(numbers(of: state), what) }
}

func preload(_ bytes: inout FuzzBytes) {
  var params = gf_preload_params()
  gf_preload_params_init(&params)
  bytes.fill(&params, [\.width, \.height])
  if bytes.flag() {
    bytes.fill(&params, [\.loading_width, \.loading_height, \.marker_width, \.marker_height, \.shadow_width,
                         \.shadow_height, \.shadow_narrowing, \.marker_a])
  }
  bytes.fill(&params, [\.jump_height, \.jump_duration, \.down_duration, \.begin_time])
  params.reserved = bytes.byte() == 0xAB ? 1 : 0
  var preload: OpaquePointer?
  prime()
  guard clean(gf_preload_create(&params, &preload), "gf_preload_create"), let preload else { return }
  defer { gf_preload_free(preload) }
  let dismissAt = bytes.double()
  for dismiss in [false, true] {
    if dismiss {
      prime()
      clean(gf_preload_dismiss(preload, dismissAt), "gf_preload_dismiss(\(dismissAt))")
      var removal = 0.0
      prime()
      if clean(gf_preload_removal_time(preload, &removal), "gf_preload_removal_time") {
        expectFinite([removal], "gf_preload_removal_time")
      }
    }
    var scene: OpaquePointer?
    prime()
    guard clean(gf_preload_scene(preload, &scene), "gf_preload_scene"), let scene else { continue }
    let what = "preload (\(params.width) x \(params.height), jump \(params.jump_height), "
      + "\(params.jump_duration) s up, \(params.down_duration) s down, begin \(params.begin_time))"
    for t in times { sampleFinite(scene, at: t, what) }
    exercise(scene: scene, roundTrip: false)
    gf_scene_free(scene)
  }
}

/// A scene for the scrub: two layers, one animated by a basic animation over [0, 1].
func scrubScene() -> OpaquePointer {
  var scene: OpaquePointer?
  let json = #"{"format": "ghostframe-scene", "version": 1, "layers": [{"id": "a", "frame": [0, 0, 10, 10]}, {"id": "b", "parent": "a", "frame": [1, 1, 2, 2]}], "animations": [{"layer": "b", "type": "basic", "keyPath": "opacity", "from": 0, "to": 1, "timing": {"duration": 1}}]}"#
  let status = json.withCString { gf_scene_load_json($0, strlen($0), &scene) }
  guard status == GF_OK, let scene else { finding("the scrub's scene does not load: \(String(cString: gf_last_error_message()))") }
  return scene
}

func scrub(_ bytes: inout FuzzBytes) {
  let scene = scrubScene()
  defer { gf_scene_free(scene) }
  let (inputStart, inputEnd, timeStart, timeEnd) = (bytes.double(), bytes.double(), bytes.double(), bytes.double())
  var curve: OpaquePointer?
  let spec = bytes.text([nil, "linear", "ease-in-out", "steps(4)", "cubic-bezier(0.5, -2, 0.5, 3)", "easeOutElastic"])
  if let spec { _ = spec.withUnsafeBufferPointer { gf_curve_parse($0.baseAddress, &curve) } }
  defer { gf_curve_free(curve) }
  var spring = gf_spring()
  gf_spring_init(&spring)
  let useSpring = bytes.flag()
  if useSpring {
    (spring.mass, spring.stiffness, spring.damping) = (bytes.double(), bytes.double(), bytes.double())
    spring.allows_overdamping = Int32(bytes.below(3))
  }
  var scrub: OpaquePointer?
  prime()
  let made = useSpring
    ? gf_scrub_create_with_spring(scene, inputStart, inputEnd, timeStart, timeEnd, curve, &spring, &scrub)
    : gf_scrub_create(scene, inputStart, inputEnd, timeStart, timeEnd, curve, &scrub)
  guard clean(made, "gf_scrub_create(\(inputStart), \(inputEnd), \(timeStart), \(timeEnd))"), let scrub else { return }
  defer { gf_scrub_free(scrub) }
  for value in [inputStart, inputEnd, bytes.double(), (inputStart + inputEnd) / 2] {
    var t = 0.0
    prime()
    if clean(gf_scrub_time(scrub, value, &t), "gf_scrub_time(\(value))") { expectFinite([t], "gf_scrub_time(\(value))") }
    sampleTool("gf_scrub_sample(\(value))") { gf_scrub_sample(scrub, value, $0, $1, &$2) }
  }
  let (hostTime, value, velocity, rest) = (bytes.double(), bytes.double(), bytes.double(), bytes.double())
  prime()
  clean(gf_scrub_release(scrub, hostTime, value, velocity, rest), "gf_scrub_release")
  for t in times.map({ hostTime + $0 }) {
    var released = 0.0
    prime()
    if clean(gf_scrub_value_at_clock(scrub, t, &released), "gf_scrub_value_at_clock(\(t))") {
      expectFinite([released], "gf_scrub_value_at_clock(\(t)) after gf_scrub_release(\(hostTime), \(value), \(velocity), \(rest))")
    }
    sampleTool("gf_scrub_sample_at_clock(\(t))") { gf_scrub_sample_at_clock(scrub, t, $0, $1, &$2) }
  }
}

func pullToRefresh(_ bytes: inout FuzzBytes) {
  var control: OpaquePointer?
  prime()
  if bytes.flag() {
    var params = gf_pull_to_refresh_params()
    gf_pull_to_refresh_params_init(&params)
    bytes.fill(&params, [\.width, \.trigger_distance, \.maximum_pull, \.threshold_distance, \.maximum_radius,
                         \.ring_width, \.logo_size, \.spin_duration, \.fill_a, \.spring.mass, \.spring.stiffness,
                         \.spring.damping])
    let logo = bytes.text([nil, "logo", ""])
    guard clean(withText(logo) { logo in
      params.logo_image = logo
      return gf_pull_to_refresh_create_with_params(&params, &control)
    }, "gf_pull_to_refresh_create_with_params"), control != nil else { return }
  } else {
    let v = bytes.doubles(8)
    guard clean(gf_pull_to_refresh_create(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], &control),
                "gf_pull_to_refresh_create(\(v))"), control != nil else { return }
  }
  guard let control else { return }
  defer { gf_pull_to_refresh_free(control) }
  for pull in [0, bytes.double(), 1e308, -5, 50] {
    sampleTool("gf_pull_to_refresh_sample(\(pull))") { gf_pull_to_refresh_sample(control, pull, $0, $1, &$2) }
  }
  let (begin, end) = (bytes.double(), bytes.double())
  prime()
  clean(gf_pull_to_refresh_begin(control, begin), "gf_pull_to_refresh_begin(\(begin))")
  prime()
  clean(gf_pull_to_refresh_end(control, end), "gf_pull_to_refresh_end(\(end))")
  for t in times.map({ begin + $0 }) + [end + 0.1, end + 10] {
    sampleTool("gf_pull_to_refresh_sample_at_clock(\(t))") { gf_pull_to_refresh_sample_at_clock(control, t, $0, $1, &$2) }
  }
  var scene: OpaquePointer?
  prime()
  if clean(gf_pull_to_refresh_scene(control, &scene), "gf_pull_to_refresh_scene"), let scene {
    exercise(scene: scene, roundTrip: false)
    gf_scene_free(scene)
  }
}

func cardTransition(_ bytes: inout FuzzBytes) {
  var params = gf_expand_params()
  gf_expand_params_init(&params)
  params.window_width = bytes.double()
  params.window_height = bytes.double()
  params.image_count = bytes.below(5)
  let images = bytes.doubles(params.image_count * 4)
  params.tapped = bytes.below(5)
  params.ratio = bytes.flag() ? bytes.double() : params.ratio
  params.duration = bytes.flag() ? bytes.double() : params.duration
  let curve = bytes.text([nil, "ease-in-out", "linear", "steps(2)", "spring(1, 100, 10, 0)", "nonsense"])
  let pooled = bytes.flag()
  var pool: OpaquePointer?
  if pooled { _ = gf_snapshot_pool_create(bytes.below(8) + 1, &pool) }
  defer { gf_snapshot_pool_free(pool) }
  var transition: OpaquePointer?
  prime()
  let made = withText(curve) { curve in
    withValues(images.isEmpty ? nil : images) { images in
      params.curve = curve
      params.images = images
      return pooled && pool != nil ? gf_expand_transition_create_in_pool(&params, pool, &transition)
        : gf_expand_transition_create(&params, &transition)
    }
  }
  guard clean(made, "gf_expand_transition_create(\(params.window_width) x \(params.window_height), \(images))"),
        let transition else { return }
  defer { gf_expand_transition_free(transition) }
  var needed = 0
  prime()
  if gf_expand_transition_parts(transition, nil, 0, &needed) == GF_E_BUFFER_TOO_SMALL, needed > 0 {
    var parts = [gf_expand_part](repeating: gf_expand_part(), count: needed)
    var written = 0
    prime()
    if clean(gf_expand_transition_parts(transition, &parts, needed, &written), "gf_expand_transition_parts") {
      for part in parts.prefix(written) {
        let numbers = withUnsafeBytes(of: (part.start, part.end, part.source)) { Array($0.bindMemory(to: Double.self)) }
        expectFinite(numbers, "gf_expand_transition_parts")
      }
    }
  }
  var scene: OpaquePointer?
  prime()
  if clean(gf_expand_transition_scene(transition, &scene), "gf_expand_transition_scene"), let scene {
    for t in times { sampleFinite(scene, at: t, "expand transition") }
    gf_scene_free(scene)
  }
  let exitAt = bytes.double()
  scene = nil
  prime()
  if clean(gf_expand_transition_exit(transition, exitAt, &scene), "gf_expand_transition_exit(\(exitAt))"), let scene {
    for t in times { sampleFinite(scene, at: t, "expand exit") }
    gf_scene_free(scene)
  }
  if let pool {
    prime()
    clean(gf_expand_transition_release(transition, pool), "gf_expand_transition_release")
    prime()
    clean(gf_expand_transition_release(transition, pool), "gf_expand_transition_release (twice)")
  }
}
