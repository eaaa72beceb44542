import CGhostframe
import Foundation
import Ghostframe
import Testing

/// A timeline case: a timeline document, a scene to apply it to, the schedule computed by hand,
/// and values sampled after applying, by the closed form (Cases/timelines.json).
struct TimelineCase: Decodable, CustomStringConvertible {
  struct Sample: Decodable {
    let t: Double
    let layer: Int
    let expect: [String: Double]
  }
  let name: String
  let note: String
  let timeline: AnyJSON
  let scene: AnyJSON
  /// (name, layer, begin, end), in schedule order.
  let entries: [[AnyScalar]]
  let duration: Double
  let samples: [Sample]
  /// The status reading and scheduling must give, when the case is an error.
  let error: Int32?
  /// The status applying must give (the scene then unchanged).
  let applyError: Int32?
  var description: String { name }
}

/// A string or a number of a case's entry row.
enum AnyScalar: Decodable {
  case text(String), number(Double)
  init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Double.self) { self = .number(number) } else {
      self = .text(try container.decode(String.self))
    }
  }
  var text: String? { if case .text(let t) = self { t } else { nil } }
  var number: Double? { if case .number(let n) = self { n } else { nil } }
}

/// One scheduled entry, as both sides report it.
struct TimelineEntryValue: Equatable {
  let name: String
  let layer: String
  let begin: Double
  let end: Double
}

/// What the timeline cases ask of each side (kept beside the cases rather than in ``Engine``).
protocol TimelineEngine {
  /// Reads and schedules a timeline: its entries and duration.
  func timelineSchedule(json: String) -> Outcome<(entries: [TimelineEntryValue], duration: Double)>
  /// Reads a scene and a timeline, applies the timeline, and samples every layer at each time.
  /// On an apply error, the outcome is the error, and `unchanged` says whether the scene's JSON
  /// was the same afterwards.
  func timelineApplied(timeline: String, scene: String, at times: [Double]) -> (Outcome<[[LayerState]]>, unchanged: Bool)
}

extension SwiftEngine: TimelineEngine {
  func timelineSchedule(json: String) -> Outcome<(entries: [TimelineEntryValue], duration: Double)> {
    do throws(GhostframeError) {
      // As the C side does: resolved against the shared registry when made.
      let schedule = try Timeline(json: json).resolved().schedule()
      return .ok((schedule.entries.map { TimelineEntryValue(name: $0.name, layer: $0.layer, begin: $0.begin, end: $0.end) },
                  schedule.duration))
    } catch {
      return .failed(error.code.rawValue, error.message)
    }
  }

  func timelineApplied(timeline: String, scene: String, at times: [Double]) -> (Outcome<[[LayerState]]>, unchanged: Bool) {
    do throws(GhostframeError) {
      var target = try Scene(json: scene)
      let before = try target.json()
      do throws(GhostframeError) {
        try Timeline(json: timeline).resolved().apply(to: &target)
      } catch {
        return (.failed(error.code.rawValue, error.message), try target.json() == before)
      }
      let sampler = target.compiled()
      return (.ok(times.map { sampler.sample(at: $0) }), true)
    } catch {
      return (.failed(error.code.rawValue, error.message), false)
    }
  }
}

extension LibraryEngine: TimelineEngine {
  private func call(_ name: String, _ arguments: [(FFIType, FFIValue)]) -> Int32 {
    library.call(name, returns: .int32, arguments).int32
  }

  private func message() -> String {
    guard let text = library.call("gf_last_error_message", returns: .pointer, []).pointer else { return "<NULL>" }
    return String(cString: text.assumingMemoryBound(to: CChar.self))
  }

  /// gf_timeline_from_json (or gf_scene_load_json): the handle, or the failing status.
  private func load(_ function: String, _ json: String) -> (UnsafeMutableRawPointer?, Int32) {
    var handle: UnsafeMutableRawPointer? = nil
    let code = json.withCString { text in
      withUnsafeMutablePointer(to: &handle) { out in
        call(function, [(.pointer, .pointer(UnsafeMutableRawPointer(mutating: text))),
                        (.size, .size(UInt64(json.utf8.count))), (.pointer, .pointer(UnsafeMutableRawPointer(out)))])
      }
    }
    return (handle, code)
  }

