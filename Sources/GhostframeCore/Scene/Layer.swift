/// A node of the layer tree, with Core Animation's model properties.
///
/// Geometry follows Core Animation: `frame` is in the parent's coordinates; transforms turn
/// about `anchorPoint` (in the layer's unit space, default the centre); `position` is where
/// the anchor point sits in the parent.
public struct Layer: Sendable, Hashable {
  /// The host's identifier, unique within a scene.
  public var id: String
  /// The parent's id, or nil for a root layer.
  public var parent: String?
  /// The frame in the parent's coordinates.
  public var frame: Rect
  /// The pivot of transforms, in the layer's unit space.
  public var anchorPoint: Point
  /// The corner radius, in points.
  public var cornerRadius: Double
  /// The fill colour; its channels must be in [0, 1] (``Scene/addLayer(_:)`` refuses others).
  public var backgroundColor: Color
  /// The layer's own opacity in [0, 1]; the sampled opacity multiplies it through ancestors.
  public var opacity: Double
  /// Scale, rotation and translation about the anchor point.
  public var transform: LayerTransform
  /// Whether the layer (and so its subtree) is hidden.
  public var isHidden: Bool
  /// The stacking order among siblings (higher is in front).
  public var zPosition: Double
  /// The host's own scalar properties, animatable as `custom.NAME`; names are not empty.
  public var custom: [String: Double]
  /// ``gradient``, ``contents`` and ``source``, which most layers leave nil, in one box; nil
  /// when all three are. Set only through their accessors, which keep that rule, so two equal
  /// layers hold equal extras.
  @usableFromInline
  var extras: LayerExtras?

  /// A linear gradient drawn over the fill, or nil.
  public var gradient: Gradient? {
    @inlinable get { extras?.gradient }
    set { extras = LayerExtras.make(gradient: newValue, contents: contents, source: source) }
  }

  /// The name of an image the layer shows, or nil: the host resolves it and draws it
  /// aspect-fit in the layer's bounds, over the fill and gradient (Core Animation's
  /// `contents`; a skeleton's `placeholder`). Not animatable; the engine never loads it.
  /// Non-empty, without NUL, at most ``maximumContentsLength`` bytes of UTF-8.
  public var contents: String? {
    @inlinable get { extras?.contents }
    set { extras = LayerExtras.make(gradient: gradient, contents: newValue, source: source) }
  }

  /// The host's view the layer stands for (a skeleton bone's view: its id and kind), or nil.
  /// Not animatable; sampling never reads it.
  public var source: LayerSource? {
    @inlinable get { extras?.source }
    set { extras = LayerExtras.make(gradient: gradient, contents: contents, source: newValue) }
  }

  /// The longest ``contents`` name, in bytes of UTF-8.
  public static let maximumContentsLength = 4096

  /// What ``contents`` must be, for messages.
  package static let contentsRule = "a non-empty image name without NUL, at most \(maximumContentsLength) bytes"

  /// Whether `name` may be a layer's ``contents``.
  package static func isValidContents(_ name: String) -> Bool {
    let bytes = name.utf8
    return !bytes.isEmpty && bytes.count <= maximumContentsLength && !bytes.contains(0)
  }

  /// Creates a layer; unspecified properties take Core Animation's defaults.
  @inlinable
  public init(
    id: String, parent: String? = nil, frame: Rect = .zero, anchorPoint: Point = Point(x: 0.5, y: 0.5),
    cornerRadius: Double = 0, backgroundColor: Color = .clear, opacity: Double = 1,
    transform: LayerTransform = LayerTransform(), isHidden: Bool = false, zPosition: Double = 0,
    gradient: Gradient? = nil, custom: [String: Double] = [:], contents: String? = nil,
    source: LayerSource? = nil
  ) {
    self.id = id
    self.parent = parent
    self.frame = frame
    self.anchorPoint = anchorPoint
    self.cornerRadius = cornerRadius
    self.backgroundColor = backgroundColor
    self.opacity = opacity
    self.transform = transform
    self.isHidden = isHidden
    self.zPosition = zPosition
    self.custom = custom
    extras = LayerExtras.make(gradient: gradient, contents: contents, source: source)
  }

