import GhostframeCore

extension SkeletonEditor {
  /// Bones a selector picked, and the modifiers of TABAnimated's chain syntax under their
  /// TABAnimated names: `try editor.animation(1).reducedWidth(20).down(2)`. Where TABAnimated
  /// passes a run of numbers, the Swift names label them (`rangeLineWidth(from:count:width:)`,
  /// `leftEqualTo(_:offset:)`); TABAnimated's spellings forward to them.
  ///
  /// Each modifier applies at once to every selected bone, in order, or, when it throws, to
  /// none; it returns the selection so that modifiers chain. The text syntax
  /// (``AdjustmentList``) reaches the same code through ``apply(_:)``.
  public struct Selection {
    /// The editor the bones belong to.
    public let editor: SkeletonEditor
    /// The selected bones' indices, each once (empty for the background).
    public let indices: [Int]
    /// Whether this is ``SkeletonEditor/backgroundComponent()``: modifiers edit the editor's
    /// ``SkeletonEditor/background`` instead of bones.
    public let isBackground: Bool

    init(editor: SkeletonEditor, indices: [Int], isBackground: Bool = false) {
      self.editor = editor
      self.indices = indices
      self.isBackground = isBackground
    }

    /// Applies one modifier to the selected bones, or to the background (what every named
    /// modifier calls).
    ///
    /// - Throws: `.invalidArgument` for an argument no bone accepts or a result no bone may
    ///   have, or a modifier the background does not take; `.notFound` for a related bone or
    ///   line that does not exist. The bones and the background are then unchanged.
    @discardableResult
    public func apply(_ adjustment: Adjustment) throws(GhostframeError) -> Selection {
      if isBackground {
        try editor.applyToBackground(adjustment)
      } else {
        try editor.apply(adjustment, to: indices)
      }
      return self
    }

    /// x −= v (`left`).
    @discardableResult
    public func left(_ value: Double) throws(GhostframeError) -> Selection { try apply(.left(value)) }

    /// x += v (`right`).
    @discardableResult
    public func right(_ value: Double) throws(GhostframeError) -> Selection { try apply(.right(value)) }

    /// y −= v (`up`).
    @discardableResult
    public func up(_ value: Double) throws(GhostframeError) -> Selection { try apply(.up(value)) }

    /// y += v (`down`).
    @discardableResult
    public func down(_ value: Double) throws(GhostframeError) -> Selection { try apply(.down(value)) }

    /// x = v (`x`).
    @discardableResult
    public func x(_ value: Double) throws(GhostframeError) -> Selection { try apply(.x(value)) }

    /// y = v (`y`).
    @discardableResult
    public func y(_ value: Double) throws(GhostframeError) -> Selection { try apply(.y(value)) }

    /// x += v (`x_offset`).
    @discardableResult
    public func x_offset(_ value: Double) throws(GhostframeError) -> Selection { try apply(.xOffset(value)) }

    /// y += v (`y_offset`).
    @discardableResult
    public func y_offset(_ value: Double) throws(GhostframeError) -> Selection { try apply(.yOffset(value)) }

    /// w = v; v must be > 0 (`width`).
    @discardableResult
    public func width(_ value: Double) throws(GhostframeError) -> Selection { try apply(.width(value)) }

    /// h = v; v must be > 0; a multi-line bone's line height becomes the new height (`height`).
    @discardableResult
    public func height(_ value: Double) throws(GhostframeError) -> Selection { try apply(.height(value)) }

    /// w −= v (`reducedWidth`).
    @discardableResult
    public func reducedWidth(_ value: Double) throws(GhostframeError) -> Selection { try apply(.reducedWidth(value)) }

    /// h −= v; a multi-line bone's line height becomes the new height (`reducedHeight`).
    @discardableResult
    public func reducedHeight(_ value: Double) throws(GhostframeError) -> Selection { try apply(.reducedHeight(value)) }

    /// x += v/2, w −= v (keeps the horizontal centre) (`reducedWidth_vertical`).
    @discardableResult
    public func reducedWidth_vertical(_ value: Double) throws(GhostframeError) -> Selection {
      try apply(.reducedWidthVertical(value))
    }

