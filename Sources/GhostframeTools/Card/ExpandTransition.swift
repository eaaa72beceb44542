import GhostframeCore

/// Airbnb's expanding-card transition (seed 004), as a scene a host samples and draws.
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
/// ``duration`` with ``curve``, starting at time 0 and filling both ways. ``exit(at:)`` is the
/// exact reverse: its scene at time `s` equals the entry at `e − s`, where `e` is how far the
/// entry had come when the exit began (``duration`` after a full entry), so an exit begun
/// mid-flight starts from the presentation state without a jump.
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
  /// The name of the window snapshot the parts are cropped from (their layers' `contents`).
  public let snapshot: String
  /// The parts: up, down, then one per image in input order.
  public let parts: [Part]
  /// The entry: every part animated from start to end, from time 0.
  public let scene: Scene

  /// Builds a transition whose part layers come from a fresh pool.
  ///
  /// - Throws: as ``init(window:images:tapped:ratio:duration:curve:snapshot:pool:)``.
  public init(window: Size, images: [Rect], tapped: Int, ratio: Double = 2.0 / 3.0, duration: Double = 0.5,
              curve: Curve = .easeInOut, snapshot: String = "window") throws(GhostframeError) {
    var pool = try SnapshotLayerPool(capacity: Swift.min(Swift.max(1, images.count + 2), SnapshotLayerPool.maximumCapacity))
    try self.init(window: window, images: images, tapped: tapped, ratio: ratio, duration: duration,
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
  ///   - duration: The entry's duration, finite and > 0.
  ///   - curve: The entry's curve.
  ///   - snapshot: The window snapshot's name (a valid layer `contents`).
  ///   - pool: Where the part layers come from.
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` naming the first bad
  ///   input (also a window or image whose part would reach or move past the largest double),
  ///   ``/GhostframeCore/GhostframeError/Code/limit`` past ``maximumImages`` or when the
  ///   pool cannot supply the layers. On error nothing is built and the pool is unchanged.
  public init(window: Size, images: [Rect], tapped: Int, ratio: Double = 2.0 / 3.0, duration: Double = 0.5,
              curve: Curve = .easeInOut, snapshot: String = "window",
              pool: inout SnapshotLayerPool) throws(GhostframeError) {
    let parts = try Self.geometry(window: window, images: images, tapped: tapped, ratio: ratio)
    guard duration.isFinite, duration > 0 else { throw .invalid("duration must be finite and > 0 (got \(duration))") }
    guard Layer.isValidContents(snapshot) else { throw .invalid("snapshot name must be \(Layer.contentsRule)") }
    var trial = pool
    let ids = try trial.acquire(count: parts.count)
    let named = zip(parts, ids).map { part, id in
      var part = part
      part.layer = id
      return part
    }
    let scene = try Self.scene(window: window, parts: named, snapshot: snapshot, duration: duration, curve: curve,
                               elapsed: nil)
    pool = trial
    self.window = window
    self.images = images
    self.tapped = tapped
    self.ratio = ratio
    self.duration = duration
    self.curve = curve
    self.snapshot = snapshot
    self.parts = named
    self.scene = scene
  }

  /// The exit: the entry played backwards from where it was at time `t`.
  ///
  /// - Parameter t: The entry's time when the exit begins (clamped to `0...duration`): the
  ///   returned scene at time `s` equals ``scene`` at `min(max(t, 0), duration) − s`, and stays
  ///   at the start rects afterwards. `exit(at: duration)` is the full reverse.
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for a NaN or infinite `t`.
  public func exit(at t: Double) throws(GhostframeError) -> Scene {
    guard t.isFinite else { throw .invalid("exit time must be finite (got \(t))") }
    let elapsed = Swift.min(Swift.max(t, 0), duration)
    return try Self.scene(window: window, parts: parts, snapshot: snapshot, duration: duration, curve: curve,
                          elapsed: elapsed)
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

  /// The scene of the parts: the entry when `elapsed` is nil, else the exit begun `elapsed`
  /// seconds into the entry.
  static func scene(window: Size, parts: [Part], snapshot: String, duration: Double, curve: Curve,
                    elapsed: Double?) throws(GhostframeError) -> Scene {
    var scene = Scene()
    try scene.addLayer(Layer(id: rootLayer, frame: Rect(x: 0, y: 0, width: window.width, height: window.height)))
    // The exit plays the entry's own animation backwards: with a delay of `elapsed − duration`
    // the reversed iteration is at entry time `elapsed − s` at time s, with the entry's curve.
    let timing = try Timing(duration: duration, delay: elapsed.map { $0 - duration } ?? 0,
                            direction: elapsed == nil ? .normal : .reverse, fill: .both, easing: curve)
    for part in parts {
      let source = part.source
      let z: Double = switch part.kind {
      case .up, .down: 0
      case .image: 1
      case .tapped: 2
      }
      let custom = Dictionary(uniqueKeysWithValues: zip(sourceProperties, [source.x, source.y, source.width, source.height]))
      try scene.addLayer(Layer(id: part.layer, parent: rootLayer, frame: elapsed == nil ? part.end : part.start,
                               zPosition: z, custom: custom, contents: snapshot))
      let animation = try Animation.basic(
        "frame", from: [part.start.x, part.start.y, part.start.width, part.start.height],
        to: [part.end.x, part.end.y, part.end.width, part.end.height], timing: timing, removedOnCompletion: false)
      try scene.addAnimation(animation, to: part.layer, key: "expand")
    }
    return scene
  }
}
