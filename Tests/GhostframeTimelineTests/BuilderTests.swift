import GhostframeCore
import GhostframeTestSupport
import Testing
@testable import GhostframeTimeline

/// ``TimelineBuilder``: GSAP's placement (an item without a position at the end so far), one
/// definition per tween, nested timelines with their repeats, call points, and refused steps
/// leaving the builder as it was. Times by hand from GSAP's rules.
@Suite("Timeline builder")
struct BuilderTests {
  @Test("GSAP's chain: at the end unless placed; labels at the end; the end, not the cursor, after a placed item")
  func placement() throws {
    // tl.to(a, {opacity: 0, duration: 1}).to(b, {x: 50}, "<0.25").addLabel("mid")
    //   .fromTo(c, {x: 0}, {x: 100, duration: 2}, "mid-=0.5").to(d, {opacity: 1, duration: 1})
    // a [0, 1]; b at 0.25 for GSAP's 0.5 s, [0.25, 0.75]; the end so far is 1 ("mid"); c at 0.5,
    // [0.5, 2.5]; d at the end, [2.5, 3.5]; e placed at 0, [0, 0.25]; f at the end so far, 3.5,
    // not at the cursor (e's end, 0.25).
    let builder = try TimelineBuilder()
      .to(["a"], ["opacity": [0]], duration: 1)
      .to(["b"], ["x": [50]], position: "<0.25")
      .addLabel("mid")
      .fromTo(["c"], from: ["x": [0]], to: ["x": [100]], duration: 2, position: "mid-=0.5")
      .to(["d"], ["opacity": [1]], duration: 1)
      .to(["e"], ["opacity": [1]], duration: 0.25, position: 0)
      .to(["f"], ["opacity": [1]], duration: 1)
    let schedule = try builder.timeline.schedule()
    expectEntries(schedule, [("to-1", "a", 0, 1), ("to-5", "e", 0, 0.25), ("to-2", "b", 0.25, 0.75),
                             ("fromTo-3", "c", 0.5, 2.5), ("to-4", "d", 2.5, 3.5), ("to-6", "f", 3.5, 4.5)])
    #expect(builder.definitions.map(\.name) == ["to-1", "to-2", "fromTo-3", "to-4", "to-5", "to-6"])
    #expect(builder.definitions.first?.values == .to(["opacity": [0]]))
    #expect(builder.definitions.first?.curve == TimelineBuilder.defaultEase)
  }

  @Test("calls are points the player reports each way, in every play")
  func calls() throws {
    let timeline = try TimelineBuilder(timing: TimelineNodeTiming(repeat: 1))
      .to(["a"], ["opacity": [0]], duration: 1)
      .call("half", position: 0.5)
      .timeline
    let schedule = try timeline.schedule()
    #expect(schedule.calls == [TimelineSchedule.Call(index: 0, name: "half", time: 0.5, repeat: 0)])
    var player = TimelinePlayer(schedule: schedule)
    let forwards = try player.seek(to: 2).filter { $0.kind == .call }.map { "\($0.name)@\($0.time)" }
    #expect(forwards == ["half@0.5", "half@1.5"])
    let back = try player.seek(to: 0).filter { $0.kind == .call }.map { "\($0.name)@\($0.time)\($0.isReversed ? "<" : "")" }
    #expect(back == ["half@1.5<", "half@0.5<"])
    // At one time, calls come after the instances' events going forwards.
    var at = TimelinePlayer(schedule: try TimelineBuilder().call("first", position: 0).to(["a"], ["opacity": [0]], position: 0)
      .timeline.schedule())
    #expect(try at.advance(by: 0).map(\.kind) == [.started, .call])
  }

  @Test("add nests a timeline with its timing; clashing definitions are renamed, equal ones shared")
  func add() throws {
    let child = try TimelineBuilder(timing: TimelineNodeTiming(repeat: 1, timeScale: 2))
      .to(["x"], ["opacity": [0.5]], duration: 1).timeline
    let twin = try TimelineBuilder().to(["a"], ["opacity": [0]], duration: 1).timeline
    let parent = try TimelineBuilder().to(["a"], ["opacity": [0]], duration: 1).add(child).add(twin, position: 0)
    #expect(parent.definitions.map(\.name) == ["to-1", "to-1.2"])
    let schedule = try parent.timeline.schedule()
    // The child at 1: one play of 0.5, two plays: [1, 2]. The twin at 0 shares "to-1".
    expectEntries(schedule, [("to-1", "a", 0, 1), ("to-1", "a", 0, 1), ("to-1.2", "x", 1, 1.5)])
    #expect(schedule.duration == 2)
    #expect(schedule.repeats.count == 1 && schedule.repeats[0].start == 1 && schedule.repeats[0].duration == 0.5)
  }

  @Test("a refused step throws naming it and leaves the builder as it was")
  func refused() throws {
    let builder = try TimelineBuilder().to(["a"], ["opacity": [0]], duration: 1)
    for (code, step) in [
      (GhostframeError.Code.notFound, { () throws(GhostframeError) in _ = try builder.to(["a"], ["opacty": [0]]) }),
      (.notFound, { () throws(GhostframeError) in _ = try builder.to(["a"], ["opacity": [0]], position: "nope") }),
      (.invalidArgument, { () throws(GhostframeError) in _ = try builder.to([], ["opacity": [0]]) }),
      (.invalidArgument, { () throws(GhostframeError) in _ = try builder.to(["a"], ["opacity": [0]], duration: .nan) }),
      (.invalidArgument, { () throws(GhostframeError) in _ = try builder.addLabel("+=1") }),
      (.invalidArgument, { () throws(GhostframeError) in _ = try builder.call("") }),
      (.invalidArgument, { () throws(GhostframeError) in _ = try builder.timed(TimelineNodeTiming(timeScale: 0)) }),
      (.parse, { () throws(GhostframeError) in _ = try builder.to(["a"], ["opacity": [0]], position: "<x") }),
      (.invalidArgument, { () throws(GhostframeError) in
        _ = try builder.to(["a", "b"], ["opacity": [0]], stagger: .each(1, grid: .size(rows: 1, columns: 0)))
      }),
    ] as [(GhostframeError.Code, () throws(GhostframeError) -> Void)] {
      _ = expectError(code) { try step() }
    }
    #expect(builder.items.count == 1 && builder.definitions.count == 1)
  }
}