    /// y += v/2, h −= v (keeps the vertical centre) (`reducedHeight_horizontal`).
    @discardableResult
    public func reducedHeight_horizontal(_ value: Double) throws(GhostframeError) -> Selection {
      try apply(.reducedHeightHorizontal(value))
    }

    /// cornerRadius = v (>= 0) (`radius`).
    @discardableResult
    public func radius(_ value: Double) throws(GhostframeError) -> Selection { try apply(.radius(value)) }

    /// cornerRadius −= v (`reducedRadius`).
    @discardableResult
    public func reducedRadius(_ value: Double) throws(GhostframeError) -> Selection { try apply(.reducedRadius(value)) }

    /// The gap between lines (>= 0) (`space`).
    @discardableResult
    public func space(_ value: Double) throws(GhostframeError) -> Selection { try apply(.space(value)) }

    /// The last line's width as a fraction of the frame's (>= 0) (`lastLineScale`).
    @discardableResult
    public func lastLineScale(_ value: Double) throws(GhostframeError) -> Selection { try apply(.lastLineScale(value)) }

    /// The README's name for ``lastLineScale(_:)`` (`lastScale`).
    @discardableResult
    public func lastScale(_ value: Double) throws(GhostframeError) -> Selection { try apply(.lastLineScale(value)) }

    /// The number of lines; 0 fills the frame with as many as fit (`line`).
    @discardableResult
    public func line(_ count: Int) throws(GhostframeError) -> Selection { try apply(.lines(count)) }

    /// The README's name for ``line(_:)`` (`lines`).
    @discardableResult
    public func lines(_ count: Int) throws(GhostframeError) -> Selection { try apply(.lines(count)) }

    /// The number of lines and their layout (`lineWithMode`): `.vertical` stacks them as
    /// ``line(_:)`` does, `.horizontal` sets them side by side (see ``Bone/lineFrames()``).
    @discardableResult
    public func lineWithMode(_ count: Int, _ mode: Adjustment.LinesMode) throws(GhostframeError) -> Selection {
      try apply(.lineWithMode(count, mode))
    }

    /// Line `line`'s width = its width as laid out (its override, else the full width, or
    /// lastLineScale of it for the last line) × scale (`targetLineScale`).
    @discardableResult
    public func targetLineScale(line: Int, scale: Double) throws(GhostframeError) -> Selection {
      try apply(.targetLineScale(line: line, scale: scale))
    }

    /// Line `line`'s width (`targetLineWidth`).
    @discardableResult
    public func targetLineWidth(line: Int, width: Double) throws(GhostframeError) -> Selection {
      try apply(.targetLineWidth(line: line, width: width))
    }

    /// Line `line`'s height (`targetLineHeight`).
    @discardableResult
    public func targetLineHeight(line: Int, height: Double) throws(GhostframeError) -> Selection {
      try apply(.targetLineHeight(line: line, height: height))
    }

    /// The gap after line `line` (`targetLineSpace`).
    @discardableResult
    public func targetLineSpace(line: Int, space: Double) throws(GhostframeError) -> Selection {
      try apply(.targetLineSpace(line: line, space: space))
    }

    /// The width of exactly `count` lines from `from` (`rangeLineWidth`).
    @discardableResult
    public func rangeLineWidth(from: Int, count: Int, width: Double) throws(GhostframeError) -> Selection {
      try apply(.rangeLineWidth(from: from, count: count, width: width))
    }

    /// The height of exactly `count` lines from `from` (`rangeLineHeight`).
    @discardableResult
    public func rangeLineHeight(from: Int, count: Int, height: Double) throws(GhostframeError) -> Selection {
      try apply(.rangeLineHeight(from: from, count: count, height: height))
    }

    /// The gap after each of exactly `count` lines from `from` (`rangeLineSpace`).
    @discardableResult
    public func rangeLineSpace(from: Int, count: Int, space: Double) throws(GhostframeError) -> Selection {
      try apply(.rangeLineSpace(from: from, count: count, space: space))
    }

    /// Not drawn (`remove`).
    @discardableResult
    public func remove() throws(GhostframeError) -> Selection { try apply(.remove) }

    /// Clears the image `placeholder` set (`removeContents`).
    @discardableResult
    public func removeContents() throws(GhostframeError) -> Selection { try apply(.removeContents) }

