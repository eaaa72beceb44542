import GhostframeCore

/// TABAnimated's spellings of the modifiers that take a run of unlabelled numbers, kept so that
/// code copied from TABAnimated reads as it does there (and as the adjust text syntax writes
/// them). Each forwards to its Swift name, which labels the numbers, and edits the bones the
/// same way; Ghostframe's own examples use the Swift names.
extension SkeletonEditor.Selection {
  /// Keeps TABAnimated's `targetLineScale(i, s)` spelling: the same as ``targetLineScale(line:scale:)``.
  @discardableResult
  public func targetLineScale(_ line: Int, _ scale: Double) throws(GhostframeError) -> Self {
    try targetLineScale(line: line, scale: scale)
  }

  /// Keeps TABAnimated's `targetLineWidth(i, w)` spelling: the same as ``targetLineWidth(line:width:)``.
  @discardableResult
  public func targetLineWidth(_ line: Int, _ width: Double) throws(GhostframeError) -> Self {
    try targetLineWidth(line: line, width: width)
  }

  /// Keeps TABAnimated's `targetLineHeight(i, h)` spelling: the same as ``targetLineHeight(line:height:)``.
  @discardableResult
  public func targetLineHeight(_ line: Int, _ height: Double) throws(GhostframeError) -> Self {
    try targetLineHeight(line: line, height: height)
  }

  /// Keeps TABAnimated's `targetLineSpace(i, s)` spelling: the same as ``targetLineSpace(line:space:)``.
  @discardableResult
  public func targetLineSpace(_ line: Int, _ space: Double) throws(GhostframeError) -> Self {
    try targetLineSpace(line: line, space: space)
  }

  /// Keeps TABAnimated's `rangeLineWidth(loc, len, w)` spelling: the same as
  /// ``rangeLineWidth(from:count:width:)``.
  @discardableResult
  public func rangeLineWidth(_ from: Int, _ count: Int, _ width: Double) throws(GhostframeError) -> Self {
    try rangeLineWidth(from: from, count: count, width: width)
  }

  /// Keeps TABAnimated's `rangeLineHeight(loc, len, h)` spelling: the same as
  /// ``rangeLineHeight(from:count:height:)``.
  @discardableResult
  public func rangeLineHeight(_ from: Int, _ count: Int, _ height: Double) throws(GhostframeError) -> Self {
    try rangeLineHeight(from: from, count: count, height: height)
  }

  /// Keeps TABAnimated's `rangeLineSpace(loc, len, s)` spelling: the same as
  /// ``rangeLineSpace(from:count:space:)``.
  @discardableResult
  public func rangeLineSpace(_ from: Int, _ count: Int, _ space: Double) throws(GhostframeError) -> Self {
    try rangeLineSpace(from: from, count: count, space: space)
  }

  /// Keeps TABAnimated's `leftEqualTo_offset(j, d)` spelling: the same as ``leftEqualTo(_:offset:)``.
  @discardableResult
  public func leftEqualTo_offset(_ bone: Int, _ offset: Double) throws(GhostframeError) -> Self {
    try leftEqualTo(bone, offset: offset)
  }

  /// Keeps TABAnimated's `topEqualTo_offset(j, d)` spelling: the same as ``topEqualTo(_:offset:)``.
  @discardableResult
  public func topEqualTo_offset(_ bone: Int, _ offset: Double) throws(GhostframeError) -> Self {
    try topEqualTo(bone, offset: offset)
  }

  /// Keeps TABAnimated's `rightEqualTo_offset(j, d)` spelling: the same as ``rightEqualTo(_:offset:)``.
  @discardableResult
  public func rightEqualTo_offset(_ bone: Int, _ offset: Double) throws(GhostframeError) -> Self {
    try rightEqualTo(bone, offset: offset)
  }

  /// Keeps TABAnimated's `bottomEqualTo_offset(j, d)` spelling: the same as ``bottomEqualTo(_:offset:)``.
  @discardableResult
  public func bottomEqualTo_offset(_ bone: Int, _ offset: Double) throws(GhostframeError) -> Self {
    try bottomEqualTo(bone, offset: offset)
  }

  /// Keeps TABAnimated's `widthEqualTo_offset(j, d)` spelling: the same as ``widthEqualTo(_:offset:)``.
  @discardableResult
  public func widthEqualTo_offset(_ bone: Int, _ offset: Double) throws(GhostframeError) -> Self {
    try widthEqualTo(bone, offset: offset)
  }

  /// Keeps TABAnimated's `heightEqualTo_offset(j, d)` spelling: the same as ``heightEqualTo(_:offset:)``.
  @discardableResult
  public func heightEqualTo_offset(_ bone: Int, _ offset: Double) throws(GhostframeError) -> Self {
    try heightEqualTo(bone, offset: offset)
  }

  /// Keeps TABAnimated's `leftEqualToRight_offset(j, d)` spelling: the same as ``leftEqualToRight(_:offset:)``.
  @discardableResult
  public func leftEqualToRight_offset(_ bone: Int, _ offset: Double) throws(GhostframeError) -> Self {
    try leftEqualToRight(bone, offset: offset)
  }

  /// Keeps TABAnimated's `topEqualToBottom_offset(j, d)` spelling: the same as ``topEqualToBottom(_:offset:)``.
  @discardableResult
  public func topEqualToBottom_offset(_ bone: Int, _ offset: Double) throws(GhostframeError) -> Self {
    try topEqualToBottom(bone, offset: offset)
  }

  /// Keeps TABAnimated's `rightEqualToLeft_offset(j, d)` spelling: the same as ``rightEqualToLeft(_:offset:)``.
  @discardableResult
  public func rightEqualToLeft_offset(_ bone: Int, _ offset: Double) throws(GhostframeError) -> Self {
    try rightEqualToLeft(bone, offset: offset)
  }

  /// Keeps TABAnimated's `bottomEqualToTop_offset(j, d)` spelling: the same as ``bottomEqualToTop(_:offset:)``.
  @discardableResult
  public func bottomEqualToTop_offset(_ bone: Int, _ offset: Double) throws(GhostframeError) -> Self {
    try bottomEqualToTop(bone, offset: offset)
  }
}
