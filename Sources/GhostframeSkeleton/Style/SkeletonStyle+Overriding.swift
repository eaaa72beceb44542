import GhostframeCore

extension SkeletonStyle {
  /// This style with every field `other` sets replaced by `other`'s value.
  public func overriding(with other: SkeletonStyle) -> SkeletonStyle {
    var result = self
    if let value = other.effect {
      result.effect = value
      result.hostEffect = nil
    }
    if let value = other.hostEffect {
      result.hostEffect = value
      result.effect = nil
    }
    if let value = other.palette { result.palette = value }
    if let value = other.color { result.color = value }
    if let value = other.backgroundColor { result.backgroundColor = value }
    if let value = other.heightCoefficient { result.heightCoefficient = value }
    if let value = other.boneHeight { result.boneHeight = value }
    if let value = other.cornerRadius { result.cornerRadius = value }
    if let value = other.useCornerRadius { result.useCornerRadius = value }
    if let value = other.lineHeight { result.lineHeight = value }
    if let value = other.lineSpacing { result.lineSpacing = value }
    if let value = other.lastLineScale { result.lastLineScale = value }
    if let value = other.shimmerDuration { result.shimmerDuration = value }
    if let value = other.shimmerSpeed { result.shimmerSpeed = value }
    if let value = other.shimmerDirection { result.shimmerDirection = value }
    if let value = other.shimmerSpace { result.shimmerSpace = value }
    if let value = other.shimmerColor { result.shimmerColor = value }
    if let value = other.shimmerBrightness { result.shimmerBrightness = value }
    if let value = other.breatheDuration { result.breatheDuration = value }
    if let value = other.dropDuration { result.dropDuration = value }
    if let value = other.dropColor { result.dropColor = value }
    if let value = other.dropStayRatio { result.dropStayRatio = value }
    if let value = other.lengthDuration { result.lengthDuration = value }
    if let value = other.longScale { result.longScale = value }
    if let value = other.shortScale { result.shortScale = value }
    if let value = other.rightToLeft { result.rightToLeft = value }
    if let value = other.reducedMotion { result.reducedMotion = value }
    if let value = other.shimmerHighlightColor { result.shimmerHighlightColor = value }
    if let value = other.shimmerHighlightLength { result.shimmerHighlightLength = value }
    if let value = other.shimmerPauseDuration { result.shimmerPauseDuration = value }
    if let value = other.shimmerAngle { result.shimmerAngle = value }
    if let value = other.showDelay { result.showDelay = value }
    if let value = other.appearDuration { result.appearDuration = value }
    if let value = other.maxAnimationDuration { result.maxAnimationDuration = value }
    return result
  }
}
