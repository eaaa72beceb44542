import GhostframeCore
import Testing
@testable import GhostframeTools

/// An overshooting curve carries a part past its end rect: a transition whose parts would pass
/// the largest double at the curve's extreme progress is refused when built (found by the tools
/// fuzz target: a -inf height sampled at 0.25 s), and an ordinary overshoot is accepted.
@Suite("Card transition: the curve's reach")
struct ExpandTransitionReachTests {
  private let window = Size(width: 375, height: 667)
  private let images = [Rect(x: 16, y: 100, width: 343, height: 200)]

  @Test("a curve overshooting to about ±3e306 on a phone-sized window is refused, naming the part")
  func refusesAnEscapingOvershoot() throws {
    let curve = try Curve(parsing: "cubic-bezier(0.2, -1e307, 0.8, 1e307)")
    do {
      _ = try ExpandTransition(window: window, images: images, tapped: 0, curve: curve)
      Issue.record("accepted a curve that carries the parts past the largest double")
    } catch {
      #expect(error.code == .invalidArgument)
      #expect(error.message.contains("under its curve's overshoot"), "\(error.message)")
    }
  }

  @Test("an ordinary overshoot (easeOutBack's bezier) stays accepted, and its samples are finite")
  func acceptsAnOrdinaryOvershoot() throws {
    let curve = try Curve(parsing: "cubic-bezier(0.175, 0.885, 0.32, 1.275)")
    let transition = try ExpandTransition(window: window, images: images, tapped: 0, curve: curve)
    for step in 0...20 {
      let states = transition.scene.sample(at: Double(step) * 0.025)
      #expect(states.allSatisfy { [$0.x, $0.y, $0.width, $0.height].allSatisfy(\.isFinite) })
    }
  }
}