  /// Where the anchor point sits in the parent's coordinates.
  public var position: Point {
    Point(x: frame.x + anchorPoint.x * frame.width, y: frame.y + anchorPoint.y * frame.height)
  }
}

// The model properties by field, for the property table (LayerProperty+Table.swift): a new
// property of one of these shapes is a case here beside its stored property above.
extension Layer {
  /// The number field `field` (a ``LayerProperty`` of that shape).
  package subscript(number field: LayerProperty.NumberField) -> Double {
    @inline(__always) get {
      switch field {
      case .cornerRadius: cornerRadius
      case .opacity: opacity
      case .zPosition: zPosition
      }
    }
    set {
      switch field {
      case .cornerRadius: cornerRadius = newValue
      case .opacity: opacity = newValue
      case .zPosition: zPosition = newValue
      }
    }
  }

  /// The point field `field`.
  package subscript(point field: LayerProperty.PointField) -> Point {
    @inline(__always) get {
      switch field {
      case .anchorPoint: anchorPoint
      }
    }
    set {
      switch field {
      case .anchorPoint: anchorPoint = newValue
      }
    }
  }

  /// The colour field `field`.
  package subscript(color field: LayerProperty.ColorField) -> Color {
    @inline(__always) get {
      switch field {
      case .backgroundColor: backgroundColor
      }
    }
    set {
      switch field {
      case .backgroundColor: backgroundColor = newValue
      }
    }
  }

  /// The flag field `field`.
  package subscript(flag field: LayerProperty.FlagField) -> Bool {
    @inline(__always) get {
      switch field {
      case .hidden: isHidden
      }
    }
    set {
      switch field {
      case .hidden: isHidden = newValue
      }
    }
  }
}

/// A layer's transform as Core Animation's key paths see it: scale, then rotation, then
/// translation, all about the anchor point.
public struct LayerTransform: Sendable, Hashable {
  /// Horizontal scale.
  public var scaleX: Double
  /// Vertical scale.
  public var scaleY: Double
  /// Rotation in radians; positive turns x toward y (clockwise on a y-down screen).
  public var rotation: Double
  /// Horizontal translation, in points.
  public var translationX: Double
  /// Vertical translation, in points.
  public var translationY: Double

  /// Creates a transform.
  @inlinable
  public init(scaleX: Double = 1, scaleY: Double = 1, rotation: Double = 0, translationX: Double = 0,
              translationY: Double = 0) {
    self.scaleX = scaleX
    self.scaleY = scaleY
    self.rotation = rotation
    self.translationX = translationX
    self.translationY = translationY
  }

  /// No scale, rotation or translation.
  public static let identity = LayerTransform()
}

/// A linear gradient of up to ``Gradient/maximumStops`` colour stops, in the layer's unit space.
public struct Gradient: Sendable, Hashable {
  /// The most stops a gradient has (the size of the C ABI's `gf_layer_state` arrays).
  public static let maximumStops = 4
  /// The stop colours, channels in [0, 1].
  public var colors: [Color]
  /// The stop positions in [0, 1], one per colour; empty means evenly spaced (a scene refuses
  /// any other count).
  public var locations: [Double]
  /// Where location 0 lies, in the layer's unit space.
  public var startPoint: Point
  /// Where location 1 lies, in the layer's unit space.
  public var endPoint: Point

  /// Creates a gradient; by default it runs top to bottom, as CAGradientLayer's does.
  @inlinable
  public init(colors: [Color], locations: [Double] = [], startPoint: Point = Point(x: 0.5, y: 0),
              endPoint: Point = Point(x: 0.5, y: 1)) {
    self.colors = colors
    self.locations = locations
    self.startPoint = startPoint
    self.endPoint = endPoint
  }
}
