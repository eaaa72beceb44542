import CGhostframe
import Ghostframe
import _GhostframeJSON
import Testing

/// Every GF_MAX_* macro of the header against the engine's constant it documents, so the two cannot
/// drift apart.
@Suite("Header limits")
struct LimitMacroTests {
  @Test("each GF_MAX_* macro equals the engine's limit")
  func macrosEqualEngineLimits() {
    let pairs: [(String, Int, Int)] = [
      ("GF_MAX_TEXT_BYTES", Int(GF_MAX_TEXT_BYTES), JSONLimits.default.maxBytes),
      ("GF_MAX_CURVE_SPEC_BYTES", Int(GF_MAX_CURVE_SPEC_BYTES), Curve.maximumSpecLength),
      ("GF_MAX_LINEAR_POINTS", Int(GF_MAX_LINEAR_POINTS), Curve.maximumLinearPoints),
      ("GF_MAX_LAYERS", Int(GF_MAX_LAYERS), Scene.maximumLayers),
      ("GF_MAX_LAYER_DEPTH", Int(GF_MAX_LAYER_DEPTH), Scene.maximumDepth),
      ("GF_MAX_ANIMATION_TRACKS", Int(GF_MAX_ANIMATION_TRACKS), Scene.maximumAnimationTracks),
      ("GF_MAX_CUSTOM_SLOTS", Int(GF_MAX_CUSTOM_SLOTS), Scene.maximumCustomSlots),
      ("GF_MAX_ANIMATION_VALUES", Int(GF_MAX_ANIMATION_VALUES), Scene.maximumAnimationValues),
      ("GF_MAX_GROUP_CHILDREN", Int(GF_MAX_GROUP_CHILDREN), Animation.maximumGroupChildren),
      ("GF_MAX_GROUP_DEPTH", Int(GF_MAX_GROUP_DEPTH), Animation.maximumGroupDepth),
      ("GF_MAX_JSON_VALUES", Int(GF_MAX_JSON_VALUES), JSONLimits.default.maxElements),
      ("GF_MAX_SCENE_JSON_DEPTH", Int(GF_MAX_SCENE_JSON_DEPTH), JSONLimits.default.maxDepth),
      ("GF_MAX_VIEW_DEPTH", Int(GF_MAX_VIEW_DEPTH), ViewTree.maximumDepth),
      ("GF_MAX_VIEW_NODES", Int(GF_MAX_VIEW_NODES), ViewTree.maximumNodes),
      ("GF_MAX_CELL_TEMPLATES", Int(GF_MAX_CELL_TEMPLATES), ViewTree.maximumCellTemplates),
      ("GF_MAX_LABEL_LINES", Int(GF_MAX_LABEL_LINES), ViewTree.maximumLines),
      ("GF_MAX_LIST_COUNT", Int(GF_MAX_LIST_COUNT), ViewTree.maximumListCount),
      ("GF_MAX_LIST_NESTING", Int(GF_MAX_LIST_NESTING), ViewTree.maximumListNesting),
      ("GF_MAX_VIEW_TREE_JSON_DEPTH", Int(GF_MAX_VIEW_TREE_JSON_DEPTH), ViewTree.jsonLimits.maxDepth),
      ("GF_MAX_ADJUST_LINES", Int(GF_MAX_ADJUST_LINES), AdjustmentList.maxLines),
      ("GF_MAX_ADJUST_LINE_CHARS", Int(GF_MAX_ADJUST_LINE_CHARS), AdjustmentList.maxLineLength),
      ("GF_MAX_ADJUST_BONE_EDITS", Int(GF_MAX_ADJUST_BONE_EDITS), AdjustmentList.maxBoneEdits),
      ("GF_MAX_SKELETON_BONES", Int(GF_MAX_SKELETON_BONES), Skeleton.maximumBones),
      ("GF_MAX_SKELETON_CONTAINERS", Int(GF_MAX_SKELETON_CONTAINERS), Skeleton.maximumContainers),
      ("GF_MAX_SKELETON_LIST_CELLS", Int(GF_MAX_SKELETON_LIST_CELLS), Skeleton.maximumListCells),
      ("GF_MAX_SKELETON_VIEW_VISITS", Int(GF_MAX_SKELETON_VIEW_VISITS), Skeleton.maximumViewVisits),
      ("GF_MAX_SKELETON_LAYERS", Int(GF_MAX_SKELETON_LAYERS), Skeleton.maximumLayers),
      ("GF_MAX_LAYOUT_ITEMS", Int(GF_MAX_LAYOUT_ITEMS), ViewTree.maximumLayoutViews),
      ("GF_MAX_TIMELINE_JSON_DEPTH", Int(GF_MAX_TIMELINE_JSON_DEPTH), Timeline.maximumJSONDepth),
      ("GF_MAX_TIMELINE_ENTRIES", Int(GF_MAX_TIMELINE_ENTRIES), Timeline.maximumEntries),
      ("GF_MAX_TIMELINE_ANIMATIONS", Int(GF_MAX_TIMELINE_ANIMATIONS), Timeline.maximumAppliedAnimations),
      ("GF_MAX_TIMELINE_KEYFRAMES", Int(GF_MAX_TIMELINE_KEYFRAMES), Timeline.maximumAppliedKeyframes),
      ("GF_MAX_TIMELINE_EVENTS_PER_MOVE", Int(GF_MAX_TIMELINE_EVENTS_PER_MOVE), TimelinePlayer.maximumEventsPerMove),
      ("GF_MAX_TIMELINE_JSON_VALUES", Int(GF_MAX_TIMELINE_JSON_VALUES), Timeline.maximumJSONValues),
    ]
    for (name, macro, engine) in pairs {
      #expect(macro == engine, "\(name) is \(macro) in the header, \(engine) in the engine")
    }
  }
}
