import GhostframeCore

/// A skeleton effect a host defines: a function from a bone and a progress to the bone's
/// appearance, sampled into keyframe animations when a skeleton is generated.
///
/// Register one with ``register(_:duration:samples:_:)`` (from C, `gf_register_effect`); a view
/// tree's style then names it as its `animation` (`"acme.glow"`), at any level of the cascade.
/// When a skeleton is generated, the function is called for every bone that shows the effect
/// at ``samples`` progresses `k / (samples - 1)`, and the results become keyframe animations of
/// the bone's colour, opacity, scale and (when the appearance at progress 0 has one) gradient,
/// linear between samples, repeating every ``duration`` seconds: the scene samples them like the
/// built-in effects' animations, and never calls the function again. A generated skeleton keeps
/// what it sampled, whatever happens to the registration later.
public final class HostEffect: Sendable {
  /// What the function is told about a bone.
  public struct Bone: Sendable, Hashable {
    /// The bone's layer frame in the skeleton's (root) coordinates.
    public var frame: Rect
    /// The bone layer's index among the bone layers that show this effect, in drawing order (each
    /// line of a multi-line label is one).
    public var index: Int
    /// How many bone layers show this effect.
    public var count: Int
    /// The local progress of one cycle, in [0, 1].
    public var progress: Double

    /// A bone description.
    public init(frame: Rect, index: Int, count: Int, progress: Double) {
      self.frame = frame
      self.index = index
      self.count = count
      self.progress = progress
    }
  }

  /// What the function writes: preset to the bone's model appearance before each call.
  ///
  /// Colours (the gradient's too) and the opacity lie in [0, 1], the scales and gradient points
  /// are finite: a value outside is the effect's failure (``/GhostframeCore/GhostframeError/Code/callback``
  /// naming the field and the bone), never clamped.
  public struct Appearance: Sendable, Hashable {
    /// The bone's colour, each channel in [0, 1].
    public var color: Color
    /// The bone's opacity, in [0, 1].
    public var opacity: Double
    /// The bone's horizontal scale about its centre.
    public var scaleX: Double
    /// The bone's vertical scale about its centre.
    public var scaleY: Double
    /// A three-stop gradient (at 0, 0.5 and 1) shown over the bone, or nil; read at progress 0,
    /// which decides whether the bone's gradient is animated.
    public var gradient: Gradient?

    /// An appearance.
    public init(color: Color, opacity: Double = 1, scaleX: Double = 1, scaleY: Double = 1, gradient: Gradient? = nil) {
      self.color = color
      self.opacity = opacity
      self.scaleX = scaleX
      self.scaleY = scaleY
      self.gradient = gradient
    }
  }

  /// The signature of an effect's function: throw ``/GhostframeCore/GhostframeError`` to fail the generation.
  public typealias Function = @Sendable (Bone, inout Appearance) throws(GhostframeError) -> Void

  /// The most samples per cycle (`GF_MAX_EFFECT_SAMPLES`): 1,000.
  public static let maximumSamples = 1000

  /// The registered name, `vendor.name`.
  public let name: String
  /// The seconds one cycle takes.
  public let duration: Double
  /// The keyframes per cycle.
  public let samples: Int
  private let function: Function

  /// An effect named `name`.
  ///
  /// - Parameters:
  ///   - name: A host name (``/GhostframeCore/HostRegistry/checkName(_:)``).
  ///   - duration: The seconds per cycle, finite and > 0.
  ///   - samples: The keyframes per cycle, 2...``maximumSamples``.
  ///   - function: The bone's appearance at a progress.
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for a bad name, duration or count.
  public init(name: String, duration: Double = 1.5, samples: Int = 31, _ function: @escaping Function)
    throws(GhostframeError)
  {
    try HostRegistry<HostEffect>.checkName(name)
    guard duration.isFinite, duration > 0 else {
      throw .invalid("effect '\(name)': duration must be finite and > 0 (got \(duration))")
    }
    guard (2...Self.maximumSamples).contains(samples) else {
      throw .invalid("effect '\(name)': samples must be in 2...\(Self.maximumSamples) (got \(samples))")
    }
    self.name = name
    self.duration = duration
    self.samples = samples
    self.function = function
  }

  /// The appearance of `bone`, starting from `model`; throws when the function fails or writes
  /// a number outside its range: colour channels, alphas and the opacity in [0, 1] (gradient
  /// colours too), the scales and gradient points finite. Nothing is clamped: a value out of
  /// range is a bug of the effect, reported rather than drawn as something else.
  func appearance(of bone: Bone, model: Appearance) throws(GhostframeError) -> Appearance {
    var appearance = model
    do {
      try function(bone, &appearance)
    } catch {
      throw GhostframeError(.callback, "skeleton effect '\(name)' failed for bone \(bone.index) at progress \(bone.progress): \(error.message)")
    }
    var unit: [(String, Double)] = Self.channels(appearance.color, "")
    unit.append(("opacity", appearance.opacity))
    var finite = [("scale x", appearance.scaleX), ("scale y", appearance.scaleY)]
    if let gradient = appearance.gradient {
      guard gradient.colors.count == 3 else {
        throw GhostframeError(.callback, "skeleton effect '\(name)' wrote a gradient of \(gradient.colors.count) colours; it takes 3")
      }
      for (stop, color) in gradient.colors.enumerated() { unit += Self.channels(color, "gradient colour \(stop) ") }
      finite += [("gradient start x", gradient.startPoint.x), ("gradient start y", gradient.startPoint.y),
                 ("gradient end x", gradient.endPoint.x), ("gradient end y", gradient.endPoint.y)]
    }
    let wrong = unit.first { !($0.1 >= 0 && $0.1 <= 1) }.map { ($0.0, $0.1, "in [0, 1]") }
      ?? finite.first { !$0.1.isFinite }.map { ($0.0, $0.1, "finite") }
    if let (field, value, range) = wrong {
      throw GhostframeError(.callback, "skeleton effect '\(name)' wrote \(field) \(value) for bone \(bone.index) at progress \(bone.progress); it must be \(range)")
    }
    return appearance
  }

  /// A colour's channels, named for a message.
  private static func channels(_ color: Color, _ prefix: String) -> [(String, Double)] {
    [(prefix + "red", color.red), (prefix + "green", color.green), (prefix + "blue", color.blue),
     (prefix + "alpha", color.alpha)]
  }

  /// The registry of host effects a view tree's style names.
  public static let registry = HostRegistry<HostEffect>(noun: "skeleton effect")

  /// Registers an effect (see ``init(name:duration:samples:_:)``), replacing one of that name.
  ///
  /// - Returns: The registered effect.
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for a bad argument,
  ///   ``/GhostframeCore/GhostframeError/Code/limit`` when the registry is full.
  @discardableResult
  public static func register(
    _ name: String, duration: Double = 1.5, samples: Int = 31, _ function: @escaping Function
  ) throws(GhostframeError) -> HostEffect {
    let effect = try HostEffect(name: name, duration: duration, samples: samples, function)
    try registry.register(name, effect)
    return effect
  }

  /// Removes the registration of `name`; returns whether there was one.
  @discardableResult
  public static func unregister(_ name: String) -> Bool {
    registry.remove(name) != nil
  }
}
