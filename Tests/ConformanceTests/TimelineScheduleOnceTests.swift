import CGhostframe
import Ghostframe
import Synchronization
import Testing

/// Calls of the host curve "conf.countingEase" made through the library (its identity: the calls
/// are what is counted). A stagger eased by it calls it once per layer each time the timeline is
/// scheduled, so the count tells how often the library scheduled.
private let easeCalls = Atomic<Int>(0)

private let countingEase: @convention(c) (UnsafeMutableRawPointer?, Double) -> Double = { _, x in
  easeCalls.add(1, ordering: .relaxed)
  return x
}

/// A gf_timeline schedules once, when it is made: gf_timeline_duration, _schedule, _apply,
/// _to_json and the player read the schedule the handle holds (counted through a host curve the
/// scheduler calls, since the library's own code cannot be instrumented from here).
@Suite("A C timeline is scheduled once")
struct TimelineScheduleOnceTests {
  static let document = #"""
    {"timeline": {"sequence": [
      {"stagger": {"each": 0.25, "ease": "conf.countingEase"}},
      {"anim": "fade", "layers": ["a", "b", "c"], "duration": 1}]},
     "definitions": {"fade": {"changes": {"opacity": -0.5}}}}
    """#
  static let scene = #"""
    {"format": "ghostframe-scene", "version": 1, "layers": [
      {"id": "a", "frame": [0, 0, 10, 10]}, {"id": "b", "frame": [0, 0, 10, 10]}, {"id": "c", "frame": [0, 0, 10, 10]}]}
    """#

  @Test("made: one scheduling (3 ease calls); duration, schedule, apply, to_json, seek and advance: none")
  func once() throws {
    guard case .success(let library) = NativeLibrary.shared else { return }
    let c = Bridged(library: library)
    let registered = "conf.countingEase".withCString { name in
      c.call("gf_register_curve", [.pointer(UnsafeMutableRawPointer(mutating: name)),
                                   .pointer(unsafeBitCast(countingEase, to: UnsafeMutableRawPointer.self)),
                                   .pointer(nil), .pointer(nil)]).int32
    }
    #expect(registered == GF_OK)
    let before = easeCalls.load(ordering: .relaxed)
    let (made, timeline) = Self.document.withCString {
      c.make("gf_timeline_from_json", [.pointer(UnsafeMutableRawPointer(mutating: $0)),
                                       .size(UInt64(Self.document.utf8.count))])
    }
    #expect(made == GF_OK)
    let handle = try #require(timeline)
    defer { c.call("gf_timeline_free", [.pointer(handle)]) }
    let scheduled = easeCalls.load(ordering: .relaxed) - before
    // GSAP's distribution from "start" over 3 layers eases each layer's normalised distance once.
    #expect(scheduled == 3)

    var duration = 0.0
    #expect(withUnsafeMutablePointer(to: &duration) {
      c.call("gf_timeline_duration", [.pointer(handle), .pointer(UnsafeMutableRawPointer($0))]).int32
    } == GF_OK)
    #expect(duration == 1.5)
    var count = 0
    _ = withUnsafeMutablePointer(to: &count) {
      c.call("gf_timeline_schedule", [.pointer(handle), .pointer(nil), .size(0), .pointer(UnsafeMutableRawPointer($0))])
    }
    #expect(count == 3)
    let (loaded, scene) = Self.scene.withCString {
      c.make("gf_scene_load_json", [.pointer(UnsafeMutableRawPointer(mutating: $0)), .size(UInt64(Self.scene.utf8.count))])
    }
    #expect(loaded == GF_OK)
    if let scene {
      defer { c.call("gf_scene_free", [.pointer(scene)]) }
      #expect(c.call("gf_timeline_apply", [.pointer(handle), .pointer(scene)]).int32 == GF_OK)
      #expect(c.call("gf_timeline_apply", [.pointer(handle), .pointer(scene)]).int32 == GF_OK)
    }
    var text: UnsafeMutableRawPointer?
    #expect(withUnsafeMutablePointer(to: &text) {
      c.call("gf_timeline_to_json", [.pointer(handle), .pointer(UnsafeMutableRawPointer($0))]).int32
    } == GF_OK)
    c.call("gf_string_free", [.pointer(text)], returns: .void)
    #expect(c.call("gf_timeline_seek", [.pointer(handle), .double(1), .pointer(nil), .pointer(nil)]).int32 == GF_OK)
    #expect(c.call("gf_timeline_advance", [.pointer(handle), .double(0.25), .pointer(nil), .pointer(nil)]).int32 == GF_OK)
    #expect(easeCalls.load(ordering: .relaxed) - before == scheduled, "the library scheduled the timeline again")
  }
}
