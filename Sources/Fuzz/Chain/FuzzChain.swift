import CGhostframe
import FuzzSupport
import Glibc

/// The most links one input adds: enough for stages, anchors and combinations, few enough that
/// an input runs in milliseconds under ASan.
let maximumLinks = 24

/// libFuzzer entry: the input is a chain's layer id, where it is applied, and up to ``maximumLinks`` link
/// descriptions chosen by fuzz bytes (``FuzzBytes``): every field of gf_chain_link_desc (kind,
/// placement, anchor, flags, property, from / to / by, timings, spring, keyframes, transition,
/// a completion). Each link goes through gf_chain_add as a host calls it; a refused link must
/// leave the chain as it was (the same duration and schedule), an accepted one a finite
/// duration and schedule. The chain is then applied to a scene that has its layers, which is
/// sampled and advanced through gf_chain_advance (completions called), and applied again.
@c(LLVMFuzzerTestOneInput)
public func fuzzChain(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var bytes = FuzzBytes(data, size)
  var chain: OpaquePointer?
  let layer = bytes.text(["a", "b", "", nil, "a.b", "layer with spaces"])
  prime()
  guard clean(withText(layer) { gf_chain_create($0, &chain) }, "gf_chain_create"), let chain else { return 0 }
  defer { gf_chain_free(chain) }
  // Where it is applied, read first so that the links take the rest of the input.
  let start = bytes.double()
  let target = bytes.text([nil, "a", "b", "c", "missing"])
  var before = measure(chain)
  while !bytes.isAtEnd, before.count < maximumLinks {
    let status = addLink(chain, &bytes)
    let after = measure(chain)
    if status == GF_OK {
      // A chain whose every add succeeded stays usable: its duration and schedule answer.
      guard after.durationStatus == GF_OK, after.count == before.count + 1 else {
        finding("gf_chain_add succeeded, then the chain is unusable: duration status \(after.durationStatus), "
                + "schedule \(before.count) → \(after.count) entries")
      }
      guard after.duration >= 0 else { finding("gf_chain_add succeeded; duration \(after.duration)") }
      expectFinite([after.duration], "gf_chain_duration")
    } else if after != before {
      finding("a refused gf_chain_add changed the chain: \(before) → \(after)")
    }
    before = after
  }
  // Applied to a scene with the layers a link may name: "a", "b" and "c".
  var scene: OpaquePointer?
  guard gf_scene_create(&scene) == GF_OK, let scene else { finding("gf_scene_create failed") }
  defer { gf_scene_free(scene) }
  var desc = gf_layer_desc()
  for id in ["a", "b", "c"] {
    gf_layer_desc_init(&desc)
    desc.width = 40
    desc.height = 20
    _ = id.withCString { id in
      desc.id = id
      return gf_scene_add_layer(scene, &desc, nil)
    }
  }
  prime()
  guard clean(withText(target) { gf_chain_apply(chain, scene, $0, start) }, "gf_chain_apply(start \(start))") else {
    return 0
  }
  exercise(scene: scene, roundTrip: false)
  for t in [0.5, 2, 1e3, 0.25, -1] {
    prime()
    clean(gf_chain_advance(chain, scene, t, nil, nil), "gf_chain_advance(\(t))")
  }
  prime()
  clean(withText(target) { gf_chain_apply(chain, scene, $0, start + 1) }, "gf_chain_apply again")
  return 0
}

/// What a host can see of a chain: its duration (or the status asking for it gave) and its
/// schedule's length.
struct ChainView: Equatable {
  let durationStatus: gf_status
  let duration: Double
  let count: Int

  static func == (lhs: ChainView, rhs: ChainView) -> Bool {
    lhs.durationStatus == rhs.durationStatus && lhs.count == rhs.count
      && lhs.duration.bitPattern == rhs.duration.bitPattern
  }
}

/// The chain as a host sees it, with its schedule's entries checked: finite, each ending at or
/// after its begin.
func measure(_ chain: OpaquePointer) -> ChainView {
  var duration = -1.0
  prime()
  let status = gf_chain_duration(chain, &duration)
  clean(status, "gf_chain_duration")
  var needed = 0
  prime()
  let probe = gf_chain_schedule(chain, nil, 0, &needed)
  guard probe == GF_E_BUFFER_TOO_SMALL else {
    clean(probe, "gf_chain_schedule(capacity 0)")
    return ChainView(durationStatus: status, duration: duration, count: probe == GF_OK ? needed : -1)
  }
  let entries = UnsafeMutablePointer<gf_timeline_entry>.allocate(capacity: needed)
  defer { entries.deallocate() }
  var written = 0
  prime()
  guard clean(gf_chain_schedule(chain, entries, needed, &written), "gf_chain_schedule"), written == needed else {
    finding("gf_chain_schedule with capacity \(needed) wrote \(written)")
  }
  for i in 0..<written {
    let entry = entries[i]
    guard entry.name != nil, entry.layer != nil else { finding("gf_chain_schedule: a NULL string in entry \(i)") }
    expectFinite([entry.begin, entry.end], "gf_chain_schedule (entry \(i))")
    guard entry.end >= entry.begin else { finding("gf_chain_schedule: entry \(i) ends at \(entry.end), before \(entry.begin)") }
  }
  return ChainView(durationStatus: status, duration: duration, count: written)
}