    /// The bone shows the named image, aspect-fit, as one layer over its frame (`placeholder`);
    /// the name becomes its layer's ``/GhostframeCore/Layer/contents`` for the host to resolve and
    /// draw.
    @discardableResult
    public func placeholder(_ image: String) throws(GhostframeError) -> Selection { try apply(.placeholder(image)) }

    /// No longer re-centred when adjusted (`cancelAlignCenter`).
    @discardableResult
    public func cancelAlignCenter() throws(GhostframeError) -> Selection { try apply(.cancelAlignCenter) }

    /// Excluded from shimmer and drop (`withoutAnimation`).
    @discardableResult
    public func withoutAnimation() throws(GhostframeError) -> Selection { try apply(.withoutAnimation) }

    /// The real view shows through a hole (`penetrate`).
    @discardableResult
    public func penetrate() throws(GhostframeError) -> Selection { try apply(.penetrate) }

    /// Accepted; does nothing (bones have no shadow) (`removeShadow`).
    @discardableResult
    public func removeShadow() throws(GhostframeError) -> Selection { try apply(.removeShadow) }

    /// The width stretches (`toLongAnimation`).
    @discardableResult
    public func toLongAnimation() throws(GhostframeError) -> Selection { try apply(.toLongAnimation) }

    /// The width shrinks (`toShortAnimation`).
    @discardableResult
    public func toShortAnimation() throws(GhostframeError) -> Selection { try apply(.toShortAnimation) }

    /// Not recoloured by the drop effect (`removeOnDrop`).
    @discardableResult
    public func removeOnDrop() throws(GhostframeError) -> Selection { try apply(.removeOnDrop) }

    /// The fill colour (`color`).
    @discardableResult
    public func color(_ color: Color) throws(GhostframeError) -> Selection { try apply(.color(color)) }

    /// A static left-to-right gradient fill of 2 to 4 colours (`gradient`).
    @discardableResult
    public func gradient(_ colors: [Color]) throws(GhostframeError) -> Selection { try apply(.gradient(colors)) }

    /// Drop: the fraction of the cycle the bones spend fading from the deep colour, in [0, 1]
    /// (`dropStayTime`).
    @discardableResult
    public func dropStayTime(_ ratio: Double) throws(GhostframeError) -> Selection { try apply(.dropStayTime(ratio)) }

    /// Drop: the step at which the bones are recoloured (`dropIndex`).
    @discardableResult
    public func dropIndex(_ step: Int) throws(GhostframeError) -> Selection { try apply(.dropIndex(step)) }

    /// Drop: the step of the first line; the next lines follow (`dropFromIndex`).
    @discardableResult
    public func dropFromIndex(_ step: Int) throws(GhostframeError) -> Selection { try apply(.dropFromIndex(step)) }

    /// x = x_j, for bone j (`leftEqualTo`).
    @discardableResult
    public func leftEqualTo(_ bone: Int) throws(GhostframeError) -> Selection {
      try apply(.relation(.leftEqualTo, bone: bone, offset: 0))
    }

    /// x = x_j + offset (`leftEqualTo_offset`).
    @discardableResult
    public func leftEqualTo(_ bone: Int, offset: Double) throws(GhostframeError) -> Selection {
      try apply(.relation(.leftEqualTo, bone: bone, offset: offset))
    }

    /// y = y_j, for bone j (`topEqualTo`).
    @discardableResult
    public func topEqualTo(_ bone: Int) throws(GhostframeError) -> Selection {
      try apply(.relation(.topEqualTo, bone: bone, offset: 0))
    }

    /// y = y_j + offset (`topEqualTo_offset`).
    @discardableResult
    public func topEqualTo(_ bone: Int, offset: Double) throws(GhostframeError) -> Selection {
      try apply(.relation(.topEqualTo, bone: bone, offset: offset))
    }

    /// x = maxX_j − w, for bone j (`rightEqualTo`).
    @discardableResult
    public func rightEqualTo(_ bone: Int) throws(GhostframeError) -> Selection {
      try apply(.relation(.rightEqualTo, bone: bone, offset: 0))
    }