  private func sceneJSON(_ scene: UnsafeMutableRawPointer) -> String? {
    var text: UnsafeMutableRawPointer? = nil
    let code = withUnsafeMutablePointer(to: &text) { out in
      call("gf_scene_to_json", [(.pointer, .pointer(scene)), (.pointer, .pointer(UnsafeMutableRawPointer(out)))])
    }
    guard code == GF_OK, let text else { return nil }
    defer { _ = library.call("gf_string_free", returns: .void, [(.pointer, .pointer(text))]) }
    return String(cString: text.assumingMemoryBound(to: CChar.self))
  }

  func timelineSchedule(json: String) -> Outcome<(entries: [TimelineEntryValue], duration: Double)> {
    let (loaded, code) = load("gf_timeline_from_json", json)
    guard code == GF_OK, let timeline = loaded else { return .failed(code, message()) }
    defer { _ = call("gf_timeline_free", [(.pointer, .pointer(timeline))]) }
    var duration = Double.nan
    let timed = withUnsafeMutablePointer(to: &duration) { out in
      call("gf_timeline_duration", [(.pointer, .pointer(timeline)), (.pointer, .pointer(UnsafeMutableRawPointer(out)))])
    }
    guard timed == GF_OK else { return .failed(timed, message()) }
    // The two-call pattern: the count first, then the entries.
    var count = 0
    let sized = withUnsafeMutablePointer(to: &count) { out in
      call("gf_timeline_schedule", [(.pointer, .pointer(timeline)), (.pointer, .pointer(nil)), (.size, .size(0)),
                                    (.pointer, .pointer(UnsafeMutableRawPointer(out)))])
    }
    guard sized == GF_OK || sized == GF_E_BUFFER_TOO_SMALL else { return .failed(sized, message()) }
    var raw = [gf_timeline_entry](repeating: gf_timeline_entry(), count: count)
    let written = raw.withUnsafeMutableBufferPointer { buffer in
      withUnsafeMutablePointer(to: &count) { out in
        call("gf_timeline_schedule", [(.pointer, .pointer(timeline)),
                                      (.pointer, .pointer(buffer.baseAddress.map { UnsafeMutableRawPointer($0) })),
                                      (.size, .size(UInt64(buffer.count))), (.pointer, .pointer(UnsafeMutableRawPointer(out)))])
      }
    }
    guard written == GF_OK else { return .failed(written, message()) }
    let entries = raw.prefix(count).map { entry in
      TimelineEntryValue(name: entry.name.map { String(cString: $0) } ?? "<NULL>",
                         layer: entry.layer.map { String(cString: $0) } ?? "<NULL>", begin: entry.begin, end: entry.end)
    }
    return .ok((entries, duration))
  }

  func timelineApplied(timeline: String, scene: String, at times: [Double]) -> (Outcome<[[LayerState]]>, unchanged: Bool) {
    let (loadedScene, sceneCode) = load("gf_scene_load_json", scene)
    guard sceneCode == GF_OK, let sceneHandle = loadedScene else { return (.failed(sceneCode, message()), false) }
    defer { _ = call("gf_scene_free", [(.pointer, .pointer(sceneHandle))]) }
    let (loadedTimeline, timelineCode) = load("gf_timeline_from_json", timeline)
    guard timelineCode == GF_OK, let timelineHandle = loadedTimeline else { return (.failed(timelineCode, message()), true) }
    defer { _ = call("gf_timeline_free", [(.pointer, .pointer(timelineHandle))]) }
    let before = sceneJSON(sceneHandle)
    let applied = call("gf_timeline_apply", [(.pointer, .pointer(timelineHandle)), (.pointer, .pointer(sceneHandle))])
    guard applied == GF_OK else {
      let text = message()
      return (.failed(applied, text), before != nil && sceneJSON(sceneHandle) == before)
    }
    var all: [[LayerState]] = []
    for t in times {
      var count = 0
      _ = withUnsafeMutablePointer(to: &count) { out in
        call("gf_scene_sample", [(.pointer, .pointer(sceneHandle)), (.double, .double(t)), (.pointer, .pointer(nil)),
                                 (.size, .size(0)), (.pointer, .pointer(UnsafeMutableRawPointer(out)))])
      }
      var raw = [gf_layer_state](repeating: gf_layer_state(), count: count)
      let code = raw.withUnsafeMutableBufferPointer { buffer in
        withUnsafeMutablePointer(to: &count) { out in
          call("gf_scene_sample", [(.pointer, .pointer(sceneHandle)), (.double, .double(t)),
                                   (.pointer, .pointer(buffer.baseAddress.map { UnsafeMutableRawPointer($0) })),
                                   (.size, .size(UInt64(buffer.count))), (.pointer, .pointer(UnsafeMutableRawPointer(out)))])
        }
      }
      guard code == GF_OK else { return (.failed(code, message()), true) }
      // The layouts are equal (checked in ABITests), so the bytes read back as LayerState.
      all.append(raw.map { unsafeBitCast($0, to: LayerState.self) })
    }
    return (.ok(all), true)
  }
}

