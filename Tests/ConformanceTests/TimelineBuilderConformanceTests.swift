import CGhostframe
import Glibc
import Ghostframe
import Testing

/// GSAP's timeline written in code through both sides: the Swift ``TimelineBuilder`` and the C
/// `gf_timeline_builder` calls (libffi) build the same document (so the same schedule) and the
/// same duration; a refused C call leaves the builder as it was.
@Suite("Timeline builder, both sides")
struct TimelineBuilderConformanceTests {
  /// tl = timeline({repeat: 1, yoyo: true}).to([a, b], {opacity: 0}, {duration: 1, stagger: {each:
  /// 0.5}}).addLabel("out").fromTo(c, {x: 0}, {x: 100}, {duration: 2, ease: linear, position:
  /// "out-=0.5"}).call("done").add(nested timeline of one "from", repeat 1).
  func swiftSide() throws -> Timeline {
    let nested = try TimelineBuilder(timing: TimelineNodeTiming(repeat: 1))
      .from(["d"], ["alpha": [0]], duration: 0.25).timeline
    return try TimelineBuilder(timing: TimelineNodeTiming(repeat: 1, yoyo: true))
      .to(["a", "b"], ["opacity": [0]], duration: 1, stagger: .each(0.5))
      .addLabel("out")
      .fromTo(["c"], from: ["x": [0]], to: ["x": [100]], duration: 2, ease: .linear, position: "out-=0.5")
      .call("done")
      .add(nested)
      .timeline
  }

  @Test("the C builder makes the Swift builder's document, schedule and events")
  func sameTimeline() throws {
    guard case .success(let library) = NativeLibrary.shared else { return }
    let c = Bridged(library: library)
    var timing = gf_timeline_timing()
    withUnsafeMutablePointer(to: &timing) { c.call("gf_timeline_timing_init", [.pointer($0)], returns: .void) }
    timing.repeat = 1
    timing.yoyo = 1
    let (made, handle) = withUnsafeMutablePointer(to: &timing) { c.make("gf_timeline_builder_create", [.pointer($0)]) }
    #expect(made == GF_OK)
    let builder = try #require(handle)
    defer { c.call("gf_timeline_builder_free", [.pointer(builder)]) }
    var options = gf_tween_options()
    withUnsafeMutablePointer(to: &options) { c.call("gf_tween_options_init", [.pointer($0)], returns: .void) }
    #expect(options.duration == 0.5 && options.ease == nil)

    func layers<R>(_ ids: [String], _ body: (UnsafeMutableRawPointer, UInt64) -> R) -> R {
      let copies = ids.map { strdup($0) }
      defer { copies.forEach { free($0) } }
      var pointers = copies.map { UnsafePointer<CChar>($0) }
      return pointers.withUnsafeMutableBufferPointer { body(UnsafeMutableRawPointer($0.baseAddress!), UInt64(ids.count)) }
    }
    func withOptions(duration: Double, ease: String? = nil, position: String? = nil, stagger: String? = nil,
                     _ body: (UnsafeMutableRawPointer) -> Int32) -> Int32 {
      let e = ease.map { strdup($0) }, p = position.map { strdup($0) }, s = stagger.map { strdup($0) }
      defer { for copy in [e, p, s] { free(copy ?? nil) } }
      var o = options
      o.duration = duration
      o.ease = e.map { UnsafePointer($0) } ?? nil
      o.position = p.map { UnsafePointer($0) } ?? nil
      o.stagger_json = s.map { UnsafePointer($0) } ?? nil
      return withUnsafeMutablePointer(to: &o) { body(UnsafeMutableRawPointer($0)) }
    }
    func string(_ s: String, _ body: (UnsafeMutableRawPointer) -> Int32) -> Int32 {
      s.withCString { body(UnsafeMutableRawPointer(mutating: $0)) }
    }

    var status = layers(["a", "b"]) { ids, n in
      withOptions(duration: 1, stagger: #"{"each": 0.5}"#) { o in
        string(#"{"opacity": 0}"#) { v in c.call("gf_timeline_builder_to", [.pointer(builder), .pointer(ids), .size(n), .pointer(v), .pointer(o)]).int32 }
      }
    }
    #expect(status == GF_OK)
    status = string("out") { c.call("gf_timeline_builder_add_label", [.pointer(builder), .pointer($0), .pointer(nil)]).int32 }
    #expect(status == GF_OK)
    // A refused call (a label not added) leaves the builder as it was.
    status = layers(["c"]) { ids, n in
      withOptions(duration: 2, position: "later") { o in
        string(#"{"x": 0}"#) { v in c.call("gf_timeline_builder_to", [.pointer(builder), .pointer(ids), .size(n), .pointer(v), .pointer(o)]).int32 }
      }
    }
    #expect(status == GF_E_NOT_FOUND)
    status = layers(["c"]) { ids, n in
      withOptions(duration: 2, ease: "linear", position: "out-=0.5") { o in
        string(#"{"x": 0}"#) { from in
          string(#"{"x": 100}"#) { to in
            c.call("gf_timeline_builder_from_to", [.pointer(builder), .pointer(ids), .size(n), .pointer(from), .pointer(to), .pointer(o)]).int32
          }
        }
      }
    }
    #expect(status == GF_OK)
    status = string("done") { c.call("gf_timeline_builder_call", [.pointer(builder), .pointer($0), .pointer(nil)]).int32 }
    #expect(status == GF_OK)
    // The nested timeline: its own builder, built, then added.
    var nestedTiming = gf_timeline_timing()
    withUnsafeMutablePointer(to: &nestedTiming) { c.call("gf_timeline_timing_init", [.pointer($0)], returns: .void) }
    nestedTiming.repeat = 1
    let (_, nestedBuilder) = withUnsafeMutablePointer(to: &nestedTiming) { c.make("gf_timeline_builder_create", [.pointer($0)]) }
    defer { c.call("gf_timeline_builder_free", [.pointer(nestedBuilder)]) }
    status = layers(["d"]) { ids, n in
      withOptions(duration: 0.25) { o in
        string(#"{"alpha": 0}"#) { v in c.call("gf_timeline_builder_from", [.pointer(nestedBuilder), .pointer(ids), .size(n), .pointer(v), .pointer(o)]).int32 }
      }
    }
    #expect(status == GF_OK)
    let (builtNested, nested) = c.make("gf_timeline_builder_build", [.pointer(nestedBuilder)])
    #expect(builtNested == GF_OK)
    defer { c.call("gf_timeline_free", [.pointer(nested)]) }
    #expect(c.call("gf_timeline_builder_add", [.pointer(builder), .pointer(nested), .pointer(nil)]).int32 == GF_OK)
    let (built, timeline) = c.make("gf_timeline_builder_build", [.pointer(builder)])
    #expect(built == GF_OK)
    let handle2 = try #require(timeline)
    defer { c.call("gf_timeline_free", [.pointer(handle2)]) }

    var json: UnsafeMutableRawPointer?
    #expect(withUnsafeMutablePointer(to: &json) { c.call("gf_timeline_to_json", [.pointer(handle2), .pointer($0)]).int32 } == GF_OK)
    let cText = json.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
    c.call("gf_string_free", [.pointer(json)], returns: .void)
    let swiftTimeline = try swiftSide()
    #expect(cText == (try swiftTimeline.json()), "\(cText)")
    var duration = 0.0
    _ = withUnsafeMutablePointer(to: &duration) { c.call("gf_timeline_duration", [.pointer(handle2), .pointer($0)]) }
    #expect(duration == (try swiftTimeline.schedule().duration))
  }
}
