import CGhostframe
import Ghostframe

/// The object behind a `gf_expand_transition *`: the built transition and its parts as C structs.
final class ExpandTransitionBox: ExclusiveHandleBox {
  static var kind: HandleKind { .expandTransition }

  let transition: ExpandTransition
  /// The parts as `gf_expand_part`s, in the transition's order.
  let parts: [gf_expand_part]

  init(_ transition: ExpandTransition) {
    self.transition = transition
    parts = transition.parts.map { part in
      var c = gf_expand_part()
      c.kind = switch part.kind {
      case .up: GF_EXPAND_PART_UP
      case .down: GF_EXPAND_PART_DOWN
      case .tapped: GF_EXPAND_PART_TAPPED
      case .image: GF_EXPAND_PART_IMAGE
      }
      c.image_index = Int32(clamping: part.imageIndex ?? -1)
      c.start = (part.start.x, part.start.y, part.start.width, part.start.height)
      c.end = (part.end.x, part.end.y, part.end.width, part.end.height)
      c.source = (part.source.x, part.source.y, part.source.width, part.source.height)
      return c
    }
  }
}
