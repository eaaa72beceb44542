import GhostframeCore
import GhostframeSkeleton
import _GhostframeJSON

/// The view-tree format (docs/view-tree-format.md): a host's screen as JSON, the input of the
/// skeleton generator. Reading checks the whole document and names the JSON path of any problem.
extension ViewTree {
  /// The JSON limits view-tree documents are parsed with: the JSON parser's defaults (64 MiB,
  /// 10,000,000 values) with room for 256 levels of arrays and objects, since every level of
  /// views takes two (the node and its `children` array). A tree nested past ``maximumDepth``
  /// thus gets the view tree's own message, unless it is nested past about 125 levels, where the
  /// parser's depth limit speaks first. Package access: the JSON types are not public API.
  package static let jsonLimits = JSONLimits(maxDepth: 256)

  /// Reads a view tree from view-tree-format JSON text.
  ///
  /// - Parameter text: The document.
  /// - Throws: `.parse` for malformed JSON (with line and column; a number too large for a
  ///   `Double`, such as `1e999`, is `number out of range`); `.invalidArgument` for a wrong
  ///   shape, type or value, an unknown key (with a suggestion when the key is a small edit
  ///   away from a known one) or an unknown name (listing the known ones); `.notFound` for a
  ///   section, header or footer naming a cell template that does not exist; `.limit` past
  ///   the JSON limits (64 MiB, 10,000,000 values, 256 levels),
  ///   ``/GhostframeSkeleton/ViewTree/maximumDepth``, ``/GhostframeSkeleton/ViewTree/maximumNodes``
  ///   or ``/GhostframeSkeleton/ViewTree/maximumCellTemplates``. Every message after parsing starts
  ///   with the JSON path of the problem:
  ///   `root.children[3].frame[2]: expected a width >= 0, found -5`. On error nothing is built.
  /// - Complexity: O(n) in the size of the document.
  public init(json text: String) throws(GhostframeError) {
    let document = try JSONValue(parsing: text, limits: Self.jsonLimits)
    self = try ViewTreeJSONReader.tree(from: JSONReader(document))
  }

  /// Reads a view tree from view-tree-format JSON given as UTF-8 bytes, validating the encoding
  /// first.
  ///
  /// - Parameter bytes: The document as UTF-8; it may be empty or have a nil base address.
  /// - Throws: `.invalidUTF8` naming the byte offset of the first ill-formed sequence, `.limit`
  ///   for a document over the JSON reader's 64 MiB, and otherwise as `init(json:)` for a `String`.
  public init(json bytes: UnsafeBufferPointer<UInt8>) throws(GhostframeError) {
    let document = try JSONValue(parsing: bytes, limits: Self.jsonLimits)
    self = try ViewTreeJSONReader.tree(from: JSONReader(document))
  }

  /// The tree as view-tree-format JSON: `ViewTree(json:)` reads it back into an equal tree (a
  /// node read with a host node kind's `type` is written with its base kind and the kind's
  /// defaults filled in, which reads back the same). Members at their defaults are left out;
  /// cell templates are written in name order; every style key a level sets is written,
  /// `showDelay` ... `maxAnimationDuration` included.
  ///
  /// - Parameter pretty: Whether to indent (2 spaces a level, arrays of plain values on one
  ///   line); true by default. Compact output has no whitespace.
  /// - Returns: The JSON text, without a trailing newline.
  /// - Throws: `.invalidArgument` for a number JSON cannot hold (NaN, an infinity), naming its
  ///   place (`root.children[0].frame[2]: inf cannot be written as JSON (not finite)`); `.limit`
  ///   for views nested past ``/GhostframeSkeleton/ViewTree/maximumDepth`` or text the reader
  ///   would refuse as too large.
  public func json(pretty: Bool = true) throws(GhostframeError) -> String {
    try ViewTreeJSONWriter.text(for: self, pretty: pretty)
  }
}
