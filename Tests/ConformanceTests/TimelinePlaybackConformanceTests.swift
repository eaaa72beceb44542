import Ghostframe
import Testing

/// A playback case: a timeline document, and operations on its player with the events (by
/// hand), time and rate each should give, or the status it should fail with.
struct PlaybackCase: Decodable, CustomStringConvertible {
  struct Step: Decodable {
    let op: String
    let value: Num?
    /// The events as "S0@1 E0@2<" (kind, instance, time, "<" when reversed); absent for none.
    let events: String?
    let time: Double?
    let rate: Double?
    /// The status a failing operation gives (the player then stays as it was).
    let status: Int32?
    var operation: PlaybackOperation { PlaybackOperation(op: op, value: value) }
  }
  let name: String
  let note: String
  let timeline: AnyJSON
  let steps: [Step]
  var description: String { name }
}

private struct PlaybackFile: Decodable { let cases: [PlaybackCase] }

private let playbackCases = loadCases("timeline-playback.json", as: PlaybackFile.self)?.cases ?? []

/// Both sides' playback engines with every case.
private func playbackPairs() -> [(any PlaybackEngine, PlaybackCase)] {
  engines.compactMap { $0 as? any PlaybackEngine }.flatMap { engine in playbackCases.map { (engine, $0) } }
}

/// Timeline playback (gf_timeline_seek and friends) through both sides against hand-computed
/// events; times are multiples of 1/8, exact in binary, so they compare exactly.
@Suite("Timeline playback, both sides")
struct TimelinePlaybackConformanceTests {
  @Test("case file is present")
  func present() { #expect(playbackCases.count >= 4) }

  @Test("events, time and rate equal the hand computation", arguments: playbackPairs())
  func handComputed(engine: any PlaybackEngine, c: PlaybackCase) {
    let outcome = engine.play(json: c.timeline.text, c.steps.map(\.operation))
    guard let results = outcome.value else {
      Issue.record("\(engine): \(c.name): \(outcome.message)")
      return
    }
    #expect(results.count == c.steps.count)
    for (index, (step, result)) in zip(c.steps, results).enumerated() {
      let what = "\(engine): \(c.name) step \(index) \(step.operation)"
      if let status = step.status {
        #expect(result.status == status && result.value == nil, "\(what): \(result.status) \(result.message)")
        #expect(!result.message.isEmpty, "\(what): no message")
        continue
      }
      guard let got = result.value else {
        Issue.record("\(what): failed \(result.status) \(result.message)")
        continue
      }
      #expect(got.events.map(\.description).joined(separator: " ") == (step.events ?? ""), "\(what)")
      if let time = step.time { #expect(got.time == time, "\(what): time") }
      if let rate = step.rate { #expect(got.rate == rate, "\(what): rate") }
    }
  }

  @Test("both sides give the same events, names and layers included, and the same failures")
  func sidesAgree() {
    let both = engines.compactMap { $0 as? any PlaybackEngine }
    guard both.count == 2 else { return }
    for c in playbackCases {
      let swift = both[0].play(json: c.timeline.text, c.steps.map(\.operation))
      let library = both[1].play(json: c.timeline.text, c.steps.map(\.operation))
      guard let s = swift.value, let l = library.value else {
        Issue.record("\(c.name): \(swift.message) / \(library.message)")
        continue
      }
      #expect(s.map(\.value) == l.map(\.value), "\(c.name)")
      #expect(s.map(\.status) == l.map(\.status), "\(c.name)")
    }
  }
}
