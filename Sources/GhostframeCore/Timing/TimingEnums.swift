/// The direction in which successive iterations play (Web Animations `PlaybackDirection`).
public enum PlaybackDirection: String, Sendable, CaseIterable {
  /// Every iteration plays forwards.
  case normal
  /// Every iteration plays backwards.
  case reverse
  /// Even iterations play forwards, odd ones backwards.
  case alternate
  /// Even iterations play backwards, odd ones forwards.
  case alternateReverse = "alternate-reverse"
}

/// Whether an effect holds its value outside its active interval (Web Animations `FillMode`).
///
/// Core Animation's `kCAFillModeRemoved` is ``none``.
public enum FillMode: String, Sendable, CaseIterable {
  /// No effect outside the active interval.
  case none
  /// Hold the final value after the active interval.
  case forwards
  /// Apply the first value before the active interval.
  case backwards
  /// Both `forwards` and `backwards`.
  case both
}

/// Where a local time falls relative to an effect's active interval.
public enum TimingPhase: String, Sendable, CaseIterable {
  /// Before the active interval.
  case before
  /// Inside the active interval.
  case active
  /// After the active interval.
  case after
}

/// The computed timing of an effect at one local time.
///
/// `nil` marks the values the Web Animations model calls *unresolved*: outside the
/// active interval without a fill that covers it.
public struct TimingState: Sendable, Hashable {
  /// The phase of the local time.
  public var phase: TimingPhase
  /// Time since the start of the active interval, after any time offset.
  public var activeTime: Double?
  /// The 0-based current iteration; `.infinity` is possible.
  public var currentIteration: Double?
  /// The transformed progress: after the playback direction and the easing.
  public var progress: Double?

  /// Creates a timing state.
  public init(phase: TimingPhase, activeTime: Double?, currentIteration: Double?, progress: Double?) {
    self.phase = phase
    self.activeTime = activeTime
    self.currentIteration = currentIteration
    self.progress = progress
  }
}
