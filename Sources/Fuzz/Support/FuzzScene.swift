import CGhostframe
import Glibc

/// Times every scene a fuzz target makes is sampled and advanced at: the start, inside
/// typical animations, past their ends, backwards, and far away.
let sampleTimes: [Double] = [0, 0.1, 0.5, 1, 2.75, -1, 1e6, 0.3]

/// Scenes with more layers are sampled at one time and not written as JSON: a 10,000-line
/// label is legal, but writing it takes seconds under ASan, which would starve the fuzzer.
/// Large scenes are the budget tests' (bindings/c/tests/test_budgets.c).
let largeScene = 2_000

/// Uses a scene the way a host does: counts its layers, samples every layer and a custom
/// property at several times (checking the buffer-too-small answer first), and advances it
/// forwards and backwards. With `roundTrip`, it also writes the scene as JSON, which must load
/// again (the writer is the slowest step under ASan, so the builder targets leave it out).
public func exercise(scene: OpaquePointer, roundTrip: Bool) {
  var count = 0
  prime()
  guard clean(gf_scene_layer_count(scene, &count), "gf_scene_layer_count") else { finding("gf_scene_layer_count failed") }
  var needed = 0
  prime()
  let probe = gf_scene_sample(scene, 0, nil, 0, &needed)
  if count > 0 {
    guard probe == GF_E_BUFFER_TOO_SMALL, needed == count else {
      finding("gf_scene_sample with capacity 0 returned \(probe), count \(needed) for \(count) layers")
    }
    _ = clean(probe, "gf_scene_sample(capacity 0)")
  } else {
    guard clean(probe, "gf_scene_sample(empty)") else { return }
  }
  let states = UnsafeMutablePointer<gf_layer_state>.allocate(capacity: max(count, 1))
  let customs = UnsafeMutablePointer<Double>.allocate(capacity: max(count, 1))
  defer {
    states.deallocate()
    customs.deallocate()
  }
  for t in count > largeScene ? [0.5] : sampleTimes {
    var written = 0
    prime()
    if clean(gf_scene_sample(scene, t, states, count, &written), "gf_scene_sample(t = \(t))"), written != count {
      finding("gf_scene_sample wrote \(written) states for \(count) layers")
    }
    prime()
    clean("fuzz".withCString { gf_scene_sample_custom(scene, $0, t, customs, count, &written) }, "gf_scene_sample_custom")
  }
  for t in [1.0, 0.25, 3.0] {
    prime()
    clean(gf_scene_advance(scene, t, { _, event in
      // An event's strings must be readable during the callback.
      guard let event else { finding("gf_scene_advance delivered a NULL event") }
      if let id = event.pointee.layer_id { _ = strlen(id) } else { finding("an event without a layer id") }
      if let key = event.pointee.key { _ = strlen(key) }
    }, nil), "gf_scene_advance(\(t))")
  }
  guard roundTrip, count <= largeScene else { return }
  var json: UnsafeMutablePointer<CChar>?
  prime()
  guard clean(gf_scene_to_json(scene, &json), "gf_scene_to_json"), let json else { return }
  defer { gf_string_free(json) }
  var again: OpaquePointer?
  prime()
  let status = gf_scene_load_json(json, strlen(json), &again)
  defer { gf_scene_free(again) }
  if !clean(status, "gf_scene_load_json(gf_scene_to_json(scene))") {
    finding("gf_scene_to_json wrote a scene gf_scene_load_json refuses: \(String(cString: gf_last_error_message()))")
  }
}
