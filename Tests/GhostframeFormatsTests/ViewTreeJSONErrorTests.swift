import Testing
@testable import GhostframeFormats
import GhostframeCore
import GhostframeSkeleton
import GhostframeTestSupport
import _GhostframeJSON

/// A view-tree document that must fail to read with exactly this code and message.
struct ViewTreeJSONErrorCase: Sendable, CustomTestStringConvertible {
  let name: String
  let text: String
  let code: GhostframeError.Code
  let message: String
  var testDescription: String { name }

  init(_ name: String, _ text: String, _ message: String, code: GhostframeError.Code = .invalidArgument) {
    self.name = name
    self.text = text
    self.code = code
    self.message = message
  }

  /// A document whose root node is `root`.
  static func root(
    _ name: String, _ root: String, cells: String = #"{"news": {"size": [375, 100]}}"#, _ message: String,
    code: GhostframeError.Code = .invalidArgument
  ) -> ViewTreeJSONErrorCase {
    ViewTreeJSONErrorCase(name, viewTreeDocument(root: root, cells: cells), message, code: code)
  }

  /// A document whose root has `child` as its only child (`root.children[0]`).
  static func child(
    _ name: String, _ child: String, _ message: String, code: GhostframeError.Code = .invalidArgument
  ) -> ViewTreeJSONErrorCase {
    root(name, #"{"frame": [0, 0, 375, 667], "children": [\#(child)]}"#, message, code: code)
  }

  /// A document whose global style is `style` (`style`).
  static func style(_ name: String, _ style: String, _ message: String) -> ViewTreeJSONErrorCase {
    ViewTreeJSONErrorCase(name, viewTreeDocument(root: #"{"frame": [0, 0, 1, 1]}"#, style: style), message)
  }

  /// A document with a table (`root.children[0]`) whose only section is `section`.
  static func table(_ name: String, _ section: String, _ message: String,
                    code: GhostframeError.Code = .invalidArgument) -> ViewTreeJSONErrorCase {
    child(name, #"{"type": "table", "frame": [0, 0, 375, 600], "sections": [\#(section)]}"#, message, code: code)
  }

  /// A document with a collection (`root.children[0]`) whose only section is `section`.
  static func collection(_ name: String, _ section: String, _ message: String) -> ViewTreeJSONErrorCase {
    child(name, #"{"type": "collection", "frame": [0, 0, 375, 600], "sections": [\#(section)]}"#, message)
  }

  /// A document whose `cells` are `cells`.
  static func cells(_ name: String, _ cells: String, _ message: String,
                    code: GhostframeError.Code = .invalidArgument) -> ViewTreeJSONErrorCase {
    root(name, #"{"frame": [0, 0, 375, 667]}"#, cells: cells, message, code: code)
  }
}

let viewTreeDocumentErrors: [ViewTreeJSONErrorCase] = [
  // The document.
  ViewTreeJSONErrorCase("malformed JSON", #"{"viewport": [375, 667],}"#,
                        "line 1, column 25: expected a string key after ',', found '}'", code: .parse),
  ViewTreeJSONErrorCase("a number too large for a Double", #"{"viewport": [1e999, 667]}"#,
                        "line 1, column 15: number out of range: 1e999", code: .parse),
  ViewTreeJSONErrorCase("empty text", "", "line 1, column 1: expected a value, found the end of the input", code: .parse),
  ViewTreeJSONErrorCase("not an object", "[]", "$: expected an object, found an array"),
  ViewTreeJSONErrorCase("no viewport", #"{"root": {"frame": [0, 0, 1, 1]}}"#, "$: missing required key 'viewport'"),
  ViewTreeJSONErrorCase("no root", #"{"viewport": [1, 1]}"#, "$: missing required key 'root'"),
  ViewTreeJSONErrorCase("null root", #"{"viewport": [1, 1], "root": null}"#, "root: expected an object, found null"),
  ViewTreeJSONErrorCase("misspelt top-level key", #"{"viewports": [1, 1], "root": {"frame": [0, 0, 1, 1]}}"#,
                        "viewports: unknown key 'viewports' (did you mean 'viewport'?)"),
  ViewTreeJSONErrorCase("unknown top-level key", #"{"viewport": [1, 1], "root": {"frame": [0, 0, 1, 1]}, "format": 1}"#,
                        "format: unknown key 'format' (expected one of 'adjust', 'cells', 'root', 'style', 'viewport')"),
  ViewTreeJSONErrorCase("viewport not an array", #"{"viewport": "375x667", "root": {"frame": [0, 0, 1, 1]}}"#,
                        "viewport: expected an array of 2 numbers, found a string"),
  ViewTreeJSONErrorCase("viewport of one number", #"{"viewport": [375], "root": {"frame": [0, 0, 1, 1]}}"#,
                        "viewport: expected 2 numbers, found 1"),
  ViewTreeJSONErrorCase("negative viewport", #"{"viewport": [375, -1], "root": {"frame": [0, 0, 1, 1]}}"#,
                        "viewport[1]: expected a height >= 0, found -1"),
  ViewTreeJSONErrorCase("adjust not an array", #"{"viewport": [1, 1], "root": {"frame": [0, 0, 1, 1]}, "adjust": "down(2)"}"#,
                        "adjust: expected an array, found a string"),
  ViewTreeJSONErrorCase("adjust line not a string", #"{"viewport": [1, 1], "root": {"frame": [0, 0, 1, 1]}, "adjust": ["a()", 2]}"#,
                        "adjust[1]: expected a string, found a number"),

  // Nodes.
  .root("root without a frame", #"{"id": "feed"}"#, "root: missing required key 'frame'"),
  .child("misspelt node key", #"{"fram": [0, 0, 1, 1]}"#, "root.children[0].fram: unknown key 'fram' (did you mean 'frame'?)"),
  .root("misspelt key of the fourth child",
        #"{"frame": [0, 0, 9, 9], "children": [{"frame": [0, 0, 1, 1]}, {"frame": [0, 0, 1, 1]}, {"frame": [0, 0, 1, 1]}, {"fram": [0, 0, 1, 1]}]}"#,
        "root.children[3].fram: unknown key 'fram' (did you mean 'frame'?)"),
  .child("misspelt key in the wrong case", #"{"frame": [0, 0, 1, 1], "cornerradius": 2}"#,
         "root.children[0].cornerradius: unknown key 'cornerradius' (did you mean 'cornerRadius'?)"),
  .child("unknown node key", #"{"frame": [0, 0, 1, 1], "opacity": 1}"#,
         "root.children[0].opacity: unknown key 'opacity'"),
  .child("frame null", #"{"frame": null}"#, "root.children[0].frame: expected an array of 4 numbers, found null"),
  .child("frame of three numbers", #"{"frame": [0, 0, 1]}"#, "root.children[0].frame: expected 4 numbers, found 3"),
  .child("frame with a string", #"{"frame": [0, "0", 1, 1]}"#, "root.children[0].frame[1]: expected a number, found a string"),
  .child("negative width", #"{"frame": [0, 0, -5, 10]}"#, "root.children[0].frame[2]: expected a width >= 0, found -5"),
  .child("negative height", #"{"frame": [0, 0, 5, -0.5]}"#, "root.children[0].frame[3]: expected a height >= 0, found -0.5"),
  .child("id not a string", #"{"frame": [0, 0, 1, 1], "id": 7}"#, "root.children[0].id: expected a string, found a number"),
  .child("misspelt type", #"{"frame": [0, 0, 1, 1], "type": "lable"}"#,
         "root.children[0].type: unknown type 'lable' (did you mean 'label'?); expected one of 'view', 'label', 'image', "
           + "'button', 'textField', 'textView', 'table', 'collection'"),
  .child("unknown type", #"{"frame": [0, 0, 1, 1], "type": "UIStackView"}"#,
         "root.children[0].type: unknown type 'UIStackView'; expected one of 'view', 'label', 'image', 'button', "
           + "'textField', 'textView', 'table', 'collection'"),
  .child("type not a string", #"{"frame": [0, 0, 1, 1], "type": 1}"#, "root.children[0].type: expected a string, found a number"),
  .child("negative lines", #"{"frame": [0, 0, 1, 1], "type": "label", "lines": -1}"#,
         "root.children[0].lines: expected an integer in 0...10000, found -1"),
  .child("fractional lines", #"{"frame": [0, 0, 1, 1], "type": "label", "lines": 1.5}"#,
         "root.children[0].lines: expected an integer, found 1.5"),
  .child("too many lines", #"{"frame": [0, 0, 1, 1], "type": "label", "lines": 10001}"#,
         "root.children[0].lines: expected an integer in 0...10000, found 10001"),
  .child("lines as a string", #"{"frame": [0, 0, 1, 1], "type": "label", "lines": "2"}"#,
         "root.children[0].lines: expected an integer, found a string"),
  .child("misspelt alignment", #"{"frame": [0, 0, 1, 1], "type": "label", "align": "centre"}"#,
         "root.children[0].align: unknown alignment 'centre' (did you mean 'center'?); expected one of 'left', "
           + "'center', 'right', 'natural'"),
  .child("negative corner radius", #"{"frame": [0, 0, 1, 1], "cornerRadius": -1}"#,
         "root.children[0].cornerRadius: expected a corner radius >= 0, found -1"),
  .child("hidden not a boolean", #"{"frame": [0, 0, 1, 1], "hidden": "yes"}"#,
         "root.children[0].hidden: expected a boolean, found a string"),
  .child("unknown skeleton mode", #"{"frame": [0, 0, 1, 1], "skeleton": "hide"}"#,
         "root.children[0].skeleton: unknown skeleton mode 'hide'; expected one of 'auto', 'skip', 'block', 'keep'"),
  .child("misspelt skeleton mode", #"{"frame": [0, 0, 1, 1], "skeleton": "blok"}"#,
         "root.children[0].skeleton: unknown skeleton mode 'blok' (did you mean 'block'?); expected one of 'auto', "
           + "'skip', 'block', 'keep'"),
  .child("content offset of one number", #"{"frame": [0, 0, 1, 1], "contentOffset": [3]}"#,
         "root.children[0].contentOffset: expected 2 numbers, found 1"),
  .child("children not an array", #"{"frame": [0, 0, 1, 1], "children": {}}"#,
         "root.children[0].children: expected an array, found an object"),
  .child("child not an object", #"{"frame": [0, 0, 1, 1], "children": [3]}"#,
         "root.children[0].children[0]: expected an object, found a number"),
  .child("style not an object", #"{"frame": [0, 0, 1, 1], "style": "shimmer"}"#,
         "root.children[0].style: expected an object, found a string"),
  .child("misspelt style key on a node", ##"{"frame": [0, 0, 1, 1], "style": {"colour": "#EEE"}}"##,
         "root.children[0].style.colour: unknown key 'colour' (did you mean 'color'?)"),
  .child("sections on a label", #"{"frame": [0, 0, 1, 1], "type": "label", "sections": []}"#,
         "root.children[0].sections: a label has no sections (only tables and collections do)"),
  .child("sections on a view", #"{"frame": [0, 0, 1, 1], "sections": [{"cell": "news"}]}"#,
         "root.children[0].sections: a view has no sections (only tables and collections do)"),
  .child("sections not an array", #"{"frame": [0, 0, 1, 1], "type": "table", "sections": {"cell": "news"}}"#,
         "root.children[0].sections: expected an array, found an object"),

  // Styles.
  .style("misspelt style key", #"{"shimerDuration": 1}"#, "style.shimerDuration: unknown key 'shimerDuration' (did you mean 'shimmerDuration'?)"),
  .style("animation and effect", #"{"animation": "shimmer", "effect": "drop"}"#,
         "style.effect: 'animation' and 'effect' name the same setting; give only one"),
  .style("effect and animation", #"{"effect": "drop", "animation": "shimmer"}"#,
         "style.animation: 'animation' and 'effect' name the same setting; give only one"),
  .style("TABAnimated's name for breathe", #"{"animation": "bin"}"#,
         "style.animation: unknown animation 'bin'; expected one of 'none', 'shimmer', 'breathe', 'drop'"),
  .style("misspelt effect", #"{"effect": "shimer"}"#,
         "style.effect: unknown animation 'shimer' (did you mean 'shimmer'?); expected one of 'none', 'shimmer', 'breathe', 'drop'"),
  .style("unknown palette", #"{"palette": "sepia"}"#, "style.palette: unknown palette 'sepia'; expected one of 'light', 'dark'"),
  .style("unknown direction", #"{"shimmerDirection": "ToRight"}"#,
         "style.shimmerDirection: unknown direction 'ToRight' (did you mean 'right'?); expected one of 'right', 'left', 'down', 'up', 'diagonal'"),
  .style("unknown shimmer space", #"{"shimmerSpace": "global"}"#,
         "style.shimmerSpace: unknown shimmer space 'global'; expected one of 'element', 'shared'"),
  .style("reduced motion in the wrong case", #"{"reducedMotion": "Static"}"#,
         "style.reducedMotion: unknown reduced-motion mode 'Static' (did you mean 'static'?); expected one of 'off', 'static', 'crossFade'"),
  .style("colour not hex", ##"{"color": "#GGG"}"##,
         ##"style.color: expected a colour ("#RGB", "#RRGGBB", "#RRGGBBAA", a CSS colour name or [r, g, b, a]), found '#GGG'"##),
  .style("colour by a misspelt name", #"{"backgroundColor": "whtie"}"#,
         ##"style.backgroundColor: expected a colour ("#RGB", "#RRGGBB", "#RRGGBBAA", a CSS colour name or [r, g, b, a]), found 'whtie' (did you mean 'white'?)"##),
  .style("colour as a number", #"{"dropColor": 14803425}"#,
         ##"style.dropColor: expected a colour ("#RGB", "#RRGGBB", "#RRGGBBAA", a CSS colour name or [r, g, b, a]), found a number"##),
  .style("shimmer colour neither a colour nor bone", #"{"shimmerColor": "bones"}"#,
         ##"style.shimmerColor: expected a colour ("#RGB", "#RRGGBB", "#RRGGBBAA", a CSS colour name or [r, g, b, a]) or "bone", found 'bones' (did you mean 'bone'?)"##),
  .style("shimmer colour as a number", #"{"shimmerColor": 3}"#,
         ##"style.shimmerColor: expected a colour ("#RGB", "#RRGGBB", "#RRGGBBAA", a CSS colour name or [r, g, b, a]) or "bone", found a number"##),
  .style("shimmer colour channel above 1", #"{"shimmerColor": [0, 0, 1.5, 1]}"#,
         "style.shimmerColor[2]: a colour channel must be in [0, 1], found 1.5"),
  .style("colour channel above 1", #"{"color": [1, 2, 0, 1]}"#, "style.color[1]: a colour channel must be in [0, 1], found 2"),
  .style("colour of three channels", #"{"color": [1, 1, 1]}"#, "style.color: expected 4 numbers, found 3"),
  .style("zero shimmer duration", #"{"shimmerDuration": 0}"#, "style.shimmerDuration: expected a duration > 0, found 0"),
  .style("negative breathe duration", #"{"breatheDuration": -1}"#, "style.breatheDuration: expected a duration > 0, found -1"),
  .style("zero drop duration", #"{"dropDuration": 0}"#, "style.dropDuration: expected a duration > 0, found 0"),
  .style("zero length duration", #"{"lengthDuration": 0}"#, "style.lengthDuration: expected a duration > 0, found 0"),
  .style("negative shimmer speed", #"{"shimmerSpeed": -3}"#, "style.shimmerSpeed: expected a speed > 0, found -3"),
  .style("stay ratio above 1", #"{"dropStayRatio": 1.5}"#, "style.dropStayRatio: expected a number in [0, 1], found 1.5"),
  .style("negative coefficient", #"{"heightCoefficient": -0.1}"#, "style.heightCoefficient: expected a number >= 0, found -0.1"),
  .style("negative bone height", #"{"boneHeight": -2}"#, "style.boneHeight: expected a height >= 0, found -2"),
  .style("negative style radius", #"{"cornerRadius": -2}"#, "style.cornerRadius: expected a corner radius >= 0, found -2"),
  .style("negative line height", #"{"lineHeight": -12}"#, "style.lineHeight: expected a height >= 0, found -12"),
  .style("negative line spacing", #"{"lineSpacing": -8}"#, "style.lineSpacing: expected a spacing >= 0, found -8"),
  .style("negative last-line scale", #"{"lastLineScale": -0.5}"#, "style.lastLineScale: expected a scale >= 0, found -0.5"),
  .style("negative brightness", #"{"shimmerBrightness": -1}"#, "style.shimmerBrightness: expected a number >= 0, found -1"),
  .style("negative long scale", #"{"longScale": -1.9}"#, "style.longScale: expected a scale >= 0, found -1.9"),
  .style("negative short scale", #"{"shortScale": -0.6}"#, "style.shortScale: expected a scale >= 0, found -0.6"),
  .style("useCornerRadius not a boolean", #"{"useCornerRadius": 1}"#, "style.useCornerRadius: expected a boolean, found a number"),
  .style("rightToLeft not a boolean", #"{"rightToLeft": "yes"}"#, "style.rightToLeft: expected a boolean, found a string"),
  .style("duration as a string", #"{"shimmerDuration": "1.5s"}"#, "style.shimmerDuration: expected a number, found a string"),
  // Issue 34: the lifecycle and the shimmer's shape.
  .style("negative show delay", #"{"showDelay": -0.4}"#, "style.showDelay: expected a delay >= 0, found -0.4"),
  .style("negative appear duration", #"{"appearDuration": -1}"#, "style.appearDuration: expected a duration >= 0, found -1"),
  .style("zero max animation duration", #"{"maxAnimationDuration": 0}"#,
         "style.maxAnimationDuration: expected a duration > 0, found 0"),
  .style("band length of 1", #"{"shimmerHighlightLength": 1}"#,
         "style.shimmerHighlightLength: expected a number in (0, 1), found 1"),
  .style("band length of 0", #"{"shimmerHighlightLength": 0}"#,
         "style.shimmerHighlightLength: expected a number in (0, 1), found 0"),
  .style("negative pause", #"{"shimmerPauseDuration": -0.4}"#,
         "style.shimmerPauseDuration: expected a duration >= 0, found -0.4"),
  .style("angle as a direction name", #"{"shimmerAngle": "diagonal"}"#,
         "style.shimmerAngle: expected a number, found a string"),
  .style("highlight colour by a misspelt name", #"{"shimmerHighlightColor": "golld"}"#,
         ##"style.shimmerHighlightColor: expected a colour ("#RGB", "#RRGGBB", "#RRGGBBAA", a CSS colour name or [r, g, b, a]), found 'golld' (did you mean 'gold'?)"##),
  .child("show delay on a control view", #"{"frame": [0, 0, 1, 1], "style": {"showDelay": 0.4}}"#,
         "root.children[0].style.showDelay: only the global style sets showDelay (the skeleton appears as a whole)"),
  .cells("appear duration on a cell", #"{"c": {"size": [1, 1], "style": {"appearDuration": 0.2}}}"#,
        "cells.c.style.appearDuration: only the global style sets appearDuration (the skeleton appears as a whole)"),

  // Lists.
  .table("section not an object", #""news""#, "root.children[0].sections[0]: expected an object, found a string"),
  .table("section without a cell", #"{"rowHeight": 44}"#, "root.children[0].sections[0]: missing required key 'cell'"),
  .table("cell not a string", #"{"cell": 1}"#, "root.children[0].sections[0].cell: expected a string, found a number"),
  .table("collection key in a table", #"{"cell": "news", "itemSize": [10, 10]}"#,
         "root.children[0].sections[0].itemSize: unknown key 'itemSize' (only collection sections have it)"),
  .collection("table key in a collection", #"{"cell": "news", "rows": 3}"#,
              "root.children[0].sections[0].rows: unknown key 'rows' (only table sections have it)"),
  .table("misspelt section key", #"{"cell": "news", "rowHeigth": 44}"#,
         "root.children[0].sections[0].rowHeigth: unknown key 'rowHeigth' (did you mean 'rowHeight'?)"),
  .table("zero row height", #"{"cell": "news", "rowHeight": 0}"#,
         "root.children[0].sections[0].rowHeight: expected a row height > 0, found 0"),
  .table("negative rows", #"{"cell": "news", "rows": -1}"#,
         "root.children[0].sections[0].rows: expected an integer in 0...1000000, found -1"),
  .table("too many rows", #"{"cell": "news", "rows": 1000001}"#,
         "root.children[0].sections[0].rows: expected an integer in 0...1000000, found 1000001"),
  .table("rows beyond Int", #"{"cell": "news", "rows": 1e300}"#,
         "root.children[0].sections[0].rows: expected an integer in 0...1000000, found 1e+300"),
  .collection("fractional items", #"{"cell": "news", "items": 2.5}"#,
              "root.children[0].sections[0].items: expected an integer, found 2.5"),
  .collection("zero item width", #"{"cell": "news", "itemSize": [0, 10]}"#,
              "root.children[0].sections[0].itemSize[0]: expected a width > 0, found 0"),
  .collection("item size of one number", #"{"cell": "news", "itemSize": 10}"#,
              "root.children[0].sections[0].itemSize: expected an array of 2 numbers, found a number"),
  .collection("negative spacing", #"{"cell": "news", "spacing": -1}"#,
              "root.children[0].sections[0].spacing: expected a spacing >= 0, found -1"),
  .collection("negative vertical spacing", #"{"cell": "news", "spacing": [1, -2]}"#,
              "root.children[0].sections[0].spacing[1]: expected a vertical spacing >= 0, found -2"),
  .collection("spacing of one element", #"{"cell": "news", "spacing": [1]}"#,
              "root.children[0].sections[0].spacing: expected a number or [horizontal, vertical], found an array of 1"),
  .collection("spacing as a string", #"{"cell": "news", "spacing": "8"}"#,
              "root.children[0].sections[0].spacing: expected a number or [horizontal, vertical], found a string"),
  .collection("insets of three", #"{"cell": "news", "insets": [1, 2, 3]}"#,
              "root.children[0].sections[0].insets: expected a number or [top, left, bottom, right], found an array of 3"),
  .collection("negative bottom inset", #"{"cell": "news", "insets": [1, 2, -3, 4]}"#,
              "root.children[0].sections[0].insets[2]: expected a bottom inset >= 0, found -3"),
  .collection("negative inset", #"{"cell": "news", "insets": -4}"#,
              "root.children[0].sections[0].insets: expected an inset >= 0, found -4"),
  .collection("inset not a number", #"{"cell": "news", "insets": [1, 2, null, 4]}"#,
              "root.children[0].sections[0].insets[2]: expected a number, found null"),
  .table("header as a string", #"{"cell": "news", "header": "news"}"#,
         "root.children[0].sections[0].header: expected an object, found a string"),
  .table("header without a cell", #"{"cell": "news", "header": {"height": 30}}"#,
         "root.children[0].sections[0].header: missing required key 'cell'"),
  .table("negative footer height", #"{"cell": "news", "footer": {"cell": "news", "height": -1}}"#,
         "root.children[0].sections[0].footer.height: expected a height >= 0, found -1"),
  .table("unknown header key", #"{"cell": "news", "header": {"cell": "news", "size": [1, 1]}}"#,
         "root.children[0].sections[0].header.size: unknown key 'size' (expected one of 'cell', 'height')"),
  .table("misspelt cell template", #"{"cell": "nwes"}"#,
         "root.children[0].sections[0].cell: no cell template 'nwes' (did you mean 'news'?)", code: .notFound),
  .table("unknown header template", #"{"cell": "news", "header": {"cell": "title"}}"#,
         "root.children[0].sections[0].header.cell: no cell template 'title'", code: .notFound),

  // Cell templates.
  .cells("cells not an object", #"[{"size": [1, 1]}]"#, "cells: expected an object, found an array"),
  .cells("template not an object", #"{"news": [375, 100]}"#, "cells.news: expected an object, found an array"),
  .cells("template without a size", #"{"news": {"children": []}}"#, "cells.news: missing required key 'size'"),
  .cells("negative template size", #"{"news": {"size": [-375, 100]}}"#, "cells.news.size[0]: expected a width >= 0, found -375"),
  .cells("template size of three", #"{"my cell": {"size": [1, 2, 3]}}"#, #"cells["my cell"].size: expected 2 numbers, found 3"#),
  .cells("unknown template key", #"{"news": {"size": [1, 1], "rowHeight": 100}}"#,
         "cells.news.rowHeight: unknown key 'rowHeight' (expected one of 'adjust', 'children', 'size', 'style')"),
  .cells("node key on a template", #"{"news": {"size": [1, 1], "frame": [0, 0, 1, 1]}}"#,
         "cells.news.frame: unknown key 'frame' (expected one of 'adjust', 'children', 'size', 'style')"),
  .cells("bad node in a template", #"{"news": {"size": [1, 1], "children": [{"frame": [0, 0, 1, 1]}, {"type": "label"}]}}"#,
         "cells.news.children[1]: missing required key 'frame'"),
  .cells("bad style in a template", ##"{"news": {"size": [1, 1], "style": {"color": "#12"}}}"##,
         ##"cells.news.style.color: expected a colour ("#RGB", "#RRGGBB", "#RRGGBBAA", a CSS colour name or [r, g, b, a]), found '#12'"##),
  .cells("template adjust line not a string", #"{"news": {"size": [1, 1], "adjust": [null]}}"#,
         "cells.news.adjust[0]: expected a string, found null"),
  .cells("canonically equivalent template names", #"{"\u00e9": {"size": [1, 1]}, "e\u0301": {"size": [1, 1]}}"#,
         "cells[\"e\u{301}\"]: the name 'e\u{301}' is canonically equivalent to the earlier template '\u{e9}' "
           + "(names are compared as Unicode text)"),
]

@Suite("View tree JSON: errors")
struct ViewTreeJSONErrorTests {
  @Test("Each bad document fails with its code and exact message", arguments: viewTreeDocumentErrors)
  func documentError(_ errorCase: ViewTreeJSONErrorCase) {
    let error = expectError(errorCase.code) { _ = try ViewTree(json: errorCase.text) }
    #expect(error?.message == errorCase.message)
  }

  @Test("UTF-8 bytes fail the same way, and ill-formed UTF-8 is .invalidUTF8")
  func bytes() {
    let error = expectError(.invalidArgument) {
      _ = try Array(#"{"viewport": [1, 1], "root": {"fram": []}}"#.utf8).withUnsafeBufferPointer { buffer in
        try ViewTree(json: buffer)
      }
    }
    #expect(error?.message == "root.fram: unknown key 'fram' (did you mean 'frame'?)")
    var bytes = Array(#"{"viewport": [1, 1], "root": {"id": "?", "frame": [0, 0, 1, 1]}}"#.utf8)
    bytes[bytes.firstIndex(of: UInt8(ascii: "?"))!] = 0xFF
    let invalid = expectError(.invalidUTF8) {
      _ = try bytes.withUnsafeBufferPointer { buffer in try ViewTree(json: buffer) }
    }
    #expect(invalid?.message == "invalid UTF-8 at byte offset 37 (byte 0xFF)")
  }

  @Test("A tree 65 levels deep is .limit at the 65th node")
  func tooDeep() {
    let error = expectError(.limit) { _ = try ViewTree(json: viewTreeDocument(root: nestedViewTreeNodes(levels: 65))) }
    let path = "root" + String(repeating: ".children[0]", count: 64)
    #expect(error?.message == "\(path): the view tree is more than 64 levels deep")
  }

  @Test("In a cell template, the template is level 1: 64 levels of children are too deep")
  func tooDeepInCell() {
    let error = expectError(.limit) {
      _ = try ViewTree(json: viewTreeDocument(
        root: #"{"frame": [0, 0, 1, 1]}"#,
        cells: #"{"c": {"size": [1, 1], "children": [\#(nestedViewTreeNodes(levels: 64))]}}"#))
    }
    let path = "cells.c.children[0]" + String(repeating: ".children[0]", count: 63)
    #expect(error?.message == "\(path): the view tree is more than 64 levels deep")
  }

  @Test("A tree 100 levels deep still gets the view tree's message; 130 levels hit the parser's depth limit")
  func muchTooDeep() {
    let hundred = expectError(.limit) { _ = try ViewTree(json: viewTreeDocument(root: nestedViewTreeNodes(levels: 100))) }
    #expect(hundred?.message.hasSuffix(": the view tree is more than 64 levels deep") == true)
    let deeper = expectError(.limit) { _ = try ViewTree(json: viewTreeDocument(root: nestedViewTreeNodes(levels: 130))) }
    #expect(deeper?.message.hasSuffix("nesting deeper than 256 levels exceeds the limit (maxDepth)") == true)
  }

  @Test("100,001 nodes are .limit at the 100,001st")
  func tooManyNodes() {
    let error = expectError(.limit) { _ = try ViewTree(json: flatViewTreeDocument(children: 100_000)) }
    #expect(error?.message
      == "root.children[99999]: the view tree has more than 100,000 nodes (root and cell templates together)")
  }

  @Test("Cell templates' nodes count towards the 100,000")
  func tooManyNodesWithCells() {
    var text = flatViewTreeDocument(children: 99_999)
    text.removeLast()
    text += #","cells":{"c":{"size":[1,1],"children":[{"frame":[0,0,1,1]}]}}}"#
    let error = expectError(.limit) { _ = try ViewTree(json: text) }
    #expect(error?.message
      == "cells.c.children[0]: the view tree has more than 100,000 nodes (root and cell templates together)")
  }

  @Test("1,001 cell templates are .limit")
  func tooManyTemplates() {
    let cells = (0...1_000).map { #""c\#($0)": {"size": [1, 1]}"# }.joined(separator: ",")
    let error = expectError(.limit) {
      _ = try ViewTree(json: viewTreeDocument(root: #"{"frame": [0, 0, 1, 1]}"#, cells: "{\(cells)}"))
    }
    #expect(error?.message == "cells: 1001 cell templates exceed the limit of 1,000")
  }

  @Test("The JSON reader's limits apply: nesting past 256 in any member is .limit")
  func jsonLimits() {
    let nested = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
    let error = expectError(.limit) {
      _ = try ViewTree(json: #"{"viewport": [1, 1], "root": {"frame": [0, 0, 1, 1]}, "adjust": \#(nested)}"#)
    }
    #expect(error?.message.contains("nesting deeper than 256 levels exceeds the limit (maxDepth)") == true)
    #expect(ViewTree.jsonLimits.maxDepth == 256)
    #expect(ViewTree.jsonLimits.maxBytes == JSONLimits.default.maxBytes)
  }

  @Test("The first error in reading order wins, and a reference is checked after every template is read")
  func order() {
    // The root's bad frame is found before the template's bad size.
    let first = expectError(.invalidArgument) {
      _ = try ViewTree(json: viewTreeDocument(root: #"{"frame": [0, 0, -1, 1]}"#, cells: #"{"c": {"size": [-1, 1]}}"#))
    }
    #expect(first?.message == "root.frame[2]: expected a width >= 0, found -1")
    // A template defined after the list that uses it is found.
    let table = #"{"frame": [0, 0, 9, 9], "children": [{"type": "table", "frame": [0, 0, 9, 9], "sections": [{"cell": "late"}]}]}"#
    #expect(throws: Never.self) {
      _ = try ViewTree(json: viewTreeDocument(root: table, cells: #"{"late": {"size": [9, 1]}}"#))
    }
  }
}