    /// x = maxX_j − w + offset (`rightEqualTo_offset`).
    @discardableResult
    public func rightEqualTo(_ bone: Int, offset: Double) throws(GhostframeError) -> Selection {
      try apply(.relation(.rightEqualTo, bone: bone, offset: offset))
    }

    /// y = maxY_j − h, for bone j (`bottomEqualTo`).
    @discardableResult
    public func bottomEqualTo(_ bone: Int) throws(GhostframeError) -> Selection {
      try apply(.relation(.bottomEqualTo, bone: bone, offset: 0))
    }

    /// y = maxY_j − h + offset (`bottomEqualTo_offset`).
    @discardableResult
    public func bottomEqualTo(_ bone: Int, offset: Double) throws(GhostframeError) -> Selection {
      try apply(.relation(.bottomEqualTo, bone: bone, offset: offset))
    }

    /// w = w_j, for bone j (`widthEqualTo`).
    @discardableResult
    public func widthEqualTo(_ bone: Int) throws(GhostframeError) -> Selection {
      try apply(.relation(.widthEqualTo, bone: bone, offset: 0))
    }

    /// w = w_j + offset (`widthEqualTo_offset`).
    @discardableResult
    public func widthEqualTo(_ bone: Int, offset: Double) throws(GhostframeError) -> Selection {
      try apply(.relation(.widthEqualTo, bone: bone, offset: offset))
    }

    /// h = h_j, for bone j (`heightEqualTo`).
    @discardableResult
    public func heightEqualTo(_ bone: Int) throws(GhostframeError) -> Selection {
      try apply(.relation(.heightEqualTo, bone: bone, offset: 0))
    }

    /// h = h_j + offset (`heightEqualTo_offset`).
    @discardableResult
    public func heightEqualTo(_ bone: Int, offset: Double) throws(GhostframeError) -> Selection {
      try apply(.relation(.heightEqualTo, bone: bone, offset: offset))
    }

    /// x = maxX_j, for bone j (`leftEqualToRight`).
    @discardableResult
    public func leftEqualToRight(_ bone: Int) throws(GhostframeError) -> Selection {
      try apply(.relation(.leftEqualToRight, bone: bone, offset: 0))
    }

    /// x = maxX_j + offset (`leftEqualToRight_offset`).
    @discardableResult
    public func leftEqualToRight(_ bone: Int, offset: Double) throws(GhostframeError) -> Selection {
      try apply(.relation(.leftEqualToRight, bone: bone, offset: offset))
    }

    /// y = maxY_j, for bone j (`topEqualToBottom`).
    @discardableResult
    public func topEqualToBottom(_ bone: Int) throws(GhostframeError) -> Selection {
      try apply(.relation(.topEqualToBottom, bone: bone, offset: 0))
    }

    /// y = maxY_j + offset (`topEqualToBottom_offset`).
    @discardableResult
    public func topEqualToBottom(_ bone: Int, offset: Double) throws(GhostframeError) -> Selection {
      try apply(.relation(.topEqualToBottom, bone: bone, offset: offset))
    }

    /// x = minX_j − w, for bone j (`rightEqualToLeft`).
    @discardableResult
    public func rightEqualToLeft(_ bone: Int) throws(GhostframeError) -> Selection {
      try apply(.relation(.rightEqualToLeft, bone: bone, offset: 0))
    }

    /// x = minX_j − w + offset (`rightEqualToLeft_offset`).
    @discardableResult
    public func rightEqualToLeft(_ bone: Int, offset: Double) throws(GhostframeError) -> Selection {
      try apply(.relation(.rightEqualToLeft, bone: bone, offset: offset))
    }

    /// y = minY_j − h, for bone j (`bottomEqualToTop`).
    @discardableResult
    public func bottomEqualToTop(_ bone: Int) throws(GhostframeError) -> Selection {
      try apply(.relation(.bottomEqualToTop, bone: bone, offset: 0))
    }

    /// y = minY_j − h + offset (`bottomEqualToTop_offset`).
    @discardableResult
    public func bottomEqualToTop(_ bone: Int, offset: Double) throws(GhostframeError) -> Selection {
      try apply(.relation(.bottomEqualToTop, bone: bone, offset: offset))
    }
  }
}