private struct TimelineFile: Decodable { let cases: [TimelineCase] }

private let timelineCases = loadCases("timelines.json", as: TimelineFile.self)?.cases ?? []

/// Timelines from JSON through both sides: schedules against the hand computation, values
/// sampled after applying against the closed form, errors with the same status, and the two
/// sides agreeing bit for bit.
@Suite("Timelines, both sides")
struct TimelineConformanceTests {
  @Test("case file is present")
  func present() { #expect(timelineCases.count >= 8) }

  @Test("schedules equal the hand computation; errors have the expected status", arguments: pairs(timelineCases))
  func schedules(engine: any Engine, c: TimelineCase) throws {
    let side = try #require(engine as? any TimelineEngine)
    let outcome = side.timelineSchedule(json: c.timeline.text)
    if let error = c.error {
      #expect(outcome.value == nil && outcome.status == error, "\(engine): \(c.name): \(outcome.status) \(outcome.message)")
      #expect(!outcome.message.isEmpty)
      return
    }
    guard let (entries, duration) = outcome.value else {
      Issue.record("\(engine): \(c.name): \(outcome.message)")
      return
    }
    #expect(entries.count == c.entries.count, "\(engine): \(c.name)")
    for (entry, want) in zip(entries, c.entries) {
      #expect(entry.name == want[0].text && entry.layer == want[1].text, "\(engine): \(c.name): \(entry) vs \(want)")
      #expect(close(entry.begin, want[2].number ?? .nan, 1e-12) && close(entry.end, want[3].number ?? .nan, 1e-12),
              "\(engine): \(c.name): \(entry)")
    }
    #expect(close(duration, c.duration, 1e-12), "\(engine): \(c.name): duration \(duration)")
  }

  @Test("applied to the scene, sampled values equal the closed form", arguments: pairs(timelineCases))
  func applied(engine: any Engine, c: TimelineCase) throws {
    guard c.error == nil else { return }
    let side = try #require(engine as? any TimelineEngine)
    let (outcome, unchanged) = side.timelineApplied(timeline: c.timeline.text, scene: c.scene.text, at: c.samples.map(\.t))
    if let error = c.applyError {
      #expect(outcome.value == nil && outcome.status == error, "\(engine): \(c.name): \(outcome.message)")
      #expect(unchanged, "\(engine): \(c.name): the scene changed although apply failed")
      return
    }
    guard let frames = outcome.value else {
      Issue.record("\(engine): \(c.name): \(outcome.message)")
      return
    }
    for (sample, states) in zip(c.samples, frames) {
      for (field, expected) in sample.expect {
        let got = sample.layer < states.count ? layerField(field, of: states[sample.layer]) : nil
        #expect(got.map { close($0, expected, 1e-9) } == true,
                "\(engine): \(c.name) t=\(sample.t) layer \(sample.layer) \(field): \(String(describing: got)) vs \(expected)")
      }
    }
  }

  @Test("both sides give the same schedule and the same sampled bytes")
  func sidesAgree() throws {
    guard engines.count == 2 else { return }
    let swift = try #require(engines[0] as? any TimelineEngine)
    let library = try #require(engines[1] as? any TimelineEngine)
    let times = stride(from: -0.5, through: 6.0, by: 0.05).map { $0 }
    for c in timelineCases {
      let a = swift.timelineSchedule(json: c.timeline.text), b = library.timelineSchedule(json: c.timeline.text)
      #expect(a.status == b.status, "\(c.name)")
      #expect(a.value?.entries == b.value?.entries && a.value?.duration == b.value?.duration, "\(c.name)")
      let (x, _) = swift.timelineApplied(timeline: c.timeline.text, scene: c.scene.text, at: times)
      let (y, _) = library.timelineApplied(timeline: c.timeline.text, scene: c.scene.text, at: times)
      #expect(x.status == y.status, "\(c.name)")
      #expect(x.value == y.value, "\(c.name)")
    }
  }
}