/// Counts completions; checks their strings are readable.
nonisolated(unsafe) let completion: gf_chain_completion_fn = { userData, completion in
  guard let completion, let name = completion.pointee.name, let layer = completion.pointee.layer else {
    finding("a completion without its name or layer")
  }
  _ = strlen(name) + strlen(layer)
  userData?.assumingMemoryBound(to: Int.self).pointee += 1
}

nonisolated(unsafe) var completions = 0

/// Adds one link described by the next bytes; returns gf_chain_add's status (checked).
func addLink(_ chain: OpaquePointer, _ bytes: inout FuzzBytes) -> gf_status {
  var desc = gf_chain_link_desc()
  gf_chain_link_desc_init(&desc)
  let kind = bytes.below(6)
  desc.kind = kind < 4 ? Int32(kind) : (kind == 4 ? -1 : 9)
  desc.placement = Int32(bytes.below(3))
  desc.autoreverses = Int32(bytes.below(3))
  desc.additive = Int32(bytes.below(3))
  let property = bytes.text(["opacity", "position", "position.x", "bounds.size", "transform.scale", "cornerRadius",
                             "backgroundColor", "transform.rotation.z", "custom.glow", "nope", nil, ""])
  desc.value_count = UInt32(bytes.below(6))
  let width = Int(desc.value_count)
  let from = bytes.flag() ? bytes.doubles(width) : nil
  let to = bytes.flag() ? bytes.doubles(width) : nil
  let by = bytes.flag() ? bytes.doubles(width) : nil
  desc.duration = bytes.double()
  desc.begin_time = bytes.double()
  desc.repeat_count = bytes.double()
  let timing = bytes.text([nil, "linear", "ease-in", "steps(3, jump-none)", "cubic-bezier(0.1, 2, 0.9, -1)",
                           "spring(1, 100, 10, 0)", "easeOutBounce", "bad("])
  if bytes.flag() || desc.kind == GF_CHAIN_SPRING {
    desc.mass = bytes.double()
    desc.stiffness = bytes.double()
    desc.damping = bytes.double()
    desc.initial_velocity = bytes.double()
  }
  desc.keyframe_count = UInt32(bytes.below(6))
  let values = bytes.doubles(Int(desc.keyframe_count) * width)
  desc.key_time_count = UInt32(bytes.below(6))
  let keyTimes = bytes.doubles(Int(desc.key_time_count))
  let mode = bytes.text([nil, "linear", "discrete", "paced", "cubic", "cubicPaced", "bogus"])
  let type = bytes.text([nil, "fade", "moveIn", "push", "reveal", "spin"])
  let subtype = bytes.text([nil, "fromRight", "fromLeft", "fromTop", "fromBottom", "up"])
  let fromLayer = bytes.text(["b", "c", "a", nil, "missing"])
  desc.start_progress = bytes.flag() ? bytes.double() : 0
  desc.end_progress = bytes.flag() ? bytes.double() : 1
  let name = bytes.text([nil, "link", "", "b"])
  if bytes.flag() {
    desc.completion = completion
    desc.user_data = withUnsafeMutablePointer(to: &completions) { UnsafeMutableRawPointer($0) }
  }
  let anchor = bytes.byte()
  desc.anchor = anchor >= 0xF0 ? GF_CHAIN_LAST : (anchor == 0xEF ? 0xFFFF_FFFE : UInt32(anchor % 8))
  desc.reserved = bytes.byte() == 0xAB ? 1 : 0
  var index: UInt32 = 0
  prime()
  let status = withText(property) { property in
    withText(timing) { timing in
      withText(mode) { mode in
        withText(type) { type in
          withText(subtype) { subtype in
            withText(fromLayer) { fromLayer in
              withText(name) { name in
                withValues(from) { from in
                  withValues(to) { to in
                    withValues(by) { by in
                      withValues(values.isEmpty ? nil : values) { values in
                        withValues(keyTimes.isEmpty ? nil : keyTimes) { keyTimes in
                          desc.property = property
                          desc.timing = timing
                          desc.calculation_mode = mode
                          desc.transition_type = type
                          desc.transition_subtype = subtype
                          desc.from_layer = fromLayer
                          desc.name = name
                          desc.from_value = from
                          desc.to_value = to
                          desc.by_value = by
                          desc.values = values
                          desc.key_times = keyTimes
                          return gf_chain_add(chain, &desc, &index)
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
  clean(status, "gf_chain_add(kind \(desc.kind), duration \(desc.duration), begin \(desc.begin_time), repeat \(desc.repeat_count))")
  return status
}
