import Testing
@testable import GhostframeSkeleton
import GhostframeCore

/// The shimmer's gradient colours (TABAnimated `TABShimmerAnimationImpl`): `[base, hi, base]`
/// where base is `shimmerBackColor` (0xDFDFDF light, 0x282828 dark) and hi is base converted
/// to HSB, its brightness × `shimmerBrightness` (0.92 light, 0.5 dark), and converted back.
/// The reference below is the textbook RGB → HSV → RGB (hue sector, saturation, value), not the
/// engine's channel scaling; tolerance 1e-12 (a few ulps of the double arithmetic).
@Suite("Skeleton effects: shimmer colours")
struct SkeletonShimmerColorTests {
  /// RGB → HSB, brightness × factor (capped at 1, as UIColor clamps), HSB → RGB.
  static func reference(_ c: Color, _ factor: Double) -> Color {
    let maxC = max(c.red, c.green, c.blue), minC = min(c.red, c.green, c.blue), delta = maxC - minC
    var hue = 0.0
    if delta > 0 {
      if maxC == c.red {
        hue = ((c.green - c.blue) / delta).truncatingRemainder(dividingBy: 6)
      } else if maxC == c.green {
        hue = (c.blue - c.red) / delta + 2
      } else {
        hue = (c.red - c.green) / delta + 4
      }
      if hue < 0 { hue += 6 }
    }
    let saturation = maxC > 0 ? delta / maxC : 0
    let value = min(maxC * factor, 1)
    let chroma = value * saturation
    let x = chroma * (1 - abs(hue.truncatingRemainder(dividingBy: 2) - 1))
    let m = value - chroma
    let (r, g, b): (Double, Double, Double)
    switch Int(hue) {
    case 0: (r, g, b) = (chroma, x, 0)
    case 1: (r, g, b) = (x, chroma, 0)
    case 2: (r, g, b) = (0, chroma, x)
    case 3: (r, g, b) = (0, x, chroma)
    case 4: (r, g, b) = (x, 0, chroma)
    default: (r, g, b) = (chroma, 0, x)
    }
    return Color(red: r + m, green: g + m, blue: b + m, alpha: c.alpha)
  }

  static func close(_ a: Color, _ b: Color) -> Bool {
    abs(a.red - b.red) < 1e-12 && abs(a.green - b.green) < 1e-12 && abs(a.blue - b.blue) < 1e-12
      && abs(a.alpha - b.alpha) < 1e-12
  }

  /// The gradient colours of a one-bone shimmer skeleton in `palette`, edited by `edit`.
  func colors(_ palette: SkeletonStyle.Palette, _ edit: (inout ResolvedSkeletonStyle) -> Void = { _ in })
    throws -> [Color]
  {
    var style = SkeletonDefaults.style(palette)
    style.effect = .shimmer
    edit(&style)
    let scene = try fxSkeleton([fxBone(0, 10, 10, 100, 20, style: style)], style: style).scene()
    let gradient = try #require(scene.layers.last?.gradient)
    #expect(gradient.locations == [0, 0.5, 1])
    return gradient.colors
  }

  @Test("the default: TABAnimated's shimmerBackColor and shimmerBrightness, light and dark")
  func tabAnimatedDefault() throws {
    for (palette, rgb, factor) in [(SkeletonStyle.Palette.light, 0xDFDFDF, 0.92), (.dark, 0x282828, 0.5)] {
      let base = Color(rgb: UInt32(rgb))
      let got = try colors(palette)
      #expect(got.count == 3)
      #expect(Self.close(got[0], base) && Self.close(got[2], base), "\(palette)")
      #expect(Self.close(got[1], Self.reference(base, factor)), "\(palette): \(got[1])")
    }
    // Hand values: 223/255 × 0.92 = 0.8045490196…; 40/255 × 0.5 = 0.0784313725…
    #expect(abs(try colors(.light)[1].red - 0.80454901960784) < 1e-12)
    #expect(abs(try colors(.dark)[1].green - 0.07843137254902) < 1e-12)
  }

  @Test("the base ignores the bone's colour unless shimmerColor is bone")
  func boneOption() throws {
    let boneColor = Color(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
    let tab = try colors(.light) { $0.color = boneColor }
    #expect(Self.close(tab[0], Color(rgb: 0xDFDFDF)))
    for (palette, factor) in [(SkeletonStyle.Palette.light, 0.92), (.dark, 0.5)] {
      let got = try colors(palette) { $0.color = boneColor; $0.shimmerColor = .bone }
      #expect(Self.close(got[0], boneColor) && Self.close(got[2], boneColor), "\(palette)")
      #expect(Self.close(got[1], Self.reference(boneColor, factor)), "\(palette): \(got[1])")
    }
  }

  @Test("a chosen colour: hue and saturation kept, brightness scaled, in every hue sector")
  func chosenColor() throws {
    let bases = [Color(rgb: 0xC08040), Color(rgb: 0x40C080), Color(rgb: 0x8040C0), Color(rgb: 0xC04080)]
    for base in bases {
      for factor in [0.5, 0.92, 1.3] {
        let got = try colors(.light) { $0.shimmerColor = .color(base); $0.shimmerBrightness = factor }
        #expect(Self.close(got[1], Self.reference(base, factor)), "\(base) × \(factor): \(got[1])")
      }
    }
  }

  @Test("a palette set above a bone rule keeps the rule; above a colour, swaps in the palette's")
  func paletteSwap() {
    var global = SkeletonStyle()
    global.shimmerColor = .bone
    var node = SkeletonStyle()
    node.palette = .dark
    let resolved = node.resolved(over: global.resolved(over: SkeletonDefaults.style(.light)))
    #expect(resolved.shimmerColor == .bone)
    global.shimmerColor = .color(Color(rgb: 0xFF0000))
    let swapped = node.resolved(over: global.resolved(over: SkeletonDefaults.style(.light)))
    #expect(swapped.shimmerColor == .color(Color(rgb: 0x282828)))
  }
}
