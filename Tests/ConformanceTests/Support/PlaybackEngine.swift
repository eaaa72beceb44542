import CGhostframe
import Ghostframe
import Testing

/// One call on a timeline's player, as a case file spells it.
struct PlaybackOperation: Decodable, CustomStringConvertible {
  /// "seek", "advance", "rate" (gf_timeline_set_rate) or "reverse".
  let op: String
  /// The argument (seek time, host seconds, rate); none for "reverse".
  let value: Num?
  var description: String { value.map { "\(op)(\($0))" } ?? "\(op)()" }
}

/// One event as both sides report it.
struct PlaybackEvent: Equatable, CustomStringConvertible {
  let started: Bool
  let instance: Int
  let name: String
  let layers: [String]
  let time: Double
  let reversed: Bool
  /// "S0@1.5<": kind, instance, time, "<" when reversed.
  var description: String { "\(started ? "S" : "E")\(instance)@\(time.formatted)\(reversed ? "<" : "")" }
}

/// What one operation gave: its events, then the player's time and rate.
struct PlaybackStep: Equatable {
  let events: [PlaybackEvent]
  let time: Double
  let rate: Double
}

/// Timeline playback, on both sides: makes the timeline from JSON and runs the operations on
/// its player, one outcome per operation (a failing one leaves the player as it was).
protocol PlaybackEngine: Engine {
  func play(json: String, _ operations: [PlaybackOperation]) -> Outcome<[Outcome<PlaybackStep>]>
}

extension Double {
  /// The shortest text that reads back as this number ("1.5", "2").
  fileprivate var formatted: String {
    rounded() == self && abs(self) < 1e15 ? String(Int64(self)) : "\(self)"
  }
}

extension SwiftEngine: PlaybackEngine {
  func play(json: String, _ operations: [PlaybackOperation]) -> Outcome<[Outcome<PlaybackStep>]> {
    var player: TimelinePlayer
    do throws(GhostframeError) {
      // The bridge resolves registry names when it makes the handle; so does this side.
      player = try TimelinePlayer(Timeline(json: json).resolved())
    } catch {
      return .failed(error.code.rawValue, error.message)
    }
    return .ok(operations.map { operation in
      do throws(GhostframeError) {
        var events: [TimelineEvent] = []
        let value = operation.value?.value ?? .nan
        switch operation.op {
        case "seek": events = try player.seek(to: value)
        case "advance": events = try player.advance(by: value)
        case "rate": try player.setRate(value)
        case "reverse": player.reverse()
        default: Issue.record("unknown operation \(operation.op)")
        }
        return .ok(PlaybackStep(
          events: events.map {
            PlaybackEvent(started: $0.kind == .started, instance: $0.instance, name: $0.name, layers: $0.layers,
                          time: $0.time, reversed: $0.isReversed)
          },
          time: player.time, rate: player.rate))
      } catch {
        return .failed(error.code.rawValue, error.message)
      }
    })
  }
}

/// Collects the events of one libffi call (the callback's user_data).
private final class EventSink {
  var events: [PlaybackEvent] = []
}

/// The gf_timeline_event_fn both sides' library calls pass.
private let receive: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<gf_timeline_event>?) -> Void = {
  user, event in
  guard let user, let event = event?.pointee else { return }
  let sink = Unmanaged<EventSink>.fromOpaque(user).takeUnretainedValue()
  let layers = (0..<event.layer_count).map { i in event.layers.flatMap { $0[i] }.map { String(cString: $0) } ?? "<NULL>" }
  sink.events.append(PlaybackEvent(
    started: event.kind == GF_EVENT_STARTED, instance: event.instance,
    name: event.name.map { String(cString: $0) } ?? "<NULL>", layers: layers, time: event.time,
    reversed: event.reversed != 0))
}

extension LibraryEngine: PlaybackEngine {
  private func lastMessage() -> String {
    guard let message = library.call("gf_last_error_message", returns: .pointer, []).pointer else { return "<NULL>" }
    return String(cString: message.assumingMemoryBound(to: CChar.self))
  }

  private func double(_ name: String, _ timeline: UnsafeMutableRawPointer) -> Double {
    var value = Double.nan
    let code = withUnsafeMutablePointer(to: &value) { out in
      library.call(name, returns: .int32, [(.pointer, .pointer(timeline)), (.pointer, .pointer(UnsafeMutableRawPointer(out)))]).int32
    }
    #expect(code == GF_OK, "\(name): \(lastMessage())")
    return value
  }

  func play(json: String, _ operations: [PlaybackOperation]) -> Outcome<[Outcome<PlaybackStep>]> {
    var handle: UnsafeMutableRawPointer? = nil
    let made = json.withCString { text in
      withUnsafeMutablePointer(to: &handle) { out in
        library.call("gf_timeline_from_json", returns: .int32, [
          (.pointer, .pointer(UnsafeMutableRawPointer(mutating: text))), (.size, .size(UInt64(json.utf8.count))),
          (.pointer, .pointer(UnsafeMutableRawPointer(out))),
        ]).int32
      }
    }
    guard made == GF_OK, let timeline = handle else { return .failed(made, lastMessage()) }
    defer { _ = library.call("gf_timeline_free", returns: .int32, [(.pointer, .pointer(timeline))]) }
    let callback = unsafeBitCast(receive, to: UnsafeMutableRawPointer.self)
    return .ok(operations.map { operation in
      let sink = EventSink()
      let value = operation.value?.value ?? .nan
      let code: Int32 = withExtendedLifetime(sink) {
        let user = Unmanaged.passUnretained(sink).toOpaque()
        switch operation.op {
        case "seek", "advance":
          return library.call(operation.op == "seek" ? "gf_timeline_seek" : "gf_timeline_advance", returns: .int32, [
            (.pointer, .pointer(timeline)), (.double, .double(value)), (.pointer, .pointer(callback)),
            (.pointer, .pointer(user)),
          ]).int32
        case "rate":
          return library.call("gf_timeline_set_rate", returns: .int32, [(.pointer, .pointer(timeline)), (.double, .double(value))]).int32
        case "reverse":
          return library.call("gf_timeline_reverse", returns: .int32, [(.pointer, .pointer(timeline))]).int32
        default:
          Issue.record("unknown operation \(operation.op)")
          return GF_E_INTERNAL
        }
      }
      guard code == GF_OK else { return .failed(code, lastMessage()) }
      return .ok(PlaybackStep(events: sink.events, time: double("gf_timeline_time", timeline),
                              rate: double("gf_timeline_rate", timeline)))
    })
  }
}
