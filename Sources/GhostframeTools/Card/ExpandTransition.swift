import GhostframeCore

/// Airbnb's expanding-card transition, as a scene a host samples and draws.
///
/// Inputs: the window size W × H, the visible cells' image rects in window coordinates, the
/// tapped one `(tx, ty, tw, th)` and the target ratio ρ. The parts, exactly as the seed computes
/// them:
/// - up: start `(0, 0, W, ty)`, end `(0, −ty, W, ty)`;
/// - down, with `d = ty + th`: start `(0, d, W, H − d)`, end `(0, H, W, H − d)`;
/// - the tapped image: start `(tx, ty, tw, th)`, end `(0, 0, W, W·ρ)`;
/// - every other image `(x, y, w, h)`, with `kx = W / tw`, `ky = W·ρ / th`: end
///   `((x − tx)·kx, (y − ty)·ky, w·kx, h·ky)`.
/// When the tapped image is partly scrolled out above or below the window, the cuts `ty` and `d`
/// are clamped to `0...H` so the up and down parts stay inside the window (the seed's formulas
/// whenever the image lies within the window's height).
///
/// **How a host draws a part.** Every part is a layer of ``scene`` (a child of the root layer
/// ``rootLayer``, which covers the window) whose `contents` names the window snapshot
/// (``snapshot``) and whose custom properties `sourceX`, `sourceY`, `sourceWidth`,
/// `sourceHeight` hold ``Part/source``: the rect of the snapshot, in window coordinates, the part
/// is cropped from. The host crops its window snapshot (taken at the tap) at that rect and
/// draws the crop stretched into the layer's sampled frame; pixels of the source outside the
/// window are transparent. Parts stack by `zPosition`: up and down 0, other images 1, the
/// tapped image 2.
///
/// **Entry and exit.** ``scene`` animates every part's `frame` from start to end over
/// ``duration`` with ``curve`` after ``delay``, filling both ways: JPAnimationTool's
/// `animateWithDuration:0.35 delay:0.1 options:UIViewAnimationOptionCurveEaseOut`, whose numbers
/// are the defaults. ``exit(at:)`` depends on how far the entry had come. After a finished entry
/// it is the original's dismissal: the same call run forwards from the end frames to the start
/// frames (after ``delay``, over ``duration``, with ``curve``), not the entry played backwards;
/// with an ease-out curve the two differ. An exit that interrupts a running entry retraces it:
/// its scene at time `s` equals the entry at `e − s`, where `e` is how far the entry's motion had
/// come, so it starts from the presentation state without a jump.
public struct ExpandTransition: Sendable {
  /// What a part is.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// The window above the tapped image, moving up.
    case up
    /// The window below the tapped image, moving down.
    case down
    /// The tapped image, growing to the top of the window.
    case tapped
    /// Another visible image, moving with the tapped one.
    case image
  }

  /// One animated piece of the transition.
  public struct Part: Sendable, Hashable {
    /// What the part is.
    public var kind: Kind
    /// The frame at the start of the entry, in window coordinates.
    public var start: Rect
    /// The frame at the end of the entry, in window coordinates.
    public var end: Rect
    /// The rect of the window snapshot the part is cropped from (its start rect).
    public var source: Rect
    /// The index in the input images, nil for the up and down parts.
    public var imageIndex: Int?
    /// The id of the part's layer in the scene (taken from the snapshot pool).
    public var layer: String
  }

  /// The id of the root layer covering the window; the parts are its children.
  public static let rootLayer = "card"
  /// The custom property names carrying a part's source rect, in x, y, width, height order.
  public static let sourceProperties = ["sourceX", "sourceY", "sourceWidth", "sourceHeight"]
  /// The most images a transition takes.
  public static let maximumImages = 10_000

  /// The window size.
  public let window: Size
  /// The visible images, in window coordinates.
  public let images: [Rect]
  /// The index of the tapped image.
  public let tapped: Int
  /// The tapped image's final height over the window width.
  public let ratio: Double
  /// The entry's duration, in seconds.
  public let duration: Double
  /// The entry's curve.
  public let curve: Curve
  /// The seconds before the entry's motion starts (and before a finished entry's dismissal's).
  public let delay: Double

  /// The default duration: JPAnimationTool's `animateWithDuration:0.35`.
  public static let defaultDuration = 0.35
  /// The default delay: JPAnimationTool's `delay:0.1`.
  public static let defaultDelay = 0.1
  /// The default curve: JPAnimationTool's `UIViewAnimationOptionCurveEaseOut`, Core Animation's
  /// ease-out `cubic-bezier(0, 0, 0.58, 1)`.
  public static let defaultCurve = Curve.easeOut
  /// The name of the window snapshot the parts are cropped from (their layers' `contents`).
  public let snapshot: String
  /// The parts: up, down, then one per image in input order.
  public let parts: [Part]
  /// The entry: every part animated from start to end, from time 0.
  public let scene: Scene

  /// Builds a transition whose part layers come from a fresh pool.
  ///
  /// - Throws: as ``init(window:images:tapped:ratio:duration:delay:curve:snapshot:pool:)``.
  public init(window: Size, images: [Rect], tapped: Int, ratio: Double = 2.0 / 3.0,
              duration: Double = defaultDuration, delay: Double = defaultDelay, curve: Curve = defaultCurve,
              snapshot: String = "window") throws(GhostframeError) {
    var pool = try SnapshotLayerPool(capacity: Swift.min(Swift.max(1, images.count + 2), SnapshotLayerPool.maximumCapacity))
    try self.init(window: window, images: images, tapped: tapped, ratio: ratio, duration: duration, delay: delay,
                  curve: curve, snapshot: snapshot, pool: &pool)
  }

  /// Builds a transition, taking its part layers from `pool` (give them back with
  /// ``release(into:)``).
  ///
  /// - Parameters:
  ///   - window: The window size, finite and > 0.
  ///   - images: The visible images in window coordinates: 1...``maximumImages`` rects, finite,
  ///     with width and height > 0.
  ///   - tapped: The index of the tapped image, which must overlap the window.
  ///   - ratio: ρ, finite and > 0.
  ///   - duration: The entry's duration, finite and > 0 (default 0.35 s, ``defaultDuration``).
  ///   - delay: The seconds before the motion starts, finite and >= 0 (default 0.1 s,
  ///     ``defaultDelay``).
  ///   - curve: The entry's curve (default ease-out, ``defaultCurve``).
  ///   - snapshot: The window snapshot's name (a valid layer `contents`).
  ///   - pool: Where the part layers come from.
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` naming the first bad
  ///   input (also a window or image whose part would reach or move past the largest double),
  ///   ``/GhostframeCore/GhostframeError/Code/limit`` past ``maximumImages`` or when the
  ///   pool cannot supply the layers. On error nothing is built and the pool is unchanged.
  public init(window: Size, images: [Rect], tapped: Int, ratio: Double = 2.0 / 3.0,
              duration: Double = defaultDuration, delay: Double = defaultDelay, curve: Curve = defaultCurve,
              snapshot: String = "window", pool: inout SnapshotLayerPool) throws(GhostframeError) {
    let parts = try Self.geometry(window: window, images: images, tapped: tapped, ratio: ratio)
    try Self.checkReach(of: curve, parts: parts)
    guard duration.isFinite, duration > 0 else { throw .invalid("duration must be finite and > 0 (got \(duration))") }
    guard delay.isFinite, delay >= 0 else { throw .invalid("delay must be finite and >= 0 (got \(delay))") }
    guard (delay + duration).isFinite else {
      throw .invalid("delay \(delay) + duration \(duration) overflows")
    }
    guard Layer.isValidContents(snapshot) else { throw .invalid("snapshot name must be \(Layer.contentsRule)") }
    var trial = pool
    let ids = try trial.acquire(count: parts.count)
    let named = zip(parts, ids).map { part, id in
      var part = part
      part.layer = id
      return part
    }
    let scene = try Self.scene(window: window, parts: named, snapshot: snapshot, duration: duration, delay: delay,
                               curve: curve, motion: .entry)
    pool = trial
    self.window = window
    self.images = images
    self.tapped = tapped
    self.ratio = ratio
    self.duration = duration
    self.curve = curve
    self.delay = delay
    self.snapshot = snapshot
    self.parts = named
    self.scene = scene
  }

  /// The exit begun when the entry's scene was at time `t`.
  ///
  /// - Parameter t: The entry's scene time when the exit begins; its motion had come
  ///   `e = min(max(t − delay, 0), duration)` seconds.
  ///   - A finished entry (`t >= delay + duration`): the original's dismissal, forwards from the
  ///     end frames to the start frames; the returned scene holds the end frames for ``delay``,
  ///     then at `delay + u` is each part at `end + (start − end) · curve(u / duration)`, and
  ///     stays at the start frames afterwards.
  ///   - An entry still running (or not begun): the entry retraced from where it is; the
  ///     returned scene at time `s` equals the entry's motion at `e − s` (``scene`` at
  ///     `delay + e − s`), then stays at the start frames. No delay: it starts without a jump.
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for a NaN or infinite `t`.
  public func exit(at t: Double) throws(GhostframeError) -> Scene {
    guard t.isFinite else { throw .invalid("exit time must be finite (got \(t))") }
    // Finished as the host computes it: `t >= delay + duration`, not `t − delay >= duration`,
    // which rounds differently (0.45 − 0.1 is above 0.35, 0.1 + 0.35 is below 0.45).
    let motion: Motion = t >= delay + duration ? .dismissal : .retrace(Swift.min(Swift.max(t - delay, 0), duration))
    return try Self.scene(window: window, parts: parts, snapshot: snapshot, duration: duration, delay: delay,
                          curve: curve, motion: motion)
  }

  /// Which of the transition's motions a scene plays.
  enum Motion {
    /// Start to end, after the delay.
    case entry
    /// End to start, after the delay, with the curve (the original's dismissal).
    case dismissal
    /// The entry's motion backwards from `elapsed` seconds into it, at once.
    case retrace(Double)
  }

  /// Gives the part layers back to `pool` for the next transition.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` when a layer is not in
  ///   use in `pool` (another pool, or released already); the pool is then unchanged.
  public func release(into pool: inout SnapshotLayerPool) throws(GhostframeError) {
    var trial = pool
    for part in parts { try trial.release(part.layer) }
    pool = trial
  }

  /// The parts' geometry, validated (layer ids left empty).
  static func geometry(window: Size, images: [Rect], tapped: Int, ratio: Double) throws(GhostframeError) -> [Part] {
    let W = window.width, H = window.height
    guard W.isFinite, H.isFinite, W > 0, H > 0 else {
      throw .invalid("window size must be finite and > 0 (got \(W) × \(H))")
    }
    guard ratio.isFinite, ratio > 0 else { throw .invalid("ratio must be finite and > 0 (got \(ratio))") }
    guard !images.isEmpty else { throw .invalid("images: at least one rect is needed") }
    guard images.count <= maximumImages else {
      throw GhostframeError(.limit, "images: at most \(maximumImages) rects (got \(images.count))")
    }
    for (i, r) in images.enumerated() {
      guard r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite else {
        throw .invalid("image \(i): rect must be finite (got \(r.x), \(r.y), \(r.width), \(r.height))")
      }
      guard r.width > 0, r.height > 0 else {
        throw .invalid("image \(i): rect must not be empty or negative (got \(r.width) × \(r.height))")
      }
    }
    guard tapped >= 0, tapped < images.count else {
      throw .invalid("tapped index \(tapped) is out of range 0..<\(images.count)")
    }
    let tap = images[tapped]
    // Visible: the tapped image overlaps the window with a positive area.
    guard tap.x < W, tap.x + tap.width > 0, tap.y < H, tap.y + tap.height > 0 else {
      throw .invalid("tapped image \(tapped) is not visible in the \(W) × \(H) window")
    }
    // The root layer covers the window: its centre (W / 2, H / 2) is finite, the parts' below.
    let top = Swift.min(Swift.max(tap.y, 0), H)
    let bottom = Swift.min(Swift.max(tap.y + tap.height, 0), H)
    let upStart = Rect(x: 0, y: 0, width: W, height: top)
    let downStart = Rect(x: 0, y: bottom, width: W, height: H - bottom)
    var parts = [
      Part(kind: .up, start: upStart, end: Rect(x: 0, y: -top, width: W, height: top), source: upStart,
           imageIndex: nil, layer: ""),
      Part(kind: .down, start: downStart, end: Rect(x: 0, y: H, width: W, height: H - bottom), source: downStart,
           imageIndex: nil, layer: ""),
    ]
    let kx = W / tap.width, ky = W * ratio / tap.height
    for (i, r) in images.enumerated() {
      let end = i == tapped
        ? Rect(x: 0, y: 0, width: W, height: W * ratio)
        : Rect(x: (r.x - tap.x) * kx, y: (r.y - tap.y) * ky, width: r.width * kx, height: r.height * ky)
      guard end.x.isFinite, end.y.isFinite, end.width.isFinite, end.height.isFinite else {
        throw .invalid("image \(i): its end rect overflows (the scale \(kx) × \(ky) is too large)")
      }
      parts.append(Part(kind: i == tapped ? .tapped : .image, start: r, end: end, source: r, imageIndex: i, layer: ""))
    }
    // Finite rects can still move or reach past the largest double (a window of 1.8e308 points
    // put the down part's centre at inf): refuse them here, naming the input, not when sampled.
    for part in parts {
      let what = part.imageIndex.map { "image \($0)" } ?? "the \(part.kind.rawValue) part of the \(W) × \(H) window"
      try part.start.checkMove(to: part.end, what)
    }
    return parts
  }

  /// Throws unless every part stays finite at the curve's extreme progress values: the curve
  /// sampled at 1,025 evenly spaced points, widened by a tenth of its span (a peak between two
  /// samples), so an overshooting curve cannot carry a huge part past the largest double.
  /// A host curve is not called here (the bridge may hold the pool's lock): its parts are
  /// checked without overshoot, and the sampler's state writer guards what escapes.
  static func checkReach(of curve: Curve, parts: [Part]) throws(GhostframeError) {
    guard !curve.isHostCurve else { return }
    var low = 0.0, high = 1.0
    for i in 0...1024 {
      let p = curve(Double(i) / 1024)
      if p.isFinite {
        low = min(low, p)
        high = max(high, p)
      }
    }
    let margin = (high - low) / 10
    let reach = (low < 0 ? low - margin : low)...(high > 1 ? high + margin : high)
    for part in parts {
      let what = part.imageIndex.map { "image \($0)" } ?? "the \(part.kind.rawValue) part"
      try part.start.checkMove(to: part.end, reach: reach, what)
    }
  }

  /// The scene of the parts playing `motion`.
  static func scene(window: Size, parts: [Part], snapshot: String, duration: Double, delay: Double, curve: Curve,
                    motion: Motion) throws(GhostframeError) -> Scene {
    var scene = Scene()
    try scene.addLayer(Layer(id: rootLayer, frame: Rect(x: 0, y: 0, width: window.width, height: window.height)))
    let timing: Timing
    var forwards = true
    switch motion {
    case .entry:
      timing = try Timing(duration: duration, delay: delay, fill: .both, easing: curve)
    case .dismissal:
      // Its own call in the original: end → start, the curve applied forwards.
      timing = try Timing(duration: duration, delay: delay, fill: .both, easing: curve)
      forwards = false
    case .retrace(let elapsed):
      // The entry's own animation backwards: with a delay of `elapsed − duration` the reversed
      // iteration is at entry progress `elapsed − s` at time s, with the entry's curve.
      timing = try Timing(duration: duration, delay: elapsed - duration, direction: .reverse, fill: .both,
                          easing: curve)
    }
    for part in parts {
      let source = part.source
      let z: Double = switch part.kind {
      case .up, .down: 0
      case .image: 1
      case .tapped: 2
      }
      let custom = Dictionary(uniqueKeysWithValues: zip(sourceProperties, [source.x, source.y, source.width, source.height]))
      // The model frame is where the motion ends (UIKit sets it in the animation block).
      let ends = if case .entry = motion { part.end } else { part.start }
      let (from, to) = forwards ? (part.start, part.end) : (part.end, part.start)
      try scene.addLayer(Layer(id: part.layer, parent: rootLayer, frame: ends, zPosition: z, custom: custom,
                               contents: snapshot))
      let animation = try Animation.basic(
        "frame", from: [from.x, from.y, from.width, from.height], to: [to.x, to.y, to.width, to.height],
        timing: timing, removedOnCompletion: false)
      try scene.addAnimation(animation, to: part.layer, key: "expand")
    }
    return scene
  }
}
