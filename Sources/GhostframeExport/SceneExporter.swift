import GhostframeCore

/// Writes a ``/GhostframeCore/Scene`` as a document other toolkits play: Lottie, HTML + CSS, or SVG.
///
/// Each layer becomes one shape (a Lottie shape layer, an absolutely positioned element, an SVG
/// group) parented as in the scene; a list section's container clips its rows (in Lottie, a
/// masked precomposition). What a format states exactly is written with the scene's own
/// keyframes and curves: basic and keyframe animations (linear and discrete modes) whose timing
/// is a Web Animations timing (any delay, duration, iteration count, direction and fill) with a
/// cubic-bezier, named, `steps()` or `linear()` easing, inside groups that pass their time
/// through or, with linear time, place their children inside it; several on one property where
/// they compose as keyframes (a later one replacing, additive ones one after another). In HTML
/// and SVG each is a CSS animation with its own timing. Springs, Penner easings and host curves
/// are point lists within 0.1 % of the change. The rest (additive animations moving one property
/// at once along different curves, cumulative animations, transitions, time offsets, groups that
/// reshape eased time) is baked: sampled at ``ExportOptions/fps`` and written linear between
/// samples. ``ExportResult/maximumError`` reports the largest error baking or approximating
/// introduced, measured against the scene's sampler; every exact track is checked against the
/// sampler too, and baked when it does not reproduce it.
///
/// Lottie has no repeat: a Lottie document covers ``ExportOptions/duration`` seconds from scene
/// time 0, by default one seamless cycle of the scene's repeating animations (a skeleton's effect
/// cycle), which players loop.
public enum SceneExporter {
  /// Writes `scene` as `format`.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for bad options, a scene
  ///   without layers or without area, or a value that is not finite;
  ///   ``/GhostframeCore/GhostframeError/Code/limit`` past ``ExportOptions/maximumLayers``,
  ///   ``ExportOptions/maximumFrames`` or the options' ``ExportOptions/maximumBytes``.
  public static func export(_ scene: Scene, as format: ExportFormat, options: ExportOptions = ExportOptions())
    throws(GhostframeError) -> ExportResult
  {
    // A host curve that fails while the scene is sampled is this call's failure.
    try HostCallbackFailure.checking { () throws(GhostframeError) in try exportChecked(scene, as: format, options: options) }
  }

  private static func exportChecked(_ scene: Scene, as format: ExportFormat, options: ExportOptions)
    throws(GhostframeError) -> ExportResult
  {
    try options.validate()
    guard scene.count > 0 else { throw GhostframeError(.invalidArgument, "the scene has no layers to export") }
    guard scene.count <= ExportOptions.maximumLayers else {
      throw GhostframeError(.limit, "the scene has \(scene.count) layers; an export takes at most \(ExportOptions.maximumLayers)")
    }
    let stage = LayerChannels.stage(scene)
    guard stage.width > 0, stage.height > 0, stage.width.isFinite, stage.height.isFinite else {
      throw GhostframeError(.invalidArgument, "the scene's root layers have no area to export")
    }
    let natural = defaultDuration(of: scene)
    let duration = options.duration ?? natural.duration
    let frames = duration * options.fps
    guard frames <= Double(ExportOptions.maximumFrames) else {
      throw GhostframeError(.limit, "the export would cover \(Int(frames.rounded(.up))) frames (\(duration) s at \(options.fps) fps); at most \(ExportOptions.maximumFrames)")
    }
    var planner = ExportPlanner(scene: scene, window: duration, fps: options.fps)
    let loops = natural.loops
    let text: String
    switch format {
    case .lottie:
      // A cycle after the finite animations: marked, so a player can loop it.
      var markers: [String] = []
      if case let (end?, cycle?) = spans(of: scene), end + cycle <= duration + 1e-9 {
        markers.append("{\"tm\":\(ExportText.number(end * options.fps, 4)),\"cm\":\"loop\",\"dr\":\(ExportText.number(cycle * options.fps, 4))}")
      }
      text = try LottieWriter.write(scene, planner: &planner, loops: loops, markers: markers,
                                    maximumBytes: options.maximumBytes)
    case .html: text = try CSSWriter.write(scene, planner: &planner, loops: loops, svg: false, maximumBytes: options.maximumBytes)
    case .svg: text = try CSSWriter.write(scene, planner: &planner, loops: loops, svg: true, maximumBytes: options.maximumBytes)
    }
    return ExportResult(text: text, duration: duration, fps: options.fps, loops: loops,
                        bakedProperties: planner.bakedCount, exactProperties: planner.exactCount,
                        maximumError: planner.maximumError)
  }

  /// The seconds an export covers by default, and whether the document loops: one seamless
  /// cycle of the repeating animations (the least common multiple of their periods, an
  /// alternating one counting both ways, when at most 6 s, else the longest period), which
  /// players loop; when finite animations run too (an appear fade, an end, a timeline), until
  /// the last of them ends and then one such cycle, played once (Lottie marks the cycle as the
  /// segment `loop`); until the last finite animation ends when nothing repeats; 2 s for a
  /// scene without animations.
  public static func defaultDuration(of scene: Scene) -> (duration: Double, loops: Bool) {
    let (end, cycle) = spans(of: scene)
    switch (end, cycle) {
    case let (end?, cycle?): return (min(end + cycle, ExportOptions.maximumDuration), false)
    case let (end?, nil): return (min(end, ExportOptions.maximumDuration), false)
    case let (nil, cycle?): return (min(cycle, ExportOptions.maximumDuration), true)
    case (nil, nil): return (2, false)
    }
  }

  /// When the scene's last finite animation ends (nil: none does), and the seamless cycle of
  /// its repeating animations (nil: none repeats).
  static func spans(of scene: Scene) -> (end: Double?, cycle: Double?) {
    var periods: [Double] = [], ends: [Double] = []
    for attached in scene.animations {
      let timing = attached.animation.timing
      if timing.iterations == .infinity {
        var period = timing.duration
        if timing.direction == .alternate || timing.direction == .alternateReverse { period *= 2 }
        if period.isFinite, period > 0 { periods.append(period) }
      } else {
        let end = timing.endTime
        if end.isFinite, end > 0 { ends.append(end) }
      }
    }
    guard !periods.isEmpty else { return (ends.max(), nil) }
    let millis = Set(periods.map { max(1, Int(($0 * 1000).rounded())) }).sorted()
    var lcm = 1
    for m in millis {
      var (a, b) = (lcm, m)
      while b != 0 { (a, b) = (b, a % b) }
      let (product, overflow) = (lcm / a).multipliedReportingOverflow(by: m)
      guard !overflow, product <= 6000 else { return (ends.max(), periods.max()) }
      lcm = product
    }
    return (ends.max(), Double(lcm) / 1000)
  }
}
