import Ghostframe

/// The value of a layer state's field by the name case files use, or nil for an unknown name.
/// `gradientColors[i]` is the i-th of the 16 gradient colour doubles (RGBA per stop).
func layerField(_ name: String, of s: LayerState) -> Double? {
  if name.hasPrefix("gradientColors["), name.hasSuffix("]"),
     let i = Int(name.dropFirst("gradientColors[".count).dropLast()), (0..<16).contains(i) {
    return s.gradientColors[i]
  }
  return switch name {
  case "x": s.x
  case "y": s.y
  case "width": s.width
  case "height": s.height
  case "cornerRadius": s.cornerRadius
  case "red": s.red
  case "green": s.green
  case "blue": s.blue
  case "alpha": s.alpha
  case "opacity": s.opacity
  case "a": s.transform.a
  case "b": s.transform.b
  case "c": s.transform.c
  case "d": s.transform.d
  case "tx": s.transform.tx
  case "ty": s.transform.ty
  case "gradientStartX": s.gradientStart.x
  case "gradientEndX": s.gradientEnd.x
  case "gradientStartY": s.gradientStart.y
  case "gradientEndY": s.gradientEnd.y
  default: nil
  }
}
