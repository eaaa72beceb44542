import CGhostframe
import FuzzSupport
import Glibc

/// Timelines with more entries are scheduled and written but not applied: applying adds one
/// animation per entry and key path, which under ASan would starve the fuzzer (large timelines
/// are the budget tests').
let largeTimeline = 2_000

/// libFuzzer entry: the input is a timeline document for gf_timeline_from_json. A timeline that
/// loads is measured, scheduled with the two-call pattern (checking the buffer-too-small answer),
/// written (what it writes must load again, with the same schedule), played (a seek across it
/// without events, short moves with them: repeats, yoyo and call points report each crossing,
/// the clock stays finite in [0, duration]), and applied to a scene that has its layers, which
/// is then used as a host would.
@c(LLVMFuzzerTestOneInput)
public func fuzzTimelineJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var timeline: OpaquePointer?
  prime()
  let status = data.withMemoryRebound(to: CChar.self, capacity: size) { gf_timeline_from_json($0, size, &timeline) }
  guard clean(status, "gf_timeline_from_json"), let timeline else { return 0 }
  defer { gf_timeline_free(timeline) }
  var duration = -1.0
  prime()
  guard clean(gf_timeline_duration(timeline, &duration), "gf_timeline_duration") else { finding("gf_timeline_duration failed") }
  guard duration.isFinite, duration >= 0 else { finding("duration \(duration)") }
  let entries = schedule(timeline, "gf_timeline_schedule")
  for entry in entries where !(entry.begin >= 0 && entry.end >= entry.begin && entry.end.isFinite) {
    finding("entry \(entry.name) on \(entry.layer): \(entry.begin) → \(entry.end)")
  }
  // Written and read back: the same schedule.
  var json: UnsafeMutablePointer<CChar>?
  prime()
  guard clean(gf_timeline_to_json(timeline, &json), "gf_timeline_to_json"), let json else {
    finding("gf_timeline_to_json failed on a timeline that loaded")
  }
  var again: OpaquePointer?
  prime()
  let reread = gf_timeline_from_json(json, strlen(json), &again)
  gf_string_free(json)
  guard clean(reread, "gf_timeline_from_json(written)"), let again else { finding("the written timeline does not load") }
  let same = schedule(again, "gf_timeline_schedule(written)")
  gf_timeline_free(again)
  guard same.count == entries.count, zip(same, entries).allSatisfy({ $0 == $1 }) else {
    finding("the written timeline schedules differently")
  }
  play(timeline, duration)
  guard entries.count <= largeTimeline else { return 0 }
  // A scene with every scheduled layer, to apply to.
  var scene: OpaquePointer?
  guard gf_scene_create(&scene) == GF_OK, let scene else { finding("gf_scene_create failed") }
  defer { gf_scene_free(scene) }
  var desc = gf_layer_desc()
  for layer in Set(entries.map(\.layer)) {
    gf_layer_desc_init(&desc)
    desc.width = 10
    desc.height = 10
    prime()
    _ = layer.withCString { id in
      desc.id = id
      return clean(gf_scene_add_layer(scene, &desc, nil), "gf_scene_add_layer")
    }
  }
  prime()
  if clean(gf_timeline_apply(timeline, scene), "gf_timeline_apply") {
    exercise(scene: scene, roundTrip: false)
  }
  return 0
}

/// Moves the player: to the end without events (no limit applies), back a little with events, then
/// forwards in short steps, reversing once; every answer is GF_OK or a documented error, and the
/// clock stays in [0, duration].
func play(_ timeline: OpaquePointer, _ duration: Double) {
  // Counts the events a move reports and checks each one's kind.
  let countEvent: gf_timeline_event_fn = { userData, event in
    guard let event, event.pointee.kind == GF_EVENT_STARTED || event.pointee.kind == GF_EVENT_ENDED
      || event.pointee.kind == GF_EVENT_CALL
    else { finding("a timeline event of an unknown kind") }
    guard event.pointee.time.isFinite else { finding("a timeline event at \(event.pointee.time)") }
    if event.pointee.kind != GF_EVENT_CALL, event.pointee.layer_count == 0 { finding("an instance event without layers") }
    userData?.assumingMemoryBound(to: Int.self).pointee += 1
  }
  var count = 0
  prime()
  _ = clean(gf_timeline_seek(timeline, duration, nil, nil), "gf_timeline_seek(no events)")
  for step in [-0.25, 0.125, 0.5] {
    var now = 0.0
    _ = gf_timeline_time(timeline, &now)
    prime()
    _ = withUnsafeMutablePointer(to: &count) { counter in
      clean(gf_timeline_seek(timeline, max(now + step, 0), countEvent, counter), "gf_timeline_seek")
    }
    prime()
    _ = withUnsafeMutablePointer(to: &count) { counter in
      clean(gf_timeline_advance(timeline, 0.0625, countEvent, counter), "gf_timeline_advance")
    }
    _ = gf_timeline_reverse(timeline)
  }
  var time = -1.0
  guard gf_timeline_time(timeline, &time) == GF_OK, time >= 0, time <= duration else { finding("player time \(time)") }
}

/// One scheduled entry, copied out of the timeline.
struct Entry: Equatable {
  let name: String
  let layer: String
  let begin: Double
  let end: Double
}

/// The schedule through the two-call pattern.
func schedule(_ timeline: OpaquePointer, _ call: String) -> [Entry] {
  var needed = 0
  prime()
  let probe = gf_timeline_schedule(timeline, nil, 0, &needed)
  if probe == GF_OK {
    guard needed == 0 else { finding("\(call) with capacity 0 gave GF_OK and count \(needed)") }
    return []
  }
  guard probe == GF_E_BUFFER_TOO_SMALL, needed > 0 else { finding("\(call) with capacity 0 returned \(probe)") }
  _ = clean(probe, "\(call)(capacity 0)")
  let buffer = UnsafeMutablePointer<gf_timeline_entry>.allocate(capacity: needed)
  defer { buffer.deallocate() }
  var written = 0
  prime()
  guard clean(gf_timeline_schedule(timeline, buffer, needed, &written), call), written == needed else {
    finding("\(call) with capacity \(needed) wrote \(written)")
  }
  return (0..<written).map { i in
    let entry = buffer[i]
    guard let name = entry.name, let layer = entry.layer else { finding("\(call): a NULL string in entry \(i)") }
    return Entry(name: String(cString: name), layer: String(cString: layer), begin: entry.begin, end: entry.end)
  }
}
