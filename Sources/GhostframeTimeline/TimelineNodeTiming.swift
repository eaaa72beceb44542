import GhostframeCore

/// GSAP's timing of a nested timeline: how often a sequence or parallel repeats, whether every
/// other play runs backwards, the pause between plays, and how fast its own clock runs.
///
/// With one play lasting *D* seconds of the node's own time (its items' end) and a repeat delay
/// *r*, a node repeated *n* times plays *n* + 1 times and lasts `(n + 1)·D + n·r` of its own
/// seconds, `/ timeScale` of its parent's; GSAP's `repeat: -1` plays for ever, which, as in GSAP,
/// is ``foreverDuration`` seconds of its own time. Play *k* (from 0) starts `k·(D + r)` after the
/// node's start; with ``yoyo``, the odd plays run backwards. During a repeat delay the node holds
/// the end of the play before it (its start, after a backwards play).
public struct TimelineNodeTiming: Sendable, Hashable {
  /// GSAP's `repeat: -1`.
  public static let forever = -1
  /// The most repeats a node may have (besides ``forever``).
  public static let maximumRepeat = Int(Int32.max)
  /// How long a node that repeats for ever lasts, in its own seconds: GSAP's 10^10 (about 317
  /// years), so every duration stays finite.
  public static let foreverDuration = 1e10

  /// How many times the node plays again after its first play (GSAP's `repeat`): 0 plays once,
  /// ``forever`` (-1) for ever.
  public var `repeat`: Int
  /// Whether every other play runs backwards (GSAP's `yoyo`).
  public var yoyo: Bool
  /// Seconds of the node's own time between plays (GSAP's `repeatDelay`), finite and `>= 0`.
  public var repeatDelay: Double
  /// The node's own seconds per second of its parent's (GSAP's `timeScale`), finite and `> 0`.
  public var timeScale: Double

  /// A node's timing; the defaults play once at normal speed.
  public init(repeat: Int = 0, yoyo: Bool = false, repeatDelay: Double = 0, timeScale: Double = 1) {
    self.repeat = `repeat`
    self.yoyo = yoyo
    self.repeatDelay = repeatDelay
    self.timeScale = timeScale
  }

  /// Plays once at normal speed.
  public static let normal = TimelineNodeTiming()

  /// Checks the values (the scheduler and the JSON writer refuse what this refuses).
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` naming the bad value.
  package func check() throws(GhostframeError) {
    guard self.repeat == Self.forever || (0...Self.maximumRepeat).contains(self.repeat) else {
      throw .invalid("repeat must be -1 (for ever) or from 0 to \(Self.maximumRepeat) (got \(self.repeat))")
    }
    guard repeatDelay.isFinite, repeatDelay >= 0 else {
      throw .invalid("repeatDelay must be finite and >= 0 (got \(repeatDelay))")
    }
    guard timeScale.isFinite, timeScale > 0 else {
      throw .invalid("timeScale must be finite and > 0 (got \(timeScale))")
    }
  }
}
