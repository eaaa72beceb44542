import GhostframeCore

/// What an export covers and how much it may write.
public struct ExportOptions: Sendable, Hashable {
  /// The most seconds an export covers: 3,600.
  public static let maximumDuration = 3600.0
  /// The highest frame rate: 240 frames per second.
  public static let maximumFrameRate = 240.0
  /// The most frames an export covers (duration × frame rate): 100,000.
  public static let maximumFrames = 100_000
  /// The most layers a scene may have to be exported: 100,000.
  public static let maximumLayers = 100_000
  /// The default and largest output: 64 MiB of UTF-8.
  public static let maximumOutputBytes = 64 << 20

  /// The seconds the export covers from scene time 0, or nil for the default: one seamless
  /// cycle of the scene's repeating animations, or until its last finite animation ends
  /// (``SceneExporter/defaultDuration(of:)``).
  public var duration: Double?
  /// The frame rate: Lottie's frame rate, and the rate at which what a format cannot state
  /// exactly is baked (60 by default), in (0, ``maximumFrameRate``].
  public var fps: Double
  /// The most bytes the document may take, in 1...``maximumOutputBytes``: a larger one is
  /// ``/GhostframeCore/GhostframeError/Code/limit``, reported before it is built where the plan shows it.
  public var maximumBytes: Int

  /// Options; the defaults export one effect cycle at 60 fps, up to 64 MiB.
  public init(duration: Double? = nil, fps: Double = 60, maximumBytes: Int = ExportOptions.maximumOutputBytes) {
    self.duration = duration
    self.fps = fps
    self.maximumBytes = maximumBytes
  }

  /// Checks every number; throws `.invalidArgument` naming the first bad one.
  func validate() throws(GhostframeError) {
    if let duration, !(duration.isFinite && duration > 0 && duration <= Self.maximumDuration) {
      throw GhostframeError(.invalidArgument,
                            "export duration must be finite, > 0 and at most \(Int(Self.maximumDuration)) s (got \(duration))")
    }
    guard fps.isFinite, fps > 0, fps <= Self.maximumFrameRate else {
      throw GhostframeError(.invalidArgument, "export fps must be finite, > 0 and at most \(Int(Self.maximumFrameRate)) (got \(fps))")
    }
    guard maximumBytes >= 1, maximumBytes <= Self.maximumOutputBytes else {
      throw GhostframeError(.invalidArgument, "export maximum bytes must be in 1...\(Self.maximumOutputBytes) (got \(maximumBytes))")
    }
  }
}
