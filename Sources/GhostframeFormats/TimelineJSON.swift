import GhostframeCore
import GhostframeTimeline
import _GhostframeJSON

/// The timeline file format (docs/timeline-format.md): a ``/GhostframeTimeline/Timeline`` as JSON,
/// read with path-naming errors and written in a canonical form that reads back to the same
/// timeline.
extension Timeline {
  /// The deepest a timeline document nests arrays and objects (the JSON reader's default): a
  /// nested sequence or parallel takes two levels, so documents hold at most 62 of them below
  /// the root node.
  public static let maximumJSONDepth = 128

  /// The most values (every scalar, array and object) a timeline document may hold: fewer than
  /// the JSON reader's 10,000,000, because a timeline's items cost about as much again as the
  /// parsed values they come from, and the largest legal document must load within 1 GiB
  /// (bindings/c/tests/budgets.c). An instance on one layer takes 5 values, so a document of
  /// ``/GhostframeTimeline/Timeline/maximumEntries`` such instances fits.
  public static let maximumJSONValues = 6_000_000

  /// What the timeline reader parses: 64 MiB, ``maximumJSONValues`` values, ``maximumJSONDepth``
  /// levels.
  static let jsonLimits = JSONLimits(maxDepth: maximumJSONDepth, maxElements: maximumJSONValues)

  /// Reads a timeline from timeline-format JSON text.
  ///
  /// The document's `"definitions"` become ``/GhostframeTimeline/Timeline/definitions`` (they
  /// shadow `registry`'s); every other name is looked up in `registry` when the timeline is
  /// scheduled, not here.
  ///
  /// - Parameters:
  ///   - text: The document.
  ///   - registry: Where names the document does not define are looked up.
  /// - Throws: `.parse` for malformed JSON (with line and column), a malformed curve spec or
  ///   position; `.invalidArgument` for a wrong shape or value (a negative duration, an empty
  ///   layer list, an unknown key, with a suggestion when one is close), `.notFound` for an unknown
  ///   key path or a label used before (or without) its definition in the same sequence, `.limit`
  ///   past 64 MiB, ``maximumJSONValues`` values, ``maximumJSONDepth`` levels or
  ///   ``/GhostframeTimeline/Timeline/maximumEntries`` entries.
  ///   Every message after parsing starts with the JSON path of the problem:
  ///   `timeline.sequence[2].duration: expected a number, found a string`.
  /// - Complexity: O(n) in the size of the document.
  public init(json text: String, registry: TimelineRegistry = .shared) throws(GhostframeError) {
    let document = try JSONValue(parsing: text, limits: Self.jsonLimits)
    self = try TimelineJSONReader.timeline(from: JSONReader(document), registry: registry)
  }

  /// Reads a timeline from timeline-format JSON given as UTF-8 bytes, validating the encoding first.
  ///
  /// - Parameters:
  ///   - bytes: The document as UTF-8; it may be empty or have a nil base address.
  ///   - registry: Where names the document does not define are looked up.
  /// - Throws: `.invalidUTF8` naming the byte offset of the first ill-formed sequence, `.limit`
  ///   for a document over 64 MiB, and otherwise as `init(json:registry:)` for a `String`.
  public init(json bytes: UnsafeBufferPointer<UInt8>, registry: TimelineRegistry = .shared) throws(GhostframeError) {
    let document = try JSONValue(parsing: bytes, limits: Self.jsonLimits)
    self = try TimelineJSONReader.timeline(from: JSONReader(document), registry: registry)
  }

  /// The timeline as timeline-format JSON in canonical form.
  ///
  /// The timeline's own definitions (not the registry's) in their order, each with its curve's
  /// canonical ``/GhostframeCore/Curve/description`` and its changes by key path (one number for
  /// a scalar property, an array otherwise); the root as `{"sequence": ...}` or `{"parallel": ...}`
  /// (any other root, or a root with a position, is written as the only item of a sequence, which
  /// schedules the same); stagger objects without their defaults (`"from": "start"`,
  /// `"ease": "linear"`); positions as numbers (absolute) or GSAP text. Numbers are in the
  /// shortest form that reads back to the same `Double`. Reading the text back gives an equal
  /// timeline (with parsed positions), and writing that gives the same text.
  ///
  /// - Parameter pretty: Whether to indent (2 spaces a level, arrays of plain values on one
  ///   line); true by default. Compact output has no whitespace.
  /// - Returns: The JSON text, without a trailing newline.
  /// - Throws: `.invalidArgument` for what the reader would refuse (a non-finite number, a NUL in
  ///   a name, a position in a parallel or on a delay, a label name that reads as a position);
  ///   `.limit` when the text would pass the reader's limits (64 MiB, ``maximumJSONValues``
  ///   values, ``maximumJSONDepth`` levels).
  public func json(pretty: Bool = true) throws(GhostframeError) -> String {
    try TimelineJSONWriter.text(for: self, pretty: pretty, limits: Self.jsonLimits)
  }
}

extension TimelineDefinition {
  /// Creates a definition whose changes are given as the timeline format's `"changes"` object,
  /// `{"position.y": -100, "bounds.size": [10, 20]}`.
  ///
  /// - Parameters:
  ///   - name: A non-empty name without NUL.
  ///   - curve: The curve shaping every change; linear by default.
  ///   - changesJSON: The JSON object of changes per key path.
  /// - Throws: `.parse` for malformed JSON; `.notFound` for an unknown key path (with a
  ///   suggestion); `.invalidArgument` for another shape, a wrong number of values or an empty
  ///   name; `.limit` past the JSON reader's limits. Messages name the JSON path (`$` is the
  ///   object, `$.opacity` one change).
  public init(name: String, curve: Curve = .linear, changesJSON: String) throws(GhostframeError) {
    let changes = try TimelineJSONReader.changes(JSONReader(JSONValue(parsing: changesJSON, limits: Timeline.jsonLimits)))
    try self.init(name: name, curve: curve, changes: changes)
  }
}

extension TimelineDefinition {
  /// Reads a definition's values object as the timeline format writes it under `"changes"`,
  /// `"to"` or `"from"`: `{"opacity": 0, "position": [10, 20]}`, each key checked (a key path or
  /// view property with its count of finite numbers).
  ///
  /// - Throws: `.parse` for malformed JSON; `.notFound` for an unknown key path (with a
  ///   suggestion); `.invalidArgument` for another shape or a wrong number of values; `.limit`
  ///   past the reader's limits. Messages name the JSON path (`$.opacity`).
  public static func values(json: String) throws(GhostframeError) -> [String: [Double]] {
    try TimelineJSONReader.changes(JSONReader(JSONValue(parsing: json, limits: Timeline.jsonLimits)))
  }
}

extension TimelineStagger {
  /// Reads a stagger as the timeline format writes it: a number (Anim's index offset) or
  /// `{"each" | "amount": s, "from": ..., "ease": ..., "grid": ..., "axis": ...}`.
  ///
  /// - Throws: `.parse` for malformed JSON or a malformed ease; `.invalidArgument` for a wrong
  ///   shape or value, naming the JSON path (`$.grid`).
  public init(json: String) throws(GhostframeError) {
    self = try TimelineJSONReader.stagger(JSONReader(JSONValue(parsing: json, limits: Timeline.jsonLimits)))
  }
}
